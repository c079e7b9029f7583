"""The lists the web app's pages show, finished for the templates: the exports' tables
(`rochade.service.printed`) worded in the visitor's language (`PageWords`, from
`rochade.i18n.page_words`) and written as the pages' HTML (`rochade.formats.page_tables`)."""

from __future__ import annotations

from collections.abc import Mapping

from rochade.core.model import PlayerId, Tournament
from rochade.core.rating_change import RatingChange
from rochade.core.standings import Standings
from rochade.formats.page_tables import (
    PageWords,
    WebTable,
    numeric_class,
    standings_web_table,
    web_table,
)
from rochade.formats.tables import crosstable_table, rounds_table
from rochade.formats.text import PRINT_ROUNDS
from rochade.service.categories import CategoryData
from rochade.service.lists import tournament_standings
from rochade.service.printed import category_list, prizes_list, standings_list
from rochade.service.system_cases import system_of

__all__ = ["PRINT_ROUNDS", "category_page", "crosstable_page", "prizes_page", "standings_page"]
# `PRINT_ROUNDS`: the rounds of one printed part of the progress chart, as the exports cut it.


def standings_page(t: Tournament, after: int | None, fide: Standings | None,
                   changes: Mapping[PlayerId, RatingChange] | None, words: PageWords,
                   link: str) -> WebTable:
    """The standings of any system after a round (None: all) as the exports have them
    (`fide`: a round robin's or Swiss's, which the pages keep), with the performance and
    rating change when any player has one; a name links to `link` + the player's id."""
    standings = tournament_standings(t, after) if fide is None else fide
    return standings_web_table(standings_list(standings, t.name, changes or None).table,
                               words, link)


def category_page(data: CategoryData, after: int | None, category: str, words: PageWords,
                  link: str) -> WebTable:
    """A category's standings after a round (None: all)."""
    return web_table(category_list(data, after, category).table, words, link, numeric_class)


def prizes_page(data: CategoryData, words: PageWords, link: str) -> WebTable:
    """Who takes each category's prizes."""
    return web_table(prizes_list(data).table, words, link, numeric_class)


def crosstable_page(t: Tournament, standings: Standings, words: PageWords, link: str
                    ) -> WebTable:
    """A round robin's n×n crosstable, or a Swiss's table by rank with each round's game,
    from the standings the page keeps."""
    table = (crosstable_table(t, standings) if system_of(t).fixed_schedule
             else rounds_table(standings, t))
    return web_table(table, words, link)
