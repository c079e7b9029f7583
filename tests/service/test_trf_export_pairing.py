"""rochade-made tournaments as TRF files that other programs pair and check as rochade does.

A generated event is played through the service (requested byes, excused and absent
players, forfeits, late entries, a withdrawal, 3-1-0). Before every round the export must
hold what the next pairing needs, so that `rochade pair-trf -p` on it pairs exactly the
boards `rochade pair` pairs; at the end gacrux (the FIDE TEC checker) and `rochade pair-trf
-c` accept every round of the export.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from gacrux_runs import gacrux, pairing_check, tiebreaks
from rochade.cli import main
from rochade.cli.pair_trf import pair_trf
from rochade.core.model import Status
from rochade.core.systems import numbers_of
from rochade.formats.trf import parse_trf, rounds_recorded
from rochade.service import ClubService

RESULTS = ("1-0", "1-0", "0-1", "0-1", "1/2-1/2", "+/-", "-/+", "-/-")


def pair_trf_boards(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    """`rochade pair-trf --dutch FILE -p`: the boards and the bye, in pairing numbers."""
    out = CliRunner().invoke(pair_trf, ["--dutch", str(path), "-p"])
    assert out.exit_code == 0, out.output
    pairs = [tuple(map(int, line.split())) for line in out.output.splitlines()[1:]]
    bye = next((w for w, b in pairs if b == 0), None)
    return {(w, b) for w, b in pairs if b != 0}, bye


def play(svc: ClubService, rng: random.Random, tmp: Path, *, players: int, rounds: int,
         late: int, scoring: str = "1-1/2-0", stop: int | None = None,
         acceleration: str = "none", exports: list[str] | None = None) -> Path:
    """Play a Swiss (its first `stop` rounds); before each round export it and compare both
    pairings. The last export's path; every export's text is added to `exports` as well.
    `acceleration` "table": virtual points for a random third of the players, as a table."""
    svc.create_system_tournament("Open", "swiss", {
        "rounds": rounds, "scoring": scoring,
        "acceleration": "none" if acceleration == "table" else acceleration})
    svc.import_players("".join(f"P{i:03d},{rng.randint(1200, 2400)}\n"
                               for i in range(1, players + 1)))
    if acceleration == "table":
        ids = [e.id for e in svc.tournament().entrants]
        chosen = sorted(rng.sample(ids, len(ids) // 3))
        svc.change_rules({"virtual_points": "; ".join(
            f"{pid}:1-2=1; {pid}:3={rng.choice(['0.5', '1', '2'])}" for pid in chosen)}, "Open")
    path = tmp / "open.trf"
    gone: set[int] = set()
    for number in range(1, (stop or rounds) + 1):
        if number in (2, 3):  # a late entry each (one of them unrated)
            for k in range(late):
                rating = None if k % 2 else rng.randint(1200, 2400)
                svc.add_player(f"Late{number}{k}", rating, tournament="Open")
        t = svc.tournament()
        if number == rounds - 1:  # somebody withdraws
            who = rng.choice([e for e in t.entrants if not e.withdrawn])
            svc.set_status(str(who.id), Status.WITHDRAWN)
            gone.add(who.id)
        for e in svc.tournament().entrants:
            if e.id in gone:
                continue
            roll = rng.random()
            status = (Status.EXCUSED if roll < 0.05 else Status.UNEXCUSED if roll < 0.08
                      else Status.PRESENT)
            if status is not e.status:
                svc.set_status(str(e.id), status, confirm=True)  # FIDE mode: a 2nd HPB
        if number < rounds - 1:
            asking = rng.choice([e for e in svc.tournament().entrants if e.status.plays])
            svc.request_bye(str(asking.id), number + 1, half=rng.random() < 0.5,
                            confirm=True)
        path.write_text(svc.export_trf("Open"), encoding="utf-8")
        if exports is not None:
            exports.append(path.read_text(encoding="utf-8"))
        theirs = pair_trf_boards(path)
        report = svc.pair()
        tpn = {pid: i for i, pid in enumerate(numbers_of(svc.tournament()), 1)}
        rnd = report.round
        mine = {(tpn[g.white], tpn[g.black]) for g in rnd.games}
        assert theirs == (mine, None if rnd.bye is None else tpn[rnd.bye]), number
        for game in rnd.games:
            svc.enter_result(number, game.board, rng.choice(RESULTS))
    path.write_text(svc.export_trf("Open"), encoding="utf-8")
    if exports is not None:
        exports.append(path.read_text(encoding="utf-8"))
    return path


@pytest.mark.parametrize(("seed", "players", "late", "scoring", "acceleration"), [
    (1, 15, 1, "1-1/2-0", "none"),
    (2, 24, 1, "3-1-0", "none"),
    (3, 31, 0, "2-1-0", "none"),
    (4, 26, 1, "1-1/2-0", "baku"),
    (7, 21, 1, "1-1/2-0", "table"),
    (8, 18, 1, "3-1-0", "table"),
])
def test_exports_pair_as_rochade_pairs_and_pass_both_checkers(
        club: ClubService, tmp_path: Path, seed: int, players: int, late: int,
        scoring: str, acceleration: str) -> None:
    path = play(club, random.Random(seed), tmp_path, players=players, rounds=6, late=late,
                scoring=scoring, acceleration=acceleration)
    report = pairing_check(path)
    assert report.rstrip().endswith("Check: True"), report
    out = CliRunner().invoke(pair_trf, ["--dutch", str(path), "-c"])
    assert "6 rounds checked, 0 differ" in out.output, out.output
    assert rounds_recorded(parse_trf(path.read_text(encoding="utf-8"))) == 6


@pytest.mark.parametrize(("seed", "players", "scoring"), [(5, 17, "1-1/2-0"), (6, 22, "3-1-0")])
def test_every_export_gives_gacrux_the_tie_breaks_rochade_shows(
        club: ClubService, tmp_path: Path, seed: int, players: int, scoring: str) -> None:
    """Each export, between rounds and final, read by gacrux's tie-break checker with the
    tie-breaks of the file's `202` line: the values `rochade standings FILE.trf` prints.

    Between rounds gacrux is told the round (`-n R`): without it, it takes `142`'s count
    of rounds and reads the rounds not yet played as unplayed by everyone, which is the
    final table of a tournament abandoned now (docs/trf.md, "Writing")."""
    exports: list[str] = []
    play(club, random.Random(seed), tmp_path, players=players, rounds=5, late=1,
         scoring=scoring, exports=exports)
    for played, text in enumerate(exports[1:], 1):
        path = tmp_path / f"after-{played}.trf"
        path.write_text(text, encoding="utf-8")
        told = [] if played == 5 else ["-n", str(played)]
        out = tiebreaks("-i", str(path), "-s", "-F", "TXT", "-d", ";", *told)
        head, *rows = (line.split(";") for line in out.strip().splitlines())
        shown = CliRunner().invoke(main, ["standings", str(path), "--format", "json"])
        assert shown.exit_code == 0, shown.output
        mine = {row["start_number"]: row["tiebreaks"] for row in json.loads(shown.output)}
        codes = [code for code in head if code in next(iter(mine.values()))]
        assert len(codes) >= 2, (head, played)
        assert len(rows) == len(mine) >= players, played
        for row in rows:
            for code in codes:
                assert Fraction(row[head.index(code)]) == Fraction(
                    mine[int(row[0])][code]), (played, row[0], code)


def test_an_import_keeps_the_files_numbers_for_the_next_round(
        club: ClubService, tmp_path: Path) -> None:
    """48 players whose file numbers are not in rating order (another program's numbering):
    the round rochade pairs after import-trf is the round `pair-trf -p` pairs on the file."""
    made = play(club, random.Random(7), tmp_path, players=48, rounds=7, late=0, stop=3)
    rng = random.Random(8)
    shuffled = tmp_path / "shuffled.trf"
    shuffled.write_text("".join(
        line[:48] + f"{rng.randint(1000, 2500):4d}" + line[52:] if line.startswith("001")
        else line for line in made.read_text(encoding="utf-8").splitlines(keepends=True)),
        encoding="utf-8")
    theirs = pair_trf_boards(shuffled)
    other = ClubService.init(tmp_path / "other.rochade", "td")
    with other.session():
        other.import_trf(shuffled.read_bytes())
        t = other.tournament()
        assert numbers_of(t) == tuple(sorted(e.id for e in t.entrants))
        rnd = other.pair().round
    assert len(rnd.games) >= 20
    assert theirs == ({(g.white, g.black) for g in rnd.games}, rnd.bye)


@pytest.mark.parametrize(("players", "double"), [(7, False), (6, True)])
def test_round_robin_exports_pass_gacrux_berger_check(
        club: ClubService, tmp_path: Path, players: int, double: bool) -> None:
    """A round robin's drawn numbers are the file's numbers and its rest rounds read as
    rests, so gacrux finds every round where the Berger table puts it."""
    rng = random.Random(players)
    club.create_system_tournament("RR", "round-robin", {"double": double})
    club.import_players("".join(f"R{i},{rng.randint(1200, 2400)}\n" for i in range(players)))
    rounds = (players - 1 + players % 2) * (2 if double else 1)
    for number in range(1, rounds + 1):
        for game in club.pair().round.games:
            club.enter_result(number, game.board, rng.choice(RESULTS[:5]))
    path = tmp_path / "rr.trf"
    path.write_text(club.export_trf("RR"), encoding="utf-8")
    report = pairing_check(path)
    assert report.count("=== Round #") == rounds and report.rstrip().endswith("Check: True")


@pytest.mark.parametrize("double", [False, True])
def test_a_round_robins_export_pairs_as_rochade_before_every_round(
        club: ClubService, tmp_path: Path, double: bool) -> None:
    """A round robin's export says its number of rounds (142), so that before every round
    gacrux's Berger pairing of the file is the round rochade pairs, up to the last round, and
    gacrux's checker accepts every round. Not compared: round 1 (pairing it draws the numbers)
    and, in a double round robin, the last two rounds of cycle 1, which rochade plays swapped
    as FIDE recommends (C.05 Annex 1; a TRF file cannot say so, and gacrux does not swap)."""
    club.create_system_tournament("Closed", "round-robin", {"double": str(double).lower()})
    club.import_players("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\nE,1600\n", "Closed")
    path = tmp_path / "closed.trf"
    rounds = 10 if double else 5
    for number in range(1, rounds + 1):
        path.write_text(club.export_trf("Closed"), encoding="utf-8")
        assert f"142 {rounds}" in path.read_text(encoding="utf-8").splitlines()
        swapped = double and number in (4, 5)
        theirs = gacrux_berger(path) if number > 1 and not swapped else None
        report = club.pair("Closed")
        tpn = {pid: i for i, pid in enumerate(numbers_of(club.tournament("Closed")), 1)}
        bye = report.round.bye
        mine = sorted([(tpn[g.white], tpn[g.black]) for g in report.round.games]
                      + ([(tpn[bye], 0)] if bye is not None else []))
        assert theirs in (None, mine), number
        for board in range(1, len(report.round.games) + 1):
            club.enter_result(number, board, RESULTS[(number + board) % 5], "Closed")
    path.write_text(club.export_trf("Closed"), encoding="utf-8")
    assert "Check: True" in pairing_check(path)


def gacrux_berger(path: Path) -> list[tuple[int, int]]:
    """gacrux's Berger pairing of a TRF file's next round: (white, black), (bye, 0)."""
    _, out = gacrux("pairingchecker", "-p", "-m", "berger", "-i", str(path))
    return sorted((w, b) for w, b in json.loads(out)["pairingResult"]["pairs"])
