"""Round robins and Swiss tournaments played through the CLI, checked against hand-computed
standings; and bad input refused with one line, the club file unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from test_cli_errors import assert_refused

Run = Callable[..., Result]


def _club(tmp_path: Path, run: Run, players: int, *create: object) -> Path:
    """A club file with one tournament and `players` players, ids 1.. in rating order."""
    path = tmp_path / "club.rochade"
    run("init", path)
    run("tournament", "create", path, "Event", *create)
    csv = tmp_path / "players.csv"
    csv.write_text(
        "name,rating\n" + "".join(f"P{i:02d},{2400 - 10 * i}\n" for i in range(1, players + 1)),
        encoding="utf-8",
    )
    run("player", "import", path, csv)
    return path


def _last_round(run: Run, club: Path, tmp_path: Path) -> dict[str, object]:
    out = tmp_path / "export.json"
    run("export", club, out)
    rounds: list[dict[str, object]] = json.loads(out.read_text(encoding="utf-8"))["rounds"]
    return rounds[-1]


def _double_rr_result(cycle: int, white: int, black: int) -> str:
    """Cycle 1: the lower start number wins. Cycle 2: draws, except 3 beats 1 and 2 beats 4."""
    low, high = min(white, black), max(white, black)
    if cycle == 1:
        winner = low
    elif (low, high) == (1, 3):
        winner = 3
    elif (low, high) == (2, 4):
        winner = 2
    else:
        return "1/2"
    return "1-0" if winner == white else "0-1"


def test_ten_player_double_round_robin(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 10, "--system", "round-robin", "--double", "--numbers", "rating")
    for number in range(1, 19):
        paired = run("pair", club).output
        assert f"round {number} of 18: Berger table for 10 players" in paired
        rnd = _last_round(run, club, tmp_path)
        games = rnd["games"]
        assert isinstance(games, list) and len(games) == 5
        for game in games:
            result = _double_rr_result(1 if number <= 9 else 2, game["white"], game["black"])
            run("result", club, number, game["board"], result)
    out = run("pair", club, ok=False)
    assert "all 18 rounds of this round robin are paired" in out.stderr

    table = json.loads(run("standings", club, "--format", "json").output)
    # By hand: cycle 1 gives player k 10 - k points, cycle 2 4.5 (nine draws), moved by the
    # two decisive games: 1: 13, 2: 13, 3: 12, 4: 10, then 9.5, 8.5 ... 4.5 for 5..10.
    points = {row["start_number"]: row["points"] for row in table}
    assert points == {1: "13", 2: "13", 3: "12", 4: "10", 5: "9.5", 6: "8.5", 7: "7.5",
                      8: "6.5", 9: "5.5", 10: "4.5"}
    # SB(1) = (13 + 12 + 10 + 42) + ½(13 + 10 + 42) = 77 + 32.5 (lost to 3 in cycle 2);
    # SB(2) = (12 + 10 + 42) + ½·13 + ½·12 + 10 + ½·42 = 64 + 43.5. So 1 is ahead of 2.
    assert [(r["rank"], r["start_number"]) for r in table[:3]] == [(1, 1), (2, 2), (3, 3)]
    assert table[0]["tiebreaks"] == {"SB": "109.5", "DE": "1", "WIN": "9"}
    assert table[1]["tiebreaks"] == {"SB": "107.5", "DE": "1", "WIN": "9"}
    assert [r["rank"] for r in table] == list(range(1, 11))
    text = run("standings", club).output
    assert "Event: standings after round 18" in text
    cross = run("crosstable", club).output
    assert "P01" in cross.splitlines()[4]  # start number 1 first


def test_round_robin_with_an_odd_number_and_3_1_0_scoring(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 5, "--system", "round-robin", "--scoring", "3-1-0",
                 "--numbers", "rating")
    for number in range(1, 6):
        run("pair", club)
        for game in _last_round(run, club, tmp_path)["games"]:  # type: ignore[union-attr]
            run("result", club, number, game["board"], "1-0")
    table = json.loads(run("standings", club, "--format", "json").output)
    # Everyone plays 4 games; White won every game. Berger for 6, number 6 the bye.
    wins = {row["start_number"]: int(row["points"]) // 3 for row in table}
    assert sum(wins.values()) == 10
    assert all(int(row["points"]) % 3 == 0 for row in table)


def test_swiss_random_first_round_then_dutch(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 7, "--system", "swiss", "--rounds", "3",
                 "--first-round", "random", "--seed", "11")
    first = run("pair", club).output
    assert "paired at random" in first
    rnd = _last_round(run, club, tmp_path)
    assert rnd["bye"] is not None and len(rnd["games"]) == 3  # type: ignore[arg-type]
    (tmp_path / "again").mkdir()
    again = _club(tmp_path / "again", run, 7, "--system", "swiss", "--rounds", "3",
                  "--first-round", "random", "--seed", "11")
    run("pair", again)
    assert _last_round(run, again, tmp_path / "again") == rnd  # the seeded draw replays
    for game in rnd["games"]:  # type: ignore[union-attr]
        run("result", club, 1, game["board"], "1-0")
    table = json.loads(run("standings", club, "--format", "json").output)
    assert [r["points"] for r in table] == ["1", "1", "1", "1", "0", "0", "0"]  # bye = a win
    assert list(table[0]["tiebreaks"]) == ["BH-C1", "BH", "SB"]
    second = run("pair", club).output
    assert "Pairing numbers: " in second
    rnd2 = _last_round(run, club, tmp_path)
    winners = {g["white"] for g in rnd["games"]} | {rnd["bye"]}  # type: ignore[union-attr]
    top = [g for g in rnd2["games"] if {g["white"], g["black"]} <= winners]
    assert len(top) == 2  # the Dutch engine pairs the four players on 1 point together
    assert rnd2["bye"] not in winners


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["standings", "{club}", "--tiebreaks", "BH,XY"], "unknown tie-break 'XY'"),
        (["tournament", "create", "{club}", "Other", "--system", "swiss", "--tiebreaks", "ZZ"],
         "unknown tie-break 'ZZ'"),
        (["tournament", "create", "{club}", "Other", "--system", "round-robin", "--tiebreaks",
          "BH"], "Buchholz family"),
        (["standings", "{club}", "--tiebreaks", "SB,AOB"], "AOB belongs to the Buchholz family"),
        (["result", "{club}", "2", "1", "1-0"], "there is no round 2 (only round 1 is paired)"),
        (["result", "{club}", "1", "9", "1-0"], "round 1 has no board 9"),
        (["player", "add", "{club}", "Late"], "its schedule is fixed"),
        (["tournament", "create", "{club}", "Other", "--system", "swiss", "--top-value", "9"],
         "--top-value is a Keizer setting"),
    ],
)
def test_bad_input_changes_nothing(tmp_path: Path, run: Run, args: list[str], message: str
                                   ) -> None:
    club = _club(tmp_path, run, 4, "--system", "round-robin")
    run("pair", club)
    assert_refused(run, [a.format(club=club) for a in args], message, club.parent)


def test_a_round_robin_with_one_player_is_refused(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 1, "--system", "round-robin")
    assert_refused(run, ["pair", club], "a round robin needs at least 2 players", club.parent)
    result = run("round-robin-table", "1", ok=False)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def _swiss_result(white: int, black: int, board: int, number: int) -> str:
    """The higher-rated player (lower id; the late entry 41 sits between 19 and 20) wins,
    except on every third board, drawn; round 5 board 2 is lost by forfeit by White."""
    if (number, board) == (5, 2):
        return "-/+"
    if board % 3 == 0:
        return "1/2"

    def strength(p: int) -> float:
        return 19.5 if p == 41 else p

    return "1-0" if strength(white) < strength(black) else "0-1"


def test_forty_player_swiss_of_seven_rounds(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 40, "--system", "swiss", "--rounds", "7")
    for number in range(1, 8):
        if number == 2:
            late = run("player", "add", club, "Late", "--rating", "2205").output
            assert "as number 20" in late and "Late entry" in late  # between P19 and P20
        if number == 3:
            run("player", "status", club, "5", "excused")  # a requested half-point bye
        if number == 4:
            run("player", "status", club, "5", "present")
            run("player", "status", club, "31", "withdrawn")  # P30, number 31 since Late
        run("pair", club)
        rnd = _last_round(run, club, tmp_path)
        for game in rnd["games"]:  # type: ignore[union-attr]
            result = _swiss_result(game["white"], game["black"], game["board"], number)
            run("result", club, number, game["board"], result)
    assert "all 7 rounds of this Swiss are paired" in run("pair", club, ok=False).stderr
    assert "P05   excused (half-point bye)" in run("pairings", club, "--round", 3).output
    assert "(pairing-allocated bye)" in run("pairings", club, "--round", 2).output

    out = tmp_path / "final.json"
    run("export", club, out)
    rounds = json.loads(out.read_text(encoding="utf-8"))["rounds"]
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    points: dict[int, float] = dict.fromkeys(range(1, 42), 0.0)
    for rnd in rounds:
        for g in rnd["games"]:
            pair = frozenset((g["white"], g["black"]))
            assert pair not in met  # nobody meets twice
            met.add(pair)
            w, b = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5), "-/+": (0, 1)}[
                g["result"]]
            points[g["white"]] += w
            points[g["black"]] += b
        if rnd["bye"] is not None:
            byes.append(rnd["bye"])
            points[rnd["bye"]] += 1
        for a in rnd["absent"]:
            points[a["player"]] += 0.5 if a["reason"] == "excused" else 0
    assert len(byes) == 1  # only round 2 has an odd number: 41 present; then 5, then 30 out
    assert {a["reason"] for rnd in rounds for a in rnd["absent"]} == {"late_start", "excused"}

    table = json.loads(run("standings", club, "--format", "json").output)
    name = {i: f"P{i:02d}" for i in range(1, 41)} | {41: "Late"}
    assert {r["name"]: float(r["points"]) for r in table} == {
        name[p]: v for p, v in points.items()}
    # By hand from the crosstable (C.07 2026). P01 won all 7, against players scoring
    # 5, 4.5, 4.5, 5, 4.5, 3.5, 3: BH 30, minus the lowest (3) = 27, SB = BH = 30.
    # P08: 3, 4 (½), 4, 4.5 (½), forfeit win over P02 (a dummy on min(own 5, P02's 5) = 5),
    # lost to 7, 4: BH 31.5, cut the lowest 3: 28.5; SB 3+4+4+5 + ½(4+4.5) = 20.25.
    # P02: 3.5, 4.5, 5, lost to 7, forfeit loss to P08 (dummy 5, a voluntary unplayed round,
    # which 16.5 cuts before the lowest value 3.5), 3.5, 4.5: BH 33, BH-C1 28; SB 21.
    # On 5 points BH-C1 puts P08 ahead of P02.
    top = [(r["rank"], r["name"], r["points"], r["tiebreaks"]) for r in table[:4]]
    assert top == [
        (1, "P01", "7", {"BH-C1": "27", "BH": "30", "SB": "30"}),
        (2, "P08", "5", {"BH-C1": "28.5", "BH": "31.5", "SB": "20.25"}),
        (3, "P02", "5", {"BH-C1": "28", "BH": "33", "SB": "21"}),
        (4, "P07", "5", {"BH-C1": "25.5", "BH": "28", "SB": "18.5"}),
    ]
    late = next(r for r in table if r["name"] == "Late")
    assert late["start_number"] == 20  # slotted in by rating, between P19 and P20


def test_standings_of_a_trf_file(run: Run, shared_dir: Path) -> None:
    path = shared_dir / "conformance" / "dutch" / "t022_p007_r06_plain.trf"
    table = json.loads(
        run("standings", path, "--tiebreaks", "BH-C1,BH,SB", "--format", "json").output
    )
    assert table[0] == {"rank": 1, "start_number": 1, "name": "Test0001 Player0001",
                        "points": "6", "tiebreaks": {"BH-C1": "17", "BH": "18", "SB": "18"}}
    assert [(r["rank"], r["start_number"]) for r in table[4:6]] == [(5, 5), (5, 6)]  # tied
    text = run("standings", path).output  # the Swiss defaults
    assert "BH-C1    BH     SB" in text


def test_bad_trf_input(tmp_path: Path, run: Run, shared_dir: Path) -> None:
    path = shared_dir / "conformance" / "dutch" / "t022_p007_r06_plain.trf"
    junk = tmp_path / "junk.trf"
    junk.write_text("012 nothing here\n", encoding="utf-8")
    for args, message in (
        ([path, "--tiebreaks", "BH,NOPE"], "unknown tie-break 'NOPE'"),
        ([path, "--round-robin", "--tiebreaks", "BH"], "Buchholz family"),
        ([junk], "has no player lines"),
        ([tmp_path / "missing.trf"], "does not exist"),
    ):
        result = run("standings", *args, ok=False)
        assert result.exit_code == 2
        assert message in result.stderr and "Traceback" not in result.output


def test_keizer_standings_with_tie_break_columns(run: Run, club: Path) -> None:
    run("pair", club)
    for board in range(1, 5):
        run("result", club, 1, board, "1/2" if board == 1 else "1-0")
    text = run("standings", club, "--tiebreaks", "BH,SB").output
    header = text.splitlines()[2].split()
    assert header[:6] == ["Rank", "Name", "Score", "Points", "BH", "SB"]
    rows = {line.split()[1]: line.split() for line in text.splitlines()[4:]}
    # Round 1 pairs 1-5, 2-6, 3-7, 4-8 in some colours; a draw on board 1, White wins on 2-4.
    # Each player's BH is the opponent's game points, SB those times the own result.
    bh = {name: row[4] for name, row in rows.items()}
    points = {name: row[3] for name, row in rows.items()}
    assert sorted(points.values()) == ["0", "0", "0", "0.5", "0.5", "1", "1", "1"]
    for name, row in rows.items():
        # winners beat players on 0, losers score nothing; a draw: ½ × ½
        assert row[5] == ("0.25" if points[name] == "0.5" else "0")
        assert bh[name] == {"0": "1", "0.5": "0.5", "1": "0"}[points[name]]


def test_swiss_by_hand_export_and_import(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 4, "--system", "swiss", "--rounds", "3", "--scoring", "3-1-0",
                 "--no-fide-mode")  # a club Swiss paired by hand: no FIDE mode to confirm
    run("pair", club, "--manual", "1-2 3-4")
    run("result", club, 1, 1, "1-0")
    run("result", club, 1, 2, "1/2")
    again = run("pair", club, "--manual", "2-1 4-3", ok=False)
    assert "P02 and P01 already played each other (round 1); players meet only once" in (
        again.stderr)  # a warning: refused without --confirm
    out = tmp_path / "swiss.json"
    run("export", club, out)
    other = tmp_path / "other.rochade"
    run("init", other)
    run("import", other, out)
    table = json.loads(run("standings", other, "--format", "json").output)
    assert [(r["name"], r["points"]) for r in table] == [
        ("P01", "3"), ("P03", "1"), ("P04", "1"), ("P02", "0")]
    assert "Event  (swiss, 3 rounds; 4 players, 1 rounds)" in run("tournament", "list",
                                                                   other).output


def test_undoing_round_one_of_a_round_robin_forgets_the_draw(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 4, "--system", "round-robin", "--seed", "5")
    out = tmp_path / "rr.json"
    run("pair", club)
    run("export", club, out)
    drawn = json.loads(out.read_text(encoding="utf-8"))["settings"]["numbers"]
    assert sorted(drawn) == [1, 2, 3, 4]
    run("undo", club, "--yes")
    run("export", club, out)
    assert json.loads(out.read_text(encoding="utf-8"))["settings"]["numbers"] == []
    run("player", "add", club, "Fifth")  # before round 1 a player may still join
    run("pair", club)
    run("export", club, out)
    assert len(json.loads(out.read_text(encoding="utf-8"))["settings"]["numbers"]) == 5


def test_a_withdrawn_players_round_robin_games_are_forfeits(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 4, "--system", "round-robin", "--numbers", "rating")
    run("pair", club)
    for board in (1, 2):
        run("result", club, 1, board, "1/2")
    run("player", "status", club, "P04", "withdrawn")
    paired = run("pair", club).output
    assert "P04 (no. 4) has withdrawn; the game stays in the table" in paired
    rnd = _last_round(run, club, tmp_path)
    game = next(g for g in rnd["games"] if 4 in (g["white"], g["black"]))  # type: ignore
    assert game["result"] == ("+/-" if game["black"] == 4 else "-/+")
    others = [g for g in rnd["games"] if g is not game]  # type: ignore[union-attr]
    assert [g["result"] for g in others] == [None]
    table = json.loads(run("standings", club, "--format", "json").output)
    # P04 played 1 of 3 games over the board: fewer than half, so everything is annulled.
    points = {r["name"]: r["points"] for r in table}
    assert points == {"P01": "0", "P02": "0.5", "P03": "0.5", "P04": "0"}  # 1-4 drawn: gone


def test_forbidden_pairs_are_kept_apart(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 4, "--system", "swiss", "--rounds", "3")
    assert "will not be paired" in run("player", "forbid", club, "P01", "P03").output
    run("pair", club)  # the Dutch system would pair 1-3 and 2-4 without the ban
    boards = {frozenset((g["white"], g["black"]))
              for g in _last_round(run, club, tmp_path)["games"]}  # type: ignore[union-attr]
    assert frozenset((1, 3)) not in boards
    checked = run("pair", club, "--manual", "1-3 2-4", "--replace", ok=False)
    assert "P01 and P03 must not be paired" in checked.stderr
    run("undo", club, "--steps", "2", "--yes")
    run("pair", club)
    boards = {frozenset((g["white"], g["black"]))
              for g in _last_round(run, club, tmp_path)["games"]}  # type: ignore[union-attr]
    assert frozenset((1, 3)) in boards
    rr = tmp_path / "rr"
    rr.mkdir()
    other = _club(rr, run, 4, "--system", "round-robin")
    assert_refused(run, ["player", "forbid", other, "1", "2"], "everybody meets everybody", rr)


def test_half_point_bye_limit(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 6, "--system", "swiss", "--rounds", "4",
                 "--max-half-point-byes", "1", "--half-point-byes-closed", "1")
    out = run("player", "bye", club, "P02", "2").output
    assert out == "P02 (2) has a half-point bye in round 2.\n"
    assert_refused(run, ["player", "bye", club, "P02", "3"],
                   "P02 cannot have another half-point bye: this Swiss allows at most 1 per "
                   "player", tmp_path)
    assert_refused(run, ["player", "bye", club, "P03", "4"],
                   "none in its last 1 round(s) (4); a zero-point bye (unexcused) is possible",
                   tmp_path)
    assert "zero-point bye in round 3" in run("player", "bye", club, "P02", "3", "--zero").output
    assert "after all" in run("player", "bye", club, "P02", "3", "--cancel").output
    run("pair", club)
    run("pair", club, ok=False)  # round 1 has no results yet
    for board in (1, 2, 3):
        run("result", club, 1, board, "1-0")
    run("pair", club)
    absent = _last_round(run, club, tmp_path)["absent"]
    assert absent == [{"player": 2, "reason": "half_point_bye"}]


def test_settings_change_on_the_command_line(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 4, "--system", "swiss", "--rounds", "3")
    out = run("tournament", "set", club, "--max-half-point-byes", "1", "--rounds", "4",
              "--tiebreaks", "SB,BH").output
    assert out == "Settings of Event changed (4 rounds).\n"
    run("player", "bye", club, "P01", "2")
    assert_refused(run, ["player", "bye", club, "P01", "3"], "at most 1 per player", tmp_path)
    run("tournament", "set", club, "--max-half-point-byes", "none")
    run("player", "bye", club, "P01", "3", "--confirm")  # FIDE mode: a second one
    assert_refused(run, ["tournament", "set", club, "--tiebreaks", "NOPE"], "unknown tie-break",
                   tmp_path)
    assert_refused(run, ["tournament", "set", club, "--max-half-point-byes", "x"],
                   "the setting max_half_point_byes: 'x' is not a valid value", tmp_path)


def test_participants_and_crosstable_of_a_swiss_use_the_pairing_numbers(
        tmp_path: Path, run: Run) -> None:
    """Ids follow entry order; the lists number players as the pairing and the TRF do, and
    show no id (typing a number means the pairing number)."""
    from rochade.service import ClubService

    club = tmp_path / "club.rochade"
    svc = ClubService.init(club, "td")
    with svc.session():
        svc.create_system_tournament("Open", "swiss", {"rounds": 3})
        svc.import_players("Low,1500\nHigh,2100\nMid,1800\nTop,2200\n")
    lines = run("participants", club).output.splitlines()
    rows = [line.split()[:3] for line in lines if line.split()[:1] and line.split()[0].isdigit()]
    assert rows == [["1", "Top", "2200"], ["2", "High", "2100"], ["3", "Mid", "1800"],
                    ["4", "Low", "1500"]]
    assert "Id" not in lines[2].split()
    cross = run("crosstable", club).output.splitlines()
    assert [line.split()[1:3] for line in cross if line.split()[2:3] in (  # rank, No., name
        ["Top"], ["High"], ["Mid"], ["Low"])] == [
        ["1", "Top"], ["2", "High"], ["3", "Mid"], ["4", "Low"]]


def test_random_first_round_draws_a_fresh_logged_seed(tmp_path: Path, run: Run) -> None:
    """Without --seed, each Swiss with a random round 1 draws its own seed (kept in the log
    and the round's explanation); with --seed the draw is the one asked for."""
    seeds = []
    for k in range(3):
        (tmp_path / str(k)).mkdir()
        club = _club(tmp_path / str(k), run, 8, "--system", "swiss", "--rounds", 3,
                     "--first-round", "random")
        log = run("log", club).stdout
        seed = int(log.split("new tournament (swiss, seed ")[1].split(")")[0])
        run("pair", club)
        assert f"Seed {seed}." in run("explain", club, "--round", 1).stdout
        seeds.append(seed)
    assert len(set(seeds)) == 3
    (tmp_path / "given").mkdir()
    given = _club(tmp_path / "given", run, 8, "--system", "swiss", "--rounds", 3,
                  "--first-round", "random", "--seed", 42)
    assert "new tournament (swiss, seed 42)" in run("log", given).stdout


def test_buchholz_without_bye_points_is_a_tiebreak(tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path, run, 3, "--system", "swiss", "--rounds", 1, "--tiebreaks", "BHNB,BH")
    run("pair", club)
    run("result", club, 1, 1, "1-0")
    table = json.loads(run("standings", club, "--format", "json").output)
    bye = next(r for r in table if float(r["points"]) == 1 and r["tiebreaks"]["BHNB"] == "0")
    # the bye's round has no opponent: nothing, where FIDE's BH counts a dummy opponent
    # scoring min(own 1, a draw per round 0.5) = 0.5 (16.4.2)
    assert bye["tiebreaks"]["BH"] == "0.5"
    winner = next(r for r in table if r is not bye and float(r["points"]) == 1)
    assert winner["tiebreaks"]["BHNB"] == "0"  # the loser scored 0


def test_round_robins_by_lot_draw_fresh_recorded_seeds_that_replay(tmp_path: Path,
                                                                   run: Run) -> None:
    """Two round robins in a row (FIDE mode, the default) draw different start numbers, each
    with its seed in the log, on creation and in the explanation; --seed replays a draw."""
    drawn = []
    for k in ("first", "second", "again"):
        (tmp_path / k).mkdir()
        replay = ("--seed", drawn[0][0]) if k == "again" else ()
        path = tmp_path / k / "club.rochade"
        run("init", path)
        created = run("tournament", "create", path, "Event", "--system", "round-robin",
                      *replay).stdout
        assert "FIDE mode" in created
        seed = int(run("log", path).stdout.split("new tournament (round-robin, seed ")[1]
                   .split(")")[0])
        assert f"Drawn by lot with seed {seed} (--seed {seed} replays the draw)." in created
        csv = tmp_path / k / "players.csv"
        csv.write_text("name,rating\n" + "".join(f"P{i:02d},{2400 - 10 * i}\n"
                                                 for i in range(1, 11)), encoding="utf-8")
        run("player", "import", path, csv)
        run("pair", path)
        assert f"Start numbers drawn by lot (seed {seed})" in run("explain", path, "--round",
                                                                  1).stdout
        out = tmp_path / k / "export.json"
        run("export", path, out)
        drawn.append((seed, json.loads(out.read_text(encoding="utf-8"))["settings"]["numbers"]))
    (first, numbers), (second, other), again = drawn
    assert first != second and first != 0 and second != 0
    assert numbers != other  # 10 players: the same draw by chance is 1 in 3.6 million
    assert again == (first, numbers)


def test_double_is_typed_yes_or_no(tmp_path: Path, run: Run) -> None:
    """`tournament set double=no` makes a single round robin (a bare bool() of the text made
    every typed value, "no" too, a double one)."""
    club = _club(tmp_path, run, 4, "--system", "round-robin", "--double")
    assert run("tournament", "set", club, "double=no").output.endswith("(single).\n")
    assert run("tournament", "set", club, "double=yes").output.endswith("(double).\n")
    assert_refused(run, ["tournament", "set", club, "double=maybe"],
                   "the setting double: 'maybe' is not a valid value", tmp_path)


@pytest.mark.parametrize("create", [(), ("--system", "swiss", "--rounds", "3"),
                                    ("--system", "round-robin")])
def test_the_list_commands_print_what_export_list_prints(
        tmp_path: Path, run: Run, create: tuple[str, ...]) -> None:
    """One list, one table: `rochade standings|pairings|participants|crosstable|progress`
    print the table `export-list LIST` prints, in every system (progress and crosstable of a
    Swiss or round robin are its rounds table and crosstable, not a Keizer chart)."""
    club = _club(tmp_path, run, 5, *create)
    run("player", "status", club, "P05", "withdrawn")
    run("pair", club)
    run("result", club, 1, 1, "1-0")
    for which in ("standings", "pairings", "participants", "crosstable", "progress"):
        shown = run(which, club).stdout
        assert shown == run("export-list", club, which).stdout, which
    if create:
        refused = run("progress", club, "--detail", ok=False)
        assert refused.exit_code == 2 and "--detail goes with a Keizer" in refused.output
