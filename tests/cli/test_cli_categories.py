"""Categories and prize lists from the command line: defined per tournament with
`tournament set`, shown by `standings --category`, `export-list ... --category` and
`export-list prizes`."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

Run = Callable[..., Result]

CATEGORIES = ("Overall: prizes=100,60; U1900: rating=-1899 places=2; Women: sex=w places=1; "
              "U12: age=-11; Nobody: rating=4000")


def _names(text: str) -> list[str]:
    """The player names of a text list, top to bottom."""
    return re.findall(r"\b(Anna|Bert|Carla|Dirk|Eva|Frank|Greta|Hans)\b", text)


@pytest.fixture
def played(club: Path, run: Run) -> Path:
    """The eight-player club (Anna 2000 ... Hans 1650), one round played: the higher-rated
    player wins on every board, so the standings follow the ratings. Anna, Carla, Eva and
    Greta are women; Hans was born 2016 (U12 on 2026-03-01), Greta in 2014 (11 or 12)."""
    for name in ("Anna", "Carla", "Eva", "Greta"):
        run("player", "set", club, name, "sex=w")
    for name in ("Bert", "Dirk", "Frank"):
        run("player", "set", club, name, "sex=m")
    run("player", "set", club, "Hans", "birth=2016-01-10")
    run("player", "set", club, "Greta", "birth=2014")
    run("tournament", "set", club, "start_date=2026-03-01")
    run("pair", club)
    ratings = {"Anna": 2000, "Bert": 1950, "Carla": 1900, "Dirk": 1850, "Eva": 1800,
               "Frank": 1750, "Greta": 1700, "Hans": 1650}
    for line in run("pairings", club).stdout.splitlines():
        match = re.match(r"\s*(\d+)\s+(\w+) \(.*?\)\s+(\w+) \(", line)
        if match:
            white_wins = ratings[match.group(2)] > ratings[match.group(3)]
            run("result", club, 1, match.group(1), "1-0" if white_wins else "0-1")
    run("tournament", "set", club, f"categories={CATEGORIES}", "one_prize=yes")
    return club


def test_set_then_read_back_identically(club: Path, run: Run) -> None:
    typed = ("Overall: places=3;U1600 : rating=-1599 prizes=50,30;  Women: sex=F; "
             "Seniors: age=65-; Young: born=2014-2019")
    said = run("tournament", "set", club, f"categories={typed}", "one_prize=yes").stdout
    shown = ("Overall: places=3; U1600: rating=-1599 prizes=50,30; Women: sex=w; "
             "Seniors: age=65-; Young: born=2014-2019")
    assert said.strip() == f"Winter: categories={shown}, one_prize=yes"
    listing = run("tournament", "set", club).stdout
    assert f"categories = {shown}\n" in listing
    assert "one_prize = yes\n" in listing
    run("tournament", "set", club, f"categories={shown}")  # what was shown reads back the same
    assert f"categories = {shown}\n" in run("tournament", "set", club).stdout


def test_limits_read_back(club: Path, run: Run) -> None:
    many = "; ".join(f"C{i}: places=1000" for i in range(99))
    typed = f"A: rating=0-4000 age=0-150 born=1850-2199 prizes=1000000000,0; {many}"
    run("tournament", "set", club, f"categories={typed}")
    listing = run("tournament", "set", club).stdout
    assert f"categories = {typed}\n" in listing
    run("tournament", "set", club, "categories=")
    assert "categories = -\n" in run("tournament", "set", club).stdout


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("categories=A: rating=1800-1600", "holds nobody"),
        ("categories=A: rating=0-4001", "from 0 to 4000"),
        ("categories=A: places=1; a: places=2", "used twice"),
        ("categories=A rating=-1599", "no colon"),
        ("one_prize=maybe", "write yes or no"),
    ],
)
def test_bad_categories_change_nothing(club: Path, run: Run, typed: str, says: str) -> None:
    run("tournament", "set", club, "categories=Overall: places=3")
    log = run("log", club).stdout
    result = run("tournament", "set", club, "one_prize=yes", typed, ok=False)
    assert result.exit_code == 2
    assert says in result.stderr
    assert "Traceback" not in result.output
    assert run("log", club).stdout == log
    listing = run("tournament", "set", club).stdout
    assert "categories = Overall: places=3\n" in listing
    assert "one_prize = no\n" in listing


def test_category_standings_follow_the_overall_ones(played: Path, run: Run) -> None:
    overall = _names(run("standings", played).stdout)
    assert overall[:3] == ["Anna", "Carla", "Eva"]  # each won against the next-rated
    assert len(overall) == 8
    women = run("standings", played, "--category", "women").stdout
    assert re.search(r"not known: Hans\.", women)  # no sex given
    wanted = [n for n in overall if n in ("Anna", "Carla", "Eva", "Greta")]
    assert _names(women.split("Category")[0]) == wanted
    rows = [line.split() for line in women.split("Category")[0].splitlines() if _names(line)]
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]  # the place in the category
    assert "Category Women: sex=w places=1" in women
    u12 = run("standings", played, "--category", "U12").stdout
    assert _names(u12.split("Category")[0]) == ["Hans"]
    assert re.search(r"not known: .*Greta", u12)  # born 2014: 11 or 12 on 2026-03-01
    nobody = run("standings", played, "--category", "nobody").stdout
    assert _names(nobody) == []


def test_every_player_in_a_category_is_the_overall_order(played: Path, run: Run) -> None:
    overall = _names(run("standings", played).stdout)
    assert _names(run("standings", played, "--category", "Overall").stdout.split(
        "Category")[0]) == overall


def test_prize_list_one_prize_per_player(played: Path, run: Run) -> None:
    overall = _names(run("standings", played).stdout)
    text = run("export-list", played, "prizes").stdout
    rows = list(csv.reader(io.StringIO(
        run("export-list", played, "prizes", "--format", "csv").stdout.lstrip("\ufeff"))))
    assert rows[0] == ["Category", "Place", "Prize", "Name", "Overall rank"]
    won = {(r[0], r[1]): r[3] for r in rows[1:]}
    u1900 = [n for n in overall if n not in ("Anna", "Bert", "Carla")]
    women = [n for n in overall if n in ("Anna", "Carla", "Eva", "Greta")]
    assert won[("Overall", "1")] == overall[0]
    assert won[("Overall", "2")] == overall[1]
    taken = {overall[0], overall[1]}
    first_u1900 = [n for n in u1900 if n not in taken]
    assert won[("U1900", "1")] == first_u1900[0]
    assert won[("U1900", "2")] == first_u1900[1]
    taken |= set(first_u1900[:2])
    assert won[("Women", "1")] == next(n for n in women if n not in taken)
    assert len(set(won.values())) == len(won)  # one prize each
    assert "One prize per player" in text


def test_category_exports_as_csv_and_html(played: Path, run: Run, tmp_path: Path) -> None:
    out = tmp_path / "women.csv"
    run("export-list", played, "standings", "--category", "Women", "--format", "csv", "-o", out)
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert rows[0][:3] == ["Cat. place", "Rank", "Name"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4"]
    html = run("export-list", played, "standings", "--category", "Women", "--format",
               "html").stdout
    assert "category Women" in html and "col-category-place" in html
    german = run("export-list", played, "prizes", "--format", "csv", "--csv-dialect",
                 "excel-de").stdout
    assert german.lstrip("\ufeff").startswith("Kategorie;Platz;Preis;Name;Gesamtplatz")


def test_no_categories_no_prize_list(club: Path, run: Run) -> None:
    result = run("export-list", club, "prizes", ok=False)
    assert result.exit_code == 2 and "Winter has no categories" in result.stderr


def test_unknown_category_and_misuse_are_refused(played: Path, run: Run) -> None:
    result = run("standings", played, "--category", "Juniors", ok=False)
    assert result.exit_code == 2
    assert "the categories are Overall, U1900, Women, U12, Nobody" in result.stderr
    for args in (("standings", played, "--category", "Women", "--format", "json"),
                 ("export-list", played, "pairings", "--category", "Women"),
                 ("export-list", played, "prizes", "--category", "Women")):
        assert run(*args, ok=False).exit_code == 2


def test_two_tournaments_keep_their_own_categories(played: Path, run: Run) -> None:
    run("tournament", "create", played, "Rapid", "--system", "swiss", "--rounds", "3")
    run("player", "add", played, "Anna", "-t", "Rapid")
    run("tournament", "set", played, "-t", "Rapid", "categories=Ladies: sex=w places=1")
    assert "categories = Ladies: sex=w places=1\n" in run(
        "tournament", "set", played, "-t", "Rapid").stdout
    assert f"categories = {CATEGORIES}\n" in run(
        "tournament", "set", played, "-t", "Winter").stdout
    result = run("standings", played, "-t", "Rapid", "--category", "Women", ok=False)
    assert "the categories are Ladies" in result.stderr
    assert _names(run("standings", played, "-t", "Rapid", "--category", "Ladies").stdout) == [
        "Anna"]


def test_undo_takes_the_categories_back(played: Path, run: Run) -> None:
    run("tournament", "set", played, "categories=Only: places=1")
    run("undo", played)
    assert f"categories = {CATEGORIES}\n" in run("tournament", "set", played).stdout


def test_publish_writes_each_category_and_the_prize_list(
    played: Path, run: Run, tmp_path: Path
) -> None:
    run("publish", played, tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    for number, name in enumerate(("Overall", "U1900", "Women", "U12", "Nobody"), start=1):
        assert f'href="category-{number}.html">standings after round 1, category {name}<' in index
    prizes = (tmp_path / "site" / "prizes.html").read_text(encoding="utf-8")
    assert 'href="player-' in prizes and "One prize per player" in prizes
    women = (tmp_path / "site" / "category-3.csv").read_text(encoding="utf-8-sig")
    assert women.splitlines()[0].startswith("Cat. place,Rank,Name")
    # another tournament of the file, without categories: none published
    run("tournament", "create", played, "Rapid", "--system", "swiss", "--rounds", "3")
    run("publish", played, tmp_path / "rapid", "-t", "Rapid")
    assert not list((tmp_path / "rapid").glob("category-*"))
    assert not (tmp_path / "rapid" / "prizes.html").exists()


@pytest.mark.parametrize(
    "bad", ["rematch_gap=x", "start_date=2026-02-30", "categories=A: rating=9-1"])
def test_a_bad_value_beside_categories_saves_nothing(club: Path, run: Run, bad: str) -> None:
    log = run("log", club).stdout
    good = ("categories=Overall: places=1", "city=Utrecht", "rematch_gap=2")
    result = run("tournament", "set", club, *good, bad, ok=False)
    assert result.exit_code == 2
    assert run("log", club).stdout == log
    assert "categories = -\n" in run("tournament", "set", club).stdout


def _prize_lists(club: Path, run: Run) -> tuple[str, ...]:
    """What a TD reads of the categories: their text, the prize list and the age group's
    standings (which needs the birth dates and the day ages count on)."""
    listing = run("tournament", "set", club).stdout
    kept = tuple(line for line in listing.splitlines() if line.startswith(("categories",
                                                                            "one_prize")))
    return (*kept, run("export-list", club, "prizes").stdout,
            run("export-list", club, "standings", "--category", "U12").stdout,
            run("export-list", club, "standings", "--category", "Women").stdout)


def test_export_then_import_keeps_the_categories_and_prize_lists(
    played: Path, run: Run, tmp_path: Path
) -> None:
    """`rochade export` writes the categories (format 2) with the players' sex and birth date
    and the day ages count on; `rochade import` into a fresh club file gives the same
    categories, the same prize list and the same age group's and women's standings."""
    exported = tmp_path / "winter.json"
    run("export", played, exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["format"] == "rochade-tournament/2"
    assert data["categories"]["one_prize"] is True
    assert data["categories"]["ages_on"] == "2026-03-01"
    assert data["categories"]["list"][1] == "U1900: rating=-1899 places=2"
    by_name = {p["name"]: p for p in data["players"]}
    assert by_name["Hans"]["birth"] == "2016-01-10" and by_name["Greta"]["sex"] == "w"
    fresh = tmp_path / "fresh.rochade"
    run("init", fresh, "--who", "ina")
    said = run("import", fresh, exported).stdout
    assert "Imported Winter: 8 players, 1 rounds." in said
    before, after = _prize_lists(played, run), _prize_lists(fresh, run)
    assert after == before
    assert "Hans" in before[-2] and "Anna" in before[-1]  # the lists are not empty ones
    # ... and the imported file exports the same document again.
    again = tmp_path / "again.json"
    run("export", fresh, again)
    assert again.read_text(encoding="utf-8") == exported.read_text(encoding="utf-8")


def test_an_older_json_file_without_categories_still_imports(
    club: Path, run: Run, tmp_path: Path
) -> None:
    """A version-1 file (every file rochade wrote before categories) imports as ever, and a
    tournament without categories is still written as version 1, byte for byte readable by
    an older rochade."""
    old = tmp_path / "old.json"
    old.write_text(json.dumps({
        "format": "rochade-tournament/1", "name": "Autumn 2025", "system": "keizer",
        "settings": {"preset": "classic"},
        "players": [{"id": 1, "name": "Anna", "rating": 2000}, {"id": 2, "name": "Zoe"}],
        "rounds": [{"number": 1, "games": [{"white": 1, "black": 2, "result": "1-0"}],
                    "absent": [], "bye": None}]}), encoding="utf-8")
    run("import", club, old)
    assert "categories = -\n" in run("tournament", "set", club, "-t", "Autumn 2025").stdout
    result = run("export-list", club, "prizes", "-t", "Autumn 2025", ok=False)
    assert result.exit_code == 2 and "has no categories" in result.output
    written = tmp_path / "written.json"
    run("export", club, written, "-t", "Autumn 2025")
    data = json.loads(written.read_text(encoding="utf-8"))
    assert data["format"] == "rochade-tournament/1" and "categories" not in data
    assert all(set(p) <= {"id", "name", "rating"} for p in data["players"])


@pytest.mark.parametrize(("categories", "says"), [
    ({"list": ["A: rating=x"]}, "categories.list[0]: "),
    ({"list": ["A: places=1; B: places=2"]}, "categories.list[0]: expected one category"),
    ({"list": ["A: places=1", "a: places=2"]}, "used twice"),
    ({"list": [], "ages_on": "2026-13-01"}, "categories.ages_on: "),
    ({"list": [], "one_prize": "yes"}, "categories.one_prize: expected true or false"),
])
def test_a_file_with_bad_categories_is_refused_and_changes_nothing(
    club: Path, run: Run, tmp_path: Path, categories: dict[str, object], says: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({
        "format": "rochade-tournament/2", "name": "Bad", "players": [
            {"id": 1, "name": "Anna", "sex": "w"}], "categories": categories}),
        encoding="utf-8")
    before = club.read_bytes()
    result = run("import", club, bad, ok=False)
    assert result.exit_code == 2 and says in result.output, result.output
    assert "Traceback" not in result.output and club.read_bytes() == before


def test_publish_owns_its_folder(played: Path, run: Run, tmp_path: Path) -> None:
    """Another tournament published into the same folder: the first one's pages it does not
    write are removed, the club's own files stay; publishing again rewrites nothing."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "logo.png").write_bytes(b"the club's own")
    run("publish", played, site)
    first = {p.name for p in site.iterdir()}
    assert {"prizes.html", "category-3.csv", "logo.png", ".rochade-site.json"} <= first
    again = run("publish", played, site).stdout
    assert "(0 new or changed, 0 of an earlier publish removed)" in again
    run("tournament", "create", played, "Rapid", "--system", "swiss", "--rounds", "3")
    run("player", "add", played, "Solo Player", "-t", "Rapid")
    out = run("publish", played, site, "-t", "Rapid").stdout
    now = {p.name for p in site.iterdir()}
    assert "prizes.html" not in now and not [n for n in now if n.startswith("category-")]
    assert "logo.png" in now and (site / "logo.png").read_bytes() == b"the club's own"
    gone = len(first - now)
    assert gone > 10 and f"{gone} of an earlier publish removed" in out
    assert not [n for n in now if n.endswith(".tmp")]
