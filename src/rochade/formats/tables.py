"""Every list a club publishes, as a neutral table, built once: the terminal (`table_text`),
the CSV and HTML exports and the pages render these.

A cell keeps the exact value (`Fraction`, `int`, text) for machines (CSV) beside the text people
read (two decimals, ½, words from `rochade.formats.text`), and a semantic class (win, draw,
withdrawn ...) that the HTML turns into stable CSS classes. Nothing
here computes a score: the numbers come from the systems' `Standings`.

One module: every list is built the same way here, so that the terminal, the files and the
pages cannot disagree about one.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from rochade.core.categories import CategoryStandings, PrizeList
from rochade.core.collation import name_key
from rochade.core.fide import PlayerDetails
from rochade.core.keizer.scoring import KeizerStandings, StandingRow
from rochade.core.league import Counted, MatchCard
from rochade.core.messages import N_, Message, Said, joined
from rochade.core.model import STATUSES, ModelError, Outcome, PlayerId, Round, Tournament
from rochade.core.rating_change import RatingChange
from rochade.core.standings import ScoreColumn, Standing, Standings
from rochade.core.systems import SWISS_ABSENCES, TournamentSystem, numbers_of, system_of
from rochade.core.tiebreaks import Kind, TieBreak
from rochade.formats.text import (
    COLOURS,
    DECIMALS,
    OUTCOMES,
    PRINT_ROUNDS,
    RESULTS,
    SELF,
    apportion_cents,
    cents_text,
    change_text,
    decimal_text,
    layout,
    meeting_text,
    meetings,
    number_style,
    points_text,
    progress_cell,
    rank_labels,
    reason_text,
    without_game,
)
from rochade.formats.text import (
    said as _w,
)

Value = str | int | Fraction | None
"""What a machine reads: exact numbers, plain text, or nothing."""


@dataclass(frozen=True, slots=True)
class Column:
    """`key` is stable (CSS class `col-<key>`, never translated); `title` is for people."""

    key: str
    title: str
    numeric: bool = False
    terminal: bool = True
    """False: the plain-text layout leaves the column out to fit a terminal's width (the
    exports and pages carry it), as the Keizer standings leave out the rating."""
    beside: bool = False
    """True: plain text writes the cell in brackets after the one before it, not as a column
    of its own (a pairing list's points beside each name)."""


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
    lead: tuple[str, ...] = ()
    """Lines under the title, before the table (a summary)."""
    marked: str | None = ""
    """What plain text heads the column that says "withdrawn" beside a withdrawn row (HTML
    says it by the row's class); None where the list says it otherwise (a status column) or
    keeps the row as it is."""


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


def column_fractions(rows: Sequence[Row], index: int) -> list[Fraction]:
    """The exact numbers (not ranks or ratings) in column `index`."""
    return [v for r in rows if isinstance(v := r.cells[index].value, Fraction)]


def _uniform(rows: list[Row]) -> tuple[Row, ...]:
    """Points columns in one format (`number_style`): a Sonneborn-Berger column with 4.75 in
    it writes 4.50, not 4.5, and 4.00, not 4."""
    if not rows:
        return ()
    width = len(rows[0].cells)
    decimal = [
        i for i in range(width)
        if number_style(column_fractions(rows, i)) == DECIMALS
    ]
    if not decimal:
        return tuple(rows)

    def fixed(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
        """The row's cells, those of the decimal columns written anew (made directly: a
        300-player list has thousands, and `dataclasses.replace` cost more than the rest)."""
        out = list(cells)
        for i in decimal:
            c = out[i]
            if isinstance(c.value, Fraction):
                out[i] = Cell(c.value, decimal_text(c.value), c.cls, c.player)
        return tuple(out)

    return tuple(Row(fixed(r.cells), r.cls) for r in rows)


_EMPTY = Cell(None, "")
_OUTCOME_CLASS = {
    Outcome.WIN: "win",
    Outcome.FORFEIT_WIN: "win forfeit",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
    Outcome.FORFEIT_LOSS: "loss forfeit",
}


def standings_table(standings: Standings, name: str) -> Table:
    """The standings of any system: rank (printed once for players tied on everything), the
    start number where the system has them (else the rating, not in plain text), name, then
    the system's score columns (Keizer's score, game points, games and value, none for a
    withdrawn player; a round robin's or Swiss's points and tie-breaks, each column in one
    format); withdrawn players marked."""
    lead = (_col("rank", True), _col("no", True), _col("name")) if standings.numbered else (
        _col("rank", True), _col("name"), Column("rating", _w("rating"), True, terminal=False))
    rows = []
    previous = None
    for line in standings.lines:
        rank = Cell(line.rank, "" if line.rank in (None, previous) else str(line.rank))
        previous = line.rank
        named = Cell(line.entrant.name, line.entrant.name, "name", line.entrant.id)
        first = (_int(line.number), named) if standings.numbered else (
            named, _int(line.entrant.rating))
        scores = (_score(column, value, line.rank is not None)
                  for column, value in zip(standings.columns, line.scores, strict=True))
        rows.append(Row((rank, *first, *scores), "withdrawn" if line.withdrawn else ""))
    notes: tuple[str, ...] = ()
    if not standings.converged:
        notes = (_w("not_converged", iterations=standings.iterations),)
    if standings.tiebreaks:
        keys = ", ".join(tb.key for tb in standings.tiebreaks)
        notes = (*notes, _w("tiebreaks_legend", tiebreaks=keys))
    columns = (*lead, *map(_score_column, standings.columns))
    title = _w("standings_title", name=name, round=standings.after_round)
    uniform = _uniform(rows) if standings.tiebreaks else tuple(rows)
    return Table("standings", title, columns, uniform, notes, marked=_w("note"))


def category_table(standings: CategoryStandings, name: str) -> Table:
    """A category's standings: the overall list's rows of its players, in the same order,
    its place first (none for a withdrawn Keizer player, who has no rank); under it the
    conditions and who could not be placed (no birth date, no sex)."""
    overall = standings_table(standings.overall, name)
    keys = [c.key for c in overall.columns]
    rank, at = keys.index("rank"), keys.index("name")
    place = {line.entrant.id: p for p, line in standings.lines}
    rows = []
    for row in overall.rows:
        player = row.cells[at].player
        if player in place:
            cells = list(row.cells)  # a tied rank written once overall is written each time
            value = row.cells[rank].value
            cells[rank] = _int(value if isinstance(value, int) else None)
            rows.append(dataclasses.replace(row, cells=(_int(place[player]), *cells)))
    category = standings.category
    notes = [_w("category_conditions", conditions=category.text())]
    if standings.unknown:
        notes.append(_w("category_unknown", names=", ".join(e.name for e in standings.unknown)))
    title = _w("category_title", standings=overall.title, category=category.name)
    columns = (Column("category-place", _w("category_place"), True), *overall.columns)
    return Table("standings", title, columns, tuple(rows), (*notes, *overall.notes))


def prize_table(prizes: PrizeList, name: str) -> Table:
    """Every category's prizes and who takes them, by category and place, each winner's
    overall rank, and the rule."""
    rows = []
    for prize in prizes.prizes:
        if prize.player is None:
            who, rank = Cell(None, "-"), _EMPTY
        else:
            line = prizes.overall.line(prize.player)
            who = Cell(line.entrant.name, line.entrant.name, "name", prize.player)
            rank = _int(line.rank)
        rows.append(Row((_text(prize.category.name), _int(prize.place), _int(prize.amount),
                         who, rank)))
    columns = (_col("category"), _col("place", True), _col("prize", True), _col("name"),
               _col("overall", True, "overall_rank"))
    rule = "prizes_one" if prizes.one_prize else "prizes_each"
    return Table("prizes", _w("prizes_title", name=name), columns, tuple(rows), (_w(rule),))


def _score_column(column: ScoreColumn) -> Column:
    return _col(column.key, True) if column.tiebreak is None else tiebreak_column(column.tiebreak)


def _score(column: ScoreColumn, value: Fraction, ranked: bool) -> Cell:
    """A score cell: Keizer's score and value with two decimals (an unranked player has no
    value), games as a count, points and tie-breaks as points."""
    if column.key == "value" and not ranked:
        return _EMPTY
    if column.key == "games":
        return _int(int(value))
    return _decimal(value) if column.key in ("score", "value") else _points(value)


def pairings_table(
    round: Round,
    tournament: Tournament,
    date: str | None = None,
    before: Mapping[PlayerId, Fraction] | None = None,
) -> Table:
    """The boards (result blank until played), then one row per player without a game (plain
    text lists them under the boards, with why). With `date` the title names the evening; with
    `before` each name has a column beside it with the player's points before the round."""
    columns: tuple[Column, ...]
    cup = system_of(tournament).round_titles(tournament).get(round.number)
    board = _col("board", True, None if cup is None else "match")  # a cup's board: a match
    if before is None:
        columns = (board, _col("white"), _col("result"), _col("black"))
    else:
        columns = (board, _col("white"),
                   Column("white-points", _w("white_points"), True, beside=True),
                   _col("result"), _col("black"),
                   Column("black-points", _w("black_points"), True, beside=True))

    def named(player: PlayerId | None) -> tuple[Cell, ...]:
        name = _EMPTY if player is None else _name(tournament, player)
        if before is None:
            return (name,)
        points = before.get(player) if player is not None else None
        return name, (_EMPTY if points is None else _decimal(points))

    rows = []
    for i, g in enumerate(round.games, start=1):
        result = _EMPTY if g.result is None else _text(RESULTS[g.result], "result")
        rows.append(Row((_int(g.board or i), *named(g.white), result, *named(g.black))))
    for player, reason, cls in without_game(round, system_of(tournament)):
        rows.append(Row((_EMPTY, *named(player), _text(reason, cls), *named(None)), "no-game"))
    if cup is not None:  # a cup's stored round is a game of a cup round: named so
        title = (_w("cup_pairings_title_date", name=tournament.name, cup_round=cup[1],
                    date=_day(date)) if date
                 else _w("cup_pairings_title", name=tournament.name, cup_round=cup[1]))
    elif date:
        title = _w("pairings_title_date", name=tournament.name, round=round.number,
                   date=_day(date))
    else:
        title = _w("pairings_title", name=tournament.name, round=round.number)
    return Table("pairings", title, columns, tuple(rows))


def _day(iso: str) -> datetime.date | str:
    """An evening's ISO date as a date (a translated title writes it the language's way),
    anything else as it is."""
    try:
        return datetime.date.fromisoformat(iso)
    except ValueError:
        return iso


def alphabetical_table(round: Round, tournament: Tournament) -> Table:
    """"Where do I play?": every player of the round in alphabetical order (as the players'
    languages file names, `name_key`) with board, colour and opponent; without a game, why."""
    cup = system_of(tournament).round_titles(tournament).get(round.number)
    columns = (_col("name"), _col("board", True, None if cup is None else "match"),
               _col("colour"), _col("opponent"))
    rows = []
    for i, g in enumerate(round.games, start=1):
        board = _int(g.board or i)
        for player, other, colour in ((g.white, g.black, "w"), (g.black, g.white, "b")):
            word = COLOURS[colour]
            cells = (_name(tournament, player), board, _text(word, word),
                     _name(tournament, other))
            rows.append(Row(cells))
    for player, reason, cls in without_game(round, system_of(tournament)):
        rows.append(Row((_name(tournament, player), _EMPTY, _EMPTY, _text(reason, cls)),
                        "no-game"))
    rows.sort(key=lambda r: name_key(r.cells[0].text))
    title = _w("alphabetical_title", name=tournament.name, round=round.number)
    return Table("alphabetical", title, columns, tuple(rows))


def notice_table(round: Round, tournament: Tournament) -> Table:
    """The pairings for the notice board: the boards only, in large type (the HTML's
    `notice` kind); who has no game stays on the ordinary pairing list."""
    table = pairings_table(round, tournament)
    boards = tuple(r for r in table.rows if r.cls != "no-game")
    title = _w("notice_title", name=tournament.name, round=round.number)
    return dataclasses.replace(table, kind="notice", title=title, rows=boards)


def slips_table(round: Round, tournament: Tournament) -> Table:
    """One result slip per board, to print, cut and hand out (the HTML lays each row out as
    a slip; `slips_text` for plain text): round, board, white, black, an empty result."""
    columns = (_col("round", True), _col("board", True), _col("white"), _col("black"),
               _col("result"))
    rows = tuple(
        Row((_int(round.number), _int(g.board or i), _name(tournament, g.white),
             _name(tournament, g.black), _EMPTY))
        for i, g in enumerate(round.games, start=1)
    )
    title = _w("slips_title", name=tournament.name, round=round.number)
    return Table("slips", title, columns, rows)


def slip_lines(table: Table, tournament_name: str) -> list[list[str]]:
    """A slips table's slips as lines: heading, the players, the result to tick, the two
    signature lines (the text and HTML renderers lay them out)."""
    result = _w("slip_result")
    signatures = _w("slip_signatures", line="_" * 16)
    return [
        [_w("slip_head", name=tournament_name, round=rnd.text, board=board.text),
         _w("slip_white", name=white.text), _w("slip_black", name=black.text), result,
         signatures]
        for rnd, board, white, black, _ in (row.cells for row in table.rows)
    ]


def slips_text(table: Table, tournament_name: str) -> str:
    """Result slips as plain text, a dashed cut line under each."""
    cut = "- " * 36
    slips = ["\n".join(lines) for lines in slip_lines(table, tournament_name)]
    return "".join(f"{slip}\n{cut.rstrip()}\n" for slip in slips)


def start_rank_table(
    tournament: Tournament,
    numbers: Sequence[PlayerId],
    details: Mapping[PlayerId, PlayerDetails],
) -> Table:
    """The start-rank list: players by pairing number (`numbers[i]` has number i + 1) with
    title, rating, FIDE id, federation and club where known (`details`)."""
    columns = (_col("no", True), _col("title"), _col("name"), _col("rating", True),
               _col("fide-id", True, "fide_id"), _col("federation"), _col("club"))
    rows = []
    for i, player in enumerate(numbers, start=1):
        e = tournament.entrant(player)
        known = details.get(player, PlayerDetails())
        cells = (_int(i), _text(e.title or known.title), _name(tournament, player),
                 _int(e.rating), _int(e.fide_id), _text(known.federation), _text(known.club))
        rows.append(Row(cells, "withdrawn" if e.withdrawn else ""))
    return Table("start-rank", _w("start_rank_title", name=tournament.name), columns,
                 tuple(rows))


def participants_table(
    tournament: Tournament, numbers: Sequence[PlayerId] | None = None
) -> Table:
    """Everyone enrolled, in start order; with `numbers` (a Swiss's or round robin's start
    numbers, `numbers[i]` has number i + 1) in that order, numbered, with the FIDE id and
    without the internal id (the number is what the TD types and the TRF file writes)."""
    columns: tuple[Column, ...] = (
        _col("id", True), _col("name"), _col("rating", True), _col("status"))
    entrants = tournament.start_order()
    if numbers is not None:
        columns = (_col("no", True), *columns[1:3], _col("fide-id", True, "fide_id"), columns[3])
        entrants = [tournament.entrant(p) for p in numbers]
    rows = []
    for i, e in enumerate(entrants, start=1):
        status = _text(STATUSES[e.status.value], e.status.value.replace("_", "-"))
        named = (_name(tournament, e.id), _int(e.rating))
        cells = (_int(e.id), *named, status) if numbers is None else (
            _int(i), *named, _int(e.fide_id), status)
        rows.append(Row(cells, "withdrawn" if e.withdrawn else ""))
    title = _w("participants_title", name=tournament.name)
    return Table("participants", title, columns, tuple(rows), marked=None)


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
    title = _w("breakdown_title", player=standing_row.entrant.name, total=Decimal(total.text))
    return Table("breakdown", title, columns, tuple(rows))


def progress_table(
    history: Sequence[KeizerStandings], tournament: Tournament, detail: bool = False
) -> Table:
    """The club's wall chart: per player and round the opponent (by rank at the time), colour
    and result, and the rank after each round; players in the order of the latest standings.
    With `detail` (seed 001's published table), per round also the Keizer points and the
    running game points, and a Buchholz column at the end.

    `history` holds the standings after each round (any order; matched by `after_round`).
    """
    after = {s.after_round: s for s in history}
    last = after[max(after)] if after else None
    title = _w("progress_title", name=tournament.name)
    if last is None:
        return Table("progress", title, (), (), (_w("no_rounds"),))
    rounds = [r for r in tournament.rounds if r.number <= last.after_round]
    columns = [_col("rank", True), _col("name")]
    for r in rounds:
        columns += [
            Column(f"r{r.number}", _w("round_short", round=r.number)),
            Column(f"rank{r.number}", _w("rank_short"), True),
        ]
        if detail:
            columns += [Column(f"points{r.number}", _w("points_short"), True),
                        Column(f"game-points{r.number}", _w("game_points_short"), True)]
    columns.append(_col("score", True))
    if detail:
        columns.append(Column("buchholz", _w("buchholz_short"), True))
    labels = {r.number: rank_labels(r.number, after, tournament) for r in rounds}
    rows = []
    for final in last.rows:
        player = final.entrant.id
        cells = [_int(final.rank), _name(tournament, player)]
        for r in rounds:
            cells.append(_text(progress_cell(r, player, labels[r.number])))
            row = after[r.number].row(player) if r.number in after else None
            cells.append(_int(None if row is None else row.rank))
            if detail:
                cells += [_EMPTY, _EMPTY] if row is None else [
                    _decimal(row.total), _points(row.game_points)]
        cells.append(_decimal(final.total))
        if detail:
            cells.append(_points(_buchholz(rounds, player, last)))
        rows.append(Row(tuple(cells), "" if final.rank is not None else "withdrawn"))
    notes = (_w("progress_legend"), _w("progress_legend_rank"),
             *((_w("progress_legend_detail"),) if detail else ()))
    return Table("progress", title, tuple(columns), tuple(rows), notes, marked=None)


def _buchholz(rounds: Sequence[Round], player: PlayerId, last: KeizerStandings) -> Fraction:
    """The game points of everyone `player` was paired against, once per game."""
    opponents = [g.opponent_of(player) for r in rounds for g in r.games
                 if player in (g.white, g.black)]
    return sum((last.row(p).game_points for p in opponents), Fraction(0))


def progress_parts(table: Table) -> list[Table]:
    """A progress table of more than PRINT_ROUNDS rounds cut into parts for paper, each with
    the rank and name in front and the score behind; none when it fits whole."""
    rounds = (len(table.columns) - 3) // 2
    if table.kind != "progress" or rounds <= PRINT_ROUNDS:
        return []
    keep = [0, 1]
    parts = []
    for first in range(0, rounds, PRINT_ROUNDS):
        chosen = keep + list(range(2 + 2 * first, 2 + 2 * min(rounds, first + PRINT_ROUNDS)))
        chosen.append(len(table.columns) - 1)
        rows = tuple(dataclasses.replace(r, cells=tuple(r.cells[i] for i in chosen))
                     for r in table.rows)
        columns = tuple(table.columns[i] for i in chosen)
        parts.append(dataclasses.replace(table, columns=columns, rows=rows))
    return parts


def crosstable_table(
    tournament: Tournament, standings: Standings | None = None
) -> Table:
    """Who scored what against whom, players numbered in start order; game points last.

    With a round robin's `standings` (of the same rounds): its start numbers, the points the
    standings count (byes, annulled games), the tie-breaks and the rank.
    """
    if standings is None:
        players = tournament.start_order()
    else:
        players = [line.entrant for line in sorted(standings.lines, key=lambda x: x.number or 0)]
        tournament = dataclasses.replace(tournament,
                                         rounds=tournament.rounds[: standings.after_round])
    marks, points = meetings(tournament)
    columns = [_col("no", True), _col("name")]
    if standings is not None:
        columns.append(_col("rating", True))
    columns += [Column(f"p{i}", str(i), True) for i in range(1, len(players) + 1)]
    columns.append(Column("points", _w("points_short"), True))
    if standings is not None:
        columns += [*map(tiebreak_column, standings.tiebreaks), _col("rank", True)]
    rows = []
    for i, e in enumerate(players, start=1):
        cells = [_int(i), _name(tournament, e.id)]
        if standings is not None:
            cells.append(_int(e.rating))
        for o in players:
            cells.append(_cross_cell(marks.get((e.id, o.id), []), self_cell=o.id == e.id))
        if standings is None:
            cells.append(_points(points[e.id]))
        else:
            line = standings.line(e.id)
            cells += [*map(_points, line.scores), _int(line.rank)]
        rows.append(Row(tuple(cells), "withdrawn" if e.withdrawn else ""))
    title = _w("crosstable_title", name=tournament.name)
    legend = "crosstable_legend" if standings is None else "crosstable_legend_points"
    return Table("crosstable", title, tuple(columns), _uniform(rows), (_w(legend),),
                 marked=None if standings is None else "")



def _cross_cell(outcomes: list[Outcome | None], self_cell: bool) -> Cell:
    if self_cell:
        return Cell(None, SELF, "self")
    text = meeting_text(outcomes)
    if len(outcomes) != 1:
        return Cell(text or None, text, "multi" if outcomes else "")
    (only,) = outcomes
    return Cell(text, text, "unplayed" if only is None else _OUTCOME_CLASS[only])


# --- round-robin and Swiss -------------------------------------------------------------------


def tiebreak_column(tiebreak: TieBreak) -> Column:
    """A tie-break's column: titled as the TD types it (BH-C1), class `col-tb-bh-c1`."""
    title = tiebreak.key
    return Column("tb-" + re.sub(r"[^a-z0-9]+", "-", title.casefold()).strip("-"), title, True)


def _standing_name(line: Standing) -> Cell:
    return Cell(line.entrant.name, line.entrant.name, "name", line.entrant.id)


def rating_cells(change: RatingChange | None) -> tuple[Cell, Cell, Cell]:
    """K, performance and rating change of one player; empty where there is none (an
    unrated player has no K and no change; no game against a rated opponent, no
    performance)."""
    if change is None:
        return _EMPTY, _EMPTY, _EMPTY
    delta = change.change
    return (_int(change.k), _int(change.performance),
            _EMPTY if delta is None else Cell(delta, change_text(delta)))


def rating_change_table(change: RatingChange, tournament: Tournament) -> Table:
    """A player's rating change game by game (round, opponent, their rating, score, We and
    ΔR), led by the performance, K and the change over the tournament."""
    player = _name(tournament, change.player).text
    if not change.games:
        return Table("rating-change", _w("rating_change_none", player=player), (), ())
    columns: tuple[Column, ...] = (
        _col("round", True), _col("opponent", word="rated_opponent"),
        _col("rating", True, "opponent_rating"), _col("score", True, "score_short"))
    if change.k is not None:
        columns += (_col("expected", True), _col("change", True))
    rows = []
    for g in change.games:
        cells: tuple[Cell, ...] = (_int(g.round), _name(tournament, g.opponent),
                                   _int(g.opponent_rating), _points(g.score))
        if change.k is not None:
            cells += (_EMPTY, _EMPTY) if g.expected is None or g.change is None else (
                _decimal(g.expected), Cell(g.change, change_text(g.change)))
        rows.append(Row(cells))
    total = change.change
    summary = _w("rating_change_unrated") if change.k is None or total is None else _w(
        "rating_change_k", k=change.k, rule=change.rule.value if change.rule else "",
        change=change_text(total))
    title = _w("rating_change_title", player=player, performance=change.performance)
    return Table("rating-change", title, columns, tuple(rows), (_w("rating_change_legend"),),
                 lead=(summary,))


def with_rating_change(table: Table, changes: Mapping[PlayerId, RatingChange]) -> Table:
    """`table` (standings of any system) with each player's K, performance and FIDE rating
    change as its last columns, found by the row's name cell."""
    columns = (*table.columns, _col("k", True, "k_factor"), _col("performance", True),
               _col("rating-change", True, "rating_change"))
    rows = []
    for row in table.rows:
        player = next((c.player for c in row.cells if c.player is not None), None)
        cells = rating_cells(None if player is None else changes.get(player))
        rows.append(Row((*row.cells, *cells), row.cls))
    return dataclasses.replace(table, columns=columns, rows=tuple(rows))


_KIND_CODES = {Kind.PAB: "PAB", Kind.FPB: "FPB", Kind.HPB: "HPB", Kind.ZPB: "ZPB"}


def _round_cell(rnd: Round, player: PlayerId, label: dict[PlayerId, str],
                system: TournamentSystem[Any]) -> Cell:
    """A player's round in a Swiss or round robin: "12w1" (start number 12, white, won), a
    bye or absence by its FIDE kind, a round robin's free round as "rest"."""
    game = rnd.game_of(player)
    if game is not None:
        outcome = None if game.result is None else game.result.outcome(game.white == player)
        text = progress_cell(rnd, player, label)
        return Cell(text, text, "" if outcome is None else _OUTCOME_CLASS[outcome])
    if rnd.bye == player:
        text = _w("rest") if system.fixed_schedule else _KIND_CODES[Kind.PAB]
        return _text(text, "bye")
    reasons = [a.reason for a in rnd.absences if a.player == player]
    if reasons:
        return _text(_KIND_CODES[SWISS_ABSENCES.get(reasons[0], Kind.ZPB)], "absent")
    return _EMPTY


def rounds_table(standings: Standings, tournament: Tournament) -> Table:
    """A Swiss's crosstable (and a round robin's progress): in ranking order, each round's
    opponent by start number, colour and result, then points and tie-breaks."""
    label = {line.entrant.id: str(line.number) for line in standings.lines}
    rounds = tournament.rounds[: standings.after_round]
    columns = [_col("rank", True), _col("no", True), _col("name"), _col("rating", True)]
    columns += [Column(f"round-{r.number}", _w("round_short", round=r.number)) for r in rounds]
    columns += [Column("points", _w("points_short"), True),
                *map(tiebreak_column, standings.tiebreaks)]
    rows = []
    for line in standings.lines:
        pid = line.entrant.id
        cells = [_int(line.rank), _int(line.number), _standing_name(line),
                 _int(line.entrant.rating)]
        cells += [_round_cell(r, pid, label, system_of(tournament)) for r in rounds]
        cells += map(_points, line.scores)
        rows.append(Row(tuple(cells), "withdrawn" if line.withdrawn else ""))
    key = "progress_title" if system_of(tournament).fixed_schedule else "crosstable_title"
    return Table("crosstable", _w(key, name=tournament.name), tuple(columns), _uniform(rows),
                 (_w("rounds_legend"),))


def card_table(standings: Standings, tournament: Tournament, player: PlayerId,
               explanation: Sequence[str] = ()) -> Table:
    """A player's card in a Swiss or round robin: each round's opponent (start number, name,
    rating), colour, result and the points it counts in the standings (an annulled round-robin
    game counts none), the running total; the tie-breaks and `explanation` under it."""
    line = standings.line(player)
    crosstable, numbers = system_of(tournament).counted_crosstable(tournament,
                                                                   standings.after_round)
    record = next(p for p in crosstable.players if p.id == line.number)
    number = {pid: i for i, pid in enumerate(numbers, 1)}
    columns = (_col("round", True), _col("no", True), _col("opponent"), _col("rating", True),
               _col("colour"), _col("result"), Column("points", _w("points_short"), True),
               _col("total", True))
    rows = []
    running = Fraction(0)
    for rnd in tournament.rounds[: standings.after_round]:
        others = {p: (why, cls) for p, why, cls in without_game(rnd, system_of(tournament))}
        entry = record.rounds[rnd.number - 1]
        gained = crosstable.scoring.points(entry)
        running += gained
        game = rnd.game_of(player)
        if game is not None:
            opponent = game.opponent_of(player)
            white = game.white == player
            outcome = None if game.result is None else game.result.outcome(white)
            cells = (_int(number.get(opponent)), _name(tournament, opponent),
                     _int(tournament.entrant(opponent).rating),
                     _text(COLOURS["w" if white else "b"]),
                     _EMPTY if outcome is None else _text(OUTCOMES[outcome],
                                                          _OUTCOME_CLASS[outcome]))
        elif player in others:  # the result cell says what the round counts as: PAB, HPB ...
            why, cls = others[player]
            cells = (_EMPTY, _text(why, cls), _EMPTY, _EMPTY,
                     _round_cell(rnd, player, {}, system_of(tournament)))
        else:
            cells = (_EMPTY,) * 5
        rows.append(Row((_int(rnd.number), *cells, _points(gained), _points(running))))
    values = Said(joined([Message("{tiebreak} {value}",
                                  {"tiebreak": tb.key, "value": Decimal(points_text(v))})
                          for tb, v in zip(standings.tiebreaks, line.scores[1:], strict=True)],
                         ", "))  # BH 12.5, SB 40.25: a translated page writes 12,5
    total = _points(line.total)
    rows.append(Row((_text(_w("total")), *([_EMPTY] * 6), total), "total"))
    title = _w("card_title", player=line.entrant.name, points=Decimal(total.text),
               round=standings.after_round)
    notes = tuple(n for n in (values, *explanation) if n)
    return Table("breakdown", title, columns, tuple(rows), notes)


def fide_list(tournament: Tournament, which: str, after_round: int | None = None,
              player: PlayerId | None = None) -> Table:
    """One list of a Swiss or round robin after a round (default: all): standings,
    participants, crosstable (a round robin's n x n table, a Swiss's rounds table), progress
    (the rounds table) or breakdown (`player`'s card)."""
    if which == "participants":
        return participants_table(tournament, numbers_of(tournament))
    system = system_of(tournament)
    standings = system.standings(tournament, after_round)
    if which == "standings":
        return standings_table(standings, tournament.name)
    if which == "crosstable" and system_of(tournament).fixed_schedule:
        return crosstable_table(tournament, standings)
    if which in ("crosstable", "progress"):
        return rounds_table(standings, tournament)
    if which == "breakdown" and player is not None:
        explanation = system.explain_tiebreaks(tournament, player, after_round)
        return card_table(standings, tournament, player, explanation)
    if which == "breakdown":
        raise ModelError("name the player whose card you want")
    raise ModelError("there is no list '{which}'", which=which)


def table_text(table: Table) -> str:
    """Any table as plain text for the terminal and printouts: a total row under a rule; a
    pairing list's rows without a game in a table of their own under the boards."""
    shown = [i for i, c in enumerate(table.columns) if c.terminal and not c.beside]
    beside = {i - 1 for i, c in enumerate(table.columns) if c.beside}

    def texts(row: Row) -> list[str]:
        cells = [c.text for c in row.cells]
        for i in beside:
            if cells[i + 1]:
                cells[i] = f"{cells[i]} ({cells[i + 1]})"
        return [cells[i] for i in shown]

    columns = [(c.title, c.numeric, c.key in ("name", "opponent", "white", "black"))
               for c in (table.columns[i] for i in shown)]
    apart = table.kind == "pairings"  # the boards, then who has no game and why
    lines = [row for row in table.rows
             if row.cls != "total" and not (apart and row.cls == "no-game")]
    body = [texts(row) for row in lines]
    marked = [row.cls == "withdrawn" for row in lines]
    rank = bool(shown) and table.columns[shown[0]].key == "rank"
    for line, withdrawn in zip(body, marked, strict=True):
        if withdrawn and rank and not line[0]:  # unranked, in words
            line[0] = "-"
    if table.marked is not None and any(marked):  # what HTML shows by the row's class
        columns.append((table.marked, False, False))
        for line, withdrawn in zip(body, marked, strict=True):
            line.append(_w("withdrawn") if withdrawn else "")
    footer = next((texts(row) for row in table.rows if row.cls == "total"), [])
    others = [_without_game(row) for row in table.rows if apart and row.cls == "no-game"]
    return layout(table.title, columns, body, footer, table.notes, others, table.lead)


def _without_game(row: Row) -> tuple[str, str]:
    """A pairing list's player without a game and why: the row's name and its reason."""
    name = next(c.text for c in row.cells if c.player is not None)
    why = next(c.text for c in row.cells if c.cls in ("absent", "bye", "external"))
    return name, why



_VENUES = {True: N_("home"), False: N_("away")}


def match_cards_table(cards: Sequence[MatchCard], title: str) -> Table:
    """The league matches as match cards: per match its date, team, opponent club, venue and
    score (the club's points first), then each board's player, colour, result and how the
    competition counts it. The match's cells are written on its first board only (CSV keeps
    them on every row)."""
    columns = (
        Column("match", _w("match"), True), Column("date", _w("date")),
        Column("team", _w("team")), Column("opponent-club", _w("opponent_club")),
        Column("venue", _w("venue")), Column("match-score", _w("match_score")),
        _col("board", True), Column("player", _w("player")), _col("colour"), _col("result"),
        Column("keizer", _w("keizer")),
    )
    rows = []
    for card in cards:
        match = card.match
        score = match.score()
        venue = _VENUES[match.home]
        head = (Cell(match.id, str(match.id)), Cell(match.date, match.date),
                Cell(match.team.name, match.team.name), Cell(match.opponent, match.opponent),
                Cell(venue, Said(venue)), Cell(score, score))
        for i, board in enumerate(match.boards):
            counted = card.counted.get(board.board)
            shown = head if i == 0 else tuple(dataclasses.replace(c, text="") for c in head)
            colour = COLOURS["w" if board.white else "b"]
            result = "" if board.score is None else _LEAGUE_SCORES[board.score]
            rows.append(Row((*shown, _int(board.board), Cell(board.name, board.name, "name"),
                             _text(colour, colour), Cell(board.score, result),
                             _counted(counted))))
        if not match.boards:
            rows.append(Row((*head, *(_EMPTY,) * 5)))
    return Table("match-cards", title, columns, tuple(rows))


_LEAGUE_SCORES = {"1": "1", "1/2": "½", "0": "0", "+": "+", "-": "-"}


def _counted(counted: Counted | None) -> Cell:
    """How the competition counts a board: its round, or why not."""
    if counted is None:
        return _EMPTY
    if counted.round is None:
        return Cell(None, Said(counted.why) if counted.why else "", "unplayed")
    text = (Said(N_("round {round}"), round=counted.round) if counted.replaces_row
            else Said(N_("round {round}, in addition"), round=counted.round))
    return Cell(counted.round, text)


__all__ = [
    "Cell",
    "Column",
    "Row",
    "Table",
    "Value",
    "alphabetical_table",
    "breakdown_table",
    "card_table",
    "category_table",
    "column_fractions",
    "crosstable_table",
    "fide_list",
    "match_cards_table",
    "notice_table",
    "pairings_table",
    "participants_table",
    "prize_table",
    "progress_table",
    "rating_cells",
    "rating_change_table",
    "rounds_table",
    "slip_lines",
    "slips_table",
    "slips_text",
    "standings_table",
    "start_rank_table",
    "table_text",
    "tiebreak_column",
    "with_rating_change",
]
