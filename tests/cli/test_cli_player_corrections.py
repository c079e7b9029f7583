"""Issue 11.6: `rochade player rename` and `rochade player delete`: a typo corrected, a player
entered by mistake removed (only without games), both logged and undoable."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from rochade.core.keizer.settings import KeizerSettings
from rochade.service import ClubService
from rochade.store import Club

Run = Callable[..., Result]


def names(club: Path, tournament: str | None = None) -> list[str]:
    return [e.name for e in ClubService(club).tournament(tournament).entrants]


def members(club: Path) -> list[str]:
    with Club.open(club) as c:
        return [m.name for m in c.members()]


def test_rename_corrects_a_typo_everywhere_and_undo_takes_it_back(run: Run, club: Path) -> None:
    run("tournament", "create", club, "Rapid")
    run("player", "add", club, "Bert", "-t", "Rapid")
    said = run("player", "rename", club, "Bert", " Berthold ", "-t", "Winter").stdout
    assert said == "Bert (2) is now called Berthold.\n"
    assert names(club, "Winter")[1] == "Berthold" and names(club, "Rapid") == ["Berthold"]
    logged = re.search(r"^#(\d+) .*  Winter: rename Bert \(2\) to Berthold$",
                       run("log", club).stdout, re.M)
    assert logged is not None
    assert f"Undone #{logged[1]}: Winter: rename Bert (2) to Berthold" in run("undo", club).stdout
    assert names(club, "Winter")[1] == "Bert" and names(club, "Rapid") == ["Bert"]


def test_rename_refuses_names_that_cannot_be_told_apart(run: Run, club: Path) -> None:
    before = members(club)
    for new, words in [
        ("Anna", "a player named Anna already"),
        ("Bert", "has this name already"),
        ("", "needs a name"),
        ("\u200b\u200f", "needs a visible character"),
    ]:
        refused = run("player", "rename", club, "2", new, ok=False)
        assert refused.exit_code == 2 and words in refused.output, refused.output
    refused = run("player", "rename", club, "Zora", "Zoe", ok=False)
    assert refused.exit_code == 2 and "no player named 'Zora'" in refused.output
    assert members(club) == before


def test_delete_a_player_without_games(run: Run, club: Path) -> None:
    """A late entry entered twice: the late-start rows, the forbidden pair and the member go,
    and one undo brings them all back."""
    run("pair", club)
    for board in range(1, 5):
        run("result", club, 1, board, "1-0")
    run("player", "add", club, "Ida")
    run("player", "forbid", club, "Ida", "Anna")
    before = ClubService(club).tournament()
    assert run("player", "delete", club, "Ida").stdout == "Ida (9) is deleted.\n"
    after = ClubService(club).tournament()
    assert [e.name for e in after.entrants] == [e.name for e in before.entrants][:-1]
    assert all(9 not in r.row_players() for r in after.rounds)
    assert isinstance(after.settings, KeizerSettings) and not after.settings.forbidden_pairs
    assert "Ida" not in members(club)
    assert "Winter: delete player Ida (9)" in run("log", club).stdout
    run("undo", club)
    assert ClubService(club).tournament() == before and "Ida" in members(club)
    run("pair", club)  # the file is whole: the next round pairs with Ida back in it


def test_delete_refuses_a_player_with_games_and_names_them(run: Run, club: Path) -> None:
    run("player", "status", club, "Hans", "excused")
    run("pair", club)
    before = ClubService(club).tournament()
    refused = run("player", "delete", club, "Anna", ok=False)
    assert refused.exit_code == 2
    assert refused.output.startswith("Error: Anna (1) cannot be deleted: round 1 against ")
    assert "withdraw them instead" in refused.output
    run("player", "delete", club, "Hans")  # an absence row is no game
    assert ClubService(club).tournament().entrants == before.entrants[:-1]


def test_a_member_who_plays_elsewhere_stays_a_member(run: Run, club: Path) -> None:
    run("tournament", "create", club, "Rapid")
    run("player", "add", club, "Anna", "-t", "Rapid")
    run("player", "delete", club, "Anna", "-t", "Rapid")
    assert names(club, "Rapid") == [] and names(club, "Winter")[0] == "Anna"
    run("player", "delete", club, "Anna", "-t", "Winter")
    assert "Anna" not in members(club)


def test_a_swiss_players_requested_byes_go_with_them(run: Run, tmp_path: Path) -> None:
    club = tmp_path / "club.rochade"
    run("init", club)
    run("tournament", "create", club, "Open", "--system", "swiss", "--rounds", 5)
    for name in ("Anna", "Bert", "Carla", "Dirk"):
        run("player", "add", club, name)
    run("player", "bye", club, "Dirk", 3)
    run("player", "forbid", club, "Dirk", "Anna")
    run("player", "delete", club, "Dirk")
    settings = ClubService(club).tournament().settings
    assert not settings.bye_requests and not settings.forbidden_pairs  # type: ignore[attr-defined]


def test_player_set_keeps_the_data_of_a_rated_event_and_undo_takes_it_back(
    run: Run, club: Path
) -> None:
    said = run("player", "set", club, "Bert", "title=fm", "sex=M", "federation=ger",
               "birth=1990/05/17", "fide_id=4612345", "club=SC Nord", "national_id=pkz:1023",
               "rating=1999").stdout
    assert said == ("Bert (2): title=FM, sex=m, federation=GER, birth=1990-05-17, "
                    "fide_id=4612345, club=SC Nord, national_id=PKZ:1023, rating=1999\n")
    with Club.open(club) as c:
        details = c.member_details(c.tournaments()[0].id)[2]
    assert (details.title, details.federation, details.national_kind) == ("FM", "GER", "PKZ")
    entrant = ClubService(club).tournament().entrant(2)
    assert (entrant.rating, entrant.fide_id) == (1999, 4612345)
    assert "Winter: data of Bert (2): title=FM" in run("log", club).stdout
    run("undo", club)
    with Club.open(club) as c:
        assert c.member_details(c.tournaments()[0].id)[2].title == ""
    assert ClubService(club).tournament().entrant(2).rating != 1999


def test_player_set_refuses_wrong_codes_and_changes_nothing(run: Run, club: Path) -> None:
    run("player", "set", club, "Bert", "federation=NED")
    for typed, words in [
        ("federation=NL", "no FIDE federation code"), ("title=IA", "no FIDE player title"),
        ("birth=1990-02-30", "no real date"), ("rating=5000", "from 0 to 4000"),
        ("fide_id=12a", "not a whole number"), ("colour=w", "unknown key colour"),
        ("federation", "write KEY=VALUE"),
    ]:
        # a good key first: nothing of the command is kept when one value is wrong
        result = run("player", "set", club, "Bert", "title=GM", typed, ok=False)
        assert result.exit_code == 2 and words in result.output, (typed, result.output)
    with Club.open(club) as c:
        details = c.member_details(c.tournaments()[0].id)[2]
    assert (details.title, details.federation) == ("", "NED")
