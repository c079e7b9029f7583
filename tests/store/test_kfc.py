"""Importing KeizerForClubs' sample file: every number KfC computed, the next round, and clear
errors for files that are not (or no longer) KfC tournaments."""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kfc_check import TOLERANCE, Deviation, check_players, check_row_points
from rochade.core import limits
from rochade.core.keizer.pairing import KeizerState, pair_round
from rochade.core.keizer.scoring import Standings, compute_standings, standings_history
from rochade.core.keizer.settings import Ladder, preset
from rochade.core.model import Absence, Entrant, Game, Result, Round, Status, Tournament
from rochade.core.pairing import Board
from rochade.store import kfc
from rochade.store.kfc import (
    GAME_CODES,
    PERCENT_KEYS,
    SINGLE_CODES,
    STATES,
    KfcError,
    KfcImport,
    read_kfc,
)


@pytest.fixture(scope="module")
def kfc_file(shared_dir: Path) -> Path:
    return shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db"


@pytest.fixture(scope="module")
def expected(kfc_file: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (kfc_file.parent / "expected.json").read_text(encoding="utf-8")
    )
    return data


@pytest.fixture(scope="module")
def imported(kfc_file: Path) -> KfcImport:
    return read_kfc(kfc_file)


@pytest.fixture(scope="module")
def standings(imported: KfcImport) -> Standings:
    return compute_standings(imported.tournament, imported.settings)


def test_players_rows_and_settings(imported: KfcImport) -> None:
    t = imported.tournament
    assert t.name == "Test-Tournament"
    assert [e.id for e in t.entrants] == [1, 2, 3, 4, 6, 7, 10, 12, 13]
    status = {e.name: e.status for e in t.entrants}
    assert status["Ninedena"] is Status.CLUB_DUTY
    assert status["Helena"] is Status.UNEXCUSED
    assert status["Verdandi"] is Status.WITHDRAWN
    assert sum(s is Status.PRESENT for s in status.values()) == 6
    assert len(t.rounds) == 5
    assert sum(len(r.games) + len(r.absences) + (r.bye is not None) for r in t.rounds) == 26
    assert t.rounds[0].bye == 12 and t.rounds[2].bye == 13 and t.rounds[3].bye == 1
    assert t.rounds[4].absences == (Absence(4, "unexcused"), Absence(2, "club_duty"))
    assert t.rounds[4].games[2].result is Result.BLACK_WINS_FORFEIT
    # Every ConfigTab setting that matters equals the kfc preset: the file was made with it.
    assert imported.settings == preset("kfc")
    assert t.settings == imported.settings
    assert imported.notes == (
        "table Player has no Categories column (an older KfC version); rochade does not need it",
    )


def test_standings_equal_expected(standings: Standings, expected: dict[str, Any]) -> None:
    """Total, value used, next value, rank, game points and every breakdown row."""
    check = check_players(standings, expected)
    assert [r.entrant.id for r in standings.ranked()] == [s["id"] for s in expected["standings"]]
    assert check.count == 88
    assert check.max <= TOLERANCE


def test_row_points_equal_expected(standings: Standings, expected: dict[str, Any]) -> None:
    """Every `Pts_W` / `Pts_B` of the file is the credit rochade gives that row."""
    assert check_row_points(standings, expected).count == 44


def test_stored_totals_and_passes(
    imported: KfcImport, standings: Standings, expected: dict[str, Any]
) -> None:
    """KfC's own float32 totals agree, and so do the five passes of the recalculation."""
    check = Deviation()
    for pid, total in imported.stored_totals.items():
        check(standings.row(pid).total, total, f"stored total of player {pid}")
    assert check.count == 9 and 0 < check.max < 1e-6
    credits: dict[tuple[int, int], float] = {}  # a row without opponent credits its player only
    for row in expected["rows"]:
        credits[row["white_id"], row["round"]] = row["pts_white"]
        if row["black_id"] != -1:
            credits[row["black_id"], row["round"]] = row["pts_black"]
    assert imported.stored_credits.keys() == credits.keys()
    for key, pts in credits.items():
        check(Fraction(pts), imported.stored_credits[key], f"stored credit {key}")
    history = standings_history(imported.tournament, imported.settings)
    for passed, want in zip(history, expected["passes"], strict=True):
        assert [r.entrant.name for r in passed.ranked()] == want["ranking"]
        for r in passed.ranked():
            check(r.total, want["sums"][r.entrant.name], f"pass {passed.after_round}")
    assert check.count == 9 + 44 + 5 * 8


def test_next_round_paired_with_imported_settings(
    imported: KfcImport, standings: Standings
) -> None:
    """Round 6: the six present players, top-down, the rematch gap of 4 from ConfigTab."""
    ranking = tuple(r.entrant.id for r in standings.ranked() if r.entrant.status.plays)
    names = {e.id: e.name for e in imported.tournament.entrants}
    assert [names[i] for i in ranking] == [
        "Amurru", "Achill", "Hermes", "Inanna", "Ajax", "Isenbrink",
    ]  # fmt: skip
    result = pair_round(KeizerState(imported.tournament, imported.settings, 6, ranking))
    boards = [(names[b.white], names[b.black]) for b in result.pairing.boards]
    assert boards == [("Amurru", "Ajax"), ("Achill", "Isenbrink"), ("Inanna", "Hermes")]
    assert result.pairing.bye is None and not result.relaxed
    text = "\n".join(result.pairing.explanation)
    assert "with a rematch gap of 4 they may meet again from round 8" in text
    # With KfC's GameRepeat 0 the leaders would meet again at once.
    loose = pair_round(
        KeizerState(imported.tournament, replace(imported.settings, rematch_gap=0), 6, ranking)
    )
    assert loose.pairing.boards[0] == Board(6, 3)  # Achill - Amurru


# --- damaged, foreign and older files ---------------------------------------------------------


def _copy(kfc_file: Path, tmp_path: Path, *sql: str) -> Path:
    path = tmp_path / "club.s3db"
    shutil.copyfile(kfc_file, path)
    path.chmod(0o644)
    con = sqlite3.connect(path)
    with con:
        for statement in sql:
            con.execute(statement)
    con.close()
    return path


def _error(path: Path) -> str:
    with pytest.raises(KfcError) as info:
        read_kfc(path)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_foreign_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE members (id INTEGER, name TEXT)")
    con.close()
    assert _error(path) == f"{path}: not a KeizerForClubs file (it has no table Player)"


def test_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.s3db"
    path.write_text("Round 1: Amurru - Helena 1/2\n" * 200, encoding="utf-8")
    assert "not a readable KeizerForClubs file (file is not a database)" in _error(path)


def test_corrupt_file(kfc_file: Path, tmp_path: Path) -> None:
    data = bytearray(kfc_file.read_bytes())
    data[1024 : len(data)] = b"\xff" * (len(data) - 1024)  # every page after the first
    path = tmp_path / "broken.s3db"
    path.write_bytes(bytes(data))
    assert "not a readable KeizerForClubs file" in _error(path)


def test_missing_file(tmp_path: Path) -> None:
    assert _error(tmp_path / "nope.s3db").endswith("nope.s3db: no such file")


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        (
            "UPDATE Pairing SET Result = 42 WHERE Rnd = 3 AND board = 2",
            "table Pairing, round 3 board 2: result code 42 is not a game result "
            "(known codes: -1, 1, 2, 3, 8, 9, 10, 11)",
        ),
        (
            "UPDATE Pairing SET Result = 1 WHERE Rnd = 5 AND board = 100",
            "table Pairing, round 5 board 100: result code 1 is not a bye or absence code "
            "(known codes: 4, 5, 6, 7, 12)",
        ),
        (
            "UPDATE Player SET rating = 'strong' WHERE id = 7",
            "table Player, id 7 (Hermes): the rating 'strong' is not a whole number",
        ),
        (
            "UPDATE Player SET state = 3 WHERE id = 7",
            "table Player, id 7 (Hermes): unknown state 3",
        ),
        (
            "UPDATE Pairing SET PID_B = 99 WHERE Rnd = 2 AND board = 1",
            "table Pairing, round 2 board 1: no player with id 99 in table Player",
        ),
        (
            "UPDATE Pairing SET Result = 4 WHERE Rnd = 1 AND board = 100",
            "table Pairing, round 1 board 101: a second bye in round 1",
        ),
        (
            "DELETE FROM Pairing WHERE Rnd = 4 AND board = 100",
            "table Pairing: round 4: Inanna (id 1) has no row (a game, an absence with a "
            "reason, or the bye)",
        ),
        (
            "UPDATE ConfigTab SET CfgValue = 1 WHERE CfgKey = 'OPTION.RatioFirst2Last'",
            "table ConfigTab: settings: the first-to-last ratio must be greater than 1",
        ),
        (
            "UPDATE Player SET id = 0 WHERE id = 7",
            "table Player, id 0: the id must be a positive whole number",
        ),
        (
            "UPDATE Player SET name = '  ' WHERE id = 7",
            "table Player, id 7: the player has no name",
        ),
        (
            "UPDATE Pairing SET Rnd = 0 WHERE Rnd = 1 AND board = 1",
            "table Pairing, round 0 board 1: the round must be a positive whole number",
        ),
        (
            "ALTER TABLE Pairing RENAME COLUMN Result TO Outcome",
            "table Pairing lacks the column Result; is this a KeizerForClubs file?",
        ),
        (
            "ALTER TABLE Player RENAME COLUMN name TO Nickname",
            "table Player lacks the column name; is this a KeizerForClubs file?",
        ),
    ],
)
def test_bad_rows_are_named(kfc_file: Path, tmp_path: Path, sql: str, message: str) -> None:
    path = _copy(kfc_file, tmp_path, sql)
    assert _error(path) == f"{path}: {message}"


def test_older_file_without_settings_and_columns(kfc_file: Path, tmp_path: Path) -> None:
    """KfC before March 2023: no ConfigTab, no RatingWDelta/Keizer_PrevPts. The shares were the
    program's, shipped with unexcused as much as excused; the rest is the kfc preset."""
    path = _copy(
        kfc_file,
        tmp_path,
        "DROP TABLE ConfigTab",
        "CREATE TABLE P2 AS SELECT id, name, rating, rank, state, Keizer_StartPts,"
        " Keizer_SumPts FROM Player",
        "DROP TABLE Player",
        "ALTER TABLE P2 RENAME TO Player",
    )
    old = read_kfc(path, name="Winter 2022")
    assert old.tournament.name == "Winter 2022"
    shipped = Fraction(35, 100)
    assert old.settings == replace(
        preset("kfc"),
        fractions={**preset("kfc").fractions, "unexcused": shipped, "late_start": shipped},
    )
    assert old.notes == (
        "table Player has no Categories column (an older KfC version); rochade does not need it",
        "table Player has no RatingWDelta column (an older KfC version); rochade does not need it",
        "the file has no ConfigTab table (KfC before March 2023, which kept its settings in the "
        "program): the shares KfC shipped with then are used (unexcused 35 %, as much as "
        "excused), the kfc preset's other settings",
        "KfC of that time scored games with a withdrawn player otherwise than rochade and KfC "
        "since July 2023 (a loss against one earned the withdrawn share, the withdrawn player's "
        "last value stayed in their total, a bye or absence after their board could count as a "
        "game against them): see docs/formats.md",
    )
    standings = compute_standings(old.tournament, old.settings)
    assert standings.ranked()[0].total == 37.5
    assert standings.row(4).total == Fraction("25.15")  # Helena unexcused: 35 % of 9, not 5 %


def test_late_joiner_without_rows(kfc_file: Path, tmp_path: Path) -> None:
    """Hermes (excused in rounds 1 and 2) as if he had joined in round 3, without rows."""
    path = _copy(kfc_file, tmp_path, "DELETE FROM Pairing WHERE PID_W = 7 AND Rnd <= 2")
    got = read_kfc(path)
    assert [a for r in got.tournament.rounds[:2] for a in r.absences if a.player == 7] == [
        Absence(7, "late_start"),
        Absence(7, "late_start"),
    ]
    assert "Hermes has no row in rounds 1-2 (joined later): imported as a late start" in got.notes


def test_players_of_the_same_name(kfc_file: Path, tmp_path: Path) -> None:
    got = read_kfc(_copy(kfc_file, tmp_path, "UPDATE Player SET name = ' Ajax ' WHERE id = 13"))
    assert [e.name for e in got.tournament.entrants][-3:] == ["Ajax", "Verdandi", "Ajax (13)"]
    assert "two players are named 'Ajax' (ids 10 and 13): id 13 is imported as 'Ajax (13)'" in (
        got.notes
    )


def test_settings_are_mapped(kfc_file: Path, tmp_path: Path) -> None:
    def set_cfg(key: str, value: float) -> str:
        return f"UPDATE ConfigTab SET CfgValue = {value} WHERE CfgKey = '{key}'"

    path = _copy(
        kfc_file,
        tmp_path,
        set_cfg("BONUS.Excused", 30),
        set_cfg("BONUS.Unexcused", 2.4999999),
        set_cfg("BONUS.Clubgame", 65),
        set_cfg("BONUS.Freilos", 40),
        set_cfg("BONUS.Retired", 100),
        set_cfg("BONUS.Verlust", 3),
        set_cfg("OPTION.GameRepeat", 2),
        set_cfg("OPTION.DistBye", 0),
        set_cfg("OPTION.RatioFirst2Last", 4),
        set_cfg("OPTION.WickerNormalization", 1),
        "INSERT INTO ConfigTab VALUES ('OPTION.SomethingNew', NULL, 7)",
        "UPDATE Player SET state = 2 WHERE id = 1",
        "UPDATE Pairing SET Result = 11 WHERE Rnd = 4 AND board = 2",
    )
    got = read_kfc(path)
    s = got.settings
    assert [str(s.fractions[r]) for r in ("excused", "unexcused", "late_start")] == [
        "3/10",
        "1/40",
        "1/40",
    ]
    assert [str(s.fractions[r]) for r in ("club_duty", "bye", "withdrawn")] == [
        "13/20",
        "2/5",
        "1",
    ]
    assert str(s.loss_factor) == "3/100"
    assert (s.rematch_gap, s.byes_evenly, s.ratio, s.ladder) == (2, False, 4, Ladder.NORMALISED)
    assert "ConfigTab OPTION.SomethingNew = 7 is not used by rochade" in got.notes
    assert (
        "KfC's normalisation is on: read as rochade's normalised ladder (first value "
        "= the ratio, last = 1)"
    ) in got.notes
    assert "KfC's working state of Inanna was read as present" in got.notes
    assert got.tournament.entrant(1).status is Status.PRESENT
    assert got.tournament.rounds[3].games[1].result is Result.ADJOURNED
    assert (
        "round 4 board 2: an adjourned game, imported as adjourned (?): it counts as a draw, "
        "as in KfC, until its result is entered"
    ) in got.notes


# --- round trip: any tournament written in KfC's schema reads back as the same facts ----------

KFC_SCHEMA = (
    "CREATE TABLE Player (id INTEGER PRIMARY KEY, name VARCHAR(30) NOT NULL, rating INTEGER(4)"
    " NOT NULL, rank INTEGER(3) NOT NULL, state INTEGER(2), Keizer_StartPts FLOAT,"
    " Keizer_SumPts FLOAT, RatingWDelta INTEGER NOT NULL DEFAULT 0, Keizer_PrevPts FLOAT)",
    "CREATE TABLE Pairing (Rnd INTEGER NOT NULL, board INTEGER NOT NULL, PID_W INTEGER NOT NULL,"
    " PID_B INTEGER NOT NULL, Result INTEGER(2), Pts_W FLOAT, Pts_B FLOAT)",
    "CREATE TABLE ConfigTab (CfgKey VARCHAR(20) NOT NULL PRIMARY KEY, CfgText VARCHAR(5),"
    " CfgValue FLOAT)",
)
RESULT_CODES = {None: -1, **{r: c for c, r in GAME_CODES.items() if c != -1}}
REASON_CODES = {reason: code for code, reason in SINGLE_CODES.items()}
STATE_CODES = {status: code for code, status in STATES.items()}


@st.composite
def kfc_seasons(draw: st.DrawFn) -> tuple[Tournament, dict[str, int]]:
    n = draw(st.integers(2, 10))
    ids = sorted(draw(st.sets(st.integers(1, 40), min_size=n, max_size=n)))
    entrants = tuple(
        Entrant(pid, f"Player {pid}", draw(st.none() | st.integers(1000, 2400)),
                draw(st.sampled_from(list(STATES.values()))))
        for pid in ids
    )  # fmt: skip
    rounds = []
    for number in range(1, draw(st.integers(0, 4)) + 1):
        order = draw(st.permutations(ids))
        absent = order[: draw(st.integers(0, len(order)))]
        reasons = [draw(st.sampled_from(["excused", "unexcused", "club_duty", "late_start"]))
                   for _ in absent]  # fmt: skip
        playing = order[len(absent) :]
        bye = playing.pop() if len(playing) % 2 else None
        games = tuple(
            Game(playing[i], playing[i + 1], draw(st.sampled_from(list(RESULT_CODES))), i // 2 + 1)
            for i in range(0, len(playing), 2)
        )
        absences = tuple(Absence(p, r) for p, r in zip(absent, reasons, strict=True))
        rounds.append(Round(number, games, absences, bye))
    config = {key: draw(st.integers(0, 100)) for key in PERCENT_KEYS}
    config |= {"BONUS.Verlust": draw(st.integers(0, 10)),
               "OPTION.GameRepeat": draw(st.integers(0, 6)),
               "OPTION.DistBye": draw(st.integers(0, 1)),
               "OPTION.RatioFirst2Last": draw(st.integers(2, 5))}  # fmt: skip
    return Tournament("season", entrants, tuple(rounds)), config


def write_kfc(path: Path, t: Tournament, config: dict[str, int]) -> None:
    con = sqlite3.connect(path)
    with con:
        for statement in KFC_SCHEMA:
            con.execute(statement)
        for e in t.entrants:
            con.execute(
                "INSERT INTO Player VALUES (?, ?, ?, 0, ?, 0, 0, 0, 0)",
                (e.id, e.name, e.rating or 0, STATE_CODES[e.status]),
            )
        for r in t.rounds:
            for g in r.games:
                row = (r.number, g.board, g.white, g.black, RESULT_CODES[g.result])
                con.execute("INSERT INTO Pairing VALUES (?, ?, ?, ?, ?, 0, 0)", row)
            singles = [(a.player, REASON_CODES[a.reason]) for a in r.absences]
            singles += [(r.bye, 4)] if r.bye is not None else []
            for board, (player, code) in enumerate(singles, start=100):
                row = (r.number, board, player, -1, code)
                con.execute("INSERT INTO Pairing VALUES (?, ?, ?, ?, ?, 0, 0)", row)
        con.executemany("INSERT INTO ConfigTab VALUES (?, NULL, ?)", config.items())
    con.close()


@settings(max_examples=60)
@given(kfc_seasons())
def test_any_season_reads_back(season: tuple[Tournament, dict[str, int]]) -> None:
    t, config = season
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "season.s3db"
        write_kfc(path, t, config)
        got = read_kfc(path)
    assert got.tournament.entrants == t.entrants
    assert [(r.games, set(r.absences), r.bye) for r in got.tournament.rounds] == [
        (r.games, set(r.absences), r.bye) for r in t.rounds
    ]
    s = got.settings
    assert s.fractions["excused"] * 100 == config["BONUS.Excused"]
    assert s.fractions["late_start"] == s.fractions["unexcused"]
    assert s.fractions["bye"] * 100 == config["BONUS.Freilos"]
    assert s.loss_factor * 100 == config["BONUS.Verlust"]
    assert (s.rematch_gap, s.byes_evenly, s.ratio) == (
        config["OPTION.GameRepeat"],
        config["OPTION.DistBye"] == 1,
        config["OPTION.RatioFirst2Last"],
    )


def test_missing_columns_are_all_named(kfc_file: Path, tmp_path: Path) -> None:
    path = _copy(
        kfc_file,
        tmp_path,
        "CREATE TABLE P2 AS SELECT Rnd, PID_W, PID_B FROM Pairing",
        "DROP TABLE Pairing",
        "ALTER TABLE P2 RENAME TO Pairing",
    )
    assert _error(path) == (
        f"{path}: table Pairing lacks the columns board, Result; is this a KeizerForClubs file?"
    )


def test_a_player_table_without_rating_and_state(kfc_file: Path, tmp_path: Path) -> None:
    path = _copy(
        kfc_file,
        tmp_path,
        "CREATE TABLE P2 AS SELECT id, name, RatingWDelta FROM Player WHERE state != 10",
        "DROP TABLE Player",
        "ALTER TABLE P2 RENAME TO Player",
        # Verdandi, withdrawn before round 5, is present now: she needs a row there.
        "INSERT INTO Pairing (Rnd, board, PID_W, PID_B, Result) VALUES (5, 102, 12, -1, 6)",
    )
    got = read_kfc(path)
    assert {(e.rating, e.status) for e in got.tournament.entrants} == {(None, Status.PRESENT)}
    assert got.stored_totals == {}
    assert got.notes[:2] == (
        "table Player has no rating column: all players are unrated",
        "table Player has no state column: all players are present",
    )


def test_working_states_are_named_and_read_as_present(kfc_file: Path, tmp_path: Path) -> None:
    got = read_kfc(_copy(kfc_file, tmp_path, "UPDATE Player SET state = 8 WHERE id IN (6, 7)"))
    named = {e.id: e.name for e in got.tournament.entrants}
    assert f"KfC's working state of {named[6]}, {named[7]} was read as present" in got.notes
    assert {e.status for e in got.tournament.entrants if e.id in (6, 7)} == {Status.PRESENT}


def test_a_late_joiner_of_one_round(kfc_file: Path, tmp_path: Path) -> None:
    got = read_kfc(_copy(kfc_file, tmp_path, "DELETE FROM Pairing WHERE PID_W = 7 AND Rnd = 1"))
    assert "Hermes has no row in round 1 (joined later): imported as a late start" in got.notes
    # KfC's own totals are read (a direct call: the module's fixture links to one test only)
    assert sorted(got.stored_totals) == [e.id for e in got.tournament.entrants]
    assert all(isinstance(total, float) for total in got.stored_totals.values())


def test_normalisation_is_off_unless_the_file_says_so(kfc_file: Path, tmp_path: Path) -> None:
    unsaid = read_kfc(
        _copy(kfc_file, tmp_path,
              "DELETE FROM ConfigTab WHERE CfgKey = 'OPTION.WickerNormalization'")
    )
    assert unsaid.settings.ladder is not Ladder.NORMALISED
    assert not any("normalisation" in note for note in unsaid.notes)


def test_a_file_too_large_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "FILE_BYTES", 2 << 20)
    path = tmp_path / "huge.s3db"
    path.write_bytes(b"x" * (2 << 20))  # exactly at the limit: read (and found no database)
    assert _error(path) == (
        f"{path}: not a readable KeizerForClubs file (file is not a database)"
    )
    path.write_bytes(b"x" * ((2 << 20) + 1))
    assert _error(path) == f"{path}: too large for a KeizerForClubs file (more than 2 MB)"


def test_a_file_sqlite_cannot_open_is_named(
    kfc_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    path = _copy(kfc_file, tmp_path)
    monkeypatch.setattr(kfc.sqlite3, "connect", refuse)
    assert _error(path) == f"{path}: cannot open the file (unable to open database file)"


def test_a_late_joiner_after_a_withdrawn_player(kfc_file: Path, tmp_path: Path) -> None:
    """Isenbrink (id 13, after the withdrawn Verdandi) as if he had joined in round 4."""
    got = read_kfc(_copy(
        kfc_file,
        tmp_path,
        "DELETE FROM Pairing WHERE Rnd <= 3 AND (PID_W = 13 OR PID_B = 13)",
        "INSERT INTO Pairing (Rnd, board, PID_W, PID_B, Result) VALUES (1, 102, 6, -1, 6)",
        "INSERT INTO Pairing (Rnd, board, PID_W, PID_B, Result) VALUES (2, 102, 10, -1, 6)",
    ))
    assert "Isenbrink has no row in rounds 1-3 (joined later): imported as a late start" in (
        got.notes
    )


def test_a_deleted_player_is_skipped_and_the_players_after_it_read(
    kfc_file: Path, tmp_path: Path
) -> None:
    """KfC keeps a deleted player's line (state 10): skipped, not the end of the table."""
    got = read_kfc(_copy(
        kfc_file, tmp_path,
        "INSERT INTO Player (id, name, rating, rank, state) VALUES (5, 'Gone', 1500, 5, 10)",
    ))
    assert [e.id for e in got.tournament.entrants] == [1, 2, 3, 4, 6, 7, 10, 12, 13]


def test_a_player_table_with_categories_but_no_rating_delta(
    kfc_file: Path, tmp_path: Path
) -> None:
    """Each older-version column is looked for on its own: Categories there, RatingWDelta
    not, and a rating stored as a whole-number float (1430.0) is the whole number."""
    got = read_kfc(_copy(
        kfc_file,
        tmp_path,
        "CREATE TABLE P2 AS SELECT id, name, CAST(rating AS REAL) AS rating, rank, state,"
        " Keizer_StartPts, Keizer_SumPts, '' AS Categories FROM Player",
        "DROP TABLE Player",
        "ALTER TABLE P2 RENAME TO Player",
    ))
    assert got.notes == (
        "table Player has no RatingWDelta column (an older KfC version); rochade does not need it",
    )
    rating = got.tournament.entrant(7).rating
    assert rating == 1430 and isinstance(rating, int)


def test_config_values_that_are_no_number_or_missing_are_named(
    kfc_file: Path, tmp_path: Path
) -> None:
    """A ConfigTab value that is no number and a missing key each get a note, and the keys
    after them are still read (bye 40 %, withdrawn 100 %, both after them in the table)."""
    got = read_kfc(_copy(
        kfc_file,
        tmp_path,
        "DELETE FROM ConfigTab WHERE CfgKey = 'BONUS.Excused'",
        "UPDATE ConfigTab SET CfgValue = 'lots' WHERE CfgKey = 'BONUS.Clubgame'",
        "UPDATE ConfigTab SET CfgValue = 100 WHERE CfgKey = 'BONUS.Retired'",
        "UPDATE ConfigTab SET CfgValue = 40 WHERE CfgKey = 'BONUS.Freilos'",
    ))
    assert got.notes == (
        "table Player has no Categories column (an older KfC version); rochade does not need it",
        "ConfigTab BONUS.Clubgame has no number ('lots'): ignored",
        "ConfigTab has no BONUS.Excused: the kfc preset's value is used",
        "ConfigTab has no BONUS.Clubgame: the kfc preset's value is used",
    )
    kfc_preset = preset("kfc").fractions
    assert [str(got.settings.fractions[r]) for r in ("bye", "withdrawn")] == ["2/5", "1"]
    assert [got.settings.fractions[r] for r in ("excused", "club_duty")] == [
        kfc_preset["excused"], kfc_preset["club_duty"]]
