"""Per-player facts the Dutch criteria look at: scores, colour preference, floats, bye rights."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rochade.core.dutch.state import Colour, SwissPlayer, SwissState


class Float(enum.Enum):
    DOWN = "down"
    UP = "up"
    NONE = "none"


@dataclass(slots=True)
class PlayerFacts:
    """Derived, read-only facts about one present player for the round being paired."""

    tpn: int
    rank: int  # 0-based pairing rank among the players who take part in the event so far
    score: int  # pairing score (with virtual points) in tenths
    real_score: int
    colours: tuple[Colour, ...]  # colours of games played over the board, in order
    preference: Colour | None
    absolute: bool
    strong: bool  # |CD| = 1 and not absolute
    imbalance: int  # |games as white - games as black|
    repeated: Colour | None  # colour of the last two games when they were the same
    played_games: int
    bye_eligible: bool
    floats: tuple[Float, Float]  # one and two rounds before
    met: frozenset[int]  # opponents met over the board


def colour_preference(
    colours: tuple[Colour, ...],
) -> tuple[Colour | None, bool, bool, int, Colour | None]:
    """Preference, absolute?, strong?, imbalance and repeated colour from played games
    (C.04.3 1.7; unplayed rounds were already squeezed out, GHR 3.4)."""
    whites = sum(1 for c in colours if c is Colour.WHITE)
    blacks = len(colours) - whites
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(whites - blacks)
    run = 0
    for c in reversed(colours):
        if c is colours[-1]:
            run += 1
        else:
            break
    repeated = colours[-1] if run > 1 else None
    pref: Colour | None
    if imbalance > 1:
        pref = lower
    elif run > 1:
        pref = colours[-1].opposite
    elif imbalance > 0:
        pref = lower
    elif colours:
        pref = colours[-1].opposite
    else:
        pref = None
    absolute = imbalance > 1 or repeated is not None
    strong = not absolute and imbalance > 0
    return pref, absolute, strong, imbalance, repeated


def player_float(
    state: SwissState, by_tpn: dict[int, SwissPlayer], player: SwissPlayer, rounds_back: int
) -> Float:
    """The float a player received `rounds_back` rounds before the one being paired.

    2026 rules (1.4): a game between different pairing scores floats both players; not
    playing gives a downfloat only to whoever scored more than a loss without playing.
    """
    index = state.rounds_played - rounds_back
    if index < 0:
        return Float.NONE
    record = player.history[index]
    if not record.played:
        return Float.DOWN if state.scoring.points(record) > state.scoring.loss else Float.NONE
    assert record.opponent is not None
    opponent = by_tpn[record.opponent]
    mine = state.score(player, index) + player.acceleration(index)
    theirs = state.score(opponent, index) + opponent.acceleration(index)
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE


def bye_eligible(state: SwissState, player: SwissPlayer) -> bool:
    """Basic rule 4 (2026): no earlier PAB, and never a win's points without playing."""
    for record in player.history:
        if not record.played and (
            state.scoring.points(record) >= state.scoring.win or record.is_pab
        ):
            return False
    return True


def takes_part(state: SwissState, player: SwissPlayer) -> bool:
    """Whether the player holds a pairing rank: present now, or paired at some time."""
    return player.tpn not in state.absent or any(r.paired for r in player.history)


def present_facts(state: SwissState) -> list[PlayerFacts]:
    """Facts for every player to be paired, in pairing order (score, then rank)."""
    ranked = [p for p in sorted(state.players, key=lambda p: p.tpn) if takes_part(state, p)]
    by_tpn = {p.tpn: p for p in state.players}
    facts: list[PlayerFacts] = []
    now = state.rounds_played
    for rank, player in enumerate(ranked):
        if player.tpn in state.absent:
            continue
        colours = tuple(r.colour for r in player.history if r.played and r.colour is not None)
        pref, absolute, strong, imbalance, repeated = colour_preference(colours)
        real = state.score(player)
        facts.append(
            PlayerFacts(
                tpn=player.tpn,
                rank=rank,
                score=real + player.acceleration(now),
                real_score=real,
                colours=colours,
                preference=pref,
                absolute=absolute,
                strong=strong,
                imbalance=imbalance,
                repeated=repeated,
                played_games=len(colours),
                bye_eligible=bye_eligible(state, player),
                floats=(
                    player_float(state, by_tpn, player, 1),
                    player_float(state, by_tpn, player, 2),
                ),
                met=frozenset(
                    r.opponent for r in player.history if r.played and r.opponent is not None
                ),
            )
        )
    facts.sort(key=lambda f: (-f.score, f.rank))
    return facts
