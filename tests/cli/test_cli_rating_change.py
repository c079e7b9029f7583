"""`rochade standings --rating-change` and `export-list standings --rating-change`: K,
performance and FIDE rating change per player, from the club file's data."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def _evening(run: Run, tmp_path: Path) -> Path:
    """Anna 2000, Bert 1900, Carla 1800, Dirk unrated; round 1: Bert beats Anna, Dirk and
    Carla draw."""
    path = tmp_path / "club.rochade"
    run("init", path, "--who", "ina")
    run("tournament", "create", path, "Winter", "--preset", "classic")
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nAnna,2000\nBert,1900\nCarla,1800\nDirk,\n", encoding="utf-8")
    run("player", "import", path, players)
    run("pair", path)
    run("result", path, 1, 1, "1-0")  # Bert (white) - Anna
    run("result", path, 1, 2, "=")  # Dirk - Carla
    return path


def test_a_withdrawn_player_is_marked_as_without_the_columns(run: Run, tmp_path: Path
                                                              ) -> None:
    """With --rating-change the withdrawn player keeps the "-" rank and the word, as in the
    standings without it."""
    club = _evening(run, tmp_path)
    run("player", "status", club, "Anna", "withdrawn")
    plain = [line for line in run("standings", club).stdout.splitlines() if "Anna" in line]
    rated = [line for line in run("standings", club, "--rating-change").stdout.splitlines()
             if "Anna" in line]
    for line in plain + rated:
        assert line.split()[0] == "-" and line.split()[-1] == "withdrawn", line


def test_the_rated_standings_are_the_standings_with_three_more_columns(
        run: Run, tmp_path: Path) -> None:
    """One list, printed one way: --rating-change adds K, performance and change before the
    note, and changes nothing else (no rating column of its own, the same "Note" heading)."""
    club = _evening(run, tmp_path)
    run("player", "status", club, "Anna", "withdrawn")
    plain = run("standings", club).stdout.splitlines()
    rated = run("standings", club, "--rating-change").stdout.splitlines()
    assert plain[2].split() == ["Rank", "Name", "Score", "Points", "Games", "Value", "Note"]
    assert rated[2].split() == [*plain[2].split()[:-1], "K", "Perf", "Rtg+/-", "Note"]
    assert rated[0] == plain[0] and len(rated) == len(plain)
    for before, after in zip(plain[4:], rated[4:], strict=True):
        words = before.split()
        assert after.split()[:len(words) - ("withdrawn" in words)] == [
            w for w in words if w != "withdrawn"]


def test_keizer_standings_show_k_performance_and_change(run: Run, tmp_path: Path) -> None:
    club = _evening(run, tmp_path)
    lines = run("standings", club, "--rating-change").stdout.splitlines()
    assert lines[2].split()[-3:] == ["K", "Perf", "Rtg+/-"]
    rows = {line.split()[1]: line.split() for line in lines[4:]}
    # Bert 1900 beats Anna 2000: D = 100 -> We .36; 20 * .64 = 12.8; Rp = 2000 + 800.
    assert rows["Bert"][-3:] == ["20", "2800", "+12.8"]
    assert rows["Anna"][-3:] == ["20", "1100", "-12.8"]
    assert rows["Carla"][-1] == "20"  # her draw was against an unrated player: nothing counts
    assert rows["Dirk"][-1] == "1800"  # unrated: no K, no change; his performance counts


def test_the_tds_k_and_json(run: Run, tmp_path: Path) -> None:
    club = _evening(run, tmp_path)
    run("player", "set", club, "Anna", "k=40")
    out = json.loads(run("standings", club, "--rating-change", "--format", "json").stdout)
    anna = next(row for row in out if row["name"] == "Anna")
    assert (anna["k"], anna["performance"], anna["rating_change"]) == (40, 1100, "-25.6")
    dirk = next(row for row in out if row["name"] == "Dirk")
    assert (dirk["k"], dirk["rating_change"]) == (None, None)
    assert "K" not in run("standings", club).stdout.split()  # only when asked


def test_a_wrong_k_is_refused(run: Run, tmp_path: Path) -> None:
    club = _evening(run, tmp_path)
    before = club.read_bytes()
    refused = run("player", "set", club, "Anna", "k=0", ok=False)
    assert refused.exit_code == 2 and "no K-factor" in refused.output
    assert club.read_bytes() == before


def test_export_csv_keeps_the_exact_change(run: Run, tmp_path: Path) -> None:
    club = _evening(run, tmp_path)
    csv = run("export-list", club, "standings", "--rating-change", "--format", "csv").stdout
    header, *rows = csv.splitlines()
    assert header.endswith(",K,Perf,Rtg+/-")
    assert "2,Anna,2000,4,0,1,3,20,1100,-12.8" in rows
    assert run("export-list", club, "pairings", "--rating-change", ok=False).exit_code == 2


def test_explain_shows_the_change_game_by_game(run: Run, tmp_path: Path) -> None:
    club = _evening(run, tmp_path)
    lines = run("explain", club, "Bert", "--rating-change").stdout.splitlines()
    assert lines[:2] == ["Bert: performance 2800", "K 20 (below 2400), rating change +12.8"]
    assert lines[3].split() == ["Round", "Opponent", "Rating", "Score", "We", "Change"]
    assert lines[5].split() == ["1", "Anna", "2000", "1", "0.36", "+12.8"]
    dirk = run("explain", club, "Dirk", "--rating-change").stdout
    assert "Dirk: performance 1800\nunrated: no rating change" in dirk and "Change" not in dirk
    carla = run("explain", club, "Carla", "--rating-change").stdout
    assert carla == "Carla: no game against a rated opponent counts yet\n"
    before = run("explain", club, "Bert", "--rating-change", "--round", "0").stdout
    assert "no game against a rated opponent counts yet" in before
    assert run("explain", club, "--round", "1", "--rating-change", ok=False).exit_code == 2


def test_a_json_file_has_rating_changes_too(run: Run, tmp_path: Path) -> None:
    club = _evening(run, tmp_path)
    exported = tmp_path / "winter.json"
    run("export", club, exported)
    rows = json.loads(run("standings", exported, "--rating-change", "--format", "json").stdout)
    assert {row["name"]: row["rating_change"] for row in rows}["Bert"] == "+12.8"
    assert "+12.8" in run("explain", exported, "Bert", "--rating-change").stdout
    trf = tmp_path / "winter.trf"
    trf.write_text("012 x\n", encoding="utf-8")
    refused = run("standings", trf, "--rating-change", ok=False)
    assert refused.exit_code == 2 and "not with a TRF file" in refused.output


def test_publish_puts_the_columns_in_the_standings_page(run: Run, tmp_path: Path) -> None:
    club = _evening(run, tmp_path)
    site = tmp_path / "site"
    run("publish", club, site, "--rating-change")
    assert "Rtg+/-" in (site / "standings.html").read_text(encoding="utf-8")
    assert (site / "standings.csv").read_text(encoding="utf-8-sig").splitlines()[0].endswith(
        ",K,Perf,Rtg+/-")
    plain = tmp_path / "plain"
    run("publish", club, plain)
    assert "Rtg+/-" not in (plain / "standings.html").read_text(encoding="utf-8")


def test_a_rapid_time_control_and_a_juniors_birth_set_k(run: Run, tmp_path: Path) -> None:
    club = _evening(run, tmp_path)
    run("player", "set", club, "Anna", "birth=2010")
    run("tournament", "set", club, "start_date=2026-12-01")
    assert "K 40 (under 18, below 2300)" in run("explain", club, "Anna", "--rating-change").stdout
    run("tournament", "set", club, "time_control=900+10")
    said = run("explain", club, "Anna", "--rating-change").stdout
    assert "K 20 (rapid or blitz: 20 for everyone), rating change -12.8" in said


def test_a_swiss_standings_table_gets_the_columns(run: Run, tmp_path: Path) -> None:
    """The FIDE standings (points, tie-breaks) with K, performance and change; the changes of
    players rated alike add up to nothing when everyone has the same K."""
    from rochade.service import ClubService

    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "td")
    svc.create_system_tournament("Open", "swiss", {"rounds": 2, "seed": 3})
    svc.import_players("Name;Rating\nA;2200\nB;2100\nC;2000\nD;1900\n", "Open")
    for _ in range(2):
        report = svc.pair("Open")
        for board in range(1, len(report.round.games) + 1):
            svc.enter_result(report.round.number, board, "1-0", "Open")
    lines = run("standings", path, "--rating-change").stdout.splitlines()
    header = lines[2].split()
    assert header[-3:] == ["K", "Perf", "Rtg+/-"]
    changes = svc.rating_changes("Open")
    assert sum(c.change or 0 for c in changes.values()) == 0  # all K 20
    names = {e.name for e in svc.tournament("Open").entrants}
    by_name = {next(word for word in line.split() if word in names): line.split()
               for line in lines[4:8]}  # a tied rank is printed once
    for e in svc.tournament("Open").entrants:
        c = changes[e.id]
        assert by_name[e.name][-2] == str(c.performance)
