"""A tournament's categories and prize list: defined per tournament, kept in its
`extras` row of kind `categories` (JSON: the categories as the TD writes them, and the
one-prize rule), so a change is undone like any other fact and backups carry it.

A category's standings are the overall standings (any system) with only its players, each
with a place in the category; the prize list names who takes each prize
(`core.categories.prizes`). Both are values; the lists print them (`rochade.formats.tables`).
Ages count on the tournament's start date: the event's `start_date`, else the day round 1
was paired, else today.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass

from rochade.core import categories as core
from rochade.core.categories import Category, CategoryStandings, PrizeList
from rochade.core.fide import PlayerDetails
from rochade.core.model import ModelError, PlayerId, Tournament
from rochade.core.standings import Standings
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


def category_standings(data: CategoryData, overall: Standings, name: str) -> CategoryStandings:
    """The standings of the category called `name` (refused unless there is one), from the
    overall standings of any system."""
    category = data.setup.find(name)
    inside, unknown = data.members(category)
    place = {p.player: p.place for p in core.placed(overall, inside)}
    lines = tuple((place.get(line.entrant.id), line) for line in overall.lines
                  if line.entrant.id in inside)
    return CategoryStandings(category, overall, lines,
                             tuple(data.tournament.entrant(p) for p in unknown))


def places_of(data: CategoryData, overall: Standings, player: PlayerId
              ) -> tuple[tuple[int, Category, int | None], ...]:
    """The categories `player` is in, each with its number (from 1, in the TD's order) and
    the player's place there (None: withdrawn from a Keizer season, no rank)."""
    out = []
    for number, category in enumerate(data.setup.categories, start=1):
        inside = data.members(category)[0]
        if player in inside:
            place = {p.player: p.place for p in core.placed(overall, inside)}.get(player)
            out.append((number, category, place))
    return tuple(out)


def prize_list(data: CategoryData, overall: Standings) -> PrizeList:
    """Every category's prizes and who takes them, by category and place."""
    cats = data.setup.categories
    placed = [core.placed(overall, data.members(c)[0]) for c in cats]
    withdrawn = {e.id for e in data.tournament.entrants if e.withdrawn}
    won = core.prizes(cats, placed, withdrawn, data.setup.one_prize)
    return PrizeList(won, overall, data.setup.one_prize)


__all__ = ["CATEGORIES", "KEYS", "CategoryData", "CategorySetup", "category_standings",
           "places_of", "prize_list", "setup_from_json", "setup_to_json"]
