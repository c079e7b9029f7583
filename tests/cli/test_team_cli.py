"""A team event on the command line: create, rosters from `player import`, `pair`, `result
ROUND MATCH.BOARD`, `team` commands, standings, `export-trf` and `import-trf`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def team_club(tmp_path: Path, run: Run, *options: str) -> Path:
    path = tmp_path / "club.rochade"
    run("init", path)
    run("tournament", "create", path, "Team Cup", "--system", "team-swiss", "--rounds", 3,
        "--boards", 2, *options)
    roster = tmp_path / "teams.csv"
    roster.write_text("name,rating,team\n" + "".join(
        f"P{t}{b},{2300 - 100 * t - 10 * b},Team {t}\n" for t in range(1, 5) for b in range(1, 4)),
        encoding="utf-8")
    run("player", "import", path, roster)
    return path


def test_creating_a_team_swiss_says_its_rules(tmp_path: Path, run: Run) -> None:
    path = tmp_path / "club.rochade"
    run("init", path)
    out = run("tournament", "create", path, "Cup", "--system", "team-swiss", "--rounds", 5,
              "--boards", 6, "--colours", "B", "--primary", "GP", "--match-points", "3/1/0",
              "--baku").output
    assert "6 boards, match points 3/1/0, 5 rounds, type B, GP primary, Baku" in out


def test_a_round_is_paired_played_and_ranked(tmp_path: Path, run: Run) -> None:
    path = team_club(tmp_path, run)
    listed = run("team", "list", path).output
    assert "3  P13  2170  reserve" in listed
    paired = run("pair", path).output
    assert "Match 1: Team 1 - Team 3" in paired and "1.1  P11 - P31" in paired
    assert "Why this pairing:" in paired
    out = run("result", path, 1, "1.1", "1-0").output
    assert "Round 1 board 1.1: P11 - P31 1-0; Team 1 - Team 3 1-0" in out
    run("result", path, 1, "1.2", "1/2")
    out = run("team", "forfeit", path, 1, 2, "Team 4").output
    assert "Match 2: Team 4 - Team 2  0-2\n  2.1  P41 - P21  -/+\n  2.2  P22 - P42  +/-" in out
    standings = run("standings", path).output
    assert standings.splitlines()[1].split()[:4] == ["Rank", "Team", "MP", "GP"]
    assert "Team 1   2  1½" in standings
    boards = run("team", "boards", path).output
    assert "Team 1  P11  1  1/1" in boards


def test_a_lineup_out_of_board_order_is_refused(tmp_path: Path, run: Run) -> None:
    path = team_club(tmp_path, run)
    run("pair", path)
    refused = run("team", "lineup", path, 1, 1, "Team 1", 2, 1, ok=False)
    assert refused.exit_code != 0 and "board order" in refused.output
    assert "1.1  P12 - P31" in run("team", "lineup", path, 1, 1, "Team 1", 2, 3).output


def test_pairing_by_hand_is_refused_for_a_team_event(tmp_path: Path, run: Run) -> None:
    path = team_club(tmp_path, run)
    refused = run("pair", path, "--manual", "1-2", ok=False)
    assert "paired by its system only" in refused.output


def test_export_and_import_trf_carry_the_team_event(tmp_path: Path, run: Run) -> None:
    path = team_club(tmp_path, run)
    run("pair", path)
    for board in ("1.1", "1.2", "2.1", "2.2"):
        run("result", path, 1, board, "1-0")
    run("team", "withdraw", path, "Team 4")
    trf = tmp_path / "cup.trf"
    run("export-trf", path, trf)
    text = trf.read_text()
    assert "310   1 Team 1" in text and "240 Z   2    4" in text
    other = tmp_path / "other.rochade"
    run("init", other)
    assert "Imported Team Cup (team-swiss): 4 teams, 1 rounds." in run(
        "import-trf", other, trf).output
    assert run("pair-trf", trf, "-c").exit_code == 0
    paired = run("pair", other).output.split("Why")[0]
    assert "Bye: Team" in paired and "Team 4" not in paired  # withdrawn: not paired


def test_tournament_list_counts_a_team_events_teams_and_players(tmp_path: Path,
                                                                 run: Run) -> None:
    path = team_club(tmp_path, run)
    run("pair", path)
    listed = run("tournament", "list", path).output
    assert "4 teams, 12 players, 1 rounds" in listed
