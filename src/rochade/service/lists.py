"""Standings and the data the lists are made of: standings after a round (Keizer values, or a
round robin's or Swiss's with tie-breaks), the progress, rating changes, categories, the
event's data and the letterhead. Nothing here changes the club file.

`standings_list` returns a presentation `Table` (`rochade.formats.tables`), the one list every
output prints; the lists of categories are made of it (`rochade.service.categories`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rochade.core import fide
from rochade.core.fide import EventData
from rochade.core.keizer.scoring import Standings, compute_standings, standings_history
from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import PlayerId, Tournament
from rochade.core.rating_change import RatingChange, is_fast, rating_changes
from rochade.core.standings import SystemStandings, counted_crosstable, system_standings
from rochade.core.systems import system_of
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.formats.tables import Table, fide_standings_table, standings_table
from rochade.service import systems
from rochade.service.categories import CATEGORIES, CategoryData, setup_from_json
from rochade.service.clubfile import UseCases
from rochade.service.errors import ServiceError
from rochade.service.file_settings import CLUB_NAME
from rochade.service.rated import EVENT, event_from_json, event_year
from rochade.service.reports import Letterhead, StandingChange
from rochade.store import Club


class ListsDesk(UseCases):
    """What the standings and lists of a tournament are made of."""

    def standings(self, tournament: str | None = None, after_round: int | None = None) -> Standings:
        t = self.tournament(tournament)
        return tournament_standings(t, after_round)

    def system_standings(
        self, tournament: str | None = None, after_round: int | None = None
    ) -> SystemStandings:
        """Round-robin or Swiss standings with the tournament's tie-breaks."""
        return standings_with_tiebreaks(self.tournament(tournament), after_round)

    def history(self, tournament: str | None = None) -> list[Standings]:
        """Standings after each round (for progress tables)."""
        return tournament_history(self.tournament(tournament))

    def event_data(self, tournament: str | None = None) -> EventData:
        """The tournament's data for rating reports (city, dates, arbiters ...)."""
        with self.file.reading() as club:
            record = self.file.record(club, tournament)
            return event_from_json(club.extras(record.id).get(EVENT))

    def letterhead(self, tournament: str | None = None) -> Letterhead:
        """The club and the rounds' dates, for the top of a printed list's every page."""
        with self.file.reading() as club:
            record = self.file.record(club, tournament)
            organizer = event_from_json(club.extras(record.id).get(EVENT)).organizer
            club_name = organizer or club.setting(CLUB_NAME) or self.path.stem
            return Letterhead(club_name, club.round_dates(record.id))

    def categories(self, tournament: str | None = None) -> CategoryData:
        """The tournament, its categories, its players' details and its start date, read at
        once (`category_data`)."""
        return category_data(self.rating_data(tournament),
                             lambda: self.clock().date().isoformat())

    def rating_data(self, tournament: str | None = None) -> RatingData:
        """What a rating report is made of, read at once."""
        with self.file.reading() as club:
            record, t = self.file.load(club, tournament)
            extras = club.extras(record.id)
            paired_on = club.round_dates(record.id)
            event = event_from_json(extras.get(EVENT)).dated(paired_on)
            return RatingData(t, extras, event, club.member_details(record.id), paired_on)

    def rating_changes(self, tournament: str | None = None, after_round: int | None = None
                       ) -> dict[PlayerId, RatingChange]:
        """Each player's FIDE rating change and performance after a round (None: the last)."""
        return rating_changes_of(self.rating_data(tournament), after_round)


def tournament_standings(t: Tournament, after_round: int | None = None) -> Standings:
    """Standings of a tournament (from a club file or a JSON file) after a round."""
    _check_round(t, after_round)
    return compute_standings(t, keizer_settings(t), after_round)


def _check_round(t: Tournament, after_round: int | None) -> None:
    """Refuse a round the tournament does not have (None: the last)."""
    if after_round is not None and not 0 <= after_round <= len(t.rounds):
        raise ServiceError(
            "there is no round {number} (the tournament has {count})",
            number=after_round,
            count=len(t.rounds),
        )


def standings_with_tiebreaks(t: Tournament, after_round: int | None = None) -> SystemStandings:
    """Standings of a round robin or Swiss (from a club file or a JSON file) after a round."""
    _check_round(t, after_round)
    if not system_of(t).fide_tiebreaks:
        raise ServiceError(
            "{name} is a Keizer tournament; its standings are Keizer values", name=t.name
        )
    return system_standings(t, after_round)


def category_data(data: RatingData, today: Callable[[], str]) -> CategoryData:
    """What the category lists are made of, from the tournament's rating data (the web's
    pages of one version read that once for both): its categories, its players' details and
    its start date (the event's start date, else the day round 1 was paired, else `today()`)."""
    return CategoryData(data.tournament, setup_from_json(data.extras.get(CATEGORIES)),
                        data.details, _first_day(data.event.start_date, data.paired_on)
                        or today())


def rating_changes_of(data: RatingData, after_round: int | None = None
                      ) -> dict[PlayerId, RatingChange]:
    """Each player's FIDE rating change and performance after a round (None: the last), K
    from the member's data and the event's year (`rochade.core.rating_change`)."""
    _check_round(data.tournament, after_round)
    return rating_changes(data.tournament, data.details, event_year(data.event),
                          after_round, is_fast(data.event.time_control_code))


def standings_list(t: Tournament, after_round: int | None = None) -> Table:
    """The overall standings of any system as a list (a category's list keeps its rows)."""
    if not system_of(t).fide_tiebreaks:
        return standings_table(tournament_standings(t, after_round), t)
    return fide_standings_table(standings_with_tiebreaks(t, after_round), t.name)


def points_before(t: Tournament, round_number: int) -> dict[PlayerId, Fraction]:
    """Each player's points before round `round_number`, as the pairing lists print them beside
    the names: the Keizer total, or a Swiss's or round robin's game points."""
    if not system_of(t).fide_tiebreaks:
        standings = tournament_standings(t, round_number - 1)
        return {row.entrant.id: row.total for row in standings.rows}
    table, numbers = counted_crosstable(t, round_number - 1)  # the points only: no tie-breaks
    return {numbers[n - 1]: score for n, score in table.score.items()}


def tournament_history(t: Tournament) -> list[Standings]:
    """Standings after each round, without breakdowns (for the progress table)."""
    return standings_history(t, keizer_settings(t), with_breakdown=False)


def ages_on(club: Club, tournament_id: int, extras: Mapping[str, str]) -> str:
    """The day the categories' ages count on: the event's start date, else the day round 1
    was paired ("": neither known, today's then)."""
    return _first_day(event_from_json(extras.get(EVENT)).start_date,
                      club.round_dates(tournament_id))


def _first_day(start_date: str, paired_on: Sequence[str | None]) -> str:
    """The event's start date, else the day round 1 was paired ("": neither known)."""
    return start_date or next(iter(paired_on), None) or ""


def keizer_settings(t: Tournament) -> KeizerSettings:
    """A Keizer tournament's settings; any other tournament is refused (`keizer_of`)."""
    return keizer_of(t.settings, t.name)


def keizer_of(settings: object, name: str) -> KeizerSettings:
    """Keizer settings, for the use cases only Keizer has (presets, start orders)."""
    keizer = KEIZER_SYSTEM.own(settings)
    if keizer is None:
        raise ServiceError("{name} is not a Keizer tournament", name=name)
    return keizer


def standing_changes(before: Tournament, after: Tournament) -> tuple[StandingChange, ...]:
    """Who moved in the standings, and how, from `before` to `after` (a result corrected,
    rules changed)."""
    if system_of(before).fide_tiebreaks:
        old_ranks, new_ranks = systems.ranking(before), systems.ranking(after)
        return tuple(
            StandingChange(before.entrant(p), old_ranks[p][0], new_ranks[p][0],
                           old_ranks[p][1], new_ranks[p][1])
            for p in new_ranks
            if new_ranks[p] != old_ranks[p]
        )
    old = compute_standings(before, keizer_settings(before))
    new = compute_standings(after, keizer_settings(after))
    changes = []
    for row in new.rows:
        was = old.row(row.entrant.id)
        if (was.rank, was.total) != (row.rank, row.total):
            changes.append(StandingChange(row.entrant, was.rank, row.rank, was.total, row.total))
    return tuple(changes)


@dataclass(frozen=True)
class RatingData:
    """A tournament, what its imported file said (kind -> JSON), its event data and its
    players' data (by entrant id)."""

    tournament: Tournament
    extras: Mapping[str, str]
    event: EventData
    details: Mapping[PlayerId, fide.PlayerDetails]
    paired_on: tuple[str | None, ...] = ()  # the day each round was paired (None: unknown)
