"""`rochade ratings` fills the members' title, sex, federation, birth and K from a rating list
where the club knows nothing, lists where the club says otherwise, and takes the list's
values only when asked (`--take-list-data`). Lists: tests/data/rating_lists (made up)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from rochade.service import ClubService

Run = Callable[..., Result]
LISTS = Path(__file__).parents[1] / "data" / "rating_lists"


def _details(club: Path, name: str) -> tuple[str, str, str, str, str]:
    data = ClubService(club).rating_data()
    entrant = next(e for e in data.tournament.entrants if e.name == name)
    d = data.details[entrant.id]
    return d.title, d.sex, d.federation, d.birth, d.k


def test_fide_xml_fills_empty_fields_and_keeps_the_tds(run: Run, club: Path) -> None:
    run("player", "set", club, "Bert", "federation=NED", "birth=2010-06-01")
    before = club.read_bytes()
    out = run("ratings", club, LISTS / "fide.xml").stdout.splitlines()
    assert ("  Anna: FIDE rating unrated -> 2010, FIDE id none -> 90000011, title none -> WFM, "
            "sex none -> w, federation none -> GER, birth none -> 1995, k none -> 20 "
            "(matched by name)") in out
    # Bert: the list's birth year agrees with the TD's full date; the federation differs.
    assert ("  Bert: FIDE rating unrated -> 1950, FIDE id none -> 90000029, sex none -> m, k "
            "none -> 40 (matched by name)") in out
    differing = out.index("The list says otherwise than the club, the club's values kept "
                          "(--take-list-data takes the list's):")
    assert out[differing + 1] == "  Bert: federation NED (the list: GER)"
    # Carla: the list's codes rochade cannot read (XYZ, a K of 0, year 0000) are left out.
    assert not any(
        "Carla" in line and "XYZ" in line for line in out)
    assert club.read_bytes() == before  # nothing written without --apply
    run("ratings", club, LISTS / "fide.xml", "--apply")
    assert _details(club, "Anna") == ("WFM", "w", "GER", "1995", "20")
    assert _details(club, "Bert") == ("", "m", "NED", "2010-06-01", "40")
    assert _details(club, "Carla") == ("", "w", "", "", "")


def test_take_list_data_replaces_and_undo_restores(run: Run, club: Path) -> None:
    run("player", "set", club, "Bert", "federation=NED", "k=20")
    preview = run("ratings", club, LISTS / "fide.xml", "--take-list-data").stdout
    assert "the list's values to be taken:" in preview
    assert ("Bert: FIDE rating unrated -> 1950, FIDE id none -> 90000029, sex none -> m, "
            "federation NED -> GER") in preview
    out = run("ratings", club, LISTS / "fide.xml", "--take-list-data", "--apply").stdout
    assert "the list's values taken:" in out
    assert "  Bert: federation NED (the list: GER), k 20 (the list: 40)" in out
    assert _details(club, "Bert")[2:] == ("GER", "2010", "40")
    run("undo", club)
    assert _details(club, "Bert") == ("", "", "NED", "", "20")


def test_fide_txt_and_a_national_csv(run: Run, club: Path) -> None:
    out = run("ratings", club, LISTS / "fide.txt", "--apply").stdout
    assert "title none -> FM" in out
    assert _details(club, "Dirk") == ("FM", "m", "NED", "1988", "20")
    assert _details(club, "Eva") == ("", "w", "NED", "2009", "40")
    rapid = run("ratings", club, LISTS / "fide.txt", "--kind", "rapid").stdout
    assert "Dirk: FIDE rating 2105 -> 2150" in rapid
    run("ratings", club, LISTS / "dsb.csv", "--apply")
    assert _details(club, "Frank") == ("", "m", "", "1970", "")
    assert _details(club, "Greta") == ("", "", "", "", "")  # X and 31 April: left out


def test_only_the_standard_list_fills_k(run: Run, club: Path) -> None:
    run("ratings", club, LISTS / "fide.txt", "--kind", "rapid", "--apply")
    assert _details(club, "Dirk") == ("FM", "m", "NED", "1988", "")
