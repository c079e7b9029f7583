# ruff: noqa: E501  (TRF lines are fixed-width and longer than 100 characters)
"""Whole tournaments through TRF and back: the conformance corpus byte for byte, the engine's
check on exported files, every system's facts in random tournaments, and the odd corners of
real files (line endings, Latin-1, unknown records, the round to be paired)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from random_tournaments import tournaments

from golden import DATA
from rochade.core.dutch import DutchEngine, Outcome
from rochade.core.fide import EventData, PlayerDetails
from rochade.core.keizer.settings import preset
from rochade.core.model import (
    Absence,
    Entrant,
    ExternalGame,
    Game,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.core.swiss import swiss_state
from rochade.core.systems import (
    KEIZER,
    ROUND_ROBIN,
    SWISS,
    Acceleration,
    ByeRequest,
    RoundRobinSettings,
    SwissSettings,
    renumbered,
    scoring,
    system_of,
)
from rochade.core.tiebreaks import parse_tiebreaks
from rochade.formats.json import FormatError, parse_tournament
from rochade.formats.trf import (
    TrfEntry,
    TrfError,
    TrfPlayer,
    format_player,
    parse_trf,
    recorded_pairing,
    rounds_recorded,
    state_before,
    trf_lines,
)
from rochade.formats.trf_tournament import (
    MAX_TPN,
    TrfExtras,
    national_records,
    read_trf_tournament,
    write_trf_tournament,
)
from rochade.service import ClubService
from rochade.service.demo import build_demo
from rochade.service.system_cases import trf_standings

ROUND_BLOCKS = 80  # 0-based column of the points field: points, rank and every round block


def corpus(shared_dir: Path) -> list[Path]:
    files = sorted((shared_dir / "conformance" / "dutch").glob("*.trf"))
    assert len(files) == 100
    return files


def player_lines(text: str) -> list[str]:
    return [line for line in trf_lines(text) if line.startswith("001")]


def test_corpus_import_export_is_byte_identical(shared_dir: Path) -> None:
    """Every file of the Dutch corpus, read as a tournament and written back with what the
    file said beyond the facts, is the same file; 6870 player lines in all."""
    compared = 0
    for path in corpus(shared_dir):
        text = path.read_text(encoding="utf-8")
        tournament, extras = read_trf_tournament(text)
        assert tournament.system == SWISS
        assert write_trf_tournament(tournament, extras) == text, path.name
        compared += len(player_lines(text))
    assert compared == 6870


def test_corpus_facts_alone_give_the_same_round_blocks(shared_dir: Path) -> None:
    """Without the kept details (a tournament made in rochade), the player lines still carry
    the same points and round blocks, and the file reads back as the same tournament."""
    for path in corpus(shared_dir):
        text = path.read_text(encoding="utf-8")
        tournament, _ = read_trf_tournament(text)
        written = write_trf_tournament(tournament, newline="\n")
        mine, theirs = player_lines(written), player_lines(text)
        assert [line[:9] for line in mine] == [line[:9] for line in theirs]
        assert [line[ROUND_BLOCKS:84] + line[89:] for line in mine] == [
            line[ROUND_BLOCKS:84] + line[89:] for line in theirs
        ], path.name
        assert read_trf_tournament(written)[0] == tournament


def test_exported_files_pass_the_dutch_check(shared_dir: Path) -> None:
    """`pair-trf -c` in-process: the engine re-pairs every round of an exported file as
    recorded (the small files of the corpus; the benchmark note in docs/trf.md has all)."""
    engine = DutchEngine()
    checked = 0
    for path in corpus(shared_dir):
        players = int(path.name.split("_")[1][1:])
        if players > 16:
            continue
        tournament, _ = read_trf_tournament(path.read_text(encoding="utf-8"))
        data = parse_trf(write_trf_tournament(tournament))
        for rnd in range(1, rounds_recorded(data) + 1):
            pairs, bye = recorded_pairing(data, rnd)
            result = engine.pair_round(state_before(data, rnd))
            assert {(b.white, b.black) for b in result.boards} == set(pairs), (path.name, rnd)
            assert result.bye == bye
            checked += 1
    assert checked > 50


def test_corpus_through_a_club_file(shared_dir: Path, tmp_path: Path) -> None:
    """import-trf then export-trf through the club file gives each file back unchanged."""
    service = ClubService.init(tmp_path / "club.rochade", "td")
    with service.session():
        for path in corpus(shared_dir)[::10]:
            raw = path.read_bytes()
            t = service.import_trf(raw)
            assert service.export_trf(t.name).encode("utf-8") == raw, path.name


@settings(max_examples=250, suppress_health_check=list(HealthCheck))
@given(tournaments())
def test_random_tournaments_survive_trf(t: object) -> None:
    """Any tournament of any system (strange names, pending games, every absence reason,
    withdrawals, boards out of order, team games) comes back from its TRF file unchanged."""
    text = write_trf_tournament(t)  # type: ignore[arg-type]
    assert read_trf_tournament(text)[0] == renumbered(t)[0]  # type: ignore[arg-type]


EXAMPLE = """\
012 Example Club Championship
022 Utrecht
032 NED
042 2026/03/01
052 2026/03/15
062 6
072 5
102 A. Arbiter
132                                                                                        26/03/01  26/03/08  26/03/15
142 3
152 W
192 FIDE_DUTCH_2026
202 BH/C1,BH,SB,DE
###      1         2         3         4         5         6         7         8         9        10        11
001    1 m FM Alpha, Anna                       2105 NED     1000010 1990/01/31  1.5    1     4 w 1     2 b =
001    2 w    Bravo, Bea                        2010 BEL     1000020 1995/02/28  1.5    2     5 b 1     1 w =
001    3 m    Charlie, Carl                     1950 GER     1000030             1.5    3     6 w =     4 b +
DAT    3 EMAIL carl@example.org
001    4 w    Delta, Dora                       1890 FRA     1000040             0.0    6     1 b 0     3 w -
001    5 m    Echo, Eric                        1820 NED                         0.0    5     2 w 0     6 b 0
001    6 m    Foxtrot, Fred                          NED                         1.5    4     3 b =     5 w 1
240 H 003 0005
NED some national rating record
"""


@pytest.mark.parametrize("newline", ["\r\n", "\n", "\r"])
def test_spec_example_with_any_line_ending(newline: str) -> None:
    """The spec's worked example: header records, a Tornelo DAT line after a player, an NRS
    record and the round to be paired (240: player 5 takes a half-point bye) all survive."""
    text = EXAMPLE.replace("\n", newline)
    t, extras = read_trf_tournament(text)
    assert t.name == "Example Club Championship" and len(t.rounds) == 2
    assert t.entrant(5).status is Status.EXCUSED
    assert t.entrant(1).fide_id == 1000010 and t.entrant(6).rating is None
    assert isinstance(t.settings, SwissSettings) and t.settings.rounds == 3
    assert [str(tb) for tb in t.settings.tiebreaks] == ["BH/C1", "BH", "SB", "DE"]
    assert write_trf_tournament(t, extras) == text
    fresh = write_trf_tournament(t)  # as rochade writes it: the bye in a 240 line only
    assert "001    5 m    Echo, Eric                        1820 NED" not in fresh
    assert "Echo, Eric                        1820                             0.0    5     2 w 0" \
        "     6 b 0\r\n" in fresh and "240 H 003 0005\r\n" in fresh
    javafo = write_trf_tournament(t, javafo=True)  # ... and in the round block
    assert "Echo, Eric                        1820                             0.5    5     2 w 0" \
        "     6 b 0  0000 - H" in javafo
    assert read_trf_tournament(fresh)[0] == read_trf_tournament(javafo)[0] == renumbered(t)[0]


def test_latin1_files_and_a_byte_order_mark(tmp_path: Path) -> None:
    service = ClubService.init(tmp_path / "club.rochade", "td")
    raw = EXAMPLE.replace("Alpha, Anna", "Möller, Ann").encode("latin-1")
    assert service.import_trf(raw).entrant(1).name == "Möller, Ann"
    bom = "\ufeff" + EXAMPLE.replace("012 Example", "012 Other")
    assert service.import_trf(bom.encode("utf-8")).name == "Other Club Championship"


def test_keizer_facts_travel_in_rch_lines(tmp_path: Path) -> None:
    """A Keizer season exports its games and byes as TRF, and absence reasons, settings and
    statuses as RCH lines; importing the file gives the same tournament."""
    service = build_demo(tmp_path / "demo.rochade")
    name = service.tournaments()[0].name
    text = service.export_trf(name)
    assert "RCH system \"keizer\"" in text and "RCH absent [" in text
    back, _ = read_trf_tournament(text)
    assert back.system == KEIZER
    assert back == service.tournament(name)


def test_bad_files_name_the_line_or_player() -> None:
    with pytest.raises(TrfError, match=r"line 15 \(001\): rating .21x5. is not a number"):
        read_trf_tournament(EXAMPLE.replace("2105 NED", "21x5 NED"))
    with pytest.raises(TrfError, match="round 2, player 3: the results"):
        read_trf_tournament(EXAMPLE.replace("4 b +", "4 b 1"))
    with pytest.raises(TrfError, match=r"line 20 \(001\): round 1: a played result 'W' needs"):
        read_trf_tournament(EXAMPLE.replace("     2 w 0     6 b 0", "  0000 - W     6 b 0"))


def _codes_file(system_line: str) -> str:
    """Two rounds of six players using every code a round block can hold: a game, a draw,
    forfeits one way and both ways, F, H, U and Z (in a round robin U and Z are the rest
    round, worth nothing)."""
    blocks = {  # (round 1, round 2) per pairing number
        1: ((4, "w", "1"), (2, "b", "=")),
        2: ((5, "w", "+"), (1, "w", "=")),
        3: ((0, "-", "F"), (0, "-", "H")),
        4: ((1, "b", "0"), (5, "w", "-")),
        5: ((2, "b", "-"), (4, "b", "-")),
        6: ((0, "-", "U"), (0, "-", "Z")),
    }
    points = {1: 15, 2: 15, 3: 15, 4: 0, 5: 0, 6: 0 if "ROUNDROBIN" in system_line else 10}
    lines = ["012 Every code", system_line]
    for tpn, rounds in blocks.items():
        entries = tuple(TrfEntry(*block) for block in rounds)
        lines.append(format_player(TrfPlayer(tpn, f"Player {tpn}", rating=2100 - tpn,
                                             points=points[tpn], entries=entries)))
    return "\r\n".join(lines) + "\r\n"


@pytest.mark.parametrize(("system_line", "system"), [
    ("192 FIDE_DUTCH_2026", SWISS), ("192 STANDARD_ROUNDROBIN", ROUND_ROBIN)])
def test_every_round_code_imports_and_exports_unchanged(system_line: str, system: str) -> None:
    """F is the full-point bye (worth a win, FPB in the tie-breaks), H and Z the requested
    half- and zero-point byes, U the pairing-allocated bye, + and - forfeits, - - a double
    forfeit; the file comes back byte for byte."""
    text = _codes_file(system_line)
    t, extras = read_trf_tournament(text)
    assert t.system == system
    first, second = t.rounds
    assert [(a.player, a.reason) for a in first.absences] == [(3, "full_point_bye")]
    assert first.bye == 6
    rests = system == ROUND_ROBIN  # round 2: a round robin's rest, a Swiss's zero-point bye
    assert second.bye == (6 if rests else None)
    assert [(a.player, a.reason) for a in second.absences] == [
        (3, "half_point_bye"), *(() if rests else ((6, "zero_point_bye"),))]
    assert [g.result for g in first.games] == [Result.WHITE_WINS, Result.WHITE_WINS_FORFEIT]
    assert [g.result for g in second.games] == [Result.DRAW, Result.DOUBLE_FORFEIT]
    assert write_trf_tournament(t, extras) == text
    fresh = write_trf_tournament(t)  # from the facts alone: the same points and round blocks
    own = text.replace("0000 - Z", "0000 - U") if rests else text  # rochade's rest: U
    assert [(x[80:84], x[89:]) for x in player_lines(fresh)] == [
        (x[80:84], x[89:]) for x in player_lines(own)]
    assert read_trf_tournament(fresh)[0] == renumbered(t)[0]
    points = {line.number: line.total for line in system_of(t).standings(t).lines}
    assert points[3] == Fraction(3, 2)  # F 1 + H ½


def test_a_round_robin_rest_is_written_as_u_and_worth_nothing(tmp_path: Path) -> None:
    """An odd round robin's rest round is written `0000 - U` with `162 ... P 0.0` (gacrux's
    Berger check sees a rest only as a PAB): the points column then agrees with rochade's
    standings and with `rochade standings FILE.trf --round-robin`; TRF26's `Z` reads too."""
    t = parse_tournament((DATA / "json" / "round-robin-summer.json").read_text(encoding="utf-8"))
    text = write_trf_tournament(t)
    assert "0000 - Z" not in text and text.count("0000 - U") == 5 and " P 0.0" in text
    assert read_trf_tournament(text)[0] == renumbered(t)[0]
    path = tmp_path / "summer.trf"
    path.write_text(text, encoding="utf-8")
    from_file = trf_standings(path, None, round_robin=True)
    club = system_of(t).standings(t)
    assert [(x.number, x.scores) for x in from_file.lines] == [
        (x.number, x.scores) for x in club.lines]
    old_style = text.replace("0000 - U", "0000 - Z")  # TRF26's own spelling of the rest
    assert read_trf_tournament(old_style)[0] == renumbered(t)[0]


def test_a_full_point_bye_counts_as_a_win_that_was_not_played() -> None:
    """In the tie-breaks an FPB is a win without a game (C.07 7.1, 7.6: it counts for WIN and
    REP, not for WON) and the Dutch engine adds its point to the player's score."""
    t, _ = read_trf_tournament(_codes_file("192 FIDE_DUTCH_2026"))
    t = dataclasses.replace(t, settings=dataclasses.replace(
        t.settings, rounds=3, tiebreaks=parse_tiebreaks("WIN,WON,REP")))
    line = system_of(t).standings(t).line(3)  # rounds: F, then H
    assert line.scores[1:] == (Fraction(1), Fraction(0), Fraction(1))
    state, order = swiss_state(t, t.settings, [e.id for e in t.entrants])
    assert state.players[order.index(3)].history[0].outcome is Outcome.WIN


def test_a_keizer_file_has_no_full_point_bye() -> None:
    text = _codes_file("192 FIDE_DUTCH_2026") + 'RCH system "keizer"\r\n'
    with pytest.raises(TrfError, match="round 1, player 3: a keizer tournament has no row for "
                                       "the code 'F'"):
        read_trf_tournament(text)


def test_a_new_swiss_needs_no_rch_lines() -> None:
    """A Swiss made in rochade is said completely by TRF26 records (162 as in the spec)."""
    swiss = SwissSettings(rounds=5, scoring=dataclasses.replace(scoring("3-1-0"), pab=Fraction(1)),
                          forbidden_pairs=frozenset({frozenset({1, 2})}))
    t = Tournament("Open", (Entrant(1, "Ann"), Entrant(2, "Bob"), Entrant(3, "Cy")), (),
                   SWISS, swiss)
    text = write_trf_tournament(t)
    assert "RCH" not in text
    assert "162  W 3.0    D 1.0    L 0.0    P 1.0\r\n" in text and "XXP 1 2\r\n" in text
    assert read_trf_tournament(text)[0] == renumbered(t)[0]


def _scored_file(scoring_line: str, pab_points: str) -> str:
    """A TRF26 file of another program: 3-1-0 by a 162 line, player 3 with the PAB."""
    return "\r\n".join([
        "012 Three points for a win",
        "142 3",
        "192 FIDE_DUTCH_2026",
        scoring_line,
        format_player(TrfPlayer(1, "One", rating=2000, points=30,
                                entries=(TrfEntry(2, "w", "1"),))),
        format_player(TrfPlayer(2, "Two", rating=1900, points=0,
                                entries=(TrfEntry(1, "b", "0"),))),
        format_player(TrfPlayer(3, "Three", rating=1800, points=int(pab_points),
                                entries=(TrfEntry(0, "-", "U"),))),
    ]) + "\r\n"


def test_a_162_line_without_a_bye_value_gives_the_bye_a_win() -> None:
    """TRF26: P (the PAB) defaults to W; with P given, the PAB is worth P."""
    t, _ = read_trf_tournament(_scored_file("162  W 3.0    D 1.0", "30"))
    points = {line.entrant.id: line.total for line in system_of(t).standings(t).lines}
    assert points == {1: 3, 2: 0, 3: 3}
    t, _ = read_trf_tournament(_scored_file("162  W 3.0    D 1.0    P 1.0", "10"))
    assert {line.entrant.id: line.total for line in system_of(t).standings(t).lines}[3] == 1
    with pytest.raises(TrfError, match=r"player 3 has 1\.0 points but the results add up to 3\.0"):
        read_trf_tournament(_scored_file("162  W 3.0    D 1.0", "10"))


@pytest.mark.parametrize("points", ["3-1-0", "2-1-0"])
def test_rochade_scorings_read_back_with_the_same_standings(points: str) -> None:
    swiss = SwissSettings(rounds=4, scoring=scoring(points))
    entrants = tuple(Entrant(i, f"P{i}", 2000 - 10 * i) for i in range(1, 6))
    games = (Game(1, 2, Result.WHITE_WINS, 1), Game(3, 4, Result.DRAW, 2))
    t = Tournament("Open", entrants, (Round(1, games, bye=5),), SWISS, swiss)
    back, _ = read_trf_tournament(write_trf_tournament(t))
    assert [(x.entrant.id, x.total, x.rank) for x in system_of(back).standings(back).lines] == [
        (x.entrant.id, x.total, x.rank) for x in system_of(t).standings(t).lines]


def test_the_tournament_name_keeps_its_full_length() -> None:
    name = "Open Championship of the Royal Chess Club Noord-Brabant 2026, group A"
    t = Tournament(name, (Entrant(1, "Ann"), Entrant(2, "Bob")), (), SWISS, SwissSettings())
    text = write_trf_tournament(t)
    assert f"012 {name}\r\n" in text and "RCH tournament" not in text
    assert read_trf_tournament(text)[0].name == name


def open_with_a_round_to_come() -> Tournament:
    """Round 1 of three played; for round 2 requested byes (5 and 6), an excused (2) and an
    absent (3) player and a withdrawal (4)."""
    swiss = SwissSettings(rounds=3, bye_requests=frozenset({ByeRequest(2, 5, True),
                                                           ByeRequest(2, 6, False)}))
    entrants = (Entrant(1, "A", 2000), Entrant(2, "B", 1900, Status.EXCUSED),
                Entrant(3, "C", 1800, Status.UNEXCUSED), Entrant(4, "D", 1700, Status.WITHDRAWN),
                Entrant(5, "E", 1600), Entrant(6, "F", 1500), Entrant(7, "G", 1400))
    games = (Game(1, 4, Result.WHITE_WINS, 1), Game(2, 5, Result.DRAW, 2),
             Game(3, 6, Result.BLACK_WINS, 3))
    return Tournament("Open", entrants, (Round(1, games, bye=7),), SWISS, swiss)


def test_the_round_to_come_is_in_240_lines_and_for_javafo_the_round_blocks() -> None:
    """Requested byes, an excused and an absent player, a withdrawal: the 240 lines of the
    coming round, and JaVaFo's blocks only when asked (a tie-break checker would count the
    column as a round), so that any engine leaves these players out."""
    t = open_with_a_round_to_come()
    text = write_trf_tournament(t)
    javafo = write_trf_tournament(t, javafo=True)
    for written in (text, javafo):
        assert "240 H 002 0002 0005\r\n240 Z 002 0003 0004 0006\r\n" in written
        assert read_trf_tournament(written)[0] == renumbered(t)[0]
    assert [p.entries[1:] for p in parse_trf(text).players] == [()] * 7
    assert [p.entries[1:] for p in parse_trf(javafo).players] == [
        (), (TrfEntry(0, "-", "H"),), (TrfEntry(0, "-", "Z"),), (TrfEntry(0, "-", "Z"),),
        (TrfEntry(0, "-", "H"),), (TrfEntry(0, "-", "Z"),), ()]


# -- RCH records: each refusal names the line and says what it expected ------------------------
RCH_LINE = len(EXAMPLE.splitlines()) + 1


@pytest.mark.parametrize(("record", "why"), [
    ('system "bogus"', "unknown system 'bogus'"),
    ("colour 1", "unknown rochade record 'colour'"),
    ("name 5", "expected a list, got 5"),
    ("name []", "expected a list, got []"),
    ("name [1]", "expected two values, got [1]"),
    ('absent [1, 2]', "expected three values, got [1, 2]"),
    ('name [0, "x"]', f"0 is not a pairing number from 1 to {MAX_TPN}"),
    (f'name [{MAX_TPN + 1}, "x"]', f"{MAX_TPN + 1} is not a pairing number from 1 to {MAX_TPN}"),
    ('name [true, "x"]', f"True is not a pairing number from 1 to {MAX_TPN}"),
    ('name [1.0, "x"]', f"1.0 is not a pairing number from 1 to {MAX_TPN}"),
    ("rounds 0", "0 is not a number from 1 up"),
    ("rounds 10001", "10001 is not a number from 1 up"),
    ("rounds true", "True is not a number from 1 up"),
    ('rounds "3"', "'3' is not a number from 1 up"),
    ('tournament " "', "expected a non-empty text, got ' '"),
    ("tournament 5", "expected a non-empty text, got 5"),
    ('external [3, 1, 1, 1, "2", true]',
     "an external game scores 1, 1/2 or 0 and replaces a row or not"),
    ('external [3, 1, 1, 1, "1", 1]',
     "an external game scores 1, 1/2 or 0 and replaces a row or not"),
])
def test_bad_rch_records_are_refused_by_line_and_reason(record: str, why: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf_tournament(f"{EXAMPLE}RCH {record}\n")
    assert str(caught.value) == f"line {RCH_LINE} (RCH): {why}"


def test_rch_numbers_at_their_limits_are_read() -> None:
    """The largest pairing number, and the rounds count from the RCH line over the blocks'."""
    t, _ = read_trf_tournament(f'{EXAMPLE}RCH name [{MAX_TPN}, "Nobody"]\nRCH rounds 3\n')
    assert len(t.rounds) == 3 and t.rounds[2].games == ()


def test_board_numbers_up_to_ten_thousand_are_read() -> None:
    """A board number of 10 000 (the largest RCH number) on the boards line and an external
    game's line comes back; 10 001 is refused (above)."""
    t = keizer_evening(ExternalGame(3, 1, 10_000, Fraction(1), False))
    t = dataclasses.replace(t, rounds=(dataclasses.replace(
        t.rounds[0], games=(Game(1, 2, None, 10_000),)),))
    text = write_trf_tournament(t)
    assert "RCH boards [1, [1, 10000]]" in text
    assert read_trf_tournament(text)[0] == t


def keizer_two_rounds(second: Round) -> Tournament:
    """Four members: 1 and 2 play both rounds, 3 and 4 are away without word in round 1."""
    entrants = tuple(Entrant(i, f"Member {i}", None, Status.PRESENT) for i in (1, 2, 3, 4))
    first = Round(1, (Game(1, 2, Result.WHITE_WINS, 1),),
                  (Absence(3, "unexcused"), Absence(4, "unexcused")), None)
    return Tournament("Club", entrants, (first, second), KEIZER, preset("classic"))


@pytest.mark.parametrize("second", [
    Round(2, (Game(1, 2, Result.DRAW, 1),), (Absence(3, "club_duty"), Absence(4, "excused")),
          None),
    Round(2, (Game(1, 2, Result.DRAW, 1), Game(3, 4, None, 2)), (), None),
], ids=["absent", "pending game"])
def test_a_blank_block_before_a_row_given_only_by_rch_is_an_absence(second: Round) -> None:
    """Round 1's blocks of 3 and 4 left blank (another program's spelling of "away"), and
    a round-2 row only in an RCH absent (3) or a block without result (3 and 4): they play
    later, so round 1 reads as an absence, not as a withdrawal."""
    t = keizer_two_rounds(second)
    text = write_trf_tournament(t, newline="\n")
    assert "RCH absent [2, 3" in text or "     4 w\n" in text
    blank = text.replace("  0000 - Z  0000 - Z\n", "\n").replace("  0000 - Z", " " * 10)
    assert "0000 - Z" not in blank
    assert read_trf_tournament(blank)[0] == t


def keizer_evening(ext: ExternalGame) -> Tournament:
    """Three members of a Keizer club: 1 and 2 have a game without result yet, 3 plays for a
    club team elsewhere (that evening, or another day and is excused that evening)."""
    entrants = tuple(Entrant(i, f"Member {i}", None, Status.PRESENT) for i in (1, 2, 3))
    absent = () if ext.replaces_row else (Absence(3, "excused"),)
    return Tournament("Club", entrants, (Round(1, (Game(1, 2, None, 1),), absent, None, (ext,)),),
                      KEIZER, preset("classic"))


@pytest.mark.parametrize("score", [Fraction(0), Fraction(1, 2), Fraction(1)])
@pytest.mark.parametrize("replaces", [True, False])
def test_external_games_and_pending_games_come_back(score: Fraction, replaces: bool) -> None:
    t = keizer_evening(ExternalGame(3, 1, 2, score, replaces))
    text = write_trf_tournament(t)
    assert f'RCH external [1, 3, 1, 2, "{score}", {str(replaces).lower()}]' in text
    assert "RCH game" not in text and "     2 w\r\n" in text  # paired, not played yet
    assert read_trf_tournament(text)[0] == t
    older = text.replace("     2 w\r\n", "\r\n").replace("     1 b\r\n", "\r\n").replace(
        "RCH external", "RCH game [1, 1, 2]\r\nRCH external")  # as rochade wrote it before
    assert read_trf_tournament(older)[0] == t


def test_kept_details_follow_their_players_to_new_numbers() -> None:
    """An imported file whose players get other start numbers (3 and 4 swap, as a late entry
    may make them): each kept detail (the DAT line after a player, a round block in the
    file's spelling) is written with its own player, not with the number it had."""
    t, extras = read_trf_tournament(EXAMPLE.replace("     6 w =     4 b +", "     6 w D     4 b +"))
    assert isinstance(t.settings, SwissSettings)
    swapped = dataclasses.replace(t, settings=dataclasses.replace(
        t.settings, numbers=(1, 2, 4, 3, 5, 6)))
    rows = trf_lines(write_trf_tournament(swapped, extras, newline="\n"))
    charlie = next(i for i, row in enumerate(rows) if "Charlie, Carl" in row)
    assert rows[charlie].startswith("001    4 m    Charlie, Carl")
    assert rows[charlie].endswith("     6 w D     3 b +")  # the file's own D, 4 now 3
    assert rows[charlie + 1] == "DAT    3 EMAIL carl@example.org"
    assert next(r for r in rows if "Delta, Dora" in r).startswith("001    3 w    Delta, Dora")
    assert read_trf_tournament("\n".join(rows))[0] == renumbered(swapped)[0]


def test_kept_details_survive_the_club_file() -> None:
    """What an import keeps (lines, player fields, the file's own round blocks) goes into the
    club file as JSON and comes back equal; anything else is refused by name."""
    _, extras = read_trf_tournament(EXAMPLE.replace("     4 w 1", "     4 w W"))
    assert extras.blocks and extras.players and extras.lines
    assert TrfExtras.from_json(extras.to_json()) == extras
    with pytest.raises(FormatError) as caught:
        TrfExtras.from_json("{}")
    assert str(caught.value) == "the kept TRF details cannot be read ('lines')"


def test_a_rating_reports_event_records_are_written_in_trf_order() -> None:
    """The event's data as TRF26 header records, each once, in place of the file's own; the
    round dates (YY/MM/DD) sit over each round's block of the player lines (column 92 on)."""
    t, extras = read_trf_tournament(EXAMPLE)
    event = EventData(city="Leiden", federation="BEL", start_date="2026-04-01",
                      end_date="2026-04-15", round_dates=("2026-04-01", "2026-04-08",
                                                          "2026-04-15"),
                      chief_arbiter="C. Chief", deputy_arbiters=("D. One", "E. Two"),
                      time_control="5400+30", type="Swiss")
    rows = trf_lines(write_trf_tournament(t, extras, event=event))
    header = [r for r in rows if r[:3] in ("022", "032", "042", "052", "092", "102", "112",
                                           "122", "222")]
    assert header == ["022 Leiden", "032 BEL", "042 2026/04/01", "052 2026/04/15",
                      "092 Swiss", "102 C. Chief", "112 D. One", "112 E. Two",
                      "122 5400+30", "222 5400+30"]
    dates = next(r for r in rows if r.startswith("132"))
    first = next(r for r in rows if r.startswith("001"))
    assert (first[91:99], first[101:109]) == ("   4 w 1", "   2 b =")  # rounds 1 and 2
    assert dates == "132" + " " * 88 + "26/04/01  26/04/08  26/04/15"


def test_national_records_are_those_of_the_events_federation_in_the_001_layout() -> None:
    """172 and one record per player whose national id belongs to the event's federation
    (its kind a known system of it, or the federation's own code): the 001 columns up to
    the birth date, the national id (up to TRF's 11 characters) in the id field, no rating,
    nothing after the last field written."""
    records = [
        TrfPlayer(1, "Alpha, Anna", "w", "FM", 2105, "NED", "1000010", "1990/01/31", 25, 1,
                  (TrfEntry(2, "w", "1"),)),
        TrfPlayer(2, "Bravo, Bea", "w", "", 2010, "BEL", "1000020", "", 10, 2,
                  (TrfEntry(1, "b", "0"),)),
        TrfPlayer(3, "Charlie, Carl", "m", "", 1950, "GER", "", "1988/12/24", 0, 3, ()),
        TrfPlayer(4, "Delta, Dora", "w", "", 0, "NED", "", "", 0, 4, ()),
    ]
    details = {1: PlayerDetails(national_id="12345678901", national_kind="KNSB"),
               2: PlayerDetails(national_id="8000002", national_kind="NED"),
               3: PlayerDetails(national_id="10234567", national_kind="PKZ"),
               4: PlayerDetails(national_id="123456789012", national_kind="KNSB")}
    assert national_records(records, details, EventData(federation="NED")) == [
        "172 NED FIDE",
        "NED    1 w FM Alpha, Anna                            NED 12345678901 1990/01/31",
        "NED    2 w    Bravo, Bea                             BEL     8000002",
    ]
    assert national_records(records, details, EventData(federation="GER")) == [
        "172 GER FIDE",
        "GER    3 m    Charlie, Carl                          GER    10234567 1988/12/24",
    ]
    assert national_records(records, details, EventData(federation="FRA")) == []
    assert national_records(records, details, EventData()) == []


def test_a_report_without_organizer_has_no_organizer_line_and_keeps_odd_records() -> None:
    """No organizer: no empty comment line for one. A file's own line that starts with three
    digits but is no record of TRF's ('777#') keeps its place after the numbered records."""
    t, extras = read_trf_tournament(EXAMPLE.replace("202 BH", "777# a program's note\n202 BH"))
    rows = trf_lines(write_trf_tournament(t, extras, event=EventData(federation="NED")))
    assert not [row for row in rows if row.startswith("### Organizer")]
    at = rows.index("777# a program's note")
    assert rows[at - 1].startswith("202 ") and rows[at + 1].startswith("###      1")


def test_a_baku_swiss_before_round_one_forms_group_a_of_the_present_players() -> None:
    """Nine players, 1 takes a bye in round 1: group A is the top four of the eight who play
    (2-5), and 1, numbered above its last player, joins it; without the bye, the top six;
    in a Swiss of one round, that round's virtual point too."""
    entrants = tuple(Entrant(i, f"Player {i}", 2100 - 10 * i, Status.PRESENT)
                     for i in range(1, 10))
    settings = SwissSettings(rounds=5, acceleration=Acceleration.BAKU,
                             bye_requests=frozenset({ByeRequest(1, 1)}))
    t = Tournament("Open", entrants, (), SWISS, settings)
    assert [row for row in trf_lines(write_trf_tournament(t)) if row[:3] == "250"] == [
        "250       1.0 001 002 0001 0005", "250       0.5 003 003 0001 0005"]
    t = dataclasses.replace(t, settings=dataclasses.replace(settings, bye_requests=frozenset()))
    assert [row for row in trf_lines(write_trf_tournament(t)) if row[:3] == "250"] == [
        "250       1.0 001 002 0001 0006", "250       0.5 003 003 0001 0006"]
    t = dataclasses.replace(t, settings=dataclasses.replace(settings, rounds=1))
    assert [row for row in trf_lines(write_trf_tournament(t)) if row[:3] == "250"] == [
        "250       1.0 001 001 0001 0005"]  # one round: its last round has virtual points


def test_a_scoring_not_in_tenths_is_refused_by_value() -> None:
    t, _ = read_trf_tournament(EXAMPLE)
    assert isinstance(t.settings, SwissSettings)
    thirds = dataclasses.replace(t.settings.scoring, draw=Fraction(1, 3))
    with pytest.raises(TrfError) as caught:
        write_trf_tournament(dataclasses.replace(
            t, settings=dataclasses.replace(t.settings, scoring=thirds)))
    assert str(caught.value) == "TRF writes points in tenths; 0.33 is not one"


def test_a_blank_block_before_a_game_is_an_absence_not_a_withdrawal() -> None:
    """Bravo and Echo have nothing in round 1 and play in round 2: absent from round 1."""
    text = EXAMPLE.replace("1995/02/28  1.5    2     5 b 1     1 w =",
                           "1995/02/28  0.5    2               1 w =").replace(
        "     2 w 0     6 b 0", "               6 b 0")
    t, _ = read_trf_tournament(text)
    assert [a.player for a in t.rounds[0].absences] == [2, 5] and not t.rounds[1].absences
    assert Status.WITHDRAWN not in {e.status for e in t.entrants}


def test_a_line_after_a_player_gone_from_the_event_is_not_given_to_another() -> None:
    """Renumbered by a late entry, a kept line of a player no longer in the event goes after
    the player lines, not after whoever has that player's old number now."""
    from rochade.formats.trf_tournament import AFTER, BEFORE, TrfExtras, _renumbered_extras

    extras = TrfExtras(lines=((BEFORE, "012 Open"), (2, "### about 2"), (3, "### about 3"),
                              (AFTER, "### the end")))
    moved = _renumbered_extras(extras, {1: 1, 2: 3})  # 2 moved to 3, 3 left the event
    assert moved.lines == ((BEFORE, "012 Open"), (3, "### about 2"), (AFTER, "### about 3"),
                           (AFTER, "### the end"))


def test_a_keizer_files_rank_column_is_the_keizer_rank() -> None:
    """Member 4 (0.5 points, excused) ranks below member 3 (no points, on club duty): the
    rank column follows the Keizer standings, not the points."""
    t = keizer_two_rounds(Round(2, (Game(1, 2, Result.DRAW, 1),),
                                (Absence(3, "club_duty"), Absence(4, "excused")), None))
    players = parse_trf(write_trf_tournament(t, newline="\n")).players
    assert [(p.tpn, p.points, p.rank) for p in players] == [
        (1, 15, 1), (2, 5, 2), (3, 0, 3), (4, 5, 4)]


def test_a_keizer_member_numbered_past_9999_is_refused_whole() -> None:
    """Keizer keeps its ids in TRF; one past the four-digit pairing number is refused."""
    entrants = tuple(Entrant(i, f"Member {i}", None, Status.PRESENT) for i in (1, 2, 10_000))
    t = Tournament("Club", entrants, (Round(1, (Game(1, 2, Result.WHITE_WINS, 1),), (), None),),
                   KEIZER, preset("classic"))
    with pytest.raises(TrfError, match=r"^player id 10000 does not fit a TRF pairing number "
                                       r"\(1-9999\)$"):
        write_trf_tournament(t)


def test_the_round_to_come_written_in_its_blocks_comes_back_unchanged() -> None:
    """Blocks of the coming round that the file has are no spelling of its own to keep: a
    re-export writes them again, not blanks."""
    text = write_trf_tournament(open_with_a_round_to_come(), javafo=True)
    t, extras = read_trf_tournament(text)
    assert extras.blocks == {}
    assert write_trf_tournament(t, extras, javafo=True) == text


def test_a_double_round_robin_is_read_off_its_192_line() -> None:
    """Another program's file has no RCH settings: `192 FIDE_DOUBLEROUNDROBIN` says it."""
    t = parse_tournament((DATA / "json" / "round-robin-summer.json").read_text(encoding="utf-8"))
    double = dataclasses.replace(t, settings=dataclasses.replace(t.settings, double=True))
    text = write_trf_tournament(double, newline="\n")
    assert "192 FIDE_DOUBLEROUNDROBIN\n" in text
    foreign = "".join(line + "\n" for line in text.splitlines() if line[:3] != "RCH")
    settings = read_trf_tournament(foreign)[0].settings
    assert isinstance(settings, RoundRobinSettings) and settings.double


def test_a_keizer_file_counts_its_players_and_rated_players() -> None:
    """The 062 and 072 records head a Keizer export as any other."""
    t = keizer_two_rounds(Round(2, (Game(1, 2, Result.DRAW, 1),),
                                (Absence(3, "club_duty"), Absence(4, "excused")), None))
    lines = write_trf_tournament(t, newline="\n").splitlines()
    assert lines[1:4] == ["062 4", "072 0", "092 Keizer"]


def test_results_of_one_game_that_disagree_are_refused_with_the_whole_text() -> None:
    with pytest.raises(TrfError) as caught:
        read_trf_tournament(EXAMPLE.replace("4 b +", "4 b 1"))
    assert str(caught.value) == (
        "round 2, player 3: the results '-' and '1' of players 4 and 3 do not fit together")
