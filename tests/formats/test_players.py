"""Player lists and rating lists: header words in four languages, sniffed delimiters and
encodings, duplicates, and rating updates matched by id or name. All data here is made up."""

from __future__ import annotations

import csv
import io
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rochade.core.fide import PlayerDetails
from rochade.formats.json import FormatError
from rochade.formats.players import (
    FILLED,
    ClubPlayer,
    PlayerRow,
    RatedPlayer,
    decode,
    find_duplicates,
    match_ratings,
    normalise_name,
    parse_fide_txt,
    parse_fide_xml,
    parse_player_csv,
    parse_rating_csv,
    sniff_delimiter,
)


def listed_rating(row: PlayerRow) -> int | None:
    """The rating a list's line gives, FIDE's or (a line without a FIDE id) the national."""
    return row.rating if row.rating is not None else row.details.national


def test_german_excel_list() -> None:
    """Semicolons, Windows-1252, DWZ and Verein: what German Excel saves."""
    data = "Spieler;DWZ;FIDE-ID;Verein\r\nMüller, Jürgen;1920;;SK Köln\r\nWeiß, Anna;0;4612345;\r\n"
    rows = parse_player_csv(decode(data.encode("cp1252")))
    assert rows == [
        PlayerRow(2, "Müller, Jürgen", None, None, None, "SK Köln",
                  PlayerDetails(club="SK Köln").rated(1920, "DWZ")),
        PlayerRow(3, "Weiß, Anna", None, 4612345, None, None),
    ]


def test_dutch_list_with_bom_and_quotes() -> None:
    data = '\ufeffNaam,Rating,FIDE ID,Vereniging\n"Berg, Kees van der",1645,,"De Toren, Arnhem"\n'
    rows = parse_player_csv(decode(data.encode("utf-8")))
    assert rows == [PlayerRow(2, "Berg, Kees van der", None, None, None, "De Toren, Arnhem",
                              PlayerDetails(club="De Toren, Arnhem").rated(1645, ""))]


def test_first_and_last_name_columns_and_tabs() -> None:
    rows = parse_player_csv("First name\tLast name\tElo\nMagnus\tOlsen\t2010\n\n")
    assert rows == [PlayerRow(2, "Olsen, Magnus", 2010)]


def test_without_header_the_columns_are_name_rating_fide_id() -> None:
    assert parse_player_csv('"Berg, Anna",1850,4612345\nBo\nCem,-\n') == [
        PlayerRow(1, "Berg, Anna", 1850, 4612345),
        PlayerRow(2, "Bo"),
        PlayerRow(3, "Cem"),
    ]
    assert parse_player_csv("Teilnehmer\nAnna\n") == [PlayerRow(2, "Anna")]


def test_both_rating_columns_fill_both_ratings() -> None:
    text = "Name;Elo;DWZ\nA;2100;1950\nB;;1700\n"
    rows = parse_player_csv(text)
    assert [(r.rating, r.details.national_text) for r in rows] == [
        (2100, "DWZ:1950"), (None, "DWZ:1700")]
    assert parse_player_csv(text, rating_column="ELO") == rows
    with pytest.raises(FormatError, match="line 1: there is no column 'KNSB'"):
        parse_player_csv(text, rating_column="KNSB")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the player list is empty"),
        ("Rating;Club\n1500;X\n", "line 1: no name column; the header must name it (name, "),
        ("Name,Rating\nAnna,1500\nBert,15OO\n", "line 3: the rating '15OO' is not a whole number"),
        ("Name,Rating\nAnna,1500\n,1400\n", "line 3: the name is empty"),
        ("Naam;FIDE-ID\nAnna;12-34\n", "line 2: the FIDE id '12-34' is not a whole number"),
        ('Name\n"' + "x" * 140_000 + '"\n', "line 2: this is not CSV (field larger than"),
    ],
)
def test_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(FormatError) as info:
        parse_player_csv(text)
    assert message in str(info.value)


def test_decode() -> None:
    assert decode("Jürgen".encode("utf-8-sig")) == "Jürgen"
    assert decode("Jürgen".encode("utf-16")) == "Jürgen"
    assert decode("Jürgen €".encode("cp1252")) == "Jürgen €"
    assert decode(b"\x81\xfc") == "\x81ü"  # not even cp1252: Latin-1 reads every byte


def test_sniff_delimiter() -> None:
    assert sniff_delimiter("Name;Rating;Club, town") == ";"
    assert sniff_delimiter("Name,Rating") == ","
    assert sniff_delimiter("Name\tRating") == "\t"
    assert sniff_delimiter("Name") == ","


def test_normalise_name() -> None:
    assert normalise_name("Müller, Jürgen") == normalise_name("juergen MUELLER")
    assert normalise_name("Carlsen, Magnus") == normalise_name("Magnus Carlsen")
    assert normalise_name("Ostergaard, Åse") == normalise_name("ase OSTERGAARD")
    assert normalise_name("Østergaard") != normalise_name("Ostergaard")  # Ø is its own letter
    assert normalise_name("Ng, Wei") != normalise_name("Ng, Wen")


@given(st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1), min_size=1))
def test_normalised_names_ignore_order_and_case(words: list[str]) -> None:
    assert normalise_name(" ".join(words)) == normalise_name(", ".join(reversed(words)).upper())


def test_duplicates() -> None:
    rows = parse_player_csv(
        "Name,Rating,FIDE-ID\n"
        "Anna Weiß,1500,4612345\n"
        "Bert Bakker,1400,\n"
        "Weiss Anna,1500,\n"
        "Someone Else,1300,4612345\n"
        "Juergen Mueller,1900,\n"
    )
    found = find_duplicates(rows, existing=[("Müller, Jürgen", None)])
    assert [(d.row.line, d.other, d.reason) for d in found] == [
        (4, "line 2 (Anna Weiß)", "same name"),
        (5, "line 2 (Anna Weiß)", "same FIDE id"),
        (6, "Müller, Jürgen", "same name"),
    ]


def test_fide_xml() -> None:
    xml = b"""<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>90000011</fideid><name>Testa, Anna</name><country>GER</country><sex>F</sex>
<title></title><rating>1987</rating><games>0</games><rapid_rating>2001</rapid_rating>
<blitz_rating></blitz_rating><birthday>1990</birthday><flag>w</flag></player>
<player><fideid>90000029</fideid><name>Probe,  Bert</name><country>NED</country>
<rating>0</rating></player>
</playerslist>"""
    assert list(parse_fide_xml(xml)) == [
        RatedPlayer("Testa, Anna", 1987, 90000011,
                    details=PlayerDetails(sex="w", federation="GER", birth="1990")),
        RatedPlayer("Probe, Bert", None, 90000029, details=PlayerDetails(federation="NED")),
    ]
    assert [p.rating for p in parse_fide_xml(io.BytesIO(xml), "rapid")] == [2001, None]
    assert [p.rating for p in parse_fide_xml(xml, "blitz")] == [1987, None]  # falls back
    with pytest.raises(FormatError, match="FIDE XML: not a readable players list"):
        list(parse_fide_xml(b"<playerslist><player>"))
    with pytest.raises(FormatError, match="unknown rating kind 'classic'"):
        list(parse_fide_xml(xml, "classic"))


def _fixed(widths: dict[str, int], rows: list[dict[str, str]]) -> list[str]:
    def line(cells: dict[str, str]) -> str:
        return "".join(cells.get(k, "").ljust(w) for k, w in widths.items()).rstrip() + "\n"

    return [line({k: k for k in widths}), *(line(r) for r in rows)]


def test_fide_txt_columns_from_the_header() -> None:
    widths = {"ID Number": 15, "Name": 61, "Fed": 4, "Sex": 4, "Tit": 5, "MAR26": 6, "Gms": 4,
              "K": 4, "B-day": 6, "Flag": 4}  # fmt: skip
    lines = _fixed(
        widths,
        [
            {"ID Number": "90000011", "Name": "Testa, Anna Maria", "Fed": "GER", "MAR26": "1987"},
            {"ID Number": "90000029", "Name": "Probe, Bert", "Fed": "NED", "MAR26": "", "K": "40"},
        ],
    )
    assert list(parse_fide_txt(lines)) == [
        RatedPlayer("Testa, Anna Maria", 1987, 90000011, details=PlayerDetails(federation="GER")),
        RatedPlayer("Probe, Bert", None, 90000029,
                    details=PlayerDetails(federation="NED", k="40")),
    ]
    combined = {"ID Number": 15, "Name": 40, "Fed": 4, "SRtng": 6, "SGm": 4, "RRtng": 6,
                "BRtng": 6}  # fmt: skip
    rows = [{"ID Number": "7", "Name": "X, Y", "SRtng": "1500", "RRtng": "1600", "BRtng": "1700"}]
    assert [p.rating for p in parse_fide_txt(_fixed(combined, rows), "rapid")] == [1600]
    assert [p.rating for p in parse_fide_txt(_fixed(combined, rows), "blitz")] == [1700]
    with pytest.raises(FormatError, match="must name the columns ID Number, Name and the rating"):
        list(parse_fide_txt(["Name Fed\n", "A GER\n"]))


def test_national_csv_list() -> None:
    text = (
        "ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Geburtsjahr,DWZ,Index,FIDE-Elo,FIDE-ID\n"
        'X1234,1001,A,"Testa,Anna",W,1990,1710,45,1800,90000011\n'
        'X1234,1002,A,"Probe,Bert",M,1985,1530,12,,\n'
    )
    assert list(parse_rating_csv(text)) == [
        RatedPlayer("Testa, Anna", 1800, 90000011, "ZPS:X1234-1001",
                    PlayerDetails(sex="w", birth="1990").rated(1710, "DWZ")),
        RatedPlayer("Probe, Bert", None, None, "ZPS:X1234-1002",
                    PlayerDetails(sex="m", birth="1985").rated(1530, "DWZ")),
    ]
    assert [p.rating for p in parse_rating_csv(text, "FIDE-Elo")] == [1800, None]


def test_match_ratings() -> None:
    club = [
        ClubPlayer(1, "Anna Testa", 1650, fide_id=90000011),
        ClubPlayer(2, "Bert Probe", 1530),
        ClubPlayer(3, "Carla Muster", 1400, national_id="1003"),
        ClubPlayer(4, "Dirk Twin", 1200),
        ClubPlayer(5, "Eva Nobody", None),
        ClubPlayer(6, "Frank Other", 1300, fide_id=90000100),
    ]
    listed = [
        RatedPlayer("Testa, Anna", 1710, 90000011),
        RatedPlayer("Probe, Bert", 1530),
        RatedPlayer("Muster-Meier, Carla", 1450, None, "1003"),
        RatedPlayer("Twin, Dirk", 1250),
        RatedPlayer("Twin, Dirk", 1900),
        RatedPlayer("Other, Frank", 2000, 90000999),  # same name, another FIDE id: not him
    ]
    match = match_ratings(club, iter(listed))
    assert [(u.player.key, u.rating, u.matched_by, u.listed_as) for u in match.updates] == [
        (1, 1710, "FIDE id", "Testa, Anna"),
        (3, 1450, "national id", "Muster-Meier, Carla"),
    ]
    assert [p.key for p in match.unchanged] == [2]
    assert [(p.key, names) for p, names in match.ambiguous] == [
        (4, ("Twin, Dirk (1250)", "Twin, Dirk (1900)"))
    ]
    assert [p.key for p in match.not_found] == [5, 6]


def test_match_adds_missing_fide_ids_and_keeps_ratings_the_list_lacks() -> None:
    club = [
        ClubPlayer(1, "Anna Testa", 1650),
        ClubPlayer(2, "Bert Probe", 1530),
        ClubPlayer(3, "Carla Muster", 1400),
        ClubPlayer(4, "Dirk Holder", 1200, fide_id=90000300),
    ]
    listed = [
        RatedPlayer("Testa, Anna", 1650, 90000011),  # same rating, a FIDE id she lacked
        RatedPlayer("Probe, Bert", None, 90000022),  # inactive: no rating in the list
        RatedPlayer("Muster, Carla", 1420, 90000300),  # Dirk's FIDE id: his entry, not hers
    ]
    match = match_ratings(club, listed)
    assert [(u.player.key, u.rating, u.fide_id, u.changes) for u in match.updates] == [
        (1, 1650, 90000011, ("FIDE id",)),
        (2, 1530, 90000022, ("FIDE id",)),
        (4, 1420, 90000300, ("rating",)),
    ]
    assert [p.key for p in match.unrated] == [2]
    assert [p.key for p in match.not_found] == [3]


NAMES = (
    st.text(
        alphabet=st.characters(
            categories=["L", "N", "P", "Zs", "S"], exclude_characters="\u2028\u2029\x85"
        ),
        min_size=1,
    )
    .map(lambda s: " ".join(re.sub(r"\s*,\s*", ", ", s).split()))  # "Last, First" as read
    .filter(bool)
)


@given(
    st.lists(st.tuples(NAMES, st.none() | st.integers(1, 3000)), min_size=1, max_size=8),
    st.sampled_from([",", ";", "\t"]),
)
def test_any_list_a_spreadsheet_writes_reads_back(
    players: list[tuple[str, int | None]], delimiter: str
) -> None:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(["Name", "Rating"])
    writer.writerows([[name, "" if r is None else r] for name, r in players])
    assert [(r.name, listed_rating(r)) for r in parse_player_csv(out.getvalue())] == players


def test_rating_report_columns_in_english_german_and_dutch() -> None:
    english = "Name,Title,Sex,Federation,Birth,Club,PKZ\nAlpha,g,F,ger,1990,SC,123\n"
    german = "Spieler;Titel;Geschlecht;Föderation;Geburtsdatum;Verein;Mgl-Nr\n" \
             "Alpha;GM;w;GER;1990;SC;123\n"
    dutch = "Naam;Titel;Geslacht;Federatie;Geboortejaar;Vereniging;Relatienummer\n" \
            "Alpha;gm;V;GER;1990;SC;123\n"
    kinds = []
    for text in (english, german, dutch):
        (row,) = parse_player_csv(text)
        assert row.details.over(PlayerDetails()) == row.details
        d = row.details
        assert (d.title, d.sex, d.federation, d.birth, d.club, d.national_id) == (
            "GM", "w", "GER", "1990", "SC", "123")
        kinds.append(row.details.national_kind)
    assert kinds == ["PKZ", "", "KNSB"]


def test_french_excel_list_with_family_and_given_names() -> None:
    """What a French club's spreadsheet saves: Nom and Prénom apart, H/F, the FFE number (its
    "Lic" column, A or B, is the licence's kind, not an id, and stays unread)."""
    data = ("NrFFE;Nom;Prénom;Elo;Club;Sexe;Fédération;Année de naissance;Lic\r\n"
            "K54321;Lefèvre;Hélène;1720;Échiquier Lyonnais;F;FRA;1990;A\r\n"
            "M12345;Dupont;Jean;;;H;;;B\r\n")
    first, second = parse_player_csv(decode(data.encode("cp1252")))
    assert (first.name, listed_rating(first), first.club) == ("Lefèvre, Hélène", 1720,
                                                      "Échiquier Lyonnais")
    d = first.details
    assert (d.sex, d.federation, d.birth, d.national_id, d.national_kind) == (
        "w", "FRA", "1990", "K54321", "FFE")
    assert (second.name, listed_rating(second), second.details.sex) == ("Dupont, Jean", None, "m")
    assert parse_player_csv("Nom;Elo\nJean Dupont;1500\n") == [PlayerRow(2, "Jean Dupont", 1500)]


def test_german_and_dutch_lists_keep_the_first_names() -> None:
    """Beside Vorname/Voornaam the Name/Naam column is the family name: two Müllers stay two."""
    german = "Name;Vorname;DWZ;Verein\nMüller;Jürgen;1820;SK Köln\nMüller;Anna;1650;SK Köln\n"
    dutch = "Naam;Voornaam;Rating\nBerg;Kees;1645\nBerg;Sanne;1500\n"
    assert [(r.name, listed_rating(r)) for r in parse_player_csv(german)] == [
        ("Müller, Jürgen", 1820), ("Müller, Anna", 1650)]
    assert [(r.name, listed_rating(r)) for r in parse_player_csv(dutch)] == [
        ("Berg, Kees", 1645), ("Berg, Sanne", 1500)]
    assert find_duplicates(parse_player_csv(german)) == []


def test_a_dsb_list_comma_name_and_fide_land() -> None:
    """DSB lists write "Müller,Jürgen" in one column and the federation as FIDE-Land."""
    (row,) = parse_player_csv("Spielername;DWZ;FIDE-Land\nMüller,Jürgen;1820;GER\n")
    assert (row.name, row.details.national_text, row.details.federation) == (
        "Müller, Jürgen", "DWZ:1820", "GER")


_SPELLINGS = {  # (family name, first name, rating) as clubs write them, in the UI's languages
    "en": [("Last name", "First name", "Rating"), ("Surname", "Given name", "Elo")],
    "de": [("Name", "Vorname", "DWZ"), ("Nachname", "Vorname", "Wertung"),
           ("Familienname", "Vorname", "Elo")],
    "nl": [("Naam", "Voornaam", "Rating"), ("Achternaam", "Voornaam", "KNSB rating")],
    "fr": [("Nom", "Prénom", "Elo"), ("Nom de famille", "Prénom", "Elo FIDE")],
    "ar": [("اسم العائلة", "الاسم الأول", "التصنيف"), ("الاسم", "الاسم الأول", "التصنيف")],
}
_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüéßçåA", min_size=1, max_size=8)


@given(st.sampled_from([h for spellings in _SPELLINGS.values() for h in spellings]),
       st.permutations(range(3)), st.sampled_from([";", ",", "\t"]),
       st.lists(st.tuples(_WORD, _WORD, st.integers(1000, 2800)), min_size=1, max_size=5),
       st.sampled_from(["upper", "lower", "same"]))
def test_family_and_first_name_columns_in_every_language(
    headers: tuple[str, str, str], order: list[int], delimiter: str,
    players: list[tuple[str, str, int]], case: str,
) -> None:
    """Whatever the language, order, case and separator of the header, the list gives
    "Family, First" and the rating."""
    def shaped(word: str) -> str:
        return word.upper() if case == "upper" else word.lower() if case == "lower" else word

    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow([shaped(headers[i]) for i in order])
    writer.writerows([[(last, first, rating)[i] for i in order] for last, first, rating in players])
    assert [(r.name, listed_rating(r)) for r in parse_player_csv(out.getvalue())] == [
        (f"{last}, {first}", rating) for last, first, rating in players]


def test_a_wrong_code_in_a_list_names_its_line() -> None:
    with pytest.raises(FormatError, match="line 3: 'XX' is no FIDE federation code"):
        parse_player_csv("Name,Federation\nAlpha,GER\nBravo,XX\n")


def test_a_rating_list_is_read_whatever_its_codes() -> None:
    text = "Spielername,Geschlecht,Land,DWZ\nTesta,X,D,1710\n"
    assert [p.details.national_text for p in parse_rating_csv(text)] == ["DWZ:1710"]


_DETAILS = st.builds(
    PlayerDetails,
    title=st.sampled_from(["", "GM", "WFM"]), sex=st.sampled_from(["", "m", "w"]),
    federation=st.sampled_from(["", "GER", "NED"]),
    birth=st.sampled_from(["", "1990", "1990-02-28", "1991"]), k=st.sampled_from(["", "20", "40"]),
)


@given(_DETAILS, _DETAILS, st.booleans())
def test_a_list_never_overwrites_the_clubs_data_unsaid(
        ours: PlayerDetails, listed: PlayerDetails, take_list: bool) -> None:
    club = [ClubPlayer(1, "Anna Testa", 1650, 90000011, details=ours)]
    match = match_ratings(club, [RatedPlayer("Testa, Anna", 1650, 90000011, details=listed)],
                          take_list)
    if match.refused:  # another birth year or sex: someone else, nothing changes
        assert not match.updates and match.refused[0].differences
        return
    after = match.updates[0].details if match.updates else ours
    said = {key for u in match.differing for key, _, _ in u.differences}
    for key in FILLED:
        mine, theirs, now = getattr(ours, key), getattr(listed, key), getattr(after, key)
        assert now == (mine or theirs) or key in said or (
            key == "birth" and now[:4] == mine[:4] and len(now) >= len(mine))
        if key in said:
            assert now == (theirs if take_list else mine)
