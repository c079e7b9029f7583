"""The one TRF reader: bye spellings, encodings, rounds played, and the checker's use of it.

The real files of tests/data/trf_real show the same on other programs' output
(test_trf_real.py); these tests pin each rule on a file small enough to read.
"""

from __future__ import annotations

import codecs
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from rochade.cli import main
from rochade.core.dutch.engine import DutchEngine
from rochade.core.dutch.generator import SwissLog
from rochade.core.model import Absence
from rochade.core.tiebreaks import Kind, RoundEntry
from rochade.formats.trf import (
    TrfEntry,
    TrfError,
    TrfPlayer,
    decode_trf,
    format_player,
    format_state,
    load_trf,
    parse_trf,
    recorded_pairing,
    rounds_recorded,
)
from rochade.formats.trf_standings import round_entry, trf_crosstable
from rochade.formats.trf_tournament import read_trf_tournament, write_trf_tournament
from rochade.service.system_cases import trf_standings

CORPUS = Path(__file__).parent.parent / "data" / "trf_real"


def line(tpn: int, points: str, *blocks: str, name: str = "") -> str:
    """A 001 line with round blocks written exactly as given (8 characters each)."""
    head = format_player(TrfPlayer(tpn, name or f"Player {tpn}", rating=2000 - tpn,
                                   points=int(Fraction(points) * 10)))
    return head.ljust(89) + "".join(f"  {b}" for b in blocks)


def five(pab: str, zero: str) -> str:
    """Five players, two rounds: #5 has the bye of round 1 spelt `pab`, #4 is absent in
    round 2 spelt `zero`."""
    return "\n".join([
        "012 Byes", "XXR 3",
        line(1, "2", "   2 w 1", "   3 b 1"),
        line(2, "0.5", "   1 b 0", "   5 w ="),
        line(3, "0.5", "   4 w =", "   1 w 0"),
        line(4, "0.5", "   3 b =", zero),
        line(5, "1.5", pab, "   2 b ="),
    ]) + "\n"


@pytest.mark.parametrize(("pab", "zero"), [
    ("0000 - U", "0000 - Z"),  # TRF26
    ("0000 - +", "0000 - -"),  # files before 2016, the FIDE TRF16 example
    ("       U", "       -"),  # lichess: no opponent number, no colour
    ("       +", "0000 -  "),  # a blank opponent with +; a bye without a result letter
])
def test_every_bye_spelling_reads_the_same_in_every_reader(pab: str, zero: str) -> None:
    text = five(pab, zero)
    t, _ = read_trf_tournament(text)
    assert t.rounds[0].bye == 5 and t.rounds[1].absences == (Absence(4, "zero_point_bye"),)
    trf = parse_trf(text)
    assert recorded_pairing(trf, 1)[1] == 5 and recorded_pairing(trf, 2)[1] is None
    kinds = {p.id: [e.kind.name for e in p.rounds] for p in trf_crosstable(trf).players}
    assert kinds[5] == ["PAB", "PLAYED"] and kinds[4] == ["PLAYED", "ZPB"]
    assert [p.entries for p in trf.players] == [p.entries for p in parse_trf(five(
        "0000 - U", "0000 - Z")).players]


def test_two_pluses_without_opponent_in_one_round_are_full_point_byes() -> None:
    text = "\n".join(["012 F", line(1, "1", "0000 - +"), line(2, "1", "0000 - +"),
                      line(3, "0", "   4 w 0"), line(4, "1", "   3 b 1")])
    assert [p.entries[0].result for p in parse_trf(text).players if p.entries[0]] == [
        "F", "F", "0", "1"]
    t, _ = read_trf_tournament(text)
    assert t.rounds[0].bye is None and {a.reason for a in t.rounds[0].absences} == {
        "full_point_bye"}


@pytest.mark.parametrize(("points", "letters"), [
    ("1", ["Z", "Z"]), ("1.5", ["H", "Z"]), ("2", ["H", "H"])])
def test_a_bye_without_result_letter_takes_its_value_from_the_total(
        points: str, letters: list[str]) -> None:
    text = "\n".join(["012 T", line(1, points, "   2 w 1", "0000 -  ", "0000 -  "),
                      line(2, "0", "   1 b 0")])
    assert [e.result for e in parse_trf(text).players[0].entries if e] == ["1", *letters]
    read_trf_tournament(text)  # the points add up


def test_a_lone_bye_without_letter_worth_a_win_is_a_full_point_bye() -> None:
    text = "\n".join(["012 T", line(1, "2", "   2 w 1", "0000 -  "), line(2, "0", "   1 b 0")])
    assert parse_trf(text).players[0].entries[1] == TrfEntry(0, "-", "F")


def test_points_that_do_not_add_up_are_the_one_refusal_and_say_so() -> None:
    text = five("0000 - U", "0000 - Z").replace(" 1.5 ", " 2.5 ")
    with pytest.raises(TrfError, match=r"the file contradicts itself: player 5 has 2\.5 points"):
        read_trf_tournament(text)


def test_a_trailing_column_of_next_round_byes_is_no_round() -> None:
    """bbpPairings' C5 input: #4 carries a `0000 - Z` for round 3, still to be paired."""
    path = CORPUS / "bbp_dutch_2025_C5.trf"
    raw = path.read_bytes()
    without = b"\n".join(row.replace(b"  0000 - Z", b"") for row in raw.split(b"\n"))
    assert rounds_recorded(load_trf(raw)) == 2
    assert [p.rounds for p in trf_crosstable(load_trf(raw)).players] == [
        p.rounds for p in trf_crosstable(load_trf(without)).players]
    standings = trf_standings(path, None)
    assert standings.after_round == 2
    other = path.parent.parent.parent / "trf_c5_without.trf"
    try:
        other.write_bytes(without)
        assert [(x.entrant.id, x.scores) for x in standings.lines] == [
            (x.entrant.id, x.scores) for x in trf_standings(other, None).lines]
    finally:
        other.unlink()
    t, _ = read_trf_tournament(decode_trf(raw))
    assert len(t.rounds) == 2


# -- encodings -------------------------------------------------------------------------------
NAMES = "Šimek, Željko", "O’Brien, Œdipe"  # Š Ž ’ Œ: in Windows-1252, not Latin-1


def encoded_file(encoding: str) -> bytes:
    text = "\r\n".join(["012 Encodings", "XXR 2", line(1, "1", "   2 w 1", name=NAMES[0]),
                        line(2, "0", "   1 b 0", name=NAMES[1])]) + "\r\n"
    return text.encode(encoding)


@pytest.mark.parametrize("encoding", [
    "utf-8", "utf-8-sig", "cp1252", "utf-16", "utf-16-le", "utf-16-be"])
def test_encodings_are_read_the_same_by_every_reader(encoding: str, tmp_path: Path) -> None:
    raw = encoded_file(encoding)
    assert decode_trf(raw) == encoded_file("utf-8").decode("utf-8")
    t, _ = read_trf_tournament(decode_trf(raw))
    assert tuple(e.name for e in t.entrants) == NAMES
    path = tmp_path / "names.trf"
    path.write_bytes(raw)
    assert tuple(x.entrant.name for x in trf_standings(path, None).lines) == NAMES
    assert [p.name for p in load_trf(raw).players] == list(NAMES)


def test_broken_utf16_is_refused_by_name() -> None:
    with pytest.raises(TrfError, match="UTF-16"):
        decode_trf(codecs.BOM_UTF16_LE + "012 x\n".encode("utf-16-le") + b"\x00")


def test_latin1_bytes_outside_windows1252_still_read() -> None:
    assert decode_trf(b"012 a\x81b\n") == "012 a\x81b\n"


# -- the checker -------------------------------------------------------------------------------
def check(path: Path, *options: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["pair-trf", str(path), "-c", *options])
    return result.exit_code, result.stdout, result.stderr


def withdrawal_file(tmp_path: Path) -> Path:
    """Seven players paired by rochade's engine; #7 withdraws after round 1 and their line
    simply ends there (no blocks for rounds 2 and 3)."""
    log = SwissLog([2400 - 10 * i for i in range(7)], 4)
    engine = DutchEngine()
    for absent in (frozenset(), frozenset({7}), frozenset({7})):
        result = engine.pair_round(log.state(absent))
        log.add_round([(b.white, b.black, "1") for b in result.boards],
                      {result.bye: "U"} if result.bye else {})
    path = tmp_path / "withdrawal.trf"
    rows = format_state(log.state()).splitlines()
    path.write_text("\n".join(r.replace("  0000 - Z", "") if r.startswith("001    7") else r
                              for r in rows) + "\n")
    return path


def test_a_line_ending_early_is_a_withdrawal_not_a_player_to_pair(tmp_path: Path) -> None:
    path = withdrawal_file(tmp_path)
    assert len(load_trf(path.read_bytes()).players[6].entries) == 1
    code, out, _ = check(path)
    assert (code, out.strip().splitlines()[-1]) == (0, "3 rounds checked, 0 differ")


def test_checker_exit_codes(tmp_path: Path) -> None:
    assert check(tmp_path / "missing.trf")[0] == 2
    garbage = tmp_path / "garbage.trf"
    garbage.write_text("012 x\nXXR 3\n001    1 garbage\n")
    code, out, err = check(garbage)
    assert code == 2 and out == "" and "line 3" in err
    differs = tmp_path / "differs.trf"
    differs.write_text(withdrawal_file(tmp_path).read_text().replace("XXC white1", "XXC black1"))
    code, out, _ = check(differs)
    assert code == 1 and "differs from the engine's" in out


def test_finished_files_without_a_round_count_are_checked(tmp_path: Path) -> None:
    path = CORPUS / "icu_valid.trf"  # 5 rounds, neither XXR nor 142
    assert parse_trf(decode_trf(path.read_bytes())).total_rounds is None
    code, out, _ = check(path)
    assert code in (0, 1) and "5 rounds checked" in out
    assert check(path, "--rounds", "7")[0] in (0, 1)
    code, out, err = check(path, "--rounds", "4")
    assert code == 2 and "records 5 rounds" in err
    result = CliRunner().invoke(main, ["pair-trf", str(path), "-p", "--rounds", "7"])
    assert result.exit_code == 3 and "--rounds goes with -c" in result.stderr


def test_standings_of_a_file_with_the_edition_s_rule_for_unplayed_rounds(tmp_path: Path) -> None:
    """The worked example of docs/tiebreaks.md: player 2's zero-point bye in round 2 is worth
    a dummy capped at a draw per round (2026, the default) or the own score (2023/2024)."""
    path = CORPUS / "icu_latin-1.trf"

    def buchholz(*options: str) -> str:
        result = CliRunner().invoke(main, ["standings", str(path), "--tiebreaks", "BH",
                                           *options])
        assert result.exit_code == 0, result.output
        return next(r for r in result.stdout.splitlines() if "Örr" in r).split()[-1]

    assert (buchholz(), buchholz("--unplayed", "2026"), buchholz("--unplayed", "2023")) == (
        "3", "3", "3.5")
    club = tmp_path / "club.rochade"
    result = CliRunner().invoke(main, ["standings", str(club), "--unplayed", "2023"])
    assert result.exit_code == 2 and "only go with a TRF file" in result.output


def test_a_forfeit_without_colours_against_an_opponent_has_no_colour() -> None:
    """`- +` and `- -` against an opponent (a forfeit before the colours were known): no
    colour for the tie-breaks, not a crash on `-`."""
    assert round_entry(TrfEntry(4, "-", "+"), False) == RoundEntry(Kind.FORFEIT_WIN, 4, None)
    assert round_entry(TrfEntry(4, "-", "-"), True) == RoundEntry(Kind.FORFEIT_LOSS, 4, None)


def test_a_162_line_that_scores_a_loss_gives_the_crosstable_that_value() -> None:
    """162 in tenths like every TRF score: a loss worth 1.0 is one point, not ten."""
    text = "012 Three-two-one\nXXR 3\n162  W 3.0    D 2.0    L 1.0\n"
    scoring = trf_crosstable(parse_trf(text)).scoring
    assert (scoring.win, scoring.draw, scoring.loss) == (3, 2, 1)


def test_a_paired_round_without_results_is_paired_not_played_for_every_reader(
        tmp_path: Path) -> None:
    """The in-tournament exchange: round 2 paired, no result yet (`   3 w  `). The import has
    its games without result, the standings count nothing for them, the checker checks that
    pairing, and only pairing round 3 is refused, saying why."""
    text = "\n".join([
        "012 Pending", "XXR 3",
        line(1, "1", "   3 w 1", "   2 b"), line(2, "1", "   4 b 1", "   1 w"),
        line(3, "0", "   1 b 0", "   4 w"), line(4, "0", "   2 w 0", "   3 b"),
    ]) + "\n"
    t, _ = read_trf_tournament(text)
    assert [(g.white, g.black, g.result) for g in t.rounds[1].games] == [(2, 1, None),
                                                                         (3, 4, None)]
    assert [e.kind for e in trf_crosstable(parse_trf(text)).players[0].rounds] == [
        Kind.PLAYED, Kind.REST]
    path = tmp_path / "pending.trf"
    path.write_text(text)
    runner = CliRunner()
    assert runner.invoke(main, ["standings", str(path)]).exit_code == 0
    check = runner.invoke(main, ["pair-trf", str(path), "-c"])
    assert "round 2:" not in check.stdout and "2 rounds checked" in check.stdout
    refused = runner.invoke(main, ["pair-trf", str(path), "-p"])
    assert refused.exit_code == 3 and "round 2 is paired but not played yet (player 1 has no " \
        "result): enter its results before pairing round 3" in refused.stderr
    assert read_trf_tournament(write_trf_tournament(t))[0] == t
