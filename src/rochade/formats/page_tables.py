"""The exports' lists (`rochade.formats.tables`) as the web app's pages show them: column
titles and numbers in the visitor's language (`PageWords`, which `rochade.i18n.page_words`
gives), classes for the page's stylesheet, name cells that link, each row's cells written
as HTML beforehand (`WebTable`, which the templates render)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from markupsafe import Markup, escape

from rochade.formats.tables import Cell, Column, Row, Table, column_fractions


@dataclass(frozen=True)
class PageWords:
    """How a page words a table: a column's `title`, the writer of a column's `numbers` (one
    format for all of them, see `rochade.i18n.table_numbers`), and what marks a withdrawn
    player without a rank (`marked`; "": nothing)."""

    title: Callable[[Column], str]
    numbers: Callable[[Column, list[Fraction]], Callable[[Fraction], str]]
    marked: str = ""


@dataclass(frozen=True)
class WebTable:
    """A table as the page shows it: translated column titles, numbers per locale, name
    cells that link."""

    columns: tuple[tuple[str, str], ...]  # (title, CSS classes)
    rows: tuple[tuple[str, Markup], ...]  # (row class, the row's cells as HTML)
    kind: str = ""  # the list's (standings, category, prizes ...)


def grid_class(column: Column) -> str:
    """A crosstable's column classes: a round's or an opponent's cells as grid cells, the
    rank and the points strong."""
    grid = column.key.startswith(("p", "round-")) and column.key[-1].isdigit()
    return " ".join(c for c in ("num" if column.numeric and not grid else "",
                                "cell" if grid else "",
                                "strong" if column.key in ("points", "rank") else "") if c)


def numeric_class(column: Column) -> str:
    """A list's column classes: numbers aligned as numbers."""
    return "num" if column.numeric else ""


def web_table(table: Table, words: PageWords, link: str,
              css: Callable[[Column], str] = grid_class) -> WebTable:
    """The exports' table for a page, worded by `words`: a name cell links to `link` + the
    player's id, `css` gives a column's classes. A withdrawn row without a rank (Keizer's)
    shows "–" as its rank and in its strong columns and `words.marked` after its name. The
    cells are written here, not by a template loop: a 300-player Swiss has thousands, and the
    loop cost more than the table."""
    marked = words.marked
    classes = [css(c) for c in table.columns]
    numbers = [words.numbers(c, column_fractions(table.rows, i))
               for i, c in enumerate(table.columns)]
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
    heads = tuple((words.title(c), "name" if c.key == "name" else cls)  # the name cells' too
                  for c, cls in zip(table.columns, classes, strict=True))
    return WebTable(heads, tuple(rows), table.kind)


STANDINGS_ORDER = ("rank", "no", "name", "score", "value", "games", "points")
"""The standings pages' first columns: a Keizer total, the value and the games before the
game points; the tie-breaks, performance and rating change after them."""
LEFT_OUT = ("rating", "k")
"""The exports' standings columns the pages leave out (the player page has them)."""


def standings_web_table(table: Table, words: PageWords, link: str) -> WebTable:
    """The exports' standings (`rochade.formats.tables.standings_table`, with the rating
    changes when it has them) as the standings pages show them: the ranking total strong,
    the columns a phone can do without (start number, value, games) wide."""
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
        return numeric_class(column)

    return web_table(table, words, link, css)
