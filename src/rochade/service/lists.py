"""Standings and the data the lists are made of: standings after a round (any system's, as
`rochade.core.standings.Standings`; Keizer's breakdown and progress besides), rating changes,
categories, the event's data and the letterhead. Nothing here changes the club file; the
lists are printed from these values by `rochade.formats.tables`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rochade.core import fide
from rochade.core.fide import EventData

# The values the lists are made of, which the CLI and the pages read: any system's standings,
# Keizer's with each player's breakdown, a player's rating change.
from rochade.core.keizer.scoring import KeizerStandings as KeizerStandings
from rochade.core.keizer.scoring import compute_standings, standings_history
from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import PlayerId, Tournament
from rochade.core.rating_change import RatingChange as RatingChange
from rochade.core.rating_change import is_fast, rating_changes
from rochade.core.standings import Standings as Standings
from rochade.core.systems import system_of
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.core.tiebreaks import TieBreak
from rochade.formats.text import rank_labels
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
        """The standings of any system after a round (default: all)."""
        return tournament_standings(self.tournament(tournament), after_round)

    def keizer_detail(self, tournament: str | None = None) -> KeizerStandings:
        """A Keizer tournament's standings with each player's breakdown."""
        return keizer_detail(self.tournament(tournament))

    def history(self, tournament: str | None = None) -> list[KeizerStandings]:
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


def tournament_standings(t: Tournament, after_round: int | None = None,
                         tiebreaks: Sequence[TieBreak] | None = None) -> Standings:
    """Standings of a tournament of any system (from a club file or a JSON file) after a
    round; `tiebreaks` instead of a round robin's or Swiss's own, or as columns beside
    Keizer's game points."""
    _check_round(t, after_round)
    return system_of(t).standings(t, after_round, tiebreaks)


def keizer_detail(t: Tournament, after_round: int | None = None) -> KeizerStandings:
    """A Keizer tournament's standings after a round with each player's breakdown (how the
    total was computed), which only Keizer has."""
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


def file_rating_changes(t: Tournament, after_round: int | None = None
                        ) -> dict[PlayerId, RatingChange]:
    """Each player's FIDE rating change and performance in a tournament file after a round
    (None: the last): from the games alone, a file keeps no members' data."""
    return rating_changes(t, after_round=after_round)


def points_before(t: Tournament, round_number: int) -> dict[PlayerId, Fraction]:
    """Each player's points before round `round_number`, as the pairing lists print them beside
    the names: the Keizer total, or a Swiss's or round robin's game points."""
    system = system_of(t)
    if not system.fide_tiebreaks:
        standings = tournament_standings(t, round_number - 1)
        return {line.entrant.id: line.total for line in standings.lines}
    table, numbers = system.counted_crosstable(t, round_number - 1)  # no tie-breaks needed
    return {numbers[n - 1]: score for n, score in table.score.items()}


def paired_ranks(t: Tournament, after: Mapping[int, KeizerStandings]
                 ) -> dict[int, dict[PlayerId, str]]:
    """Each round's players by their rank when it was paired (`after`: the standings after
    each round), as the progress chart labels the opponents."""
    return {r.number: rank_labels(r.number, after, t) for r in t.rounds}


def tournament_history(t: Tournament) -> list[KeizerStandings]:
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
    old, new = system_of(before).standings(before), system_of(after).standings(after)
    changes = []
    for line in new.lines:
        was = old.line(line.entrant.id)
        if (was.rank, was.total) != (line.rank, line.total):
            changes.append(StandingChange(line.entrant, was.rank, line.rank, was.total,
                                          line.total))
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
