"""In a Swiss every command names players by their pairing number, as the lists and the TRF
file do: what it shows, and what the TD types (`12` or `#12`). The Swiss under test has
member ids, entrant ids and pairing numbers that all differ, so a command that takes or shows
one for another fails here."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from test_cli_errors import assert_refused

from club_copies import copy_club
from other_season import OTHER_MEMBERS
from rochade.cli import main
from rochade.core.model import Entrant, Tournament
from rochade.core.systems import system_of
from rochade.service import ClubService

Run = Callable[..., Result]

ENTERED = (("Anna", 1500), ("Bert", 2100), ("Carla", 1800), ("Dirk", 2000), ("Eva", 1900),
           ("Frank", 1750), ("Gina", 1700))
"""Entered in this order (entrant ids 1-7, member ids 4-10 after `OTHER_MEMBERS`)."""

NUMBER = {"Bert": 1, "Dirk": 2, "Eva": 3, "Carla": 4, "Frank": 5, "Gina": 6, "Anna": 7}
"""Their pairing numbers: by rating. No one's number is their entrant or member id."""


@pytest.fixture(scope="module")
def swiss_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 1 played (every board won by White, Anna's bye), round 2 paired, no result yet."""
    def run(*args: object) -> None:
        result = CliRunner().invoke(main, [str(a) for a in args])
        assert result.exit_code == 0, result.output

    folder = tmp_path_factory.mktemp("swiss-numbers")
    path = folder / "club.rochade"
    run("init", path)
    for name, rating in OTHER_MEMBERS:
        run("player", "add", path, name, *(["--rating", rating] if rating else []))
    run("tournament", "create", path, "Open", "--system", "swiss", "--rounds", "5",
        "--no-fide-mode")
    players = folder / "players.csv"
    players.write_text("name,rating\n" + "".join(f"{n},{r}\n" for n, r in ENTERED),
                       encoding="utf-8")
    run("player", "import", path, players)
    run("pair", path)
    for board in (1, 2, 3):
        run("result", path, 1, board, "1-0")
    run("pair", path)
    return path


@pytest.fixture
def swiss(swiss_template: Path, tmp_path: Path) -> Path:
    return copy_club(swiss_template, tmp_path / "club.rochade")


def test_the_swiss_numbers_differ_from_every_id(run: Run, swiss: Path) -> None:
    out = swiss.parent / "backup.json"
    run("backup-json", swiss, out)
    members = {m["name"]: m["id"] for m in json.loads(out.read_text(encoding="utf-8"))["members"]}
    t = ClubService(swiss).tournament("Open")
    for e in t.entrants:
        assert NUMBER[e.name] not in (e.id, members[e.name]), e.name


def _listed(text: str) -> dict[str, int]:
    """Name -> the number a list shows in its first number column ("No.")."""
    header = next(line for line in text.splitlines() if "No." in line and "Name" in line)
    column = header.split().index("No.") - header.split().index("Name")
    shown = {}
    for line in text.splitlines():
        words = line.split()
        for i, word in enumerate(words):
            if re.fullmatch(r"[A-Z][a-z]+", word) and 0 <= i + column < len(words):
                if words[i + column].isdigit():
                    shown[word] = int(words[i + column])
                break
    return shown


@pytest.mark.parametrize("command", ["participants", "standings", "crosstable"])
def test_lists_show_the_trf_numbers(run: Run, swiss: Path, command: str) -> None:
    trf = {line[14:47].strip(): int(line[4:8]) for line in
           run("export-trf", swiss).output.splitlines() if line.startswith("001")}
    assert trf == NUMBER
    assert _listed(run(command, swiss).output) == NUMBER


def _pairings(run: Run, club: Path) -> list[tuple[str, ...]]:
    """Round 2's boards as (white, black), and the bye as (name,)."""
    text = run("pairings", club).output
    boards = [tuple(re.findall(r"([A-Z][a-z]+) \(", line)) for line in text.splitlines()
              if re.match(r"\s*\d+\s", line)]
    bye = re.findall(r"^\s*([A-Z][a-z]+)\b.*bye", text, re.M)
    return [b for b in boards if b] + [(name,) for name in bye]


Boards = list[tuple[str, ...]]


def _tournament(club: Path) -> Tournament:
    return ClubService(club).tournament("Open")


def _entrant(club: Path, name: str) -> Entrant:
    return next(e for e in _tournament(club).entrants if e.name == name)


def _kept_apart(club: Path, one: str, two: str) -> bool:
    t = _tournament(club)
    pair = frozenset((_entrant(club, one).id, _entrant(club, two).id))
    return pair in system_of(t).kept_apart(t.settings)


def _bye_asked(club: Path, name: str, number: int) -> bool:
    t = _tournament(club)
    return any(b.player == _entrant(club, name).id and b.round == number
               for b in system_of(t).bye_requests(t.settings))


def _swapped(before: Boards, now: Boards, one: str, two: str) -> bool:
    """Two players changed seats."""
    return now == [tuple({one: two, two: one}.get(n, n) for n in board) for board in before]


@dataclass(frozen=True)
class Case:
    """A command that takes a player: typed by number, it says whom it acted on (name and
    number) and acted on that player (`check`: the club, run, round 2 before); `unknown` is
    the command with an unknown number in `{}`."""

    args: tuple[str, ...]  # CLUB goes after the command words
    said: str
    check: Callable[[Path, Run, Boards], bool]
    unknown: tuple[str, ...]
    late: bool = False  # Hugo (2050: number 2, id 8) is added first


CASES = {
    "status": Case(("player", "status", "1", "excused"), "Bert (1) is now excused.",
                   lambda c, r, b: _entrant(c, "Bert").status.value == "excused",
                   ("player", "status", "{}", "excused")),
    "status #": Case(("player", "status", "#7", "withdrawn"), "Anna (7) is now withdrawn.",
                     lambda c, r, b: _entrant(c, "Anna").status.value == "withdrawn",
                     ("player", "status", "{}", "withdrawn")),
    "rename": Case(("player", "rename", "4", "Carola"), "Carla (4) is now called Carola.",
                   lambda c, r, b: _listed(r("participants", c).output).get("Carola") == 4,
                   ("player", "rename", "{}", "Carola")),
    "set": Case(("player", "set", "5", "rating=1760"), "Frank (5): ",
                lambda c, r, b: _entrant(c, "Frank").rating == 1760,
                ("player", "set", "{}", "rating=1760")),
    "forbid": Case(("player", "forbid", "2", "#3"), "Dirk (2) and Eva (3) will not be paired.",
                   lambda c, r, b: _kept_apart(c, "Dirk", "Eva"),
                   ("player", "forbid", "2", "{}")),
    "bye": Case(("player", "bye", "6", "3"), "Gina (6) has a half-point bye in round 3.",
                lambda c, r, b: _bye_asked(c, "Gina", 3), ("player", "bye", "{}", "3")),
    "delete": Case(("player", "delete", "2"), "Hugo (2) is deleted.",
                   lambda c, r, b: "Hugo" not in r("participants", c).output,
                   ("player", "delete", "{}"), late=True),
    "explain": Case(("explain", "1"), "Bert: tie-breaks", lambda c, r, b: True,
                    ("explain", "{}")),
    "explain --pairing": Case(("explain", "2", "--round", "1", "--pairing"),
                              "Dirk has pairing number 2 in round 1.", lambda c, r, b: True,
                              ("explain", "{}", "--round", "1", "--pairing")),
    "card": Case(("export-list", "breakdown", "--player", "3"), "Eva", lambda c, r, b: True,
                 ("export-list", "breakdown", "--player", "{}")),
    "swap": Case(("change-pairing", "swap", "1", "2"), "",
                 lambda c, r, b: _swapped(b, _pairings(r, c), "Bert", "Dirk"),
                 ("change-pairing", "swap", "1", "{}")),
    "late": Case(("change-pairing", "late", "#2"), "",
                 lambda c, r, b: any("Hugo" in board and len(board) == 2
                                     for board in _pairings(r, c)),
                 ("change-pairing", "late", "{}"), late=True),
    "bye by hand": Case(("change-pairing", "bye", "1"), "",
                        lambda c, r, b: ("Bert",) in _pairings(r, c),
                        ("change-pairing", "bye", "{}")),
    "manual": Case(("pair", "--replace", "--manual", "1-2 3-4 5-7", "--bye", "6", "--confirm"),
                   "", lambda c, r, b: _pairings(r, c) == [
                       ("Bert", "Dirk"), ("Eva", "Carla"), ("Frank", "Anna"), ("Gina",)],
                   ("pair", "--replace", "--manual", "1-2 3-4 5-{}", "--bye", "6")),
    "manual bye": Case(("pair", "--replace", "--manual", "2-1 4-3 7-5", "--bye", "#6",
                        "--confirm"), "", lambda c, r, b: _pairings(r, c)[-1] == ("Gina",),
                       ("pair", "--replace", "--manual", "2-1 4-3 7-5", "--bye", "{}")),
}


def _with_club(args: tuple[str, ...], club: Path) -> list[object]:
    """CLUB after the command's words (a group's two, else one)."""
    words = 2 if args[0] in ("player", "change-pairing") else 1
    return [*args[:words], club, *args[words:]]


@pytest.mark.parametrize("name", list(CASES))
def test_a_number_typed_selects_the_player_with_that_pairing_number(
        run: Run, swiss: Path, name: str) -> None:
    case = CASES[name]
    if case.late:
        assert "as number 2" in run("player", "add", swiss, "Hugo", "--rating", 2050).output
    before = _pairings(run, swiss)
    out = run(*_with_club(case.args, swiss)).output
    assert case.said in out
    assert case.check(swiss, run, before), out


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("typed", ["99", "#99"])
def test_an_unknown_number_is_refused_naming_the_numbers(
        run: Run, swiss: Path, name: str, typed: str) -> None:
    """Nothing changes, and the message says which numbers there are."""
    args = tuple(a.replace("{}", typed.lstrip("#") if "-" in a else typed)
                 for a in CASES[name].unknown)
    assert_refused(run, _with_club(args, swiss),
                   "no player with number 99 (the numbers are 1-7)", swiss.parent)


def test_a_late_entry_is_told_its_pairing_number(run: Run, swiss: Path) -> None:
    """Rated between Bert and Dirk, a late entry is number 2 (its id is 8)."""
    out = run("player", "add", swiss, "Hugo", "--rating", "2050").output
    assert "Hugo plays in Open as number 2." in out
    assert _listed(run("participants", swiss).output)["Dirk"] == 3


def test_the_log_names_players_by_pairing_number(run: Run, swiss: Path) -> None:
    run("player", "status", swiss, "#1", "excused")
    assert "Bert (1)" in run("log", swiss).output.splitlines()[-1]


def test_a_round_robin_takes_and_shows_its_start_numbers(run: Run, tmp_path: Path) -> None:
    """The same players in a round robin numbered by rating: the same numbers."""
    club = tmp_path / "club.rochade"
    run("init", club)
    run("tournament", "create", club, "Closed", "--system", "round-robin", "--numbers",
        "rating", "--no-fide-mode")
    players = tmp_path / "players.csv"
    players.write_text("name,rating\n" + "".join(f"{n},{r}\n" for n, r in ENTERED),
                       encoding="utf-8")
    run("player", "import", club, players)
    run("pair", club)
    assert _listed(run("participants", club).output) == NUMBER
    assert "Dirk (2) is now excused." in run("player", "status", club, "2", "excused").output
    assert_refused(run, ["player", "status", club, "#8", "present"],
                   "no player with number 8 (the numbers are 1-7)", tmp_path)
