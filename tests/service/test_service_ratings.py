"""Rating-list updates through the service: one backed-up, undoable action; tournaments under
way keep the ratings they were paired with; nothing is written from a list that changed
under it or could not be read."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rochade.core.fide import PlayerDetails
from rochade.formats.json import FormatError
from rochade.formats.players import RatedPlayer, parse_rating_csv
from rochade.service import ClubService, ServiceError
from rochade.service.lists import keizer_detail
from rochade.store import Club
from rochade.store import backup as backups


def national(name: str, rating: int, fide_id: int | None = None) -> RatedPlayer:
    """An entry of a national list (its system not said), as the members' ratings are."""
    return RatedPlayer(name, None, fide_id, details=PlayerDetails().rated(rating, ""))


LIST = [
    national("Berg, Anna", 2100, 4100018),
    national("O'Neill, Bo", 1900),  # unchanged
    national("Öztürk, Cém", 1650),
    national("Nobody, Fred", 2400),  # not a member
]


def members(club: ClubService) -> dict[str, tuple[int | None, int | None]]:
    """Each member's national rating and FIDE id."""
    with Club.open(club.path) as opened:
        details = opened.details_of_members()
        return {m.name: (details[m.id].national, m.fide_id) for m in opened.members()}


def snapshot(club: ClubService) -> object:
    with Club.open(club.path) as opened:
        return opened.snapshot()


def test_preview_writes_nothing(six: ClubService) -> None:
    before = snapshot(six)
    report = six.update_ratings(LIST)
    assert not report.applied
    assert [(u.player.name, u.details.national, u.fide_id) for u in report.match.updates] == [
        ("Anna Berg", 2100, 4100018), ("Cém Öztürk", 1650, None)]
    assert [(e.name, e.enrolment.tournament, e.new) for e in report.entrants] == [
        ("Anna Berg", "Winter", 2100), ("Cém Öztürk", "Winter", 1650)]
    assert snapshot(six) == before


def test_apply_is_one_undoable_action_after_a_backup(six: ClubService) -> None:
    before = snapshot(six)
    report = six.update_ratings(LIST, apply=True)
    assert report.applied
    assert members(six)["Anna Berg"] == (2100, 4100018)
    assert members(six)["Bo O'Neill"] == (1900, None)
    assert [e.rating for e in six.tournament("Winter").entrants][:3] == [2100, 1900, 1650]
    assert six.log()[-1].description == "update ratings of 2 player(s): Anna Berg, Cém Öztürk"
    assert [b.before for b in backups.list_backups(six.path)][-1:] == ["ratings"]
    six.undo()
    assert snapshot(six) == before


def _play_round(club: ClubService, name: str) -> None:
    report = club.pair(name)
    for game in report.round.games:
        club.enter_result(report.round.number, game.board, "1-0", name)


def test_tournaments_under_way_keep_their_ratings(six: ClubService) -> None:
    """A Keizer season and a Swiss under way: their standings (start order, Keizer values,
    pairing numbers) do not move; a tournament not started takes the new ratings."""
    _play_round(six, "Winter")
    six.create_system_tournament("Open", "swiss", {"rounds": 3})
    six.create_system_tournament("Later", "round-robin", {})
    for who in ("Anna Berg", "Cém Öztürk", "Bo O'Neill", "Emil 🐴"):
        six.add_player(who, tournament="Open")
        six.add_player(who, tournament="Later")
    _play_round(six, "Open")
    def keizer() -> list[object]:
        rows = keizer_detail(six.tournament("Winter")).rows
        return [(r.entrant.id, r.entrant.rating, r.rank, r.total, r.breakdown) for r in rows]

    def swiss() -> list[object]:
        lines = six.standings("Open").lines
        return [(x.entrant.id, x.entrant.rating, x.number, x.rank, x.scores) for x in lines]

    before = keizer(), swiss()
    report = six.update_ratings(LIST, apply=True)
    assert (keizer(), swiss()) == before  # only Anna's new FIDE id shows there
    assert {e.enrolment.tournament for e in report.kept} == {"Winter", "Open"}
    assert [(e.name, e.new) for e in report.entrants] == [("Anna Berg", 2100), ("Cém Öztürk", 1650)]
    later = {e.name: e.rating for e in six.tournament("Later").entrants}
    assert later["Anna Berg"] == 2100 and later["Cém Öztürk"] == 1650


def test_one_tournament_only(six: ClubService) -> None:
    six.create_tournament("Spring", "classic")
    six.add_player("Nina New", 1500, tournament="Spring")
    listed = [*LIST, national("New, Nina", 1550)]
    report = six.update_ratings(listed, tournament="Spring")
    assert [u.player.name for u in report.match.updates] == ["Nina New"]
    before = members(six)
    assert six.update_ratings(listed, tournament="Spring", apply=True).applied
    assert members(six) == {**before, "Nina New": (1550, None)}


def test_a_list_that_cannot_be_read_changes_nothing(six: ClubService) -> None:
    before = snapshot(six)
    text = "Name,Elo\nAnna Berg,2100\nBo O'Neill,19o0\n"
    with pytest.raises(FormatError, match="line 3: the rating '19o0' is not a whole number"):
        six.update_ratings(parse_rating_csv(text), apply=True)
    assert snapshot(six) == before
    assert backups.list_backups(six.path) == [b for b in backups.list_backups(six.path)
                                              if b.before != "ratings"]


def test_a_club_file_changed_while_the_list_was_read(six: ClubService) -> None:
    """The list is read without holding the club file; a member added meanwhile (by the web
    app, say) makes the update refuse rather than write a plan made on old facts."""
    def listing() -> Iterator[RatedPlayer]:
        yield LIST[0]
        ClubService(six.path, "web").add_player("Late Comer", 1400)
        yield from LIST[1:]

    before = members(six)
    with pytest.raises(ServiceError, match="changed while the list was read"):
        six.update_ratings(listing(), apply=True)
    assert members(six) == {**before, "Late Comer": (1400, None)}



def test_a_fide_list_after_a_dwz_list_leaves_the_dwz(six: ClubService) -> None:
    """Each list fills its own rating; the tournament pairs by FIDE, else national."""
    dwz = RatedPlayer("Berg, Anna", None, details=PlayerDetails().rated(1999, "DWZ"))
    six.update_ratings([dwz], apply=True)
    six.update_ratings([RatedPlayer("Berg, Anna", 2101, 4100018)], apply=True)
    with Club.open(six.path) as opened:
        anna = next(m for m in opened.members() if m.name == "Anna Berg")
        assert (anna.rating, opened.details_of_member(anna.id).national_text) == (
            2101, "DWZ:1999")
    entrant = six.tournament("Winter").entrants[0]
    assert (entrant.rating, entrant.fide_rating) == (2101, 2101)
    assert not six.update_ratings([dwz]).match.updates


def test_another_birth_year_or_sex_is_never_an_update(six: ClubService) -> None:
    six.set_player("Anna Berg", {"birth": "1990", "sex": "w"}, "Winter")
    listed = [RatedPlayer("Berg, Anna", 2222, details=PlayerDetails(birth="1991")),
              RatedPlayer("Öztürk, Cém", 1700, details=PlayerDetails(sex="w", birth="1990"))]
    report = six.update_ratings(listed)
    assert [(u.player.name, u.differences) for u in report.match.refused] == [
        ("Anna Berg", (("birth", "1990", "1991"),))]
    assert [u.player.name for u in report.match.updates] == ["Cém Öztürk"]
