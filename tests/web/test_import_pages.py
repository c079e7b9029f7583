"""Imports that cannot break a page: mutated export files of every format (rochade JSON of
each system, KfC, TRF, a CSV player list) are either refused with one clear line, the club
file unchanged, or taken; and then every page of the tournament (TD, public, hall, phone)
answers below 500 and every export (TRF, JSON, the CSV lists, the HTML site) is written.

The mutations keep the files readable (a value replaced, a row dropped or doubled, a field
of a TRF line overwritten), so most of them reach the checks after reading, where a file
that reads but cannot be shown must be refused. ROCHADE_FUZZ_IMPORTS sets the cases per
format (default 12: a minute or so in all)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.routing import Route
from starlette.testclient import TestClient
from web_helpers import Fresh

from rochade.cli import main
from rochade.core.model import ModelError
from rochade.core.tiebreaks import TieBreakError
from rochade.service import ClubService, ServiceError
from rochade.store import Club, StoreError

CASES = int(os.environ.get("ROCHADE_FUZZ_IMPORTS", "12"))
FUZZ = settings(max_examples=CASES, suppress_health_check=list(HealthCheck))
CLEAR = (ModelError, StoreError, ServiceError, TieBreakError)
"""The errors that reach the TD as one clear line (FormatError, KfcError among them)."""
DATA = Path(__file__).parents[1] / "data"
JSON_FILES = {"keizer": "club-winter.json", "swiss": "swiss-rapid.json",
              "round-robin": "round-robin-summer.json"}
CSV_LIST = "name,rating,fide_id\nIda Jansen,1710,\nJan Kok,1650,1234567\nKees Lam,,\n"
VALUES: list[Any] = [0, 1, 2, 3, 5, 7, -1, 10**12, 2**70, 0.5, "", " ", " x", "x ", "\u200b",
                     "1-0", "0-1", "½-½", "+/-", "bye", "withdrawn", "present", None, True,
                     [], {}, [1, 1], [1, 2, 3, 4]]
"""What a mutation writes into a JSON value: ids near the players', edges of the bounds,
names of blanks, results, other types."""
CELLS: list[Any] = [0, 1, 2, 3, 5, 7, -1, 10**12, 0.5, 1.5, "", " ", " x", "\u200b", "1-0",
                    None, b"\xff\xfe"]
"""What a mutation writes into a KfC cell (bytes: text that is not UTF-8)."""


def state(club: Path) -> tuple[object, object]:
    with Club.open(club) as c:
        return c.snapshot(), [(a.id, a.kind, a.undone_by) for a in c.actions()]


def get_urls(client: TestClient, n: int, players: list[int], rounds: int) -> list[str]:
    """Every GET page of tournament `n` (each route with its parameters filled in: the first
    and last player, the first and last round, every kind), with and without `?round=` and
    `?after=`, and the club's own pages."""
    kinds = {"export": ("trf", "json", "standings.csv", "crosstable.csv"),
             "pairings": ("alphabetical", "notice", "slips")}
    urls = []
    for route in client.app.routes:  # type: ignore[attr-defined]
        if not isinstance(route, Route) or "GET" not in (route.methods or ()):
            continue
        if route.path.startswith("/td/new/") or route.path in ("/td/login", "/lang"):
            continue
        paths = [route.path.replace("{n:int}", str(n)).replace("{c:int}", "1")]
        for name, values in (("{pid:int}", players[:1] + players[-1:]),
                             ("{round:int}", [1, max(rounds, 1)])):
            paths = [p.replace(name, str(v)) for p in paths for v in values]
        for key, values in kinds.items():
            if "{kind}" in route.path and key in route.path:
                paths = [p.replace("{kind}", kind) for p in paths for kind in values]
        urls += paths
    last = max(rounds, 1)
    urls += [f"/t/{n}/?after={last}", f"/t/{n}/?after=0", f"/t/{n}/pairings?round={last}",
             f"/t/{n}/crosstable?after=1", f"/t/{n}/progress?after={last}"]
    return sorted(set(urls))


def every_page_and_export(client: TestClient, path: Path, name: str) -> None:
    """What a TD and the players can open after a taken import answers below 500, and every
    file rochade writes of the tournament is written."""
    svc = ClubService(path, "fuzz")
    t = svc.tournament(name)
    n = svc.tournament_names().index(name) + 1
    for url in get_urls(client, n, [e.id for e in t.entrants] or [1], len(t.rounds)):
        response = client.get(url, follow_redirects=False)
        assert response.status_code < 500, (url, response.text[:300])
    assert json.loads(svc.export_json(name))["name"] == name
    svc.export_trf(name)
    folder = path.with_name(f"site-{path.stem}")
    try:
        result = CliRunner().invoke(main, ["publish", str(path), str(folder), "-t", name])
        assert result.exit_code == 0, result.output
        assert any(folder.rglob("*.html")) and any(folder.rglob("*.csv"))
        for which in ("standings", "crosstable", "participants", "progress"):
            result = CliRunner().invoke(main, ["export-list", str(path), which, "--format",
                                               "csv", "-t", name])
            assert result.exit_code == 0, result.output
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def taken_or_refused(fresh: Fresh, action: Callable[[ClubService], object],
                     name: Callable[[ClubService], str]) -> bool:
    """Run an import on a fresh copy of the test club: refused with one clear line and the
    club file unchanged (False), or taken and every page and export works (True)."""
    with fresh() as (client, path):
        before = state(path)
        svc = ClubService(path, "fuzz")
        try:
            action(svc)
        except CLEAR as exc:
            message = str(exc)
            assert message and "\n" not in message and "Traceback" not in message
            assert state(path) == before
            return False
        every_page_and_export(client, path, name(svc))
        return True


def imported_name(svc: ClubService) -> str:
    return svc.tournament_names()[-1]


# -- mutations -------------------------------------------------------------------------------


@st.composite
def json_mutation(draw: st.DrawFn, text: str) -> str:
    """A rochade JSON file with one to three values replaced, removed or doubled."""
    data = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        parent: Any = data
        key: Any = None
        while True:  # walk down to a random place
            keys = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = parent[key]
            if not isinstance(child, dict | list) or draw(st.booleans()):
                break
            parent, key = child, None
        if key is None:
            continue
        op = draw(st.sampled_from(("value", "value", "remove", "double")))
        if op == "value":
            parent[key] = draw(st.sampled_from(VALUES))
        elif op == "remove":
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
    return json.dumps(data)


@st.composite
def kfc_mutation(draw: st.DrawFn, source: Path, folder: Path) -> Path:
    """A copy of the KfC file with one to three cells changed (a value of the pool, or text
    that is not UTF-8), or a few bytes overwritten."""
    path = folder / "mutated.s3db"
    shutil.copy(source, path)
    if draw(st.integers(0, 4)) == 0:
        data = bytearray(path.read_bytes())
        for _ in range(draw(st.integers(1, 4))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        path.write_bytes(bytes(data))
        return path
    con = sqlite3.connect(path)
    try:
        for _ in range(draw(st.integers(1, 3))):
            table = draw(st.sampled_from(("Player", "Pairing", "ConfigTab")))
            columns = [row[1] for row in con.execute(f"PRAGMA table_info({table})")]
            rowids = [row[0] for row in con.execute(f"SELECT rowid FROM {table}")]
            column = draw(st.sampled_from(columns))
            rowid = draw(st.sampled_from(rowids))
            value = draw(st.sampled_from(CELLS))
            change, values = f'UPDATE {table} SET "{column}" = ? WHERE rowid = ?', (value, rowid)
            if isinstance(value, bytes):
                change = f'UPDATE {table} SET "{column}" = CAST(? AS TEXT) WHERE rowid = ?'
            elif draw(st.integers(0, 5)) == 0:
                change, values = f"DELETE FROM {table} WHERE rowid = ?", (rowid,)
            with contextlib.suppress(sqlite3.IntegrityError):  # KfC's own constraints hold
                con.execute(change, values)
        con.commit()
    finally:
        con.close()
    return path


TRF_CHARS = " 0123456789wbd+-=HFUZ/.xA"


@st.composite
def line_mutation(draw: st.DrawFn, text: str, alphabet: str) -> str:
    """A line-based file (TRF, CSV) with one to three lines overwritten in part, removed or
    doubled."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(("overwrite", "overwrite", "remove", "double")))
        if op == "overwrite":
            line = lines[at]
            start = draw(st.integers(0, len(line)))
            new = draw(st.text(alphabet, min_size=1, max_size=8))
            lines[at] = line[:start] + new + line[start + len(new):]
        elif op == "remove" and len(lines) > 1:
            del lines[at]
        else:
            lines.insert(at, lines[at])
    return "\n".join(lines) + "\n"


# -- the property tests ----------------------------------------------------------------------


@pytest.mark.parametrize("system", sorted(JSON_FILES))
def test_a_mutated_json_file_is_refused_or_every_page_works(fresh: Fresh, system: str) -> None:
    text = (DATA / "json" / JSON_FILES[system]).read_text(encoding="utf-8")

    @FUZZ
    @given(json_mutation(text))
    def run(mutated: str) -> None:
        taken_or_refused(fresh, lambda svc: svc.import_json(mutated), imported_name)

    run()


def test_a_mutated_kfc_file_is_refused_or_every_page_works(
    fresh: Fresh, shared_dir: Path, tmp_path: Path
) -> None:
    source = shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db"

    @FUZZ
    @given(kfc_mutation(source, tmp_path))
    def run(mutated: Path) -> None:
        taken_or_refused(fresh, lambda svc: svc.import_kfc(mutated), imported_name)

    run()


@pytest.fixture(scope="module")
def trf_seed(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The TRF file rochade writes of the Swiss sample (a file it must read back)."""
    path = tmp_path_factory.mktemp("trf") / "club.rochade"
    svc = ClubService.init(path, "td")
    svc.import_json((DATA / "json" / JSON_FILES["swiss"]).read_text(encoding="utf-8"))
    return svc.export_trf()


def test_a_mutated_trf_file_is_refused_or_every_page_works(fresh: Fresh, trf_seed: str) -> None:
    @FUZZ
    @given(line_mutation(trf_seed, TRF_CHARS))
    def run(mutated: str) -> None:
        taken_or_refused(fresh, lambda svc: svc.import_trf(mutated.encode()), imported_name)

    run()


def test_a_mutated_player_list_is_refused_or_every_page_works(fresh: Fresh) -> None:
    @FUZZ
    @given(line_mutation(CSV_LIST, ",; \"0123456789xé\u200b"))
    def run(mutated: str) -> None:
        taken_or_refused(fresh, lambda svc: svc.import_players(mutated, "Winter 2026"),
                         lambda svc: "Winter 2026")

    run()


def test_the_unmutated_files_are_taken(fresh: Fresh, shared_dir: Path, trf_seed: str) -> None:
    """The seeds themselves import and show (else every mutation would only be refused)."""
    for system, file in JSON_FILES.items():
        text = (DATA / "json" / file).read_text(encoding="utf-8")
        assert taken_or_refused(fresh, lambda svc, t=text: svc.import_json(t), imported_name), (
            system)
    kfc = shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db"
    assert taken_or_refused(fresh, lambda svc: svc.import_kfc(kfc), imported_name)
    assert taken_or_refused(fresh, lambda svc: svc.import_trf(trf_seed.encode()),
                            imported_name)
    assert taken_or_refused(fresh, lambda svc: svc.import_players(CSV_LIST, "Winter 2026"),
                            lambda svc: "Winter 2026")


# -- the cases TDs met -----------------------------------------------------------------------


def test_a_round_robin_whose_numbers_miss_a_player_is_refused(fresh: Fresh) -> None:
    """It was taken, and then every public page of the club answered 500."""
    data = json.loads((DATA / "json" / JSON_FILES["round-robin"]).read_text(encoding="utf-8"))
    data["settings"]["numbers"] = [1, 2, 3, 4]
    with fresh() as (client, path):
        before = state(path)
        with pytest.raises(ServiceError, match=r"start numbers \(settings.numbers\) name 4 of "
                                               r"its 5 players.*no number: Eva Echo"):
            ClubService(path).import_json(json.dumps(data))
        assert state(path) == before
        assert client.get("/t/1/").status_code == 200


@pytest.mark.parametrize("typed", [" x", "x ", "\tx\u00a0"])
def test_an_imported_name_is_trimmed_as_a_typed_one(
    fresh: Fresh, shared_dir: Path, typed: str
) -> None:
    """`import-kfc --name " x"` was taken as " x", and then its pages answered 500."""
    kfc = shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db"
    assert taken_or_refused(fresh, lambda svc: svc.import_kfc(kfc, typed), lambda svc: "x")


@pytest.mark.parametrize("blank", ["", " ", "\u200b", "\u3164"])
@pytest.mark.parametrize("whose", ["tournament", "player"])
def test_an_imported_name_without_a_visible_character_is_refused(
    fresh: Fresh, blank: str, whose: str
) -> None:
    data = json.loads((DATA / "json" / JSON_FILES["swiss"]).read_text(encoding="utf-8"))
    (data if whose == "tournament" else data["players"][0])["name"] = blank
    with fresh() as (_, path):
        before = state(path)
        with pytest.raises(CLEAR, match="name"):
            ClubService(path).import_json(json.dumps(data))
        assert state(path) == before


def test_two_imported_players_of_one_name_are_refused(fresh: Fresh) -> None:
    """Two players of one name cannot be told apart (a typed name is refused so too)."""
    data = json.loads((DATA / "json" / JSON_FILES["swiss"]).read_text(encoding="utf-8"))
    data["players"][1]["name"] = " " + data["players"][0]["name"]
    with fresh() as (_, path), pytest.raises(ServiceError, match="two players named"):
        ClubService(path).import_json(json.dumps(data))
