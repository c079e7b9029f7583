"""`rochade league`: a Keizer season with two league teams over a real club file; a member's
league game shows in their Keizer row at the board value, undoing the match takes it out,
bad input changes nothing, and an old club file takes league teams after its upgrade."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from rochade.service import ClubService
from rochade.store import Club

Run = Callable[..., Result]
OLD = Path(__file__).parents[1] / "data" / "old_versions"


def season(run: Run, club: Path) -> None:
    """Winter with team 1 worth 70 on board 1 and team 2 worth 60; Anna and Bert play for
    team 1 on club night (round 1, 2026-10-06), Carla for team 2 on a Thursday."""
    run("tournament", "set", club, "team_values=1=70, 2=60")
    for name in ("Anna", "Bert"):
        run("player", "status", club, name, "club_duty")
    run("pair", club)
    run("round-date", club, 1, "2026-10-06")
    run("league", "team", "add", club, "Rochade 1", "--league", "KNSB 3C", "--season",
        "2026-27")
    run("league", "team", "add", club, "Rochade 2", "--keizer-team", 2, "--season", "2026-27")


def row(run: Run, club: Path, player: str, round_number: int) -> str:
    """The player's breakdown line of a round."""
    lines = run("explain", club, player).stdout.splitlines()
    return next(line for line in lines if line.split()[:1] == [str(round_number)])


def test_a_league_game_counts_at_its_board_value_and_undo_takes_it_out(
        run: Run, club: Path) -> None:
    season(run, club)
    assert "club duty" in row(run, club, "Anna", 1)
    out = run("league", "match", "add", club, "Rochade 1", "2026-10-06", "SC Utrecht",
              "Anna", "Bert", "--result", "1=1", "--result", "2=1/2").stdout
    assert out.splitlines() == ["Match #1: Rochade 1 - SC Utrecht on 2026-10-06, 2 boards.",
                                "Score so far: Rochade 1 - SC Utrecht 1½-½."]
    anna, bert = row(run, club, "Anna", 1), row(run, club, "Bert", 1)
    assert "70.00" in anna and "team 1 board 1" in anna and "club duty" not in anna
    assert "34.50" in bert and "team 1 board 2" in bert
    undone = run("undo", club, "--tournament", "Winter", "--yes").stdout
    assert "league match #1 Rochade 1 - SC Utrecht" in undone
    assert "club duty" in row(run, club, "Anna", 1)
    assert "SC Utrecht" not in run("league", "match", "list", club).stdout


def test_a_match_on_another_day_counts_in_addition_to_the_next_round(
        run: Run, club: Path) -> None:
    season(run, club)
    run("league", "match", "add", club, "Rochade 2", "2026-10-08", "De Toren", "--away",
        "3=Carla", "--result", "3=+")
    cards = run("league", "match", "list", club, "--team", "rochade 2").stdout
    assert cards.startswith("Rochade 2: match cards\n")
    assert "not counted yet: no round on or after 2026-10-08" in cards
    for board in range(1, 4):
        run("result", club, 1, board, "1-0")
    run("pair", club)
    run("round-date", club, 2, "2026-10-13")
    cards = run("league", "match", "list", club).stdout
    assert "round 2, in addition" in cards and "away" in cards
    carla = [line for line in run("explain", club, "Carla").stdout.splitlines()
             if "team 2" in line]
    assert len(carla) == 1 and "58.00" in carla[0] and "in addition" in carla[0]


def test_a_match_entered_again_corrects_date_and_lineup(run: Run, club: Path) -> None:
    season(run, club)
    run("league", "match", "add", club, "Rochade 1", "2026-10-07", "SC Utrecht", "Anna",
        "Carla", "--result", "1=1", "--result", "2=0")
    assert "round 2" not in run("league", "match", "list", club).stdout
    out = run("league", "match", "add", club, "Rochade 1", "2026-10-06", "SC Utrecht", "Anna",
              "Bert", "--replace", 1).stdout
    assert out.splitlines() == ["Match #1: Rochade 1 - SC Utrecht on 2026-10-06, 2 boards.",
                                "Score so far: Rochade 1 - SC Utrecht 1-0 (not complete)."]
    assert "team 1 board 1" in row(run, club, "Anna", 1)
    assert "corrected" in run("log", club).stdout.splitlines()[-1]
    run("undo", club, "--yes")
    cards = run("league", "match", "list", club).stdout
    assert "Carla" in cards and "Bert" not in cards


def test_one_board_is_corrected_without_entering_the_match_again(run: Run, club: Path) -> None:
    season(run, club)
    run("league", "match", "add", club, "Rochade 1", "2026-10-06", "SC Utrecht", "Carla",
        "Bert", "--result", "1=1", "--result", "2=1/2")
    assert "team 1 board 1" not in row(run, club, "Anna", 1)
    out = run("league", "match", "board", club, 1, 1, "Anna").stdout
    assert out.splitlines() == ["Match #1 board 1: Anna (white) 1.",
                                "Score so far: Rochade 1 - SC Utrecht 1½-½."]
    anna = row(run, club, "Anna", 1)
    assert "70.00" in anna and "team 1 board 1" in anna
    assert "1=Anna (w) 1" in run("log", club).stdout.splitlines()[-1]
    run("league", "match", "board", club, 1, 2, "--colour", "w", "--result", "0")
    card = run("league", "match", "list", club).stdout
    assert "Carla" not in card and "Anna" in card and "Bert" in card
    run("undo", club, "--yes")
    run("undo", club, "--yes")
    card = run("league", "match", "list", club).stdout
    assert "Carla" in card and "Anna" not in card
    assert "club duty" in row(run, club, "Anna", 1)


def test_a_club_that_counts_only_announced_games_skips_the_others(run: Run, club: Path) -> None:
    season(run, club)
    run("tournament", "set", club, "league_games=announced")
    run("league", "match", "add", club, "Rochade 1", "2026-10-06", "SC Utrecht", "Anna",
        "Carla", "--result", "1=1", "--result", "2=1")
    cards = run("league", "match", "list", club).stdout
    assert "round 1" in cards
    assert "not counted: Carla did not announce club duty for round 1" in cards
    assert "team 1 board 1" in row(run, club, "Anna", 1)
    assert "team 1" not in run("explain", club, "Carla").stdout
    run("tournament", "set", club, "league_games=always")
    assert "team 1 board 2" in run("explain", club, "Carla").stdout


def test_match_cards_as_csv_and_html(run: Run, club: Path, tmp_path: Path) -> None:
    season(run, club)
    run("league", "match", "add", club, "Rochade 1", "2026-10-06", "SC Utrecht", "Anna",
        "Bert", "--colours", "bw", "--result", "1=0")
    csv = run("league", "match", "list", club, "--format", "csv").stdout.splitlines()
    assert csv[0] == ("Match,Date,Team,Opponent,Venue,Score,Board,Player,Colour,Result,"
                      "Counts in")
    assert csv[2].startswith("1,2026-10-06,Rochade 1,SC Utrecht,home,0-1,2,Bert,white,,")
    result = run("league", "match", "result", club, 1, "2=1/2").stdout
    assert result == "Score so far: Rochade 1 - SC Utrecht ½-1½.\n"
    out = tmp_path / "cards.html"
    run("league", "match", "list", club, "--format", "html", "--lang", "de", "-o", out)
    page = out.read_text(encoding="utf-8")
    assert 'lang="de"' in page and "SC Utrecht" in page and "Heim" in page


def test_the_teams_are_listed(run: Run, club: Path) -> None:
    season(run, club)
    lines = run("league", "team", "list", club, "--season", "2026-27").stdout.splitlines()
    assert lines == ["Rochade 1\tKNSB 3C\t2026-27\tWinter\tteam 1",
                     "Rochade 2\t\t2026-27\tWinter\tteam 2"]


@pytest.mark.parametrize(("args", "said"), [
    (("match", "add", "{club}", "Rochade 1", "2026-10-06", "X", "Anna", "Zoltan"),
     "no player named 'Zoltan'"),
    (("match", "add", "{club}", "Rochade 1", "2026-10-06", "X", "1=Anna", "1=Bert"),
     "board 1 is given twice"),
    (("match", "add", "{club}", "Rochade 1", "2026-10-06", "X", "Anna", "Anna"),
     "Anna is on board 1 already"),
    (("match", "add", "{club}", "Rochade 1", "2026-10-06", "X", "Anna", "--result", "2=1"),
     "board 2 is not in the lineup (boards 1)"),
    (("match", "result", "{club}", "1", "3=1"), "board 3 is not in the lineup (boards 1, 2)"),
    (("match", "result", "{club}", "1", "1=1", "1=0"), "board 1 is given twice"),
    (("match", "result", "{club}", "1", "2=2"), "unknown result '2' on board 2"),
    (("match", "result", "{club}", "7", "1=1"), "there is no league match #7"),
    (("match", "board", "{club}", "1", "2", "Anna"), "Anna is on board 1 already"),
    (("match", "board", "{club}", "1", "3", "Carla"), "board 3 is not in the lineup (boards 1, 2)"),
    (("match", "board", "{club}", "1", "2", "Bert"), "nothing to change on board 2"),
    (("match", "board", "{club}", "1", "2", "Zoltan"), "no player named 'Zoltan'"),
    (("match", "board", "{club}", "1", "2", "--result", "3"), "unknown result '3' on board 2"),
    (("match", "add", "{club}", "Rochade 1", "6.10.2026", "X", "Anna"), "is not a date"),
    (("match", "add", "{club}", "Rochade 9", "2026-10-06", "X", "Anna"),
     "no league team named 'Rochade 9'"),
    (("team", "add", "{club}", "Rochade 3", "--keizer-team", "3"),
     "team 3 has no board values in the settings (1, 2)"),
])
def test_bad_input_is_refused_and_changes_nothing(
        run: Run, club: Path, args: tuple[str, ...], said: str) -> None:
    season(run, club)
    run("league", "match", "add", club, "Rochade 1", "2026-10-06", "SC Utrecht", "Anna", "Bert")
    with Club.open(club) as opened:
        before = opened.snapshot()
    refused = run("league", *(str(club) if a == "{club}" else a for a in args), ok=False)
    assert refused.exit_code != 0 and said in refused.stderr, refused.output
    with Club.open(club) as opened:
        assert opened.snapshot() == before


def test_an_old_club_file_takes_league_teams(run: Run, tmp_path: Path) -> None:
    club = tmp_path / "club.rochade"
    shutil.copy(OLD / "club-v10.rochade", club)
    run("league", "team", "add", club, "First", "--tournament", "Winter 2025")
    name = ClubService(club).tournament("Winter 2025").entrants[0].name
    run("league", "match", "add", club, "First", "2024-01-01", "Elsewhere", name,
        "--result", "1=1")
    assert "round 1, in addition" in run("league", "match", "list", club).stdout


def test_the_json_backup_keeps_the_league(run: Run, club: Path, tmp_path: Path) -> None:
    season(run, club)
    run("league", "match", "add", club, "Rochade 1", "2026-10-06", "SC Utrecht", "Anna",
        "Bert", "--result", "1=1", "--away")
    backup = tmp_path / "club.json"
    run("backup-json", club, backup)
    copy = tmp_path / "copy.rochade"
    run("restore-json", backup, copy)
    assert run("league", "match", "list", copy).stdout == run("league", "match", "list",
                                                                club).stdout
    assert row(run, copy, "Anna", 1) == row(run, club, "Anna", 1)
