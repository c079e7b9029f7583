"""A Swiss tournament's facts as the Dutch engine sees them, and its pairing back in player ids.

The engine works on pairing numbers (TPN) and tenths of points; the tournament on player ids
and exact fractions. Pairing numbers are the stored ones (`SwissSettings.numbers`); a late
entry slots in where its rating puts it until round 4 is paired (C.04.2, `swiss_numbers`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import replace
from fractions import Fraction

from rochade.core.burstein import BursteinEngine
from rochade.core.burstein import explain as burstein_explain
from rochade.core.dutch import (
    Colour,
    DutchEngine,
    Outcome,
    RoundRecord,
    Scoring,
    SwissPlayer,
    SwissState,
)
from rochade.core.dutch.explain import explain
from rochade.core.dutch.state import ABSENT
from rochade.core.messages import Said
from rochade.core.model import ModelError, PlayerId, Round, Tournament
from rochade.core.pairing import Board, Pairing
from rochade.core.system_settings import (
    SWISS_ABSENCES,
    Acceleration,
    FirstRound,
    SwissRules,
    SwissSettings,
    baku_group_a,
    baku_virtual_points,
    swiss_numbers,
)
from rochade.core.tiebreaks import Kind

_OUTCOME = {Fraction(1): Outcome.WIN, Fraction(1, 2): Outcome.DRAW, Fraction(0): Outcome.LOSS}
_HPB = RoundRecord(None, None, Outcome.DRAW, played=False, paired=False)
_PAB = RoundRecord(None, None, Outcome.WIN, played=False, paired=True)
_FPB = RoundRecord(None, None, Outcome.WIN, played=False, paired=False)
_REQUESTED = {Kind.HPB: _HPB, Kind.FPB: _FPB}


def _tenths(value: Fraction) -> int:
    tenths = value * 10
    if tenths.denominator != 1:
        raise ModelError(
            "the Dutch engine counts points in tenths; {value} is not one",
            value=str(value),
        )
    return int(tenths)


def _record(rnd: Round, player: PlayerId, tpn: dict[PlayerId, int]) -> RoundRecord:
    """One player's round as the engine sees it: a game, a forfeit, a bye or an absence."""
    game = rnd.game_of(player)
    if game is not None:
        if game.result is None:
            raise ModelError("round {number} has a game without a result", number=rnd.number)
        white = game.white == player
        return RoundRecord(
            tpn[game.opponent_of(player)],
            Colour.WHITE if white else Colour.BLACK,
            _OUTCOME[game.result.points(white)],
            played=not game.result.is_forfeit,
            paired=True,
        )
    if rnd.bye == player:
        return _PAB
    absence = next((a for a in rnd.absences if a.player == player), None)
    if absence is None:
        return ABSENT
    return _REQUESTED.get(SWISS_ABSENCES.get(absence.reason, Kind.ZPB), ABSENT)


def baku_players(t: Tournament, settings: SwissSettings, order: Sequence[PlayerId],
                 present: Collection[PlayerId]) -> frozenset[PlayerId]:
    """Group A of a Baku Swiss (none without acceleration): the top of round 1's players
    (before round 1: of the `present` ones), late entries numbered above its last player
    (C.04.7)."""
    if settings.acceleration is not Acceleration.BAKU:
        return frozenset()
    starters = set(present)
    if t.rounds:
        starters = {pid for pid in order if t.rounds[0].game_of(pid) or t.rounds[0].bye == pid}
    return baku_group_a(tuple(p for p in order if p in starters), order)


def virtual_points(t: Tournament, settings: SwissSettings, order: Sequence[PlayerId],
                   present: Collection[PlayerId]) -> dict[PlayerId, tuple[Fraction, ...]]:
    """Each accelerated player's virtual points, round 1 first: the TD's table when there is
    one, else the preset's (Baku's group A). They count for pairing only."""
    rounds = settings.rounds
    if settings.virtual_points:
        out: dict[PlayerId, list[Fraction]] = {}
        for v in settings.virtual_points:
            points = out.setdefault(v.player, [Fraction(0)] * rounds)
            for r in range(v.first, min(v.last, rounds) + 1):
                points[r - 1] = v.points
        return {pid: tuple(points) for pid, points in out.items() if any(points)}
    group_a = baku_players(t, settings, order, present)
    win = settings.scoring.win
    baku = tuple(baku_virtual_points(r, rounds, win) for r in range(1, rounds + 1))
    return {pid: baku for pid in group_a}


def swiss_state(t: Tournament, settings: SwissSettings, present: Sequence[PlayerId]
                ) -> tuple[SwissState, tuple[PlayerId, ...]]:
    """The engine's state before the next round, and the ids in pairing-number order."""
    order = swiss_numbers(t.entrants, settings.numbers, len(t.rounds))
    tpn = {pid: i for i, pid in enumerate(order, 1)}
    virtual = virtual_points(t, settings, order, present)
    players = tuple(
        SwissPlayer(
            tpn[pid],
            t.entrant(pid).rating or 0,
            tuple(_record(rnd, pid, tpn) for rnd in t.rounds),
            tuple(map(_tenths, virtual.get(pid, ()))),
        )
        for pid in order
    )
    s = settings.scoring
    scoring = Scoring(
        win=_tenths(s.win), draw=_tenths(s.draw), loss=_tenths(s.loss),
        zero_bye=_tenths(s.zpb if s.zpb is not None else s.loss),
        forfeit_loss=_tenths(s.loss), pab=_tenths(s.pab if s.pab is not None else s.win),
    )
    here = set(present)
    state = SwissState(
        players=players,
        total_rounds=settings.rounds,
        rounds_played=len(t.rounds),
        absent=frozenset(tpn[p] for p in order if p not in here),
        forbidden=tuple(frozenset(tpn[p] for p in pair) for pair in settings.forbidden_pairs),
        initial_colour=random.Random(settings.seed).choice((Colour.WHITE, Colour.BLACK)),
        scoring=scoring,
    )
    return state, order


def pair_swiss(t: Tournament, settings: SwissSettings, round_number: int,
               present: Sequence[PlayerId]) -> Pairing:
    """Pair the next round with the FIDE Dutch (or Burstein) engine; the explanation names
    pairing numbers."""
    if round_number != len(t.rounds) + 1:
        raise ModelError("the next round to pair is {next}, not {round_number}",
            next=len(t.rounds) + 1,
            round_number=round_number,
        )
    state, order = swiss_state(t, settings, present)
    pairing = _engine(settings).pair(state)
    player = {i: pid for i, pid in enumerate(order, 1)}
    numbers = ", ".join(f"{i} {t.entrant(pid).name}" for i, pid in player.items())
    return Pairing(
        tuple(Board(player[b.white], player[b.black]) for b in pairing.boards),
        None if pairing.bye is None else player[pairing.bye],
        (Said("Pairing numbers: {numbers}.", numbers=numbers), *pairing.explanation),
    )


def explain_swiss_player(t: Tournament, settings: SwissSettings, round_number: int,
                         player: PlayerId) -> tuple[str, ...]:
    """Why `player` was paired as they were in a played round: the engine pairs the round
    again from the rounds before it and explains that player's part (C.04.3 criteria).

    Says so when the stored round is not the engine's pairing (changed or paired by hand).
    """
    if not 1 <= round_number <= len(t.rounds):
        raise ModelError("round {number} is not paired (the tournament has {paired} rounds)",
                         number=round_number, paired=len(t.rounds))
    rnd = t.rounds[round_number - 1]
    name = t.entrant(player).name
    present = [p for g in rnd.games for p in (g.white, g.black)]
    present += [rnd.bye] if rnd.bye is not None else []
    if player not in present:
        return (Said("{player} was not paired in round {round}.", player=name, round=round_number),)
    if round_number == 1 and settings.first_round is FirstRound.RANDOM:
        return (Said("Round 1 was drawn by lot (seed {seed}), not by the Dutch rules.",
                     seed=settings.seed),)
    before = replace(t, rounds=t.rounds[: round_number - 1])
    state, order = swiss_state(before, settings, present)
    if settings.pairing_rules is SwissRules.BURSTEIN:
        return _explain_burstein(t, rnd, state, order, player, round_number)
    engine = DutchEngine()
    result = engine.pair_round(state)
    tpn = {pid: i for i, pid in enumerate(order, 1)}
    mine = {frozenset((order[b.white - 1], order[b.black - 1])) for b in result.boards}
    stored = {frozenset((g.white, g.black)) for g in rnd.games}
    bye = None if result.bye is None else order[result.bye - 1]
    lines = [Said("{player} has pairing number {number} in round {round}.", player=name,
                  number=tpn[player], round=round_number)]
    if mine != stored or bye != rnd.bye:
        lines.append(Said("Round {round} as stored is not the engine's pairing (it was changed "
                          "or paired by hand); this is how the engine pairs it:",
                          round=round_number))
    lines += explain(result, state, engine.pair_round, tpn[player])
    me = tpn[player]
    mentioned = sorted({
        other for trace in result.brackets if me in (*trace.residents, *trace.movers)
        for other in (*trace.residents, *trace.movers)
    } - {me})
    if mentioned:
        lines.append(Said("Pairing numbers: {numbers}", numbers=", ".join(
            f"{i} {t.entrant(order[i - 1]).name}" for i in mentioned)))
    return tuple(lines)


def _engine(settings: SwissSettings) -> DutchEngine | BursteinEngine:
    """The engine of the settings' Swiss system."""
    return BursteinEngine() if settings.pairing_rules is SwissRules.BURSTEIN else DutchEngine()


def _explain_burstein(t: Tournament, rnd: Round, state: SwissState,
                      order: tuple[PlayerId, ...], player: PlayerId, round_number: int
                      ) -> tuple[str, ...]:
    """A Burstein round paired again: the player's pairing number, then the engine's
    explanation of the whole round (it is short: one line per group, pair and board)."""
    result = BursteinEngine().pair_round(state, detail=True)
    tpn = {pid: i for i, pid in enumerate(order, 1)}
    mine = {frozenset((order[b.white - 1], order[b.black - 1])) for b in result.boards}
    bye = None if result.bye is None else order[result.bye - 1]
    lines = [Said("{player} has pairing number {number} in round {round}.",
                  player=t.entrant(player).name, number=tpn[player], round=round_number)]
    if mine != {frozenset((g.white, g.black)) for g in rnd.games} or bye != rnd.bye:
        lines.append(Said("Round {round} as stored is not the engine's pairing (it was changed "
                          "or paired by hand); this is how the engine pairs it:",
                          round=round_number))
    return (*lines, *burstein_explain(result))
