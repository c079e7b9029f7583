"""Issue 11.5: numbers at and beyond their limits, names no one can see, arguments that are not
UTF-8 and files too large to read: a clear `Error:` line, exit code 2, nothing changed.

The bounds are `rochade.core.limits`; settings have their own test (tests/web/test_limits.py),
which also reads every page afterwards.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rochade.core import limits
from rochade.service import ClubService

Run = Callable[..., Result]

INVISIBLE = [
    "\u200b",  # zero-width space
    "\u200b\u200c\u200d\u2060",  # zero-width (non-)joiners, word joiner
    "\u202e\u202c",  # right-to-left override, pop
    "\u2066\u2069\u200e\u200f",  # isolates, direction marks
    "\u3164\u115f",  # Hangul fillers
    "\u00a0\u3000",  # no-break and ideographic spaces
    "\ufeff",  # byte order mark
    "\u0301",  # a combining accent on nothing
]


def refused(result: Result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Error: " in result.output and "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


def members(club: Path) -> list[tuple[str, int | None]]:
    return [(e.name, e.rating) for e in ClubService(club).tournament().entrants]


def test_ratings_and_fide_ids_at_and_beyond_their_limits(run: Run, club: Path) -> None:
    before = members(club)
    refused(run("player", "add", club, "Ida", "--rating", 4001, ok=False), "0 to 4000", "4001")
    refused(run("player", "add", club, "Ida", "--rating", -1, ok=False), "not -1")
    refused(run("player", "add", club, "Ida", "--rating", 10**40, ok=False), "41 digits")
    refused(run("player", "add", club, "Ida", "--fide-id", 10**11, ok=False), "99999999999")
    assert members(club) == before
    run("player", "add", club, "Ida", "--rating", 4000, "--fide-id", 10**11 - 1)
    run("player", "add", club, "Jan", "--rating", 0)
    assert members(club)[-2:] == [("Ida", 4000), ("Jan", 0)]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Ida,4001", ["line 3", "rating '4001'", "0 to 4000"]),
        ("Ida,1" + "0" * 40, ["line 3", "0 to 4000"]),
        ("Ida,2000,123456789012", ["line 3", "FIDE id", "99999999999"]),
    ],
)
def test_player_lists_beyond_the_limits(
    run: Run, club: Path, tmp_path: Path, line: str, words: list[str]
) -> None:
    before = members(club)
    listed = tmp_path / "list.csv"
    listed.write_text(f"name,rating,fide_id\nUlla,1500\n{line}\n", encoding="utf-8")
    refused(run("player", "import", club, listed, ok=False), *words)
    assert members(club) == before


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("rating", 4001, ["players[0].rating", "0 to 4000"]),
        ("fide_id", 10**11, ["players[0].fide_id", "99999999999"]),
        ("id", 10**10, ["players[0].id must be from 1 to 999999999"]),
        ("name", "\u200b\u202e", ["a player's name needs a visible character"]),
    ],
)
def test_tournament_files_beyond_the_limits(
    run: Run, club: Path, tmp_path: Path, key: str, value: object, words: list[str]
) -> None:
    exported = tmp_path / "winter.json"
    run("export", club, exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["name"] = "Copy"
    data["players"][0][key] = value
    exported.write_text(json.dumps(data), encoding="utf-8")
    refused(run("import", club, exported, ok=False), *words)
    assert [t.name for t in ClubService(club).tournaments()] == ["Winter"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_names_made_only_of_invisible_characters(run: Run, club: Path, name: str) -> None:
    before = members(club)
    blank = not name.strip()  # spaces Python strips: "needs a name" says it already
    refused(run("player", "add", club, name, ok=False),
            "needs a name" if blank else "needs a visible character")
    refused(run("tournament", "create", club, f" {name} ", ok=False),
            "needs a name" if blank else "tournament's name")
    assert members(club) == before and len(ClubService(club).tournaments()) == 1
    run("player", "add", club, f"{name}Ida{name}")  # invisible marks inside a name are fine


def test_huge_numbers_on_the_command_line(run: Run, club: Path) -> None:
    run("pair", club)
    huge = 10**30
    for args in (["undo", club, "--steps", huge], ["result", club, huge, 1, "1-0"],
                 ["result", club, 1, huge, "1-0"], ["pairings", club, "--round", huge],
                 ["player", "status", club, huge, "present"]):
        refused(run(*args, ok=False))
    assert len(ClubService(club).tournament().rounds) == 1


def test_arguments_that_are_not_utf8(run: Run, club: Path) -> None:
    """`rochade player add club.rochade $'Anna\\xff'` in a UTF-8 terminal: Python passes the
    byte as a lone surrogate (surrogateescape)."""
    before = members(club)
    name = b"Anna\xff".decode("utf-8", "surrogateescape")
    refused(run("player", "add", club, name, ok=False), "'Anna\ufffd' is not UTF-8 text")
    refused(run("tournament", "create", club, name, ok=False), "not UTF-8 text")
    assert members(club) == before


def test_rating_lists_too_large_are_refused_by_size(
    run: Run, club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The size a zip declares is checked before reading, and the bytes read are counted (a
    plain file, or a zip whose header lies); the limit is lowered here to stay quick."""
    monkeypatch.setattr(limits, "LIST_BYTES", 10_000)
    xml = "<playerslist>" + "<player><fideid>1</fideid><name>A, B</name></player>" * 400
    plain = tmp_path / "list.xml"
    plain.write_text(xml + "</playerslist>", encoding="utf-8")
    packed = tmp_path / "list.zip"
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("players_list.xml", xml + "</playerslist>")
    assert packed.stat().st_size < 10_000
    for listed in (plain, packed):
        refused(run("ratings", club, listed, ok=False), "too large", "0 MB")


def test_files_read_whole_are_refused_by_size(
    run: Run, club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "FILE_BYTES", 1000)
    big = tmp_path / "big.csv"
    big.write_text("name,rating\n" + "".join(f"P{i},1500\n" for i in range(200)), "utf-8")
    before = members(club)
    for command in (["player", "import", club, big], ["import", club, big],
                    ["import-trf", club, big]):
        refused(run(*command, ok=False), "too large")
    assert members(club) == before


@settings(max_examples=80,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rating=st.integers(-(10**30), 10**30) | st.integers(-2, 4002),
       rounds=st.integers(-(10**30), 10**30) | st.integers(-2, 1002))
def test_numbers_from_the_command_line_at_their_limits(
    run: Run, tmp_path_factory: pytest.TempPathFactory, rating: int, rounds: int
) -> None:
    club = tmp_path_factory.mktemp("limits") / "club.rochade"
    run("init", club)
    made = run("tournament", "create", club, "S", "--system", "swiss", "--rounds", rounds,
               ok=False)
    if limits.ROUNDS.low <= rounds <= limits.ROUNDS.high:
        assert made.exit_code == 0, made.output
        assert ClubService(club).tournament().settings.rounds == rounds  # type: ignore[attr-defined]
    else:
        refused(made)
        return
    added = run("player", "add", club, "Ida", "--rating", rating, ok=False)
    if limits.RATING.low <= rating <= limits.RATING.high:
        assert added.exit_code == 0, added.output
        assert members(club) == [("Ida", rating)]
    else:
        refused(added)
        assert members(club) == []


def test_a_kfc_file_too_large_is_refused_by_size(
    run: Run, club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "FILE_BYTES", 1000)
    kfc = tmp_path / "big.s3db"
    kfc.write_bytes(b"SQLite format 3\x00" + bytes(2000))
    refused(run("import-kfc", club, kfc, ok=False), "too large for a KeizerForClubs file")


@pytest.mark.parametrize(
    ("where", "value", "words"),
    [
        (("rounds", 0, "number"), 1000, "rounds[0].number must be from 1 to 999"),
        (("rounds", 0, "games", 0, "board"), 10**19, "is not a number rochade accepts"),
        (("settings", "seed"), -(10**40), "about 41 digits"),
    ],
)
def test_numbers_in_tournament_files_beyond_what_a_club_file_keeps(
    run: Run, club: Path, tmp_path: Path, where: tuple[object, ...], value: int, words: str
) -> None:
    run("pair", club)
    exported = tmp_path / "winter.json"
    run("export", club, exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["name"] = "Copy"
    inner = data
    for key in where[:-1]:
        inner = inner[key]
    inner[where[-1]] = value
    exported.write_text(json.dumps(data), encoding="utf-8")
    refused(run("import", club, exported, ok=False), words)
    assert [t.name for t in ClubService(club).tournaments()] == ["Winter"]
