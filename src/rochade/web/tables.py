"""Read models of the round-robin and Swiss pages: the exports' crosstables as a page shows
them, a player's rounds and curve, the requested byes, a round robin's schedule. Numbers come
from the systems' `Standings`; nothing here scores a game itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from markupsafe import Markup, escape

from rochade import i18n
from rochade.core.collation import name_key
from rochade.core.model import Entrant, PlayerId, Round, Tournament
from rochade.core.rating_change import RatingChange
from rochade.core.roundrobin import berger_schedule
from rochade.core.standings import Standings
from rochade.core.systems import ByeRequest, numbers_of, system_of
from rochade.core.systems.round_robin import ROUND_ROBIN_SYSTEM
from rochade.formats.tables import (
    Cell,
    Column,
    Row,
    Table,
    column_fractions,
    standings_table,
    with_rating_change,
)
from rochade.service import tournament_standings
from rochade.web.queries import OUTCOME_MARKS, CurvePoint


@dataclass(frozen=True)
class WebTable:
    """A neutral table (`rochade.formats.tables`) as the page shows it: translated column
    titles, numbers per locale, name cells that link."""

    columns: tuple[tuple[str, str], ...]  # (title, CSS classes)
    rows: tuple[tuple[str, Markup], ...]  # (row class, the row's cells as HTML)


def grid_class(column: Column) -> str:
    """A crosstable's column classes: a round's or an opponent's cells as grid cells, the
    rank and the points strong."""
    grid = column.key.startswith(("p", "round-")) and column.key[-1].isdigit()
    return " ".join(c for c in ("num" if column.numeric and not grid else "",
                                "cell" if grid else "",
                                "strong" if column.key in ("points", "rank") else "") if c)


def web_table(table: Table, title: Callable[[Column], str],
              column: Callable[[Column, list[Fraction]], Callable[[Fraction], str]],
              link: str, css: Callable[[Column], str] = grid_class, marked: str = "",
              ) -> WebTable:
    """The exports' table for a page: `title` words a column, `column` tells how to write the
    points of a column (one format for all of them, see `rochade.i18n.table_numbers`), a
    name cell links to `link` + the player's id, `css` gives a column's classes. A withdrawn
    row without a rank (Keizer's) shows "–" as its rank and in its strong columns and `marked`
    after its name. The cells are written here, not by a template loop: a 300-player Swiss has
    thousands, and the loop cost more than the table."""
    classes = [css(c) for c in table.columns]
    numbers = [column(c, column_fractions(table.rows, i)) for i, c in enumerate(table.columns)]
    strong = [i for i, cls in enumerate(classes) if "strong" in cls.split()]
    openings: dict[tuple[str, str], str] = {}  # (column's class, cell's class) -> "<td ...>"

    def opening(column_class: str, cell_class: str) -> str:
        key = (column_class, cell_class)
        if key not in openings:
            both = f"{column_class} {cell_class}".strip()
            openings[key] = f'<td class="{escape(both)}">' if both else "<td>"
        return openings[key]

    def text(i: int, cell: Cell) -> Markup:
        value = cell.value
        return escape(numbers[i](value) if isinstance(value, Fraction) else cell.text)

    written: dict[tuple[int, str, object], str] = {}  # a column's few different cells, once
    prefix = escape(link)
    label = Markup(f' <small class="muted">{escape(marked)}</small>')
    rows = []
    for row in table.rows:
        unranked = bool(marked) and row.cls == "withdrawn" and row.cells[0].value is None
        cells = []
        for i, (cell, cls) in enumerate(zip(row.cells, classes, strict=True)):
            if cell.player is None and not unranked:
                value = cell.value
                key = (i, cell.cls, (value.numerator, value.denominator)
                       if isinstance(value, Fraction) else cell.text)
                if key not in written:
                    written[key] = f"{opening(cls, cell.cls)}{text(i, cell)}</td>"
                cells.append(written[key])
                continue
            shown = escape("–") if unranked and (i == 0 or i in strong) else text(i, cell)
            if cell.player is not None:
                shown = Markup(f'<a href="{prefix}{cell.player}">{shown}</a>')
                if unranked:
                    shown += label
            cells.append(f"{opening(cls, cell.cls)}{shown}</td>")
        rows.append((row.cls, Markup("".join(cells))))
    heads = tuple((title(c), "name" if c.key == "name" else cls)  # the name cells' class too
                  for c, cls in zip(table.columns, classes, strict=True))
    return WebTable(heads, tuple(rows))


STANDINGS_ORDER = ("rank", "no", "name", "score", "value", "games", "points")
"""The standings pages' first columns: a Keizer total, the value and the games before the
game points; the tie-breaks, performance and rating change after them."""
LEFT_OUT = ("rating", "k")
"""The exports' standings columns the pages leave out (the player page has them)."""


def standings_web_table(t: Tournament, after: int | None, fide: Standings | None,
                        changes: Mapping[PlayerId, RatingChange] | None,
                        lang: str, link: str) -> WebTable:
    """The standings of any system as the exports have them (`standings_table`; `fide`: a
    round robin's or Swiss's, which the pages keep), with the performance and rating change
    when any player has one, as the standings pages show them: the ranking total strong, the
    columns a phone can do without (start number, value, games) wide, a Keizer player who
    withdrew marked."""
    table = standings_table(tournament_standings(t, after) if fide is None else fide, t.name)
    if changes:
        table = with_rating_change(table, changes)
    keys = [c.key for c in table.columns]
    shown = sorted((i for i, key in enumerate(keys) if key not in LEFT_OUT),
                   key=lambda i: STANDINGS_ORDER.index(keys[i])
                   if keys[i] in STANDINGS_ORDER else len(STANDINGS_ORDER))
    table = dataclasses.replace(
        table, columns=tuple(table.columns[i] for i in shown),
        rows=tuple(Row(tuple(r.cells[i] for i in shown), r.cls) for r in table.rows))
    strong = "score" if "score" in keys else "points"  # Keizer's total, else the points

    def css(column: Column) -> str:
        if column.key == strong:
            return "num strong"
        if column.key in ("no", "value", "games"):
            return "num wide"
        return "num" if column.numeric else ""

    _ = i18n.translations(lang).gettext
    words = {"rank": "#", "points": _("Score")}
    return web_table(table, lambda c: words.get(c.key) or i18n.column_title(c, lang),
                     lambda c, values: i18n.table_numbers(c, values, lang), link, css,
                     marked=_("withdrawn"))


@dataclass(frozen=True)
class RoundCell:
    """One player's round: a game (opponent, colour, mark) or the reason for none."""

    round: int
    opponent: Entrant | None
    opponent_number: int | None
    colour: str  # "w", "b" or ""
    mark: str  # 1 ½ 0 + − ; "" while the result is open or without a game
    reason: str  # bye, half_point_bye, excused ... ; "" for a game or no row at all


def _cell(t: Tournament, rnd: Round, player: PlayerId, number: dict[PlayerId, int]
          ) -> RoundCell:
    game = rnd.game_of(player)
    if game is not None:
        white = game.white == player
        opponent = game.opponent_of(player)
        mark = "" if game.result is None else OUTCOME_MARKS[game.result.outcome(white)]
        return RoundCell(rnd.number, t.entrant(opponent), number[opponent],
                         "w" if white else "b", mark, "")
    if rnd.bye == player:
        return RoundCell(rnd.number, None, None, "", "", "bye")
    reason = next((a.reason for a in rnd.absences if a.player == player), "")
    return RoundCell(rnd.number, None, None, "", "", reason)


@dataclass(frozen=True)
class PlayerRound:
    cell: RoundCell
    points: Fraction  # the player's points after this round
    rank: int | None


def player_rounds(
    t: Tournament,
    player: PlayerId,
    standings_after: Callable[[int], Standings] | None = None,
) -> tuple[list[PlayerRound], list[CurvePoint]]:
    """The player's rounds with points and rank after each, and the same as a chart curve.
    `standings_after(k)`: the standings after round k, when the caller keeps them for every
    player's page (each is a whole ranking)."""
    after = standings_after or partial(system_of(t).standings, t)
    number = {pid: i for i, pid in enumerate(numbers_of(t), 1)}
    rows, curve = [], []
    for rnd in t.rounds:
        line = after(rnd.number).line(player)
        rows.append(PlayerRound(_cell(t, rnd, player, number), line.total, line.rank))
        curve.append(CurvePoint(rnd.number, line.total, line.rank))
    return rows, curve


@dataclass(frozen=True)
class ByeView:
    round: int
    entrant: Entrant
    half: bool
    full: bool = False


def requested_byes(t: Tournament) -> list[ByeView]:
    """The byes asked for coming rounds, by round then name."""
    requests = system_of(t).bye_requests(t.settings)
    coming: list[ByeRequest] = [b for b in requests if b.round > len(t.rounds)]
    views = [ByeView(b.round, t.entrant(b.player), b.half, b.full) for b in coming]
    return sorted(views, key=lambda v: (v.round, name_key(v.entrant.name)))


def forbidden_pairs(t: Tournament) -> list[tuple[Entrant, Entrant]]:
    system = system_of(t)
    if not system.byes_in_advance:  # the Swiss's page of byes and pairs
        return []
    pairs = [sorted((t.entrant(p) for p in pair), key=lambda e: e.id) for pair in
             system.kept_apart(t.settings)]
    return sorted(((a, b) for a, b in pairs), key=lambda p: (p[0].id, p[1].id))


@dataclass(frozen=True)
class ScheduleRound:
    """A round of the Berger table: (white, black) as start number and player, and who rests."""

    number: int
    boards: tuple[tuple[tuple[int, Entrant | None], tuple[int, Entrant | None]], ...]
    rest: tuple[int, Entrant | None] | None


def round_robin_schedule(t: Tournament) -> list[ScheduleRound]:
    """The whole schedule, with names once the start numbers are given (round 1 paired)."""
    s = ROUND_ROBIN_SYSTEM.own(t.settings)
    if s is None:
        return []
    players = len(s.numbers) if s.numbers else len(t.entrants)
    if players < 2:
        return []
    schedule = berger_schedule(players, double=s.double, swap_last_two=s.swap_last_two)

    def who(number: int) -> tuple[int, Entrant | None]:
        return number, t.entrant(s.numbers[number - 1]) if s.numbers else None

    return [
        ScheduleRound(
            r.number,
            tuple((who(w), who(b)) for w, b in r.boards if schedule.bye_number not in (w, b)),
            None if r.bye is None else who(r.bye),
        )
        for r in schedule.rounds
    ]
