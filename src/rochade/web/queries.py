"""Read models for the pages, built on the service's public API and the core model.

These are the web side's adapters: shapes the templates need (a round with names, the wall
chart, the crosstable, a player's per-round curve, the evening's next step). They only read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rochade.core.model import Entrant, Game, Outcome, PlayerId, Result, Round, Status, Tournament
from rochade.service import rating_changes_of
from rochade.service.lists import KeizerStandings, RatingChange, paired_ranks
from rochade.service.system_cases import holder, system_of

RESULT_CHOICES = (
    Result.WHITE_WINS,
    Result.DRAW,
    Result.BLACK_WINS,
    Result.WHITE_WINS_FORFEIT,
    Result.BLACK_WINS_FORFEIT,
    Result.DOUBLE_FORFEIT,
    Result.WHITE_HALF,
    Result.BLACK_HALF,
    Result.BOTH_LOSE,
    Result.ADJOURNED,
)
CHECKIN_CHOICES = (
    (Status.PRESENT, "present"),
    (Status.EXCUSED, "excused"),
    (Status.UNEXCUSED, "unexcused"),
    (Status.CLUB_DUTY, "club_duty"),
)
"""The check-in buttons: a status and the word on the button (a `texts.LABELS` key)."""
SWISS_CHECKIN_CHOICES = (
    (Status.PRESENT, "present"),
    (Status.EXCUSED, "half_point_bye"),
    (Status.UNEXCUSED, "zero_point_bye"),
)
"""A Swiss's words for the same statuses (`SWISS_ABSENCES`); club duty is a Keizer idea."""
OUTCOME_MARKS = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
}


def result_label(result: Result | None) -> str:
    """How a result shows on a page: 1-0, ½-½, 0-1, +/−, −/+, −/−, ½-0, 0-½, 0-0, ?."""
    if result is None:
        return ""
    return {
        Result.WHITE_WINS: "1-0",
        Result.DRAW: "½-½",
        Result.BLACK_WINS: "0-1",
        Result.WHITE_WINS_FORFEIT: "+/−",
        Result.BLACK_WINS_FORFEIT: "−/+",
        Result.DOUBLE_FORFEIT: "−/−",
        Result.WHITE_HALF: "½-0",
        Result.BLACK_HALF: "0-½",
        Result.BOTH_LOSE: "0-0",
        Result.ADJOURNED: "?",
    }[result]


@dataclass(frozen=True)
class BoardView:
    board: int
    white: Entrant
    black: Entrant
    result: Result | None

    @property
    def label(self) -> str:
        return result_label(self.result)


@dataclass(frozen=True)
class RoundView:
    number: int
    boards: tuple[BoardView, ...]
    bye: Entrant | None
    absent: tuple[tuple[Entrant, str], ...]

    @property
    def missing(self) -> int:
        return sum(1 for b in self.boards if b.result is None)


def round_view(t: Tournament, number: int) -> RoundView:
    rnd = t.rounds[number - 1]
    boards = tuple(
        BoardView(g.board, t.entrant(g.white), t.entrant(g.black), g.result) for g in rnd.games
    )
    bye = None if rnd.bye is None else t.entrant(rnd.bye)
    absent = tuple(
        (t.entrant(a.player), a.reason)
        for a in sorted(rnd.absences, key=lambda a: t.entrant(a.player).name_key)
    )
    return RoundView(rnd.number, boards, bye, absent)


@dataclass(frozen=True)
class SeatView:
    """"Where do I play?": a player's board, colour ("w", "b") and opponent, or why none
    (`reason`: bye or an absence's reason, a `texts.LABELS` key)."""

    player: Entrant
    board: int | None = None
    colour: str = ""
    opponent: Entrant | None = None
    reason: str = ""


def seats(view: RoundView) -> list[SeatView]:
    """Every player of the round in alphabetical order (`Entrant.name_key`), with a game or
    not."""
    rows = [SeatView(b.white, b.board, "w", b.black) for b in view.boards]
    rows += [SeatView(b.black, b.board, "b", b.white) for b in view.boards]
    rows += [SeatView(e, reason=reason) for e, reason in view.absent]
    if view.bye is not None:
        rows.append(SeatView(view.bye, reason="bye"))
    return sorted(rows, key=lambda r: r.player.name_key)


def planned_rounds(t: Tournament) -> int | None:
    """How many rounds the tournament has: a Swiss's number set in advance, a round robin's
    Berger table (0 below two players); None for a Keizer season, which has no last round."""
    system = holder(t.settings)
    return None if system is None else system.rounds_in(t)


@dataclass(frozen=True)
class EveningState:
    """Where the TD stands tonight: pair the next round, enter results of the last one, or
    (a round robin or Swiss) the tournament is over."""

    next_round: int
    present: int
    absent: int
    open_round: RoundView | None  # the last round while it still misses results
    planned: int | None = None  # see `planned_rounds`
    completed: int | None = None  # the last round, once all its results are in

    @property
    def steps(self) -> tuple[str, str, str]:
        """Check-in, pairing and results, each "done", "now" or "" (still to come): before the
        pairing the check-in is the step at hand (pairing ends it), then the results."""
        if self.open_round is not None:
            return ("done", "done", "now")
        return ("now", "", "")

    @property
    def finished(self) -> bool:
        """Every planned round is paired and has all its results."""
        return self.open_round is None and self.planned is not None and (
            0 < self.planned < self.next_round)

    @property
    def last_round_open(self) -> bool:
        """The open round is the tournament's last: its results finish the tournament."""
        return self.open_round is not None and self.open_round.number == self.planned

    @property
    def can_pair(self) -> bool:
        return self.open_round is None and not self.finished and self.present >= 2


def evening_state(t: Tournament) -> EveningState:
    present = sum(1 for e in t.active if e.status.plays)
    absent = len(t.active) - present
    last = t.rounds[-1] if t.rounds else None
    open_round = round_view(t, last.number) if last is not None and not last.complete else None
    completed = last.number if last is not None and last.complete else None
    return EveningState(len(t.rounds) + 1, present, absent, open_round, planned_rounds(t),
                        completed)


def checkin_choices(t: Tournament) -> tuple[tuple[Status, str], ...]:
    return SWISS_CHECKIN_CHOICES if system_of(t).absence_byes else CHECKIN_CHOICES


def checkin_order(t: Tournament) -> list[Entrant]:
    """Active entrants by name: the TD looks people up by name at the door."""
    return sorted(t.active, key=lambda e: e.name_key)


@dataclass(frozen=True)
class ProgressCell:
    opponent_rank: str  # rank of the opponent when the round was paired ("" for no game)
    colour: str  # "w", "b" or ""
    mark: str  # 1 ½ 0 + − or "" while unplayed
    reason: str  # absence reason / "bye" when there was no game
    rank_after: int | None
    opponent: PlayerId | None


@dataclass(frozen=True)
class ProgressRow:
    rank: int | None
    entrant: Entrant
    cells: tuple[ProgressCell, ...]
    total: Fraction


def _cell(
    rnd: Round, player: PlayerId, labels: dict[PlayerId, str], rank: int | None
) -> ProgressCell:
    game: Game | None = rnd.game_of(player)
    if game is not None:
        colour = game.colour_of(player)
        opponent = game.opponent_of(player)
        mark = "" if game.result is None else OUTCOME_MARKS[game.result.outcome(colour == "w")]
        return ProgressCell(labels.get(opponent, "?"), colour, mark, "", rank, opponent)
    if rnd.bye == player:
        return ProgressCell("", "", "", "bye", rank, None)
    reasons = [a.reason for a in rnd.absences if a.player == player]
    reasons += ["external" for x in rnd.externals if x.player == player]
    return ProgressCell("", "", "", reasons[0] if reasons else "", rank, None)


def progress_rows(t: Tournament, history: Sequence[KeizerStandings]) -> list[ProgressRow]:
    """The club's wall chart: per round the opponent's rank then, colour, result, rank after."""
    after = {s.after_round: s for s in history}
    if not after:
        return []
    last = after[max(after)]
    labels = paired_ranks(t, after)
    rows = []
    for row in last.rows:
        player = row.entrant.id
        cells = tuple(
            _cell(r, player, labels[r.number], after[r.number].row(player).rank)
            for r in t.rounds
            if r.number in after
        )
        rows.append(ProgressRow(row.rank, row.entrant, cells, row.total))
    return rows


@dataclass(frozen=True)
class CrossRow:
    number: int
    entrant: Entrant
    cells: tuple[str, ...]  # one per opponent in start order; "×" on the diagonal
    points: Fraction


def crosstable_rows(t: Tournament) -> list[CrossRow]:
    """Who scored what against whom, players numbered in start order."""
    players = t.start_order()
    marks: dict[tuple[PlayerId, PlayerId], str] = {}
    points: dict[PlayerId, Fraction] = {e.id: Fraction(0) for e in players}
    for rnd in t.rounds:
        for g in rnd.games:
            for player, white in ((g.white, True), (g.black, False)):
                key = (player, g.opponent_of(player))
                if g.result is None:
                    mark = "*"
                else:
                    mark = OUTCOME_MARKS[g.result.outcome(white)]
                    points[player] += g.result.points(white)
                marks[key] = marks.get(key, "") + mark
    return [
        CrossRow(
            i,
            e,
            tuple("×" if o.id == e.id else marks.get((e.id, o.id), "") for o in players),
            points[e.id],
        )
        for i, e in enumerate(players, start=1)
    ]


@dataclass(frozen=True)
class CurvePoint:
    round: int
    total: Fraction
    rank: int | None


def player_curve(history: Sequence[KeizerStandings], player: PlayerId) -> list[CurvePoint]:
    """The player's total and rank after each round (for the chart)."""
    points = []
    for standings in sorted(history, key=lambda s: s.after_round):
        try:
            row = standings.row(player)
        except KeyError:
            continue
        points.append(CurvePoint(standings.after_round, row.total, row.rank))
    return points


def rated_changes(ctx: dict[str, Any], after: int | None = None
                  ) -> dict[PlayerId, RatingChange] | None:
    """The players' performance and rating change, when any player is rated (a club's
    unrated Keizer shows no empty columns). The standings parts ask for it only when they
    are rendered (once per change, `Web.part`); computed once per version for every page
    (`ctx["kept"]`) from the rating data the page read."""
    t = ctx["t"]
    if not any(e.rating is not None for e in t.entrants):
        return None
    last = len(t.rounds) if after is None else after  # one answer kept for both spellings
    changes: dict[PlayerId, RatingChange] = ctx["kept"](
        ("rating-changes", ctx["name"], last), lambda: rating_changes_of(ctx["data"], last))
    return changes if any(c.games for c in changes.values()) else None
