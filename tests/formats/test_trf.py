"""TRF reading for the Dutch engine: entries, player lines, extension lines, validation."""

from __future__ import annotations

import codecs

import pytest

from rochade.core.dutch.generator import SwissLog
from rochade.core.dutch.state import Colour, Outcome, Scoring
from rochade.formats.trf import (
    TrfEntry,
    TrfError,
    TrfPlayer,
    decode_trf,
    entry_of,
    format_pairing,
    format_player,
    format_points,
    format_state,
    parse_player,
    parse_points,
    parse_trf,
    recorded_pairing,
    state_before,
    to_swiss_state,
    tournament_type,
)
from rochade.formats.trf_lines import format_entry, parse_entry

LINE = (
    "001    3 m    Charlie, Carl                     1950 GER     1000030"
    "             1.5    3     6 w =     4 b +  0000 - H"
)


@pytest.mark.parametrize(("text", "tenths"), [(" 0.0", 0), ("11.5", 115), ("  4", 40)])
def test_points_round_trip(text: str, tenths: int) -> None:
    assert parse_points(text) == tenths
    assert parse_points(format_points(tenths)) == tenths


@pytest.mark.parametrize("text", ["   6 w =", "  12 b 1", "0000 - U", "0000 - Z", "   4 b +"])
def test_entry_round_trip(text: str) -> None:
    entry = parse_entry(text)
    assert entry is not None and format_entry(entry) == text


def test_entry_meaning() -> None:
    forfeit = parse_entry("   4 b +")
    assert forfeit is not None
    record = forfeit.record()
    assert record.paired and not record.played and record.outcome is Outcome.WIN
    pab = parse_entry("0000 - U")
    assert pab is not None and pab.record().is_pab
    hpb = parse_entry("0000 - H")
    assert hpb is not None and not hpb.record().paired
    assert parse_entry("        ") is None


@pytest.mark.parametrize(
    "text", ["   6 x =", "   6 w !", "0000 - 1", "   4 - 1", "   4 w H", "  ab w 1"]
)
def test_bad_entries(text: str) -> None:
    with pytest.raises(ValueError):
        parse_entry(text)


def test_player_line_round_trip() -> None:
    player = parse_player(LINE)
    assert player == TrfPlayer(
        tpn=3, name="Charlie, Carl", sex="m", rating=1950, federation="GER",
        fide_id="1000030", points=15, rank=3,
        entries=(TrfEntry(6, "w", "="), TrfEntry(4, "b", "+"), TrfEntry(0, "-", "H")),
    )
    assert parse_player(format_player(player)) == player


def test_extension_lines() -> None:
    text = "\r\n".join([
        "012 Test", "XXR 9", "XXC black1", "BBW  2.0", "BBD  1.0",
        "XXA    1  1.0  0.5", "XXP 1 2", "260 001 009 0003 0004", "240 H 001 0002",
        "NED some national record",
    ])
    trf = parse_trf(text)
    assert trf.total_rounds == 9 and trf.initial_colour is Colour.BLACK
    assert trf.scoring == Scoring(win=20, draw=10, pab=20)
    assert trf.accelerations == {1: {0: 10, 1: 5}}
    assert [ids for _, _, ids in trf.forbidden] == [frozenset({1, 2}), frozenset({3, 4})]
    assert trf.byes == ((1, frozenset({2})),)
    assert trf.other == ("012 Test", "NED some national record")


def test_152_and_250_records() -> None:
    trf = parse_trf("142 5\n152 B\n250       1.0 001 002 0001 0002\n")
    assert trf.total_rounds == 5 and trf.initial_colour is Colour.BLACK
    assert trf.accelerations == {1: {0: 10, 1: 10}, 2: {0: 10, 1: 10}}


def sample_log() -> SwissLog:
    log = SwissLog([2720, 2701, 2697, 2689, 2673, 2664], 3)
    log.add_round([(1, 4, "1"), (5, 2, "0"), (3, 6, "1")])
    log.add_round([(2, 1, "0"), (4, 3, "0"), (6, 5, "-")])
    return log


def test_state_round_trip_through_trf() -> None:
    state = sample_log().state(frozenset({4}))
    assert to_swiss_state(parse_trf(format_state(state))) == state


def test_score_mismatch_is_reported() -> None:
    text = format_state(sample_log().state()).replace(" 2.0 ", " 2.5 ", 1)
    with pytest.raises(TrfError, match="points but the results add up to"):
        to_swiss_state(parse_trf(text))


def test_inconsistent_opponents_are_reported() -> None:
    text = format_state(sample_log().state()).replace("     4 w 1", "     5 w 1", 1)
    with pytest.raises(TrfError, match="does not match"):
        to_swiss_state(parse_trf(text))


def test_missing_round_count() -> None:
    text = format_state(sample_log().state()).replace("XXR 3\n", "")
    with pytest.raises(TrfError, match="total number of rounds"):
        to_swiss_state(parse_trf(text))


def test_malformed_line_names_the_line() -> None:
    with pytest.raises(TrfError, match="line 2"):
        parse_trf("012 x\n001  abc")


def test_recorded_rounds_and_state_before() -> None:
    log = sample_log()
    log.add_round([(1, 3, "=")], {2: "U", 4: "Z", 5: "H", 6: "Z"})
    log.total_rounds = 4
    trf = parse_trf(format_state(log.state()))
    assert recorded_pairing(trf, 1) == ([(1, 4), (3, 6), (5, 2)], None)
    assert recorded_pairing(trf, 3) == ([(1, 3)], 2)
    before = state_before(trf, 3)
    assert before.rounds_played == 2 and before.absent == {4, 5, 6}


def test_output_format() -> None:
    assert format_pairing([(1, 5), (3, 2)], 6) == "3\n1 5\n3 2\n6 0\n"
    assert format_pairing([], None) == "0\n"


def without_colour_line(log: SwissLog) -> str:
    text = format_state(log.state())
    lines = [line for line in text.splitlines() if not line.startswith("XXC")]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("games", "byes", "colour"),
    [
        # player 1 had black on the top board: the event began with black
        ([(4, 1, "0"), (2, 5, "1"), (6, 3, "=")], {}, Colour.BLACK),
        ([(1, 4, "1"), (5, 2, "0"), (3, 6, "=")], {}, Colour.WHITE),
        # player 1 had the pairing-allocated bye (paired, no colour): player 2 on the top
        # board is the second in order, so his white means the event began with black
        ([(2, 6, "1"), (5, 3, "0")], {1: "U", 4: "Z"}, Colour.BLACK),
        # player 1 was not paired in round 1 (a half-point bye; he plays round 2): player 2
        # comes first
        ([(3, 2, "1"), (5, 4, "0")], {1: "H", 6: "Z"}, Colour.BLACK),
    ],
)
def test_without_xxc_the_first_colour_is_read_off_the_first_round(
    games: list[tuple[int, int, str]], byes: dict[int, str], colour: Colour
) -> None:
    log = SwissLog([2720, 2701, 2697, 2689, 2673, 2664], 3)
    log.add_round(games, byes)
    log.add_round([(1, 6, "1")], {p: "Z" for p in (2, 3, 4, 5)})
    assert to_swiss_state(parse_trf(without_colour_line(log))).initial_colour is colour


def test_points_may_count_the_coming_rounds_bye_but_nothing_else() -> None:
    """Other programs write the points with the pre-assigned bye of the round to be paired
    already in: taken. Any other sum is refused, even by a tenth."""
    log = sample_log()
    text = format_state(log.state())
    rows = [line for line in text.splitlines() if line.startswith("001    1")]
    assert rows and rows[0][80:84] == " 2.0"
    with_bye = text.replace(rows[0], rows[0][:80] + " 2.5" + rows[0][84:] + "  0000 - H")
    assert 1 in to_swiss_state(parse_trf(with_bye)).absent
    for points in (" 2.1", " 1.5", " 3.0"):
        wrong = text.replace(rows[0], rows[0][:80] + points + rows[0][84:] + "  0000 - H")
        with pytest.raises(TrfError, match=r"points but the results add up to 2\.0$"):
            to_swiss_state(parse_trf(wrong))
    no_bye = text.replace(rows[0], rows[0][:80] + " 2.1" + rows[0][84:])
    with pytest.raises(TrfError, match=r"points but the results add up to 2\.0$"):
        to_swiss_state(parse_trf(no_bye))


def test_refusals_name_the_line_and_the_value() -> None:
    text = format_state(sample_log().state()).replace(" 2.0 ", " 2.5 ", 1)
    with pytest.raises(TrfError, match=r"^the file contradicts itself: player \d+ has 2\.5 "
                                       r"points but the results add up to 2\.0$"):
        to_swiss_state(parse_trf(text))
    with pytest.raises(TrfError, match=r"^line 2 \(XXP\): XXP: expected player numbers, "
                                       r"got '1 x'$"):
        parse_trf("012 Test\nXXP 1 x\n")


def test_written_state_keeps_the_first_colour_and_the_bye_letters() -> None:
    """What other programs read: XXC as given, and the standard upper-case bye letters."""
    log = SwissLog([2720, 2701, 2697, 2689, 2673, 2664], 3, initial_colour=Colour.BLACK)
    log.add_round([(4, 1, "0"), (2, 5, "1")], {3: "H", 6: "Z"})
    log.add_round([(1, 2, "1"), (5, 4, "=")], {3: "F", 6: "U"})
    text = format_state(log.state(frozenset({2})))
    assert "\nXXC black1\n" in text
    rows = {int(line[4:8]): line for line in text.splitlines() if line.startswith("001")}
    assert rows[3].endswith("0000 - H  0000 - F")
    assert rows[6].endswith("0000 - Z  0000 - U")
    assert rows[2].endswith("0000 - Z")  # absent from the round to be paired
    assert to_swiss_state(parse_trf(text)).initial_colour is Colour.BLACK


# -- reading hand-written files: rows of round blocks per pairing number ----------------------
def trf_text(rows: dict[int, list[str]], *header: str, points: dict[int, int] | None = None
             ) -> str:
    """A file of the given round blocks (`"   4 w 1"`, `""` for a blank one)."""
    lines = ["012 Test", "XXR 5", *header]
    for tpn, blocks in rows.items():
        lines.append(format_player(TrfPlayer(
            tpn=tpn, name=f"Player {tpn}", rating=2000 - tpn, points=(points or {}).get(tpn, 0),
            entries=tuple(parse_entry(b) for b in blocks))))
    return "\n".join(lines) + "\n"


def test_colourless_forfeits_above_the_first_coloured_board_count_in_the_order() -> None:
    """Round 1 of six: 1-4 and 5-2 forfeited without colours (`- +`/`- -`), 3 had white on
    the third board: the top boards alternate, so the event began with white."""
    rows = {1: ["   4 - +"], 2: ["   5 - -"], 3: ["   6 w 1"], 4: ["   1 - -"],
            5: ["   2 - +"], 6: ["   3 b 0"]}
    state = to_swiss_state(parse_trf(trf_text(rows)), check_points=False)
    assert state.initial_colour is Colour.WHITE


def test_the_first_colour_skips_whoever_starts_later() -> None:
    """Player 1 enters in round 2: round 1's top board is player 2's, with white."""
    rows = {1: ["0000 - Z", "   4 w 1", "   2 b ="], 2: ["   3 w 1", "   3 b 1", "   1 w ="],
            3: ["   2 b 0", "   2 w 0", "   4 w 1"], 4: ["0000 - Z", "   1 b 0", "   3 b 0"]}
    state = to_swiss_state(parse_trf(trf_text(rows)), check_points=False)
    assert state.initial_colour is Colour.WHITE


@pytest.mark.parametrize(("rows", "round_", "tpn", "opponent"), [
    # a bye before the game does not end the check of that player's line
    ({1: ["0000 - H", "   2 w 1"], 2: ["0000 - H", "   1 w 0"]}, 2, 1, 2),
    # 1 says it played 2, 2 says it played 3 (and 3 agrees): 1's line does not match
    ({1: ["   2 w 1"], 2: ["   3 b 0"], 3: ["   2 w 1"]}, 1, 1, 2),
    ({1: ["   2 w +"], 2: ["   1 b 1"]}, 1, 1, 2),
])
def test_games_that_do_not_match_the_opponents_line_are_refused(
        rows: dict[int, list[str]], round_: int, tpn: int, opponent: int) -> None:
    with pytest.raises(TrfError) as caught:
        to_swiss_state(parse_trf(trf_text(rows)), check_points=False)
    assert str(caught.value) == (f"round {round_}: player {tpn}'s game against {opponent} does "
                                 "not match the opponent's line")


def test_forfeits_with_one_colour_on_both_lines_are_consistent() -> None:
    rows = {1: ["   2 w +"], 2: ["   1 w -"], 3: ["   4 b +"], 4: ["   3 b -"]}
    state = to_swiss_state(parse_trf(trf_text(rows)), check_points=False)
    assert state.rounds_played == 1


@pytest.mark.parametrize(("coming", "points"), [("", 15), ("  0000 - H", 15), ("  0000 - H", 20)])
def test_points_may_include_the_virtual_points(coming: str, points: int) -> None:
    """XXA gives player 1 a virtual point in round 2; the points column may count it (and
    the coming round's half-point bye), as other programs write it."""
    rows = {1: ["   2 w =", coming.strip()], 2: ["   1 b =", ""]}
    text = trf_text(rows, "XXA    1  0.0  1.0", points={1: points, 2: 5})
    assert to_swiss_state(parse_trf(text)).players[0].accelerations == (0, 10)


def test_state_before_a_round_a_line_no_longer_reaches() -> None:
    """Player 3's line ends after round 1 (a withdrawal): before round 3, 3 is absent."""
    rows = {1: ["   2 w 1", "   2 b 1", "   2 w 1"], 2: ["   1 b 0", "   1 w 0", "   1 b 0"],
            3: ["0000 - H"]}
    before = state_before(parse_trf(trf_text(rows)), 3)
    assert before.absent == {3} and before.rounds_played == 2
    assert [len(p.history) for p in before.players] == [2, 2, 2]
    assert recorded_pairing(parse_trf(trf_text(rows)), 3) == ([(1, 2)], None)
    late = {1: ["", "   2 w 1"], 2: ["", "   1 b 0"], 3: ["   4 w 1"], 4: ["   3 b 0"]}
    assert recorded_pairing(parse_trf(trf_text(late)), 1) == ([(3, 4)], None)


def test_a_one_letter_tournament_type_is_read() -> None:
    assert tournament_type(parse_trf("012 x\n192 x\n")) == "X"


def test_a_colourless_forfeit_is_written_without_colour() -> None:
    forfeit = TrfEntry(4, "-", "+")
    assert entry_of(forfeit.record()) == forfeit


def test_written_state_names_players_and_the_white_start() -> None:
    text = format_state(sample_log().state(), name="Club")
    assert text.startswith("012 Club\nXXR 3\nXXC white1\n")
    assert format_player(TrfPlayer(1, "Player 1")).rstrip()[:47] in text


# -- bytes: which encoding (tests/formats/test_trf_reader.py reads whole files in each) ----------
TEXT = "012 Šimek\r\n"


@pytest.mark.parametrize(("raw", "text"), [
    (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), TEXT),
    (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), TEXT),
    (TEXT.encode("utf-16-le"), TEXT),  # no mark: the zero bytes tell the order
    (TEXT.encode("utf-16-be"), TEXT),
    ("A\u0100\x00".encode("utf-16-be"), "A\u0100\x00"),  # as many zeros on each side: BE
    (b"a\x00b\x00cdef", "a\x00b\x00cdef"),  # a zero beside only a quarter of the bytes
    (TEXT.encode("cp1252"), TEXT),
])
def test_the_encoding_is_recognised(raw: bytes, text: str) -> None:
    assert decode_trf(raw) == text


def test_text_that_only_looks_like_utf16_is_refused_whole() -> None:
    with pytest.raises(TrfError) as caught:
        decode_trf(b"a\x00b\x00c\x00\x00\xdc")  # a lone low surrogate
    assert str(caught.value) == ("the file looks like UTF-16 text but cannot be decoded as "
                                 "UTF-16; save it as UTF-8")


def refusal(text: str) -> str:
    with pytest.raises(TrfError) as caught:
        to_swiss_state(parse_trf(text), check_points=False)
    return str(caught.value)


def test_files_the_engine_cannot_pair_are_refused_whole() -> None:
    two = {1: ["   2 w 1", "   2 b 1"], 2: ["   1 b 0", "   1 w 0"]}
    assert refusal("012 x\nXXR 3\n") == "the file has no player lines (001)"
    assert refusal(trf_text(two).replace("XXR 5\n", "")) == (
        "the total number of rounds is missing (add 'XXR n' or '142 n')")
    assert refusal(trf_text(two).replace("001    2", "001    1")) == (
        "two player lines have the same pairing number")
    assert refusal(trf_text({**two, 2: ["   1 b 0", "   7 w 0"]})) == (
        "player 2, round 2: unknown opponent 7")
    assert refusal(trf_text({**two, 2: ["   1 b 0", "   2 w 0"]})) == (
        "player 2, round 2: plays against themself")
    assert refusal(trf_text(two).replace("XXR 5", "XXR 2")) == (
        "all 2 rounds are already paired; there is no round to pair")


def test_byes_of_the_round_to_pair_make_players_absent() -> None:
    """240/XXZ records for the coming round (XXZ: round 0) add up; one for a played round
    does not count. A blank block in a played round is an absence from that round."""
    rows = {1: ["   2 w 1"], 2: ["   1 b 0"], 3: ["   4 w ="], 4: ["   3 b ="], 5: [""]}
    text = trf_text(rows, "240 H 002 0001", "XXZ 0003", "240 F 001 0004")
    state = to_swiss_state(parse_trf(text), check_points=False)
    assert state.absent == {1, 3} and state.rounds_played == 1
    assert not state.players[4].history[0].paired


def test_virtual_points_from_a_later_round_on_are_zero_before() -> None:
    """A 250 record for round 3 only: nothing virtual in rounds 1 and 2."""
    rows = {1: ["   2 w 1"], 2: ["   1 b 0"]}
    text = trf_text(rows, "250       1.0 003 003 0001 0001", points={1: 10})
    state = to_swiss_state(parse_trf(text))
    assert state.players[0].accelerations == (0, 0, 10)


def test_a_score_that_is_no_number_is_refused_with_its_text() -> None:
    with pytest.raises(TrfError, match=r"^'4,5' is not a score like 4\.5$"):
        parse_points(" 4,5")


def test_an_xxz_line_lists_every_player_after_its_tag() -> None:
    """JaVaFo's `XXZ` for the coming round: the numbers start right after `XXZ ` (a
    two-digit first number lost its first digit when read from column 6)."""
    rows = {tpn: ["   2 w 1" if tpn == 1 else "   1 b 0"] for tpn in (1, 2)}
    assert parse_trf(trf_text(rows, "XXZ 12 3")).byes == ((0, frozenset({12, 3})),)


def test_the_birth_date_is_its_ten_columns_only() -> None:
    """Columns 70-79; column 80 is the gap before the points, whatever stands there."""
    line = LINE[:69] + "1990/01/01X" + LINE[80:]
    assert parse_player(line).birth == "1990/01/01"


def test_text_between_two_round_blocks_is_refused_with_its_column() -> None:
    """The two columns after a round's eight are blank: text there is a shifted block."""
    line = LINE[:99] + "xx" + LINE[101:]
    with pytest.raises(TrfError) as caught:
        parse_player(line)
    assert str(caught.value) == "unexpected text after the round block at column 92"
