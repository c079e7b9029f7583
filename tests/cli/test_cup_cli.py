"""A knockout cup run through the CLI from creation to its winner: pairing with `rochade
pair`, results of a match's games as `rochade result CLUB ROUND MATCH.GAME`, the bracket
list; and bad input refused with one line, the club file unchanged."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from test_cli_errors import assert_refused

Run = Callable[..., Result]


def _cup(tmp_path: Path, run: Run, players: int, *options: object) -> Path:
    """A club file with a cup of `players` players, P01 best rated (seed 1)."""
    path = tmp_path / "club.rochade"
    run("init", path)
    run("tournament", "create", path, "Cup", "--system", "knockout", "--seed", "11", *options)
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\n" + "".join(f"P{i:02d},{2400 - 10 * i}\n"
                                             for i in range(1, players + 1)), encoding="utf-8")
    run("player", "import", path, csv)
    return path


_BOARD = re.compile(r"^\s+(\d+)\s+(P\d\d)\s+(P\d\d)\s*$", re.MULTILINE)


def _boards(out: str) -> list[tuple[int, int, int]]:
    """(match, white seed, black seed) of each board of a printed pairing."""
    return [(int(m[1]), int(m[2][1:]), int(m[3][1:])) for m in _BOARD.finditer(out)]


def test_a_cup_of_13_runs_to_its_winner_through_the_cli(tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 13)
    cup_round, final_pair = 0, None
    while True:
        paired = run("pair", club, ok=False)
        if paired.exit_code:
            assert "the cup is over: P01 won it" in paired.stderr
            break
        cup_round += 1
        boards = _boards(paired.stdout)
        if cup_round == 1:
            assert "Seeds by rating: 1. P01, 2. P02" in paired.stdout
            assert re.search(r"P01\s+bye\n.*P02\s+bye\n.*P03\s+bye", paired.stdout, re.DOTALL)
            assert len(boards) == 5
        if len(boards) == 1:
            final_pair = {boards[0][1], boards[0][2]}
        for match, white, black in boards:
            result = "1-0" if white < black else "0-1"  # the better seed wins
            out = run("result", club, cup_round, f"{match}.1", result).stdout
            assert out.startswith(f"Round {cup_round} board {match}.1: ")
    assert cup_round == 4 and final_pair == {1, 2}
    bracket = run("cup", "bracket", club).stdout
    assert re.search(r"^Round 1\s+1\s+\(1\) P01\s+bye\s+P01\s+bye$", bracket, re.MULTILINE)
    assert re.search(r"^Quarter-finals\s+1\s+\(1\) P01\s+\(8\) P08\s+1-0", bracket,
                     re.MULTILINE)
    assert re.search(r"^Final\s+1\s+\(1\) P01\s+\(2\) P02\s+1-0\s+\S+\s+P01\s+won the "
                     r"regular games$", bracket, re.MULTILINE)
    for place, name in (("1", "P01"), ("2", "P02"), ("3-4", "P03"), ("5-8", "P05"),
                        ("9-13", "P13")):
        assert re.search(rf"^{place}\s+{name}\s+{int(name[1:])}$", bracket, re.MULTILINE)


def test_a_drawn_two_game_match_goes_to_the_rapid_games_then_armageddon(
        tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 2, "--games", "2", "--playoff", "rapid2,armageddon")
    run("pair", club)
    run("pair", club)  # game 2 is paired before game 1 is played
    run("result", club, 1, "1.2", "1-0")
    run("result", club, 1, "1.1", "1-0")  # 1-1: the rapid games
    run("pair", club)
    run("result", club, 1, "1.3", "1/2")
    run("pair", club)
    run("result", club, 1, "1.4", "1/2")
    armageddon = run("pair", club).stdout
    assert "Cup round 1 (Final): the next game of the matches still open" in armageddon
    assert "game 5 (Armageddon)" in armageddon
    run("result", club, 1, "1.5", "1/2")
    bracket = run("cup", "bracket", club).stdout
    black = re.search(r"2½-2½\s+1-0 1-0 rapid 1/2-1/2 rapid 1/2-1/2 Armageddon 1/2-1/2\s+(P0[12])"
                      r"\s+Armageddon drawn: Black goes on$", bracket, re.MULTILINE)
    assert black is not None, bracket
    assert re.search(rf"^1\s+{black[1]}\s", bracket, re.MULTILINE)


def test_bad_results_of_a_cup_are_refused_and_change_nothing(tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 4, "--games", "2")
    run("pair", club)
    run("pair", club)
    run("result", club, 1, "1.1", "1-0")
    run("result", club, 1, "1.2", "0-1")  # White of game 1 won both: 2-0
    folder = club.parent
    assert_refused(run, ["result", club, 1, "1.3", "1-0"],
                   "match 1 of cup round 1 (P01 - P04) was decided after 2 game(s)", folder)
    assert_refused(run, ["result", club, 1, "2.3", "1-0"],
                   "match 2 of cup round 1 (P02 - P03) has 2 game(s) paired; game 3 is not "
                   "paired", folder)
    assert_refused(run, ["result", club, 1, "7.1", "1-0"],
                   "cup round 1 has no match 7 (its matches: 1, 2)", folder)
    assert_refused(run, ["result", club, 2, "1.1", "1-0"],
                   "the cup has no round 2 (rounds 1-1 are paired)", folder)
    assert_refused(run, ["result", club, 1, "x.1", "1-0"], "cannot read 'x.1'", folder)
    run("result", club, 1, "2.1", "0-1")
    run("result", club, 1, "2.2", "1-0")
    run("pair", club)  # the final
    assert_refused(run, ["result", club, 1, "1.2", "1-0"],
                   "this result would change who goes on", folder)


def test_a_swiss_board_has_no_game_number(tmp_path: Path, run: Run) -> None:
    path = tmp_path / "club.rochade"
    run("init", path)
    run("tournament", "create", path, "Open", "--system", "swiss", "--rounds", "3")
    run("player", "add", path, "A", "--rating", "2000")
    run("player", "add", path, "B", "--rating", "1900")
    run("pair", path)
    assert_refused(run, ["result", path, 1, "1.2", "1-0"],
                   "cannot read the board '1.2'; give its number", tmp_path)


def test_a_cup_rounds_date_is_kept_and_shown(tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 4)
    assert run("cup", "deadline", club, 1, "2026-12-20").stdout == (
        "Cup round 1: to be played by 2026-12-20\n")
    run("pair", club)
    assert "Round 1 to be played by 2026-12-20" in run("cup", "bracket", club).stdout
    assert_refused(run, ["cup", "deadline", club, 1, "soon"], "'soon' is not a date",
                   tmp_path)


def test_a_match_not_played_by_its_date_is_decided_by_lot(tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 2, "--games", "2")
    run("pair", club)
    first = run("cup", "lot", club, 1, 1).stdout
    drawn = re.fullmatch(r"Drawn by lot \(seed 11\): (P0[12]) wins 1 game\(s\) by forfeit; "
                         r"the match's next game is still to be paired.\n", first)
    assert drawn is not None, first
    run("pair", club)
    second = run("cup", "lot", club, 1, 1).stdout
    assert second.endswith(f"{drawn[1]} wins 1 game(s) by forfeit.\n")  # the same draw
    assert_refused(run, ["cup", "lot", club, 1, 1], "match 1 of cup round 1 is decided",
                   tmp_path)
    assert f"decided by lot (seed 11): {drawn[1]} goes on" in run("log", club).stdout


def test_nobody_joins_a_cup_once_round_1_is_paired(tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 4)
    run("pair", club)
    assert_refused(run, ["player", "add", club, "Late", "--rating", "1500"],
                   "Cup is a knockout cup and round 1 is paired: its bracket is fixed", tmp_path)


def test_the_pairing_list_shows_the_points_in_the_match_so_far(tmp_path: Path, run: Run
                                                                ) -> None:
    club = _cup(tmp_path, run, 2, "--games", "2")
    run("pair", club)
    first = run("pairings", club).stdout
    assert re.search(r"P0[12] \(0\.00\)\s+P0[12] \(0\.00\)", first), first
    run("result", club, 1, "1.1", "1-0")
    run("pair", club)
    second = run("pairings", club).stdout
    assert re.search(r"P0[12] \(0\.00\)\s+P0[12] \(1\.00\)", second), second  # colours swap


def test_a_cups_pairing_lists_head_their_first_column_match(tmp_path: Path, run: Run
                                                           ) -> None:
    club = _cup(tmp_path, run, 4)
    run("pair", club)
    listed = run("pairings", club).stdout
    assert re.search(r"^\s*Match\s+White", listed, re.MULTILINE), listed
    assert not re.search(r"^\s*Board\s", listed, re.MULTILINE)


def test_a_cup_is_not_paired_or_changed_by_hand(tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 4)
    refusal = "Cup is a knockout cup: its bracket pairs it (rochade pair), not a pairing by hand"
    assert_refused(run, ["pair", club, "--manual", "1-2 3-4"], refusal, tmp_path)
    run("pair", club)
    assert_refused(run, ["change-pairing", "colours", club, "1"], refusal, tmp_path)


def test_the_bracket_is_exported_as_html_and_csv(tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 3)
    run("pair", club)
    out = tmp_path / "cup.html"
    assert run("cup", "bracket", club, "--format", "html", "-o", out).stdout == f"Wrote {out}.\n"
    html = out.read_text(encoding="utf-8")
    assert '<body class="rochade page-bracket">' in html and "<h2>Cup: places</h2>" in html
    assert "(2) P02</td>" in html and "(3) P03</td>" in html and ">bye</td>" in html
    csv = run("cup", "bracket", club, "--format", "csv").stdout
    assert csv.splitlines()[0] == "Round,Match,Player,Opponent,Score,Games,Goes on,How"


def test_the_consolation_cup_of_the_first_round_losers_is_a_cup_of_its_own(
        tmp_path: Path, run: Run) -> None:
    club = _cup(tmp_path, run, 8, "--consolation", "1")
    refused = run("cup", "consolation", club, ok=False)
    assert "the consolation cup starts when cup round 1 is decided" in refused.stderr
    for match, white, black in _boards(run("pair", club).stdout):
        run("result", club, 1, f"{match}.1", "1-0" if white < black else "0-1")
    out = run("cup", "consolation", club).stdout
    assert out.startswith("Consolation cup Cup (consolation): 4 players (")
    assert all(f"P0{i}" in out for i in (5, 6, 7, 8))
    paired = run("pair", club, "-t", "Cup (consolation)").stdout
    assert {(w, b) for _, w, b in _boards(paired)} in ({(5, 8), (6, 7)}, {(5, 8), (7, 6)},
                                                       {(8, 5), (6, 7)}, {(8, 5), (7, 6)})
    assert "Semi-finals" in run("cup", "bracket", club, "-t", "Cup (consolation)").stdout
    run("undo", club, "-t", "Cup (consolation)", "--yes")  # the pairing
    run("undo", club, "-t", "Cup (consolation)", "--yes")  # the consolation cup itself
    assert "Cup (consolation)" not in run("tournament", "list", club).stdout
    (tmp_path / "other").mkdir()
    assert "has no consolation cup" in run("cup", "consolation", _cup(
        tmp_path / "other", run, 4), ok=False).stderr
