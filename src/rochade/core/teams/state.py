"""What the team Swiss engine knows of each team before a round (C.04.6 art. 1).

Scores, colour history and floats are derived from the event's rounds; nothing here is
stored. The pairing score is the primary score plus the virtual points of an acceleration
(C.04.7); the standings scores (primary and secondary) decide the first-team of art. 4.2.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rochade.core.system_settings import baku_virtual_points
from rochade.core.teams.model import (
    ColourModel,
    Kind,
    Primary,
    TeamEvent,
    TeamNumber,
    TeamRoundResult,
    round_results,
)


@dataclass(frozen=True, slots=True)
class SwissTeam:
    """One team as the pairing of a round sees it."""

    tpn: TeamNumber
    score: Fraction
    """Pairing score: primary score plus virtual points for the round being paired."""
    primary: Fraction
    secondary: Fraction
    met: frozenset[TeamNumber]
    """Opponents of matches actually played (art. 2.1.1: a forfeit is no meeting)."""
    no_bye: bool
    """Had the bye, a forfeit win or a full-point bye (art. 2.1.2)."""
    matches_played: int
    colours: str
    """Board-1 colours of the played matches, 'w'/'b' (art. 1.6.1)."""
    floated: bool
    """Played an opponent with another pairing score in the previous round (art. 1.5)."""
    preference: str
    """'' for none, else the colour 'w'/'b' and the strength '2' (simple or strong) or '1'
    (mild, type B only), e.g. 'w2'."""

    @property
    def colour_difference(self) -> int:
        return self.colours.count("w") - self.colours.count("b")


def baku_points(event: TeamEvent, tpn: TeamNumber, round_number: int) -> Fraction:
    """Virtual match points of the Baku acceleration (C.04.7) for group A, the first
    2*ceil(n/4) TPNs: a won match's points, then a drawn match's, then none."""
    if not event.baku or tpn > 2 * -(-len(event.teams) // 4):
        return Fraction(0)
    return baku_virtual_points(round_number, event.total_rounds, event.scoring.win)


def colour_preference(model: ColourModel, colours: str, last_round: bool) -> str:
    """Art. 1.7: type A knows one strength, type B a strong and a mild preference."""
    if model is ColourModel.NONE:
        return ""
    cod = colours.count("w") - colours.count("b")
    last_two = colours[-2:]
    if cod < -1 or (cod in (0, -1) and last_two == "bb"):
        return "w2"
    if cod > 1 or (cod in (0, 1) and last_two == "ww"):
        return "b2"
    if model is ColourModel.TYPE_A:
        return ""
    if cod == -1:
        return "w1"
    if cod == 1:
        return "b1"
    if cod == 0 and not last_round and colours:
        return "w1" if colours[-1] == "b" else "b1"
    return ""


def _score(row: TeamRoundResult, primary: Primary) -> Fraction:
    return row.match_points if primary is Primary.MATCH_POINTS else row.game_points


def swiss_teams(event: TeamEvent, round_number: int) -> dict[TeamNumber, SwissTeam]:
    """Every team as the pairing of `round_number` sees it (from the rounds before it)."""
    history = round_results(event, round_number - 1)
    other = Primary.GAME_POINTS if event.primary is Primary.MATCH_POINTS else Primary.MATCH_POINTS
    pairing_scores: dict[TeamNumber, list[Fraction]] = {}
    for tpn, rows in history.items():
        running, scores = Fraction(0), []
        for index in range(round_number):
            scores.append(running + baku_points(event, tpn, index + 1))
            if index < len(rows):
                running += _score(rows[index], event.primary)
        pairing_scores[tpn] = scores
    last_round = round_number >= event.total_rounds
    teams: dict[TeamNumber, SwissTeam] = {}
    for tpn, rows in history.items():
        played = [row for row in rows if row.kind is Kind.PLAYED]
        colours = "".join(row.colour for row in played)
        previous = rows[-1] if rows else None
        floated = (
            previous is not None and previous.kind is Kind.PLAYED
            and pairing_scores[tpn][previous.round - 1]
            != pairing_scores[previous.opponent][previous.round - 1]
        )
        teams[tpn] = SwissTeam(
            tpn=tpn,
            score=pairing_scores[tpn][round_number - 1],
            primary=sum((_score(row, event.primary) for row in rows), Fraction(0)),
            secondary=sum((_score(row, other) for row in rows), Fraction(0)),
            met=frozenset(row.opponent for row in played),
            no_bye=any(row.kind in (Kind.BYE, Kind.FORFEIT_WIN) for row in rows),
            matches_played=len(played),
            colours=colours,
            floated=floated,
            preference=colour_preference(event.colour_model, colours, last_round),
        )
    return teams
