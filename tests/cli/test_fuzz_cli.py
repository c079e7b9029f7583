"""Every command with malformed, empty, huge and hostile input: one clear line, no traceback.

Hypothesis picks a command and fills its arguments and input files with hostile text (quotes,
markup, SQL, right-to-left marks, NUL bytes, 10 000 characters, wrong numbers and codes, the
other tournament). The command either succeeds (exit 0) or says `Error: ...` on one line and
exits with 2; a refused command, and any command that only looks, leaves every byte of the
club file and its backups as it was. ROCHADE_FUZZ sets the number of cases (default 300).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rochade.cli import main
from rochade.service import ClubService

CASES = int(os.environ.get("ROCHADE_FUZZ", "300"))
SHARED = Path(os.environ.get("ROCHADE_SHARED", Path(__file__).parents[2].parent / "shared"))
KFC_FILE = SHARED / "conformance" / "kfc" / "Test-Tournament.s3db"
KFC = [KFC_FILE.read_bytes()] if KFC_FILE.exists() else []
"""A real KeizerForClubs file, whole and damaged, for `import-kfc` (when the shared data is
there)."""
KFC += [k[: len(k) // 2] for k in KFC] + [k[:4096] + b"\x5a" * 4096 + k[8192:] for k in KFC]

HOSTILE = [
    "",
    " ",
    "Anna",
    "Bert",
    "1",
    "2",
    "Winter",
    "Spring",
    "O'Hara",
    'Dana "DJ" Jones',
    "'); DROP TABLE games;--",
    "1; DELETE FROM members",
    "<script>alert(1)</script>",
    "\u202egnirts lrt\u202c",
    "שלום עולם",
    "Emil 🐴",
    "a\x00b",
    "\x00",
    "line\nbreak",
    "\t",
    "%s %d {0}",
    "../../etc/passwd",
    "x" * 10_000,
    "ü" * 10_000,
]
NUMBERS = ["0", "-1", "1", "2", "3", "9", "99", "2147483648", "1e3", "1.5", "one", "", "٣"]
NUMBERS += ["999", "1000", "4000", "4001", "99999999999", "100000000000", str(2**63), "1e999999999"]
"""Beside everyday numbers, the limits of `rochade.core.limits` and just beyond them."""
RESULTS = ["1-0", "0-1", "1/2", "=", "+/-", "-/+", "--", "-/-", "2-0", "1:0", "½-½", "draw"]
READ_ONLY = {"tournament list", "log", "standings", "pairings", "participants", "crosstable"}
READ_ONLY |= {"progress", "explain", "backups", "export", "round-robin-table", "export-list"}
READ_ONLY |= {"publish"}


def texts() -> st.SearchStrategy[str]:
    return st.sampled_from(HOSTILE) | st.text(max_size=40)


def numbers() -> st.SearchStrategy[str]:
    return st.sampled_from(NUMBERS) | st.integers(-5, 40).map(str) | texts()


def option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.lists(values.map(lambda v: [name, v]), max_size=1).map(
        lambda found: found[0] if found else []
    )


def tournament() -> st.SearchStrategy[list[str]]:
    """Mostly a tournament that exists (the file holds two, so -t is needed)."""
    named = st.sampled_from(["Winter", "Winter", "Spring", "winter", "Nowhere"]) | texts()
    return st.sampled_from([["-t", "Winter"], ["-t", "Spring"]]) | option("-t", named)


def file_content() -> st.SearchStrategy[bytes]:
    csv = st.lists(
        st.tuples(texts(), numbers()).map(lambda row: f"{row[0]},{row[1]}"), max_size=4
    ).map(lambda rows: ("name,rating\n" + "\n".join(rows)).encode("utf-8", "surrogatepass"))
    return (
        st.sampled_from(
            [
                b"",
                b"\x00\x01\x02",
                b"\xff\xfe",
                b"{}",
                b"[]",
                b'{"name": "x"}',
                b"null",
                b"{" * 5000,
            ]
        )
        | csv
        | texts().map(lambda t: t.encode("utf-8", "surrogatepass"))
    )


@st.composite
def commands(draw: st.DrawFn) -> tuple[str, list[str], bytes | None]:
    """(command name, arguments after CLUB, content of the FILE argument or None)."""
    name = draw(
        st.sampled_from(
            [
                "tournament create",
                "tournament list",
                "player add",
                "player import",
                "player status",
                "pair",
                "result",
                "external",
                "undo",
                "log",
                "export",
                "import",
                "standings",
                "pairings",
                "participants",
                "crosstable",
                "progress",
                "explain",
                "backups",
                "restore",
                "round-robin-table",
                "export-list",
                "publish",
                "import-kfc",
            ]
        )
    )
    t = draw(tournament())
    if name == "tournament create":
        extra = draw(option("--ratio", numbers())) + draw(option("--top-value", numbers()))
        return name, [draw(texts()), *extra, *draw(option("--preset", texts()))], None
    if name == "player add":
        return name, [draw(texts()), *draw(option("--rating", numbers())), *t], None
    if name == "export-list":
        lists = st.sampled_from(["standings", "pairings", "crosstable", "breakdown"]) | texts()
        fmt = option("--format", st.sampled_from(["text", "csv", "html"]) | texts())
        extra = [*draw(option("--player", texts())), *draw(option("--delimiter", texts()))]
        rnd = draw(option("--round", numbers()))
        return name, [draw(lists), *draw(fmt), *extra, *rnd, *t, "-o", "OUT"], None
    if name == "publish":
        return name, ["OUTDIR", *t], None
    if name == "import-kfc" and KFC:
        return name, ["FILE"], draw(st.sampled_from(KFC) | file_content())
    if name in ("player import", "import", "import-kfc"):
        return name, ["FILE", *(t if name == "player import" else [])], draw(file_content())
    if name == "player status":
        status = st.sampled_from(["present", "excused", "withdrawn", "absent"]) | texts()
        return name, [draw(texts()), draw(status), *t], None
    if name == "pair":
        manual = draw(option("--manual", st.sampled_from(["1-2 3-4", "1-1", "9-99"]) | texts()))
        flags = draw(st.lists(st.sampled_from(["--confirm", "--replace"]), max_size=2))
        return name, [*manual, *draw(option("--bye", texts())), *flags, *t], None
    if name == "result":
        result = st.sampled_from(RESULTS) | texts()
        return name, [draw(numbers()), draw(numbers()), draw(result), *t], None
    if name == "external":
        score = st.sampled_from(["1", "1/2", "0", "2"]) | texts()
        where = [*draw(option("--board", numbers())), *draw(option("--team", numbers()))]
        return name, [draw(numbers()), draw(texts()), draw(score), *where, *t], None
    if name == "undo":
        return name, draw(option("--steps", numbers())), None
    if name == "export":
        return name, [*t, "OUT"], None
    if name in ("standings", "pairings"):
        return name, [*draw(option("--round", numbers())), *t], None
    if name == "explain":
        player = draw(st.lists(texts(), max_size=1))
        return name, [*player, *draw(option("--round", numbers())), *t], None
    if name == "restore":
        return name, [draw(st.sampled_from(["1", "2", "0", "99"]) | texts())], None
    if name == "round-robin-table":
        return name, [draw(st.sampled_from(["0", "1", "2", "5", "10001", "-3"]) | texts())], None
    if name in ("tournament list", "log", "backups"):
        return name, [], None
    return name, [*t], None


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A club folder: "Winter" (8 players, round 1 complete, round 2 half entered, backups)
    and "Spring" (4 players, no round)."""
    folder = tmp_path_factory.mktemp("template")
    service = ClubService.init(folder / "club.rochade", "ina")
    service.create_tournament("Winter")
    service.import_players(
        "name,rating\n" + "".join(f"{n},{2000 - 50 * i}\n" for i, n in enumerate(PLAYERS)),
        "Winter",
    )
    service.create_tournament("Spring")
    service.import_players("name,rating\nAnna,2000\nZoë,1500\nO'Hara,1400\nשרה,1300\n", "Spring")
    first = service.pair("Winter")
    for game in first.round.games:
        service.enter_result(1, game.board or 1, "1-0", "Winter")
    service.pair("Winter")
    service.enter_result(2, 1, "1/2", "Winter")
    return folder


PLAYERS = ("Anna", "Bert", "Carla", "Dirk", "Eva", "Frank", "Greta", "Hans")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@settings(
    max_examples=CASES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(case=commands())
def test_hostile_input_gets_one_clear_line(
    template: Path, case: tuple[str, list[str], bytes | None]
) -> None:
    name, args, content = case
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "club"
        shutil.copytree(template, folder)
        club = folder / "club.rochade"
        outside = Path(tmp) / "outside"  # files the TD gives or asks for live elsewhere
        outside.mkdir()
        if content is not None:
            (outside / "input.json").write_bytes(content)
        args = [
            str(outside / "input.json")
            if a == "FILE"
            else str(outside / "out.json")
            if a == "OUT"
            else str(outside / "site")
            if a == "OUTDIR"
            else a
            for a in args
        ]
        argv = [*name.split(), *([] if name == "round-robin-table" else [str(club)]), *args]
        before = snapshot(folder)

        result = CliRunner().invoke(main, argv, env={"ROCHADE_WHO": "fuzz"})

        event(f"{name}: exit {result.exit_code}")
        brief = [a if len(a) < 80 else f"{a[:40]}...({len(a)})" for a in argv]
        shown = (
            f"rochade {brief!r}\nstdout: {result.stdout[:300]!r}\nstderr: {result.stderr[:600]!r}"
        )
        assert result.exit_code in (0, 2), shown
        assert isinstance(result.exception, SystemExit | None), shown
        assert "Traceback" not in result.output, shown
        if result.exit_code == 2:
            errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
            assert len(errors) == 1 and result.stderr.rstrip("\n").endswith(errors[0]), shown
            assert len(result.stderr.splitlines()) <= 4, shown  # click adds a usage hint
            assert len(errors[0]) < 1000, shown  # a huge value is not quoted back whole
        if result.exit_code == 2 or name in READ_ONLY:
            assert snapshot(folder) == before, shown
        else:
            with sqlite3.connect(club) as conn:
                assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            conn.close()
            for t in ClubService(club).tournaments():
                ClubService(club).tournament(t.name).validate()
