"""Every list a club publishes, as a neutral table: the CSV and HTML exports render these.

A cell keeps the exact value (`Fraction`, `int`, text) for machines (CSV) beside the text people
read (two decimals, ½, words from `rochade.formats.text`), and a semantic class (win, draw,
withdrawn ...) that the HTML turns into stable CSS classes. Like the text renderers, nothing
here computes a score: the numbers come from the engines' `Standings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rochade.core.keizer.scoring import StandingRow, Standings
from rochade.core.model import Outcome, PlayerId, Round, Tournament
from rochade.formats.text import (
    COLOURS,
    OUTCOMES,
    RESULTS,
    SELF,
    STATUSES,
    WORDS,
    apportion_cents,
    cents_text,
    decimal_text,
    meeting_text,
    meetings,
    points_text,
    progress_cell,
    rank_labels,
    reason_text,
    without_game,
)

Value = str | int | Fraction | None
"""What a machine reads: exact numbers, plain text, or nothing."""


@dataclass(frozen=True, slots=True)
class Column:
    """`key` is stable (CSS class `col-<key>`, never translated); `title` is for people."""

    key: str
    title: str
    numeric: bool = False


@dataclass(frozen=True, slots=True)
class Cell:
    value: Value
    text: str
    cls: str = ""  # win, draw, loss, unplayed, self, bye, absent ...
    player: PlayerId | None = None  # the cell names this player (HTML links to the breakdown)


@dataclass(frozen=True, slots=True)
class Row:
    cells: tuple[Cell, ...]
    cls: str = ""  # withdrawn, no-game, total


@dataclass(frozen=True, slots=True)
class Table:
    kind: str  # standings, pairings, participants, crosstable, progress, breakdown
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    notes: tuple[str, ...] = ()


def _w(key: str, **values: object) -> str:
    return WORDS[key].format(**values)


def _col(key: str, numeric: bool = False, word: str | None = None) -> Column:
    return Column(key, _w(word or key), numeric)


def _name(tournament: Tournament, player: PlayerId) -> Cell:
    name = tournament.entrant(player).name if tournament.has_entrant(player) else f"#{player}"
    return Cell(name, name, "name", player)


def _text(value: str, cls: str = "") -> Cell:
    return Cell(value, value, cls)


def _int(value: int | None) -> Cell:
    return Cell(value, "" if value is None else str(value))


def _decimal(value: Fraction) -> Cell:
    return Cell(value, decimal_text(value))


def _points(value: Fraction) -> Cell:
    return Cell(value, points_text(value))


_EMPTY = Cell(None, "")
_OUTCOME_CLASS = {
    Outcome.WIN: "win",
    Outcome.FORFEIT_WIN: "win forfeit",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
    Outcome.FORFEIT_LOSS: "loss forfeit",
}


def standings_table(standings: Standings, tournament: Tournament) -> Table:
    """Rank, name, rating, Keizer score, value used and next, game points, games played."""
    columns = (
        _col("rank", True),
        _col("name"),
        _col("rating", True),
        _col("score", True),
        _col("points", True),
        _col("games", True),
        _col("value", True),
    )
    rows = []
    for r in standings.rows:
        ranked = r.rank is not None
        rows.append(
            Row(
                (
                    _int(r.rank),
                    _name(tournament, r.entrant.id),
                    _int(r.entrant.rating),
                    _decimal(r.total),
                    _points(r.game_points),
                    _int(r.games_played),
                    _decimal(r.next_value) if ranked else _EMPTY,
                ),
                "" if ranked else "withdrawn",
            )
        )
    notes = () if standings.converged else (_w("not_converged", iterations=standings.iterations),)
    title = _w("standings_title", name=tournament.name, round=standings.after_round)
    return Table("standings", title, columns, tuple(rows), notes)


def pairings_table(round: Round, tournament: Tournament) -> Table:
    """The boards (result blank until played), then one row per player without a game."""
    columns = (_col("board", True), _col("white"), _col("result"), _col("black"))
    rows = []
    for i, g in enumerate(round.games, start=1):
        result = _EMPTY if g.result is None else _text(RESULTS[g.result], "result")
        white, black = _name(tournament, g.white), _name(tournament, g.black)
        rows.append(Row((_int(g.board or i), white, result, black)))
    for player, reason, cls in without_game(round, tournament.system):
        rows.append(Row((_EMPTY, _name(tournament, player), _text(reason, cls), _EMPTY), "no-game"))
    title = _w("pairings_title", name=tournament.name, round=round.number)
    return Table("pairings", title, columns, tuple(rows))


def participants_table(tournament: Tournament) -> Table:
    """Everyone enrolled, in start order."""
    columns = (_col("id", True), _col("name"), _col("rating", True), _col("status"))
    rows = tuple(
        Row(
            (
                _int(e.id),
                _name(tournament, e.id),
                _int(e.rating),
                _text(STATUSES[e.status.value], e.status.value.replace("_", "-")),
            ),
            "withdrawn" if e.withdrawn else "",
        )
        for e in tournament.start_order()
    )
    return Table("participants", _w("participants_title", name=tournament.name), columns, rows)


def breakdown_table(standing_row: StandingRow, tournament: Tournament) -> Table:
    """How a total was computed. People read cents apportioned to add up to the printed total;
    the exact credits stay in the cells' values."""
    columns: tuple[Column, ...] = (
        _col("round", True),
        _col("opponent"),
        _col("colour"),
        _col("outcome"),
        _col("basis", True),
        _col("factor", True),
        _col("credit", True),
    )
    any_note = any(r.note for r in standing_row.breakdown)
    if any_note:
        columns += (_col("note"),)
    cents = apportion_cents([r.credit for r in standing_row.breakdown])
    rows = []
    for r, c in zip(standing_row.breakdown, cents, strict=True):
        if r.kind == "own":
            subject = _text(_w("own_value"))
        elif r.kind == "game" and r.opponent is not None:
            subject = _name(tournament, r.opponent)
        else:
            subject = _text(reason_text(r.reason or r.kind))
        outcome = (
            _EMPTY if r.outcome is None else _text(OUTCOMES[r.outcome], _OUTCOME_CLASS[r.outcome])
        )
        rows.append(
            Row(
                (
                    _text(_w("own")) if r.kind == "own" else _int(r.round),
                    subject,
                    _text(COLOURS[r.colour]) if r.colour else _EMPTY,
                    outcome,
                    _decimal(r.basis),
                    Cell(r.factor, str(r.factor)),
                    Cell(r.credit, cents_text(c)),
                    *((_text(r.note),) if any_note else ()),
                ),
                r.kind,
            )
        )
    total = _decimal(standing_row.total)
    rows.append(Row((_text(_w("total")), *([_EMPTY] * 5), total, *([_EMPTY] * any_note)), "total"))
    title = _w("breakdown_title", player=standing_row.entrant.name, total=total.text)
    return Table("breakdown", title, columns, tuple(rows))


def progress_table(history: Sequence[Standings], tournament: Tournament) -> Table:
    """Per player and round: opponent's rank at the time, colour, result; rank after the round."""
    after = {s.after_round: s for s in history}
    last = after[max(after)] if after else None
    rounds = [r for r in tournament.rounds if last is not None and r.number <= last.after_round]
    order = [r.entrant.id for r in last.rows] if last else [e.id for e in tournament.start_order()]
    columns = [_col("rank", True), _col("name")]
    for r in rounds:
        columns += [
            Column(f"r{r.number}", _w("round_short", round=r.number)),
            Column(f"rank{r.number}", _w("rank_short"), True),
        ]
    columns.append(_col("score", True))
    labels = {r.number: rank_labels(r.number, after, tournament) for r in rounds}
    rows = []
    for player in order:
        final = last.row(player) if last else None
        cells = [_int(None if final is None else final.rank), _name(tournament, player)]
        for r in rounds:
            cells.append(_text(progress_cell(r, player, labels[r.number])))
            cells.append(_int(after[r.number].row(player).rank))
        cells.append(_EMPTY if final is None else _decimal(final.total))
        withdrawn = final is not None and final.rank is None
        rows.append(Row(tuple(cells), "withdrawn" if withdrawn else ""))
    notes = (_w("progress_legend"), _w("progress_legend_rank")) if rounds else (_w("no_rounds"),)
    return Table(
        "progress", _w("progress_title", name=tournament.name), tuple(columns), tuple(rows), notes
    )


def crosstable_table(tournament: Tournament) -> Table:
    """Who scored what against whom, players numbered in start order; game points last."""
    players = tournament.start_order()
    marks, points = meetings(tournament)
    columns = [_col("no", True), _col("name")]
    columns += [Column(f"p{i}", str(i), True) for i in range(1, len(players) + 1)]
    columns.append(Column("points", _w("points_short"), True))
    rows = []
    for i, e in enumerate(players, start=1):
        cells = [_int(i), _name(tournament, e.id)]
        for o in players:
            cells.append(_cross_cell(marks.get((e.id, o.id), []), self_cell=o.id == e.id))
        cells.append(_points(points[e.id]))
        rows.append(Row(tuple(cells), "withdrawn" if e.withdrawn else ""))
    title = _w("crosstable_title", name=tournament.name)
    return Table("crosstable", title, tuple(columns), tuple(rows), (_w("crosstable_legend"),))


def _cross_cell(outcomes: list[Outcome | None], self_cell: bool) -> Cell:
    if self_cell:
        return Cell(None, SELF, "self")
    text = meeting_text(outcomes)
    if len(outcomes) != 1:
        return Cell(text or None, text, "multi" if outcomes else "")
    (only,) = outcomes
    return Cell(text, text, "unplayed" if only is None else _OUTCOME_CLASS[only])


__all__ = [
    "Cell",
    "Column",
    "Row",
    "Table",
    "Value",
    "breakdown_table",
    "crosstable_table",
    "pairings_table",
    "participants_table",
    "progress_table",
    "standings_table",
]
