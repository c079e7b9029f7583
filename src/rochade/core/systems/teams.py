"""Team events as systems: the team Swiss (FIDE C.04.6) and the team round robin.

A team event's facts are teams, rosters, matches and boards (`rochade.core.teams`), not the
individual rounds of a `Tournament`; these objects hold what the other layers ask of the
system: the typed settings and their codec, the event built from the stored facts, the
pairing of a round, and the standings with the team tie-breaks of C.07.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from rochade.core.checker import ByePolicy, PairingRules
from rochade.core.jsonvalues import (
    FormatError,
    read_bool,
    read_enum,
    read_fraction,
    read_int,
    read_list,
    read_obj,
    read_opt_fraction,
    read_opt_int,
    read_str,
)
from rochade.core.model import ModelError, Tournament
from rochade.core.systems.base import TournamentSystem
from rochade.core.systems.codec import opt_value_out, read_as, value_out
from rochade.core.teams.model import (
    Board,
    ColourModel,
    Primary,
    Team,
    TeamEvent,
    TeamMatch,
    TeamRound,
    TeamScoring,
    TeamSystem,
)
from rochade.core.teams.roundrobin import team_round_robin_round, team_schedule
from rochade.core.teams.tiebreaks import team_tiebreak
from rochade.core.tiebreaks import TieBreakError, parse_tiebreak

TEAM_SWISS = "team-swiss"
TEAM_ROUND_ROBIN = "team-round-robin"

PRIMARY_CODES = ("MPTS", "GPTS")
"""The team scores a tie-break list may name beside the C.07 codes: match and game points."""


def team_tiebreak_codes(text: str) -> tuple[str, ...]:
    """A list like `GPTS,BH,SB` (case-insensitive): match or game points, or C.07 codes."""
    codes = []
    for part in (p.strip().upper() for p in text.split(",")):
        if not part:
            continue
        if part in PRIMARY_CODES:
            codes.append(part)
            continue
        try:
            codes.append(str(parse_tiebreak(part)))
        except TieBreakError as exc:
            raise ModelError(exc.msg) from None
    return tuple(codes)


def match_points(text: object) -> tuple[Fraction, Fraction, Fraction]:
    """Match points for a won, drawn and lost match as typed: `2/1/0`, `3,1,0` ..."""
    if isinstance(text, tuple):
        return text
    parts = str(text).replace(",", "/").replace(":", "/").split("/")
    if len(parts) != 3:
        raise ValueError(text)
    win, draw, loss = (Fraction(p.strip()) for p in parts)
    if not win > draw >= loss >= 0:
        raise ValueError(text)
    return win, draw, loss


def _colours(value: object) -> ColourModel:
    if isinstance(value, ColourModel):
        return value
    text = str(value).strip().upper()
    for model in ColourModel:
        if text in (model.value.upper(), model.name):
            return model
    raise ValueError(value)


def _primary(value: object) -> Primary:
    if isinstance(value, Primary):
        return value
    text = str(value).strip().upper()
    for primary in Primary:
        if text in (primary.value, primary.name):
            return primary
    raise ValueError(value)


def _boards(value: object) -> int:
    boards = int(str(value))
    if not 1 <= boards <= 20:
        raise ValueError(value)
    return boards


def _rounds(value: object) -> int:
    rounds = int(str(value))
    if rounds < 1:
        raise ValueError(value)
    return rounds


def _colour(value: object) -> str:
    text = str(value).strip().upper()[:1]
    if text not in ("W", "B"):
        raise ValueError(value)
    return text


def _codes(value: object) -> tuple[str, ...]:
    if isinstance(value, tuple):
        return value
    try:
        return team_tiebreak_codes(str(value))
    except ModelError:
        raise ValueError(value) from None


@dataclass(frozen=True)
class TeamSettings:
    """The rules of a team event: boards per match, rounds (a Swiss's; a round robin's follow
    from the teams), the colour preferences and primary score of C.04.6, the match points of
    a won, drawn and lost match, the Baku acceleration, single or double round robin, the
    colour drawn for round 1, and the tie-breaks after the primary score."""

    boards: int = 4
    rounds: int | None = None
    colours: ColourModel = ColourModel.TYPE_A
    primary: Primary = Primary.MATCH_POINTS
    secondary: bool = True
    match_points: tuple[Fraction, Fraction, Fraction] = (Fraction(2), Fraction(1), Fraction(0))
    bye_game_points: Fraction | None = None
    baku: bool = False
    double: bool = False
    initial_colour: str = "W"
    tiebreaks: tuple[str, ...] = ()
    seed: int = 0

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise ModelError("a team match needs at least one board")

    @property
    def ranking(self) -> tuple[str, ...]:
        """The tie-breaks the standings use: the TD's, or by default the other score, then
        Buchholz and Sonneborn-Berger of teams."""
        if self.tiebreaks:
            return self.tiebreaks
        other = "GPTS" if self.primary is Primary.MATCH_POINTS else "MPTS"
        return (other, "BH", "SB")


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A line of team standings: rank, team, primary score, then the tie-breaks."""

    rank: int
    team: Team
    match_points: Fraction
    game_points: Fraction
    values: tuple[Fraction, ...]


class TeamSystemBase(TournamentSystem[TeamSettings]):
    """What both team systems share: settings, the event from its facts, standings."""

    settings_type = TeamSettings
    team_event = True
    hand_pairing = False
    kind: ClassVar[TeamSystem]
    options = MappingProxyType({
        "boards": _boards, "rounds": _rounds, "colours": _colours, "primary": _primary,
        "secondary": lambda v: v if isinstance(v, bool) else str(v).lower() in (
            "yes", "true", "on", "1"),
        "match_points": match_points, "baku": lambda v: bool(v), "double": lambda v: bool(v),
        "initial_colour": _colour, "tiebreaks": _codes, "seed": int,
    })

    def to_dict(self, settings: TeamSettings) -> dict[str, object]:
        return {
            "boards": settings.boards,
            "rounds": settings.rounds,
            "colours": settings.colours.value,
            "primary": settings.primary.value,
            "secondary": settings.secondary,
            "match_points": [value_out(v) for v in settings.match_points],
            "bye_game_points": opt_value_out(settings.bye_game_points),
            "baku": settings.baku,
            "double": settings.double,
            "initial_colour": settings.initial_colour,
            "tiebreaks": list(settings.tiebreaks),
            "seed": settings.seed,
        }

    def from_dict(self, data: object, where: str = "settings") -> TeamSettings:
        with read_as(where):
            d = read_obj(data, where, _KEYS)
            default = TeamSettings()
            points = read_list(d.get("match_points", [2, 1, 0]), f"{where}.match_points")
            if len(points) != 3:
                raise FormatError("{where}.match_points: expected three numbers",
                                  where=where)
            win, draw, loss = (read_fraction(p, f"{where}.match_points") for p in points)
            colour = read_str(d.get("initial_colour", "W"), f"{where}.initial_colour")
            if colour not in ("W", "B"):
                raise FormatError("{where}.initial_colour: expected W or B", where=where)
            codes = ",".join(read_str(c, f"{where}.tiebreaks")
                             for c in read_list(d.get("tiebreaks", []), f"{where}.tiebreaks"))
            try:
                tiebreaks = team_tiebreak_codes(codes)
            except ModelError as exc:
                raise FormatError("{where}.tiebreaks: {problem}", where=where,
                                  problem=exc.msg) from None
            return TeamSettings(
                boards=read_int(d.get("boards", default.boards), f"{where}.boards", 1),
                rounds=read_opt_int(d.get("rounds"), f"{where}.rounds", 1),
                colours=read_enum(d.get("colours", default.colours.value), f"{where}.colours",
                                  ColourModel),
                primary=read_enum(d.get("primary", default.primary.value), f"{where}.primary",
                                  Primary),
                secondary=read_bool(d.get("secondary", True), f"{where}.secondary"),
                match_points=(win, draw, loss),
                bye_game_points=read_opt_fraction(d.get("bye_game_points"),
                                                  f"{where}.bye_game_points"),
                baku=read_bool(d.get("baku", False), f"{where}.baku"),
                double=read_bool(d.get("double", False), f"{where}.double"),
                initial_colour=colour,
                tiebreaks=tiebreaks,
                seed=read_int(d.get("seed", 0), f"{where}.seed"),
            )

    def event(self, name: str, settings: TeamSettings, teams: Sequence[Team],
              rounds: Sequence[TeamRound] = ()) -> TeamEvent:
        """The team event of these facts under these rules."""
        win, draw, loss = settings.match_points
        return TeamEvent(
            name=name, teams=tuple(teams), boards=settings.boards,
            total_rounds=self.total_rounds(settings, len(teams)), rounds=tuple(rounds),
            scoring=TeamScoring(win, draw, loss, settings.bye_game_points),
            colour_model=settings.colours, primary=settings.primary,
            secondary_used=settings.secondary, initial_colour=settings.initial_colour,
            baku=settings.baku, system=self.team_system(settings),
        )

    def team_system(self, settings: TeamSettings) -> TeamSystem:
        return self.kind

    def total_rounds(self, settings: TeamSettings, teams: int) -> int:
        raise NotImplementedError

    def pair_round(self, event: TeamEvent, number: int,
                   present: Sequence[int]) -> tuple[TeamRound, tuple[str, ...]]:
        """Round `number`'s matches (boards still empty) and the bye, with why."""
        raise NotImplementedError

    def team_standings(self, event: TeamEvent, settings: TeamSettings,
                       rounds: int | None = None) -> tuple[tuple[str, ...], list[TeamLine]]:
        """The tie-break codes and the lines: primary score, then the tie-breaks (DE is a
        place among the tied: lower first), then team number."""
        codes = settings.ranking
        primary = "MPTS" if settings.primary is Primary.MATCH_POINTS else "GPTS"
        mp = team_tiebreak(event, "MPTS", rounds)
        gp = team_tiebreak(event, "GPTS", rounds)
        columns = [team_tiebreak(event, code, rounds) for code in codes]
        first = mp if primary == "MPTS" else gp

        def key(team: int) -> tuple[object, ...]:
            return (-first[team], *[column[team] if code.startswith("DE") else -column[team]
                                    for code, column in zip(codes, columns, strict=True)],
                    team)

        order = sorted(first, key=key)
        lines: list[TeamLine] = []
        for place, team in enumerate(order, start=1):
            tied = lines and key(team)[:-1] == key(lines[-1].team.number)[:-1]
            rank = lines[-1].rank if tied else place
            lines.append(TeamLine(rank, event.team(team), mp[team], gp[team],
                                  tuple(column[team] for column in columns)))
        return codes, lines

    def planned_rounds(self, settings: TeamSettings) -> int | None:
        return settings.rounds

    def pairing_rules(self, settings: TeamSettings, number: int) -> PairingRules:
        return PairingRules(rematch_gap=0, bye_policy=ByePolicy.ANY)

    def rounds_in(self, t: Tournament) -> int | None:
        return self.planned_rounds(self.settings_of(t))

    def describe(self, settings: TeamSettings) -> str:
        points = "/".join(str(p) for p in settings.match_points)
        return f"{settings.boards} boards, match points {points}"


class TeamSwiss(TeamSystemBase):
    """The FIDE Swiss Team Pairing System (C.04.6): types A and B and without colour
    preferences, match or game points primary, the Baku acceleration."""

    name: ClassVar[str] = TEAM_SWISS
    engine = "FIDE team Swiss (C.04.6)"
    kind = TeamSystem.SWISS
    explains_pairings = True

    def total_rounds(self, settings: TeamSettings, teams: int) -> int:
        if settings.rounds is None:
            raise ModelError("a team Swiss needs its number of rounds (rounds=...)")
        return settings.rounds

    def pair_round(self, event: TeamEvent, number: int,
                   present: Sequence[int]) -> tuple[TeamRound, tuple[str, ...]]:
        from rochade.core.teams.swiss import NoTeamPairing, pair_team_round  # the engine's
        # matching is loaded only when a round is paired (not by every command's start)

        try:
            pairing = pair_team_round(event, number, present)
        except NoTeamPairing as exc:
            raise ModelError(exc.msg) from None
        absent = tuple(t.number for t in event.teams
                       if t.number not in present and t.plays(number))
        matches = tuple(TeamMatch(home, away) for home, away in pairing.matches)
        why = [f"bracket {trace.score}: {', '.join(map(str, trace.residents))}"
               + (f" + upfloaters {', '.join(map(str, trace.upfloaters))}"
                  if trace.upfloaters else "")
               for trace in pairing.brackets]
        why += [f"{home}-{away}: colours by art. {rule}"
                for (home, away), rule in zip(pairing.matches, pairing.colour_rules,
                                              strict=True)]
        if pairing.bye is not None:
            why.insert(0, f"bye: team {pairing.bye} (art. 3.4)")
        return TeamRound(number, matches, pairing.bye, absent), tuple(why)

    def describe(self, settings: TeamSettings) -> str:
        model = {ColourModel.TYPE_A: "type A", ColourModel.TYPE_B: "type B",
                 ColourModel.NONE: "no colour preference"}[settings.colours]
        baku = ", Baku" if settings.baku else ""
        return (f"{super().describe(settings)}, {settings.rounds} rounds, {model}, "
                f"{settings.primary.value} primary{baku}")


class TeamRoundRobin(TeamSystemBase):
    """A team round robin by the Berger tables, single or double."""

    name: ClassVar[str] = TEAM_ROUND_ROBIN
    engine = "Berger table for teams"
    kind = TeamSystem.ROUND_ROBIN
    fixed_schedule = True

    def team_system(self, settings: TeamSettings) -> TeamSystem:
        return TeamSystem.DOUBLE_ROUND_ROBIN if settings.double else TeamSystem.ROUND_ROBIN

    def total_rounds(self, settings: TeamSettings, teams: int) -> int:
        cycle = teams - 1 + teams % 2
        return max(cycle, 1) * (2 if settings.double else 1)

    def planned_rounds(self, settings: TeamSettings) -> int | None:
        return None

    def pair_round(self, event: TeamEvent, number: int,
                   present: Sequence[int]) -> tuple[TeamRound, tuple[str, ...]]:
        rnd = team_round_robin_round(event, number)
        rest = list(rnd.absent)
        why = (f"Berger table round {number} of {len(team_schedule(event).rounds)}",
               *(f"team {team} rests" for team in rest))
        return rnd, why

    def describe(self, settings: TeamSettings) -> str:
        cycles = "double" if settings.double else "single"
        return f"{super().describe(settings)}, {cycles}"


_KEYS = tuple(TeamSwiss().to_dict(TeamSettings()))

TEAM_SWISS_SYSTEM = TeamSwiss()
"""The team Swiss (C.04.6)."""
TEAM_ROUND_ROBIN_SYSTEM = TeamRoundRobin()
"""The team round robin."""


def lineup_boards(event: TeamEvent, home: Sequence[int], away: Sequence[int]) -> tuple[Board, ...]:
    """The boards of a match from both lineups (player ids in board order): the home team
    has White on the odd boards (C.04.6 art. 4.1)."""
    return tuple(Board(h, a) if number % 2 else Board(a, h)
                 for number, (h, a) in enumerate(zip(home, away, strict=True), start=1))


def default_lineup(team: Team, boards: int) -> tuple[int, ...]:
    """The first `boards` players of the roster (the regular players)."""
    return tuple(m.id for m in team.members[:boards])


__all__ = ["TEAM_ROUND_ROBIN", "TEAM_ROUND_ROBIN_SYSTEM", "TEAM_SWISS", "TEAM_SWISS_SYSTEM",
           "TeamLine", "TeamSettings", "default_lineup", "lineup_boards", "match_points",
           "team_tiebreak_codes"]
