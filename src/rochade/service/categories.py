"""A tournament's categories and prize list: defined per tournament, kept in its
`extras` row of kind `categories` (JSON: the categories as the TD writes them, and the
one-prize rule), so a change is undone like any other fact and backups carry it.

The lists are the overall standings list (any system) with only a category's players, a
place column in front; the prize list names who takes each prize (`core.categories.prizes`).
Ages count on the tournament's start date: the event's `start_date`, else the day round 1
was paired, else today.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass

from rochade.core import categories as core
from rochade.core.categories import Category, Placed
from rochade.core.fide import PlayerDetails
from rochade.core.model import ModelError, PlayerId, Tournament
from rochade.formats.tables import Cell, Column, Row, Table
from rochade.formats.text import said as _w
from rochade.service.errors import ServiceError

CATEGORIES = "categories"
"""The kind of the tournament's extras row holding its `CategorySetup`."""
KEYS = ("categories", "one_prize")
"""The keys `rochade tournament set` takes for them."""


@dataclass(frozen=True)
class CategorySetup:
    """The tournament's categories (in the order the TD wrote them, which orders prizes of
    equal amounts) and whether a player takes one prize at most."""

    categories: tuple[Category, ...] = ()
    one_prize: bool = False

    def text(self, key: str) -> str:
        """The value of `key` as the TD would type it."""
        if key == "one_prize":
            return "yes" if self.one_prize else "no"
        return core.text(self.categories)

    def changed(self, key: str, typed: str) -> CategorySetup:
        """This setup with `key` set to what the TD typed, checked."""
        if key == "categories":
            return dataclasses.replace(self, categories=core.parse(typed))
        answer = {"yes": True, "no": False, "true": True, "false": False, "": False}.get(
            typed.strip().lower())
        if answer is None:
            raise ServiceError("one_prize: write yes or no")
        return dataclasses.replace(self, one_prize=answer)

    def find(self, name: str) -> Category:
        """The category named `name` (any case), or a refusal naming the ones there are."""
        for category in self.categories:
            if category.name.casefold() == " ".join(name.split()).casefold():
                return category
        if not self.categories:
            raise ServiceError("this tournament has no categories; define them with "
                               "rochade tournament set CLUB categories=...")
        raise ServiceError("no category '{name}'; the categories are {names}", name=name,
                           names=", ".join(c.name for c in self.categories))


def setup_to_json(setup: CategorySetup) -> str:
    return json.dumps({"categories": setup.text("categories"), "one_prize": setup.one_prize},
                      ensure_ascii=False, sort_keys=True)


def setup_from_json(text: str | None) -> CategorySetup:
    """The stored setup, read again as the TD's text (a club file may be edited by hand)."""
    if text is None:
        return CategorySetup()
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("categories", ""), str):
        raise ModelError("the tournament's categories are damaged")
    return CategorySetup(core.parse(data.get("categories", "")), data.get("one_prize") is True)


@dataclass(frozen=True)
class CategoryData:
    """What the category lists of one tournament are made of, read at once."""

    tournament: Tournament
    setup: CategorySetup
    details: Mapping[PlayerId, PlayerDetails]
    day: str

    def members(self, category: Category) -> tuple[frozenset[PlayerId], tuple[PlayerId, ...]]:
        """Who is in the category, and who may be but lacks a birth date or sex."""
        return core.members(category, self.tournament.entrants, self.details, self.day)


def _number(value: object) -> Cell:
    """A rank or place cell, written in full (None: none)."""
    return Cell(value, str(value)) if isinstance(value, int) else Cell(None, "")


def _columns(overall: Table) -> tuple[int, int]:
    keys = [c.key for c in overall.columns]
    return keys.index("rank"), keys.index("name")


def _placed(overall: Table, inside: frozenset[PlayerId]) -> tuple[Placed, ...]:
    rank, name = _columns(overall)
    order = [(row.cells[rank].value, row.cells[name].player) for row in overall.rows]
    return core.standings(
        [(r, p) for r, p in order if isinstance(r, int) and p is not None], inside)


def category_list(data: CategoryData, overall: Table, name: str) -> Table:
    """The category's standings: the overall list's rows of its players, in the same order,
    its place first (none for a withdrawn Keizer player, who has no rank); under it the
    conditions and who could not be placed (no birth date, no sex)."""
    category = data.setup.find(name)
    inside, unknown = data.members(category)
    place = {p.player: p.place for p in _placed(overall, inside)}
    rank, at = _columns(overall)
    rows = []
    for row in overall.rows:
        player = row.cells[at].player
        if player in inside:
            cells = list(row.cells)  # a tied rank written once overall is written each time
            cells[rank] = _number(row.cells[rank].value)
            rows.append(dataclasses.replace(row, cells=(_number(place.get(player)), *cells)))
    notes = [_w("category_conditions", conditions=category.text())]
    if unknown:
        names = ", ".join(data.tournament.entrant(p).name for p in unknown)
        notes.append(_w("category_unknown", names=names))
    title = _w("category_title", standings=overall.title, category=category.name)
    columns = (Column("category-place", _w("category_place"), True), *overall.columns)
    return Table("standings", title, columns, tuple(rows), (*notes, *overall.notes))


def places_of(data: CategoryData, overall: Table, player: PlayerId
              ) -> tuple[tuple[int, Category, int | None], ...]:
    """The categories `player` is in, each with its number (from 1, in the TD's order) and
    the player's place there (None: withdrawn from a Keizer season, no rank)."""
    out = []
    for number, category in enumerate(data.setup.categories, start=1):
        inside = data.members(category)[0]
        if player in inside:
            place = {p.player: p.place for p in _placed(overall, inside)}.get(player)
            out.append((number, category, place))
    return tuple(out)


def prize_list(data: CategoryData, overall: Table) -> Table:
    """Every category's prizes and who takes them, by category and place, with the rule."""
    cats = data.setup.categories
    placed = [_placed(overall, data.members(c)[0]) for c in cats]
    withdrawn = {e.id for e in data.tournament.entrants if e.withdrawn}
    won = core.prizes(cats, placed, withdrawn, data.setup.one_prize)
    rank, at = _columns(overall)
    ranks = {row.cells[at].player: row.cells[rank].value for row in overall.rows}
    rows = []
    for prize in won:
        if prize.player is None:
            who = Cell(None, "-")
        else:
            name = data.tournament.entrant(prize.player).name
            who = Cell(name, name, "name", prize.player)
        rows.append(Row((Cell(prize.category.name, prize.category.name), _number(prize.place),
                         _number(prize.amount), who, _number(ranks.get(prize.player)))))
    columns = (Column("category", _w("category")),
               Column("place", _w("place"), True),
               Column("prize", _w("prize"), True),
               Column("name", _w("name")),
               Column("overall", _w("overall_rank"), True))
    rule = "prizes_one" if data.setup.one_prize else "prizes_each"
    title = _w("prizes_title", name=data.tournament.name)
    return Table("prizes", title, columns, tuple(rows), (_w(rule),))


__all__ = ["CATEGORIES", "KEYS", "CategoryData", "CategorySetup", "category_list",
           "places_of", "prize_list", "setup_from_json", "setup_to_json"]
