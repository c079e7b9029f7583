"""Fuzzing the files a TD hands to rochade: mutated TRF, CSV, JSON (tournament and club
backup) and SQLite club files. Whatever the bytes, rochade either takes the file or refuses it
with one clear line naming where the problem is, and the club file stays as it was.

Several thousand cases in all (the counts are in `CASES`); the whole module runs in well
under a minute.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rochade.cli import main
from rochade.core.model import ModelError
from rochade.core.tiebreaks import TieBreakError
from rochade.formats.json import parse_tournament
from rochade.formats.players import (
    ClubPlayer,
    RatedPlayer,
    decode,
    match_ratings,
    parse_fide_txt,
    parse_fide_xml,
    parse_rating_csv,
)
from rochade.service import ClubService, ServiceError
from rochade.service.demo import build_demo
from rochade.service.exchange import backup_json, read_trf, restore_json
from rochade.service.players import read_player_list
from rochade.store import Club, StoreError
from rochade.store.backup import copy_file, folder_of

CASES = {"trf": 1200, "csv": 1000, "json": 800, "backup": 400, "club": 120, "sqlite": 200,
         "cli": 40, "ratings": 900, "ratings_club": 120}
"""Examples per fuzzer. Reading is fuzzed in bulk; `club` cases go through a club file."""
CLEAR = (ModelError, StoreError, ServiceError, TieBreakError)
"""The errors that reach the TD as one `Error: ...` line (ModelError includes FormatError)."""

SETTINGS = {"suppress_health_check": list(HealthCheck), "derandomize": True}

TRF_WHERE = re.compile(
    r"line \d+|player \d+|round \d+|pairing number|player lines|tournament name|scoring"
    r"|rounds are|tournament named|points|already|not supported yet|UTF-16"
)
CSV_WHERE = re.compile(r"line \d+|already|name|empty|not a text file")
RATINGS_WHERE = re.compile(r"line \d+|player \d+|FIDE XML|FIDE TXT|empty|name column")
JSON_WHERE = re.compile(r"JSON|system|line \d+|players|rounds|round \d+|settings|name|format|file|"
                        r"members|tournaments|actions|key|already|backup")


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory, shared_dir: Path) -> dict[str, object]:
    """A demo club (Keizer) with an imported Swiss, and the texts the fuzzers mutate."""
    folder = tmp_path_factory.mktemp("fuzz")
    service = build_demo(folder / "demo.rochade")
    trf = (shared_dir / "conformance" / "dutch" / "t010_p016_r07_mixed.trf").read_bytes()
    service.import_trf(trf)
    name = service.tournaments()[0].name
    return {
        "folder": folder,
        "club": service.path,
        "trf": trf,
        "csv": b"name,rating,fide_id\nAnna Berg,2000,\nBo Lind,1900,1234567\nCem Kaya,,\n",
        "json": service.export_json(name).encode("utf-8"),
        "backup": backup_json(service.path).encode("utf-8"),
        "sqlite": service.path.read_bytes(),
        **RATING_LISTS,
    }


RATING_LISTS = {
    "rating-csv": "Spielername;DWZ;FIDE-ID;Mgl-Nr\nBerg, Anna;2012;4100018;1001\n"
                  "Lind, Bo;1890;;1002\nKaya, Cem;;;1003\n".encode("cp1252"),
    "fide-xml": b"<?xml version='1.0'?>\n<playerslist><player><fideid>4100018</fideid>"
                b"<name>Berg, Anna</name><rating>2020</rating></player><player>"
                b"<fideid>4100026</fideid><name>Lind, Bo</name><rating>1880</rating>"
                b"</player></playerslist>\n",
    "fide-txt": (b"ID Number      Name                           Fed Sex SRtng SGm\n"
                 b"4100018        Berg, Anna                     GER F   2031  5\n"
                 b"4100026        Lind, Bo                       SWE M   1870  0\n"),
}
"""A small list in each format a club downloads, about the demo club's kind of names."""


def rating_entries(kind: str, raw: bytes) -> Iterator[RatedPlayer]:
    """The list's entries, read lazily as `rochade ratings` reads them."""
    if kind == "fide-xml":
        return parse_fide_xml(raw)
    if kind == "fide-txt":
        return parse_fide_txt(decode(raw).splitlines(keepends=True))
    return parse_rating_csv(decode(raw))


@st.composite
def mutated(draw: st.DrawFn, seed: bytes) -> bytes:
    """`seed` with a few byte-level changes: flips, inserts, deletions, copies, cuts."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(("flip", "insert", "delete", "copy", "cut", "digit")))
        if op == "flip":
            data[at] = draw(st.integers(0, 255))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif op == "digit":
            data[at:at + 1] = draw(st.sampled_from((b"0", b"9", b"-", b" ", b"\n", b".", b"W")))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 40))]
        elif op == "copy":
            end = min(len(data), at + draw(st.integers(1, 120)))
            data[at:at] = data[at:end]
        else:
            del data[at:]
    return bytes(data)


def refused_or_taken(club: Path, action: Callable[[], object], where: re.Pattern[str]) -> None:
    """`refused_clearly`, and a refusal leaves the club file's facts unchanged."""
    with Club.open(club) as opened:
        before = opened.snapshot()
    taken = refused_clearly(action, where)
    with Club.open(club) as opened:
        assert taken or opened.snapshot() == before


def fresh_club(seeds: dict[str, object], name: str) -> Path:
    """An empty club file with one Keizer tournament (the import targets)."""
    path = Path(str(seeds["folder"])) / name
    if not path.exists():
        ClubService.init(path, "td").create_tournament("Cup")
    return path


@contextmanager
def copy_of(template: Path) -> Iterator[Path]:
    """A fresh copy of a club file for one example: in a file an earlier example changed, a
    taken import would make the next one test "already exists" instead of the input."""
    path = template.with_name(f"example-{template.name}")
    copy_file(template, path)
    try:
        yield path
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        shutil.rmtree(folder_of(path), ignore_errors=True)


def refused_clearly(action: Callable[[], object], where: re.Pattern[str]) -> bool:
    """`action` works (True), or raises a clear one-line error naming its place (False)."""
    try:
        action()
    except CLEAR as exc:
        message = str(exc)
        assert message and "\n" not in message and "Traceback" not in message
        assert where.search(message), message
        return False
    return True


def decoded(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def test_mutated_trf_is_read_or_refused_naming_the_line(seeds: dict[str, object]) -> None:
    @settings(max_examples=CASES["trf"], **SETTINGS)  # type: ignore[arg-type]
    @given(mutated(bytes(seeds["trf"])))  # type: ignore[arg-type]
    def run(raw: bytes) -> None:
        refused_clearly(lambda: read_trf(raw), TRF_WHERE)

    run()


def test_mutated_csv_is_read_or_refused_naming_the_line(seeds: dict[str, object]) -> None:
    @settings(max_examples=CASES["csv"], **SETTINGS)  # type: ignore[arg-type]
    @given(mutated(bytes(seeds["csv"])))  # type: ignore[arg-type]
    def run(raw: bytes) -> None:
        refused_clearly(lambda: read_player_list(raw), CSV_WHERE)

    run()


def test_a_carriage_return_ends_a_line_as_in_old_mac_files() -> None:
    """Found by the CSV fuzzer: a lone CR used to escape as the csv module's own error."""
    rows = read_player_list("name,rating\nAnna\rBerg,1800\n")
    assert [(r.line, r.name, r.details.national) for r in rows] == [
        (2, "Anna", None), (3, "Berg", 1800)]


def test_mutated_json_is_read_or_refused_naming_the_field(seeds: dict[str, object]) -> None:
    @settings(max_examples=CASES["json"], **SETTINGS)  # type: ignore[arg-type]
    @given(mutated(bytes(seeds["json"])))  # type: ignore[arg-type]
    def run(raw: bytes) -> None:
        refused_clearly(lambda: parse_tournament(decoded(raw)), JSON_WHERE)

    run()


def test_mutated_imports_leave_the_club_file_unchanged(seeds: dict[str, object]) -> None:
    """TRF, CSV and JSON imports into a club file: a refused file changes nothing."""
    club = fresh_club(seeds, "imports.rochade")

    @settings(max_examples=CASES["club"], **SETTINGS)  # type: ignore[arg-type]
    @given(st.sampled_from(("trf", "csv", "json")), st.data())
    def run(kind: str, data: st.DataObject) -> None:
        raw = data.draw(mutated(bytes(seeds[kind])))
        with copy_of(club) as path:
            service = ClubService(path, "fuzz")
            action, where = {
                "trf": (lambda: service.import_trf(raw), TRF_WHERE),
                "csv": (lambda: service.import_players(decoded(raw), "Cup"), CSV_WHERE),
                "json": (lambda: service.import_json(decoded(raw)), JSON_WHERE),
            }[kind]
            refused_or_taken(path, action, where)

    run()


def test_mutated_rating_lists_are_read_or_refused_naming_the_line(
    seeds: dict[str, object],
) -> None:
    players = [ClubPlayer(1, "Anna Berg", 2000), ClubPlayer(2, "Bo Lind", 1900, 4100026),
               ClubPlayer(3, "Cem Kaya", None)]

    @settings(max_examples=CASES["ratings"], **SETTINGS)  # type: ignore[arg-type]
    @given(st.sampled_from(sorted(RATING_LISTS)), st.data())
    def run(kind: str, data: st.DataObject) -> None:
        raw = data.draw(mutated(RATING_LISTS[kind]))
        refused_clearly(lambda: match_ratings(players, rating_entries(kind, raw)), RATINGS_WHERE)

    run()


def test_mutated_rating_lists_applied_or_the_club_file_unchanged(
    seeds: dict[str, object],
) -> None:
    """`rochade ratings --apply` with a damaged list: applied (a member whose values the list
    gives), or refused naming the line with nothing written."""
    club = Path(str(seeds["folder"])) / "ratings.rochade"
    service = ClubService.init(club, "td")
    service.create_tournament("Cup")
    service.import_players("name,rating\nAnna Berg,2000\nBo Lind,1900\nCem Kaya,\n")

    @settings(max_examples=CASES["ratings_club"], **SETTINGS)  # type: ignore[arg-type]
    @given(st.sampled_from(sorted(RATING_LISTS)), st.data())
    def run(kind: str, data: st.DataObject) -> None:
        raw = data.draw(mutated(RATING_LISTS[kind]))
        with copy_of(club) as path:
            refused_or_taken(
                path,
                lambda: ClubService(path, "td").update_ratings(rating_entries(kind, raw),
                                                               apply=True),
                RATINGS_WHERE,
            )

    run()


def test_a_superscript_digit_is_no_rating() -> None:
    """Found by the rating-list fuzzer: "¹" passes `str.isdigit` but not `int`."""
    text = RATING_LISTS["fide-txt"].replace(b"4100018", "\u00b9100018".encode("latin-1"))
    with pytest.raises(ModelError, match=r"line 2: the FIDE id '¹100018' is not a whole number"):
        list(rating_entries("fide-txt", text))


def test_mutated_club_backup(seeds: dict[str, object]) -> None:
    folder = Path(str(seeds["folder"]))

    @settings(max_examples=CASES["backup"], **SETTINGS)  # type: ignore[arg-type]
    @given(mutated(bytes(seeds["backup"])))  # type: ignore[arg-type]
    def run(raw: bytes) -> None:
        target = folder / "restored.rochade"
        try:
            restore_json(raw.decode("utf-8", errors="replace"), target)
        except CLEAR as exc:
            message = str(exc)
            assert message and "\n" not in message
            assert JSON_WHERE.search(message), message
            assert not target.exists()
        else:
            assert ClubService(target, "fuzz").tournaments()
            target.unlink()

    run()


def test_mutated_sqlite_club_files(seeds: dict[str, object]) -> None:
    """A damaged club file is refused (or read, if the damage missed what is read), never
    with a traceback; rochade does not write to a file it could not open."""
    folder = Path(str(seeds["folder"]))
    original = bytes(seeds["sqlite"])

    @settings(max_examples=CASES["sqlite"], **SETTINGS)  # type: ignore[arg-type]
    @given(mutated(original))
    def run(raw: bytes) -> None:
        path = folder / "damaged.rochade"
        path.write_bytes(raw)
        try:
            backup_json(path)
            with Club.open(path) as club:
                for record in club.tournaments():
                    club.load_tournament(record)
        except CLEAR as exc:
            assert str(exc) and "\n" not in str(exc)
        finally:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)

    run()


def test_cli_never_shows_a_traceback(seeds: dict[str, object], tmp_path: Path) -> None:
    """The same through the command line: exit code 2 and one `Error:` line."""
    club = fresh_club(seeds, "cli.rochade")
    runner = CliRunner()

    @settings(max_examples=CASES["cli"], **SETTINGS)  # type: ignore[arg-type]
    @given(st.sampled_from(("import-trf", "import")), st.data())
    def run(command: str, data: st.DataObject) -> None:
        seed = bytes(seeds["trf" if command == "import-trf" else "json"])
        path = tmp_path / "input"
        path.write_bytes(data.draw(mutated(seed)))
        with copy_of(club) as copy:
            result = runner.invoke(main, [command, str(copy), str(path)])
        assert "Traceback" not in result.output
        assert result.exit_code in (0, 2), result.output
        if result.exit_code:
            assert result.output.startswith("Error: ") and result.output.count("\n") == 1

    run()


def test_the_seeds_are_taken_unchanged(seeds: dict[str, object], tmp_path: Path) -> None:
    """The unmutated inputs are valid: the fuzzers start from files rochade accepts."""
    service = ClubService.init(tmp_path / "club.rochade", "td")
    assert service.import_trf(bytes(seeds["trf"])).name == "AutoTest Tournament 1186379609"
    assert service.import_json(bytes(seeds["json"]).decode("utf-8")).system == "keizer"
    assert len(service.import_players(bytes(seeds["csv"]).decode("utf-8"))) == 3
    restored = restore_json(bytes(seeds["backup"]).decode("utf-8"), tmp_path / "copy.rochade")
    assert len(restored.tournaments) == 2
