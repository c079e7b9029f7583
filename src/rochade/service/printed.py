"""The club's lists finished for the CLI and the pages' downloads: each list built once as a
neutral table (`rochade.formats.tables`) and handed back as the text the terminal prints, as
CSV or as a stand-alone HTML page (`PrintedList`), so that the callers print what they are
given."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rochade.core.fide import PlayerDetails
from rochade.core.model import PlayerId, Tournament
from rochade.core.rating_change import RatingChange
from rochade.core.standings import Standings
from rochade.formats.csv import DIALECTS, check_delimiter
from rochade.formats.tables import (
    Table,
    alphabetical_table,
    breakdown_table,
    category_table,
    crosstable_table,
    fide_list,
    notice_table,
    pairings_table,
    participants_table,
    prize_table,
    progress_table,
    rating_change_table,
    slips_table,
    slips_text,
    standings_table,
    start_rank_table,
    table_text,
    with_rating_change,
)
from rochade.formats.text import rating_change_json, standings_json
from rochade.service.categories import CategoryData, category_standings, prize_list
from rochade.service.lists import keizer_detail, tournament_history, tournament_standings
from rochade.service.reports import Letterhead, PairingList
from rochade.service.system_cases import numbers_of, system_of

if TYPE_CHECKING:  # the HTML writer is loaded when a page is written
    from rochade.formats.html import Language as Language

__all__ = ["DIALECTS", "LANGUAGES", "ROUND_LISTS", "CsvWriter", "PrintedList", "category_list",
           "check_delimiter", "list_of", "pairing_list", "prizes_list", "rating_change_text",
           "standings_json_text", "standings_list"]

CsvWriter = Callable[[Table], str]
"""How a list is written as CSV (`rochade.i18n.csv_text` in a dialect)."""

LANGUAGES = ("en", "de", "nl", "fr", "ar")
"""The languages a page can be written in (`rochade.i18n.LANGUAGES` names them)."""
# `DIALECTS` and `check_delimiter`: the CSV dialects a list is written in, and the check of a
# delimiter typed instead of the dialect's.


@dataclass(frozen=True)
class PrintedList:
    """One list of a tournament (`name`), finished as the TD asks for it."""

    table: Table
    name: str

    def text(self) -> str:
        """As the terminal prints it (result slips with a cut line under each)."""
        if self.table.kind == "slips":
            return slips_text(self.table, self.name)
        return table_text(self.table)

    def csv(self, write: CsvWriter) -> str:
        """As CSV, by `write` (`rochade.i18n.csv_text` in the chosen dialect)."""
        return write(self.table)

    def page(self, head: Letterhead, round_number: int, language: Language | None = None
             ) -> str:
        """As a stand-alone HTML page, with `head` and round `round_number`'s date at the
        top of every printed page, in `language` (None: English)."""
        from rochade.formats.html import ENGLISH, page

        return page(self.name, [self.table], inline_css=True, club=head.club,
                    date=head.date(round_number), language=language or ENGLISH)

    def rated(self, changes: Mapping[PlayerId, RatingChange] | None) -> PrintedList:
        """With each player's K, performance and rating change (`changes`; None: as it is)."""
        if changes is None:
            return self
        return dataclasses.replace(self, table=with_rating_change(self.table, changes))


ROUND_LISTS = {"pairings": pairings_table, "alphabetical": alphabetical_table,
               "notice": notice_table, "slips": slips_table}
"""The lists of one round: the pairings, "where do I play?", the notice board's large-type
pairings and the result slips."""


def list_of(
    t: Tournament,
    which: str,
    round_number: int | None = None,
    player: PlayerId | None = None,
    details: Mapping[PlayerId, PlayerDetails] | None = None,
    detail: bool = False,
) -> PrintedList:
    """One list of any system, after round `round_number` (default: all; a list of one round:
    that round, default the last, which must be paired); `player` is whose breakdown or card,
    `details` are the players' federations and clubs for the start-rank list, `detail` widens
    Keizer's progress chart."""
    return PrintedList(_table(t, which, round_number, player, details or {}, detail), t.name)


def _table(t: Tournament, which: str, round_number: int | None, player: PlayerId | None,
           details: Mapping[PlayerId, PlayerDetails], detail: bool) -> Table:
    if which in ROUND_LISTS:
        number = len(t.rounds) if round_number is None else round_number
        return ROUND_LISTS[which](t.rounds[number - 1], t)
    if which == "start-rank":
        return start_rank_table(t, numbers_of(t), details)
    if system_of(t).fide_tiebreaks:
        return fide_list(t, which, round_number, player)
    if which == "participants":
        return participants_table(t)
    upto = t if round_number is None else dataclasses.replace(t, rounds=t.rounds[:round_number])
    if which == "crosstable":
        return crosstable_table(upto)
    if which == "progress":
        return progress_table(tournament_history(upto), upto, detail)
    if which == "standings":
        return standings_table(tournament_standings(t, round_number), t.name)
    assert player is not None
    return breakdown_table(keizer_detail(t, round_number).row(player), t)


def standings_list(standings: Standings, name: str,
                   changes: Mapping[PlayerId, RatingChange] | None = None) -> PrintedList:
    """Standings of any system (a club's, or a TRF file's: `name` is the file's), each player
    with K, performance and rating change when `changes` are given."""
    return PrintedList(standings_table(standings, name), name).rated(changes)


def standings_json_text(standings: Standings,
                        changes: Mapping[PlayerId, RatingChange] | None = None) -> str:
    """Standings as JSON, each player with K, performance and rating change when `changes`
    are given."""
    rows = standings_json(standings)
    if changes is not None:
        rows = [row | rating_change_json(changes[line.entrant.id])
                for row, line in zip(rows, standings.lines, strict=True)]
    return json.dumps(rows, ensure_ascii=False, indent=2)


def pairing_list(listed: PairingList) -> PrintedList:
    """A round's pairing list, headed by the evening's date, each player with the points
    before the round."""
    return PrintedList(pairings_table(listed.round, listed.tournament, listed.date,
                                      listed.before), listed.tournament.name)


def category_list(data: CategoryData, after_round: int | None, category: str) -> PrintedList:
    """A category's standings after a round (default: all), with the players' places in it."""
    overall = tournament_standings(data.tournament, after_round)
    name = data.tournament.name
    return PrintedList(category_table(category_standings(data, overall, category), name), name)


def prizes_list(data: CategoryData, after_round: int | None = None) -> PrintedList:
    """Who takes each category's prizes after a round (default: all)."""
    overall = tournament_standings(data.tournament, after_round)
    name = data.tournament.name
    return PrintedList(prize_table(prize_list(data, overall), name), name)


def rating_change_text(change: RatingChange, t: Tournament) -> str:
    """A player's FIDE rating change game by game, with K and performance, as text."""
    return table_text(rating_change_table(change, t))
