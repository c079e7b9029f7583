"""`rochade ratings`: a downloaded rating list against the club's players, shown and then
written with --apply."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from rochade.service import ClubService
from rochade.store import Club

Run = Callable[..., Result]


def test_national_csv_list(run: Run, club: Path, tmp_path: Path) -> None:
    listing = tmp_path / "dwz.csv"
    listing.write_bytes(
        "Spielername;DWZ;FIDE-Elo\nAnna;2012;2100\nbert;1950;\nCarla;1600;\nCarla;1650;\n".encode(
            "cp1252"
        )
    )
    before = club.read_bytes()
    out = run("ratings", club, listing).stdout.splitlines()
    # The DWZ column fills the national rating (its system now known), the Elo column the
    # FIDE rating, which Winter pairs by (FIDE, else national); the first line says so.
    assert out == [
        "Rating columns: FIDE-Elo -> FIDE rating, DWZ -> national rating (DWZ).",
        "2 player(s) would change:",
        "  Anna: FIDE rating unrated -> 2100, national rating 2000 -> DWZ:2012 (matched by name)",
        "  Bert: national rating 1950 -> DWZ:1950 (matched by name)",
        "Tournaments not started yet take the new ratings: Winter (Anna 2000 -> 2100).",
        "Ambiguous, left alone: Carla (Carla (DWZ 1600); Carla (DWZ 1650)).",
        "Not in the list: Xaver Herbst, Yara Herbst, Zeno Herbst, Dirk, Eva, Frank, Greta, Hans.",
        "Nothing is written yet: run again with --apply to write these changes.",
    ]
    dwz = run("ratings", club, listing, "--rating-column", "DWZ").stdout
    assert "Anna: FIDE rating unrated -> 2100, national rating 2000 -> DWZ:2012" in dwz
    assert club.read_bytes() == before


def test_fide_lists_zipped_and_plain(run: Run, club: Path, tmp_path: Path) -> None:
    xml = (
        "<?xml version='1.0' encoding='utf-8'?>\n<playerslist>"
        "<player><fideid>90000011</fideid><name>Dirk</name><rating>1870</rating></player>"
        "<player><fideid>90000029</fideid><name>Eva</name><rating>1800</rating></player>"
        "</playerslist>\n"
    )
    archive = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("players_list_xml_foa.xml", xml)
    out = run("ratings", club, archive).stdout
    assert "Dirk: FIDE rating unrated -> 1870, FIDE id none -> 90000011 (matched by name)" in out
    assert "Unchanged: 0." not in out
    assert "Eva: FIDE rating unrated -> 1800, FIDE id none -> 90000029 (matched by name)" in out
    assert "Winter (Dirk 1850 -> 1870, Eva FIDE unrated -> 1800)" in out
    header = "ID Number      Name                           Fed Sex SRtng SGm"
    txt = tmp_path / "standard.txt"
    txt.write_bytes(
        (header + "\n" + "90000037".ljust(15) + "Greta".ljust(31) + "GER F   1712  5\n").encode(
            "latin-1"
        )
    )
    assert "Greta: FIDE rating unrated -> 1712" in run("ratings", club, txt).stdout
    broken = tmp_path / "broken.xml"
    broken.write_text("<playerslist><player>", encoding="utf-8")
    result = run("ratings", club, broken, ok=False)
    assert result.exit_code == 2
    assert "FIDE XML: not a readable players list" in result.stderr


def test_a_fide_txt_list_from_before_2012(run: Run, club: Path, tmp_path: Path) -> None:
    """The old layout (ID_NUMBER ... JAN10 GAMES B-DAY FLAG, its header words not above its
    columns) is read by the order of its fields; a line it cannot read is named."""
    old = tmp_path / "players_list.txt"
    old.write_bytes(
        "ID_NUMBER NAME                              TITL FED  JAN10 GAMES  B-DAY FLAG\r\n"
        "90000045  Hans                              f    GER  1688   14  1990  i\r\n"
        "90000053  Greta                             wf   AUT  1733    9  1995  w\r\n".encode(
            "latin-1"))
    out = run("ratings", club, old).stdout
    assert ("  Greta: FIDE rating unrated -> 1733, FIDE id none -> 90000053, title none -> WFM, "
            "sex none -> w, federation none -> AUT, birth none -> 1995 (matched by name)") in out
    assert ("  Hans: FIDE rating unrated -> 1688, FIDE id none -> 90000045, title none -> FM, "
            "federation none -> GER, birth none -> 1990 (matched by name)") in out
    old.write_text("ID_NUMBER NAME TITL FED JAN10\n90000045 Hans f GER 16x8\n",
                   encoding="utf-8")
    refused = run("ratings", club, old, ok=False)
    assert refused.exit_code == 2 and refused.stderr == (
        "Error: FIDE TXT (the layout before September 2012): line 2 is not id, name, title, "
        "federation, rating, games and birth year\n")


def _winter(run: Run, club: Path) -> str:
    """What the season under way shows: standings, pairings, participants."""
    return "".join(run(view, club, "-t", "Winter").stdout
                   for view in ("standings", "pairings", "participants"))


def test_apply_writes_members_and_new_tournaments_then_undo(
    run: Run, club: Path, tmp_path: Path
) -> None:
    """--apply: one logged action after a backup. The tournament under way keeps the ratings
    its round was paired with; the one not started takes the new ones; undo takes it back."""
    run("pair", club)
    run("tournament", "create", club, "Spring")
    run("player", "add", club, "Anna", "-t", "Spring")
    listing = tmp_path / "list.csv"
    listing.write_text("Name,Elo,FIDE-ID\nAnna,2050,4100018\nBert,,\n", encoding="utf-8")
    winter_before = _winter(run, club)
    preview = run("ratings", club, listing, "--apply").stdout.splitlines()
    assert preview == [
        "Rating columns: Elo -> FIDE rating.",
        "1 player(s) changed:",
        "  Anna: FIDE rating unrated -> 2050, FIDE id none -> 4100018 (matched by name)",
        "Tournaments not started yet take the new ratings: Spring (Anna 2000 -> 2050).",
        "Tournaments under way keep the ratings they were paired with: Winter (Anna 2000).",
        "Listed without a rating, rating kept: Bert.",
        "Not in the list: Xaver Herbst, Yara Herbst, Zeno Herbst, Carla, Dirk, Eva, Frank, Greta, "
        "Hans.",
        "Written after a backup; `rochade undo` takes the update back.",
    ]
    assert "2050" in run("participants", club, "-t", "Spring").stdout
    assert _winter(run, club) == winter_before  # the season under way is untouched
    assert "update ratings of 1 player(s): Anna" in run("log", club).stdout
    assert "before ratings" in run("backups", club).stdout
    again = run("ratings", club, listing).stdout
    assert again.startswith("Rating columns: Elo -> FIDE rating.\nNothing would change.")
    run("undo", club)
    assert "2000" in run("participants", club, "-t", "Spring").stdout
    assert "Anna: FIDE rating unrated -> 2050" in run("ratings", club, listing).stdout


def test_a_bad_list_changes_nothing(run: Run, club: Path, tmp_path: Path) -> None:
    listing = tmp_path / "list.csv"
    listing.write_text("Name,Elo\nAnna,2050\nBert,19x0\n", encoding="utf-8")
    before = club.read_bytes()
    result = run("ratings", club, listing, "--apply", ok=False)
    assert result.exit_code == 2
    assert "line 3: the rating '19x0' is not a whole number" in result.stderr
    assert "Traceback" not in result.output + result.stderr
    assert club.read_bytes() == before
    assert not (club.parent / f"{club.name}-backups").exists() or not any(
        "ratings" in p.name for p in (club.parent / f"{club.name}-backups").iterdir())


def test_a_fide_list_after_a_dwz_list_leaves_the_dwz(run: Run, club: Path, tmp_path: Path) -> None:
    """Each list fills its own rating: the FIDE list does not overwrite the DWZ."""
    dwz = tmp_path / "dwz.csv"
    dwz.write_text("Spielername;DWZ\nDirk;1777\n", encoding="utf-8")
    run("ratings", club, dwz, "--apply")
    fide = tmp_path / "fide.xml"
    fide.write_text("<playerslist><player><fideid>90000011</fideid><name>Dirk</name>"
                    "<rating>1870</rating></player></playerslist>", encoding="utf-8")
    out = run("ratings", club, fide, "--apply").stdout
    assert "Dirk: FIDE rating unrated -> 1870, FIDE id none -> 90000011" in out
    assert out.startswith("Rating columns: FIDE standard -> FIDE rating.\n")
    assert "national rating" not in out
    assert run("ratings", club, dwz).stdout.startswith(
        "Rating columns: DWZ -> national rating (DWZ).\nNothing would change.")
    with Club.open(club) as store:
        dirk = next(m for m in store.members() if m.name == "Dirk")
        assert (dirk.rating, store.details_of_member(dirk.id).national_text) == (1870, "DWZ:1777")


def test_a_dsb_mgl_nr_matches_only_within_its_club(run: Run, club: Path, tmp_path: Path) -> None:
    """Mgl-Nr 12 in two clubs: each updates the member of its own ZPS, and a list without
    the ZPS matches by name only; another birth year is someone else, said why."""
    run("player", "set", club, "Dirk", "national_id=ZPS:C0327-012", "birth=1980")
    run("player", "set", club, "Eva", "national_id=ZPS:C0401-012")
    dsb = tmp_path / "dsb.csv"
    dsb.write_text("ZPS,Mgl-Nr,Spielername,Geburtsjahr,DWZ\n"
                   "C0401,012,\"Maier,Eva\",1990,1590\nC0327,012,\"Schulz,Dirk\",1980,1866\n"
                   "C0327,013,Frank,1970,1701\n", encoding="utf-8")
    out = run("ratings", club, dsb).stdout
    assert "Dirk: national rating 1850 -> DWZ:1866 (matched by national id)" in out
    assert ("Eva: national rating 1800 -> DWZ:1590, birth none -> 1990 (matched by national "
            "id)") in out
    run("player", "set", club, "Frank", "birth=1971")
    refused = run("ratings", club, dsb, "--apply").stdout
    assert "Someone else, left alone (another birth year or sex than the member):" in refused
    assert "  Frank: birth year 1971 (the list: 1970) (matched by name as Frank)" in refused
    assert "Frank: national" not in refused
    unscoped = tmp_path / "unscoped.csv"
    unscoped.write_text("Mgl-Nr,Spielername,DWZ\n012,Someone Else,1200\n", encoding="utf-8")
    assert run("ratings", club, unscoped).stdout.splitlines()[1] == "Nothing would change."


def test_the_tournament_chooses_its_pairing_rating(run: Run, club: Path, tmp_path: Path) -> None:
    """FIDE (else national) by default; `pairing_rating=national` before round 1 pairs the
    players by their DWZ; a choice it does not know is refused."""
    fide = tmp_path / "fide.xml"
    fide.write_text("<playerslist><player><fideid>90000011</fideid><name>Dirk</name>"
                    "<rating>2222</rating></player></playerslist>", encoding="utf-8")
    run("ratings", club, fide, "--apply")
    assert "pairing_rating = fide" in run("tournament", "set", club).stdout
    def first() -> tuple[str, int | None]:
        top = ClubService(club).tournament("Winter").start_order()[0]
        return top.name, top.rating

    assert first() == ("Dirk", 2222)  # by his FIDE rating
    out = run("tournament", "set", club, "pairing_rating=national").stdout
    assert out == "Winter: pairing_rating=national\n"
    assert first() == ("Anna", 2000)
    assert " 4  Dirk     1850  present" in run("participants", club, "-t", "Winter").stdout
    refused = run("tournament", "set", club, "pairing_rating=elo", ok=False)
    assert "the pairing rating is fide, national, highest, not 'elo'" in refused.stderr
    run("pair", club)
    refused = run("tournament", "set", club, "pairing_rating=fide", ok=False)
    assert "fixed once round 1 is paired" in refused.stderr


def test_the_preview_says_which_column_fills_which_rating(
    run: Run, club: Path, tmp_path: Path
) -> None:
    """A list's plain rating column beside a DWZ column is the FIDE rating; alone, it is the
    FIDE rating of a player with a FIDE id, else the national one; --rating-column picks."""
    both = tmp_path / "both.csv"
    both.write_text("Name;Rating;DWZ\nAnna;2100;2012\n", encoding="utf-8")
    assert run("ratings", club, both).stdout.splitlines()[0] == (
        "Rating columns: DWZ -> national rating (DWZ), Rating -> FIDE rating.")
    plain = tmp_path / "plain.csv"
    plain.write_text("Name,Rating\nAnna,2100\n", encoding="utf-8")
    assert run("ratings", club, plain).stdout.splitlines()[0] == (
        "Rating columns: Rating -> FIDE rating with a FIDE id, else national rating.")
    knsb = tmp_path / "knsb.csv"
    knsb.write_text("Naam,KNSB rating,Elo\nAnna,2000,2100\n", encoding="utf-8")
    out = run("ratings", club, knsb, "--rating-column", "KNSB rating").stdout.splitlines()
    assert out[0] == "Rating columns: Elo -> FIDE rating, KNSB rating -> national rating (KNSB)."


def test_player_import_says_which_column_fills_which_rating(
    run: Run, club: Path, tmp_path: Path
) -> None:
    listing = tmp_path / "new.csv"
    listing.write_text("Name;Elo;DWZ\nOla;1900;1850\n", encoding="utf-8")
    out = run("player", "import", club, listing).stdout.splitlines()
    assert out[0] == "Rating columns: Elo -> FIDE rating, DWZ -> national rating (DWZ)."
    assert out[1].startswith("Ola plays in Winter as number")
    with Club.open(club) as store:
        ola = next(m for m in store.members() if m.name == "Ola")
        assert (ola.rating, store.details_of_members()[ola.id].national_text) == (1900,
                                                                                   "DWZ:1850")


def test_a_tournament_is_created_with_its_pairing_rating(
    run: Run, club: Path, tmp_path: Path
) -> None:
    """`tournament create --pairing-rating`: the choice `tournament set pairing_rating=` makes,
    made at once, for Keizer and the other systems; its players take that rating."""
    fide = tmp_path / "fide.xml"
    fide.write_text("<playerslist><player><fideid>90000011</fideid><name>Dirk</name>"
                    "<rating>2222</rating></player></playerslist>", encoding="utf-8")
    run("ratings", club, fide, "--apply")  # Dirk: FIDE 2222, national 1850; Anna: national 2000
    out = run("tournament", "create", club, "Spring", "--pairing-rating", "national").stdout
    assert out == "Created tournament Spring (classic rules, pairing by the national rating).\n"
    out = run("tournament", "create", club, "Open", "--system", "swiss", "--rounds", "5",
              "--pairing-rating", "highest").stdout
    assert out.startswith("Created tournament Open (swiss, ")
    assert out.rstrip().endswith(", FIDE mode, pairing by the highest rating).")
    for name in ("Spring", "Open"):
        for player in ("Anna", "Dirk"):
            run("player", "add", club, player, "-t", name)
    service = ClubService(club)
    assert service.rating_choice("Spring").pairing.value == "national"
    assert service.rating_choice("Open").pairing.value == "highest"
    assert "pairing_rating = national" in run("tournament", "set", club, "-t", "Spring").stdout
    assert {e.name: e.rating for e in service.tournament("Spring").entrants} == {
        "Anna": 2000, "Dirk": 1850}
    assert {e.name: e.rating for e in service.tournament("Open").entrants} == {
        "Anna": 2000, "Dirk": 2222}
    assert "new tournament (classic, pairing_rating=national)" in run("log", club).stdout
    refused = run("tournament", "create", club, "Later", "--pairing-rating", "elo", ok=False)
    assert "'elo' is not one of 'fide', 'national', 'highest'" in refused.output
    assert "Later" not in run("tournament", "list", club).stdout


def test_export_and_import_keep_the_pairing_rating(run: Run, club: Path, tmp_path: Path) -> None:
    """A tournament paired by the national rating goes out in its JSON file and comes back
    paired by it, in another club too; a file without the key (FIDE's) reads as the default."""
    fide = tmp_path / "fide.xml"
    fide.write_text("<playerslist><player><fideid>90000011</fideid><name>Dirk</name>"
                    "<rating>2222</rating></player></playerslist>", encoding="utf-8")
    run("ratings", club, fide, "--apply")  # Dirk: FIDE 2222, national 1850
    run("tournament", "set", club, "pairing_rating=national")
    out = tmp_path / "winter.json"
    run("export", club, out)
    assert '"pairing_rating": "national"' in out.read_text(encoding="utf-8")
    other = tmp_path / "other.rochade"
    run("init", other)
    run("import", other, out)
    copy = ClubService(other)
    assert copy.rating_choice("Winter").pairing.value == "national"
    dirk = next(e for e in copy.tournament("Winter").entrants if e.name == "Dirk")
    assert (dirk.rating, dirk.fide_rating) == (1850, 2222)
    # Paired by FIDE, the file has no such key, and reads as FIDE's.
    run("tournament", "set", club, "pairing_rating=fide")
    run("export", club, out)
    assert "pairing_rating" not in out.read_text(encoding="utf-8")
    run("import", other, out, "--name", "Winter again")
    assert copy.rating_choice("Winter again").pairing.value == "fide"
