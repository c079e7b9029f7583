"""Forbidden pairs in TRF (issue 14.3): TRF26 260 records, with JaVaFo's XXP for the engines,
written with the rounds the prohibition covers and read back identically; another program's
260 lines keep their meaning (or are refused by name), never silently dropped."""

from __future__ import annotations

import dataclasses

import pytest

from rochade import __version__
from rochade.core.model import Entrant, Game, Result, Round, Tournament
from rochade.core.systems import SWISS, SwissSettings, renumbered
from rochade.formats.trf import TrfError, forbidden_of, format_forbidden, parse_trf, trf_lines
from rochade.formats.trf_tournament import read_trf_tournament, write_trf_tournament

ENTRANTS = tuple(Entrant(i, f"Player {i}", 2100 - 10 * i, fide_rating=2100 - 10 * i)
                 for i in range(1, 7))
ROUNDS = (
    Round(1, (Game(1, 4, Result.WHITE_WINS, 1), Game(2, 5, Result.DRAW, 2),
              Game(3, 6, Result.BLACK_WINS, 3))),
    Round(2, (Game(6, 1, Result.DRAW, 1), Game(2, 3, Result.WHITE_WINS, 2),
              Game(5, 4, Result.BLACK_WINS, 3))),
)


def pair(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


def swiss(forbidden: set[frozenset[int]], rounds: tuple[Round, ...] = ()) -> Tournament:
    settings = SwissSettings(rounds=5, forbidden_pairs=frozenset(forbidden))
    return Tournament("Open", ENTRANTS, rounds, SWISS, settings)


def records(text: str, tag: str) -> list[str]:
    return [line for line in trf_lines(text) if line[:3] == tag]


def test_the_260_columns_are_the_specs() -> None:
    line = format_forbidden(1, 9, [7, 3, 12])
    assert line == "260 001 009 0003 0007 0012"
    assert (line[4:7], line[8:11], line[12:16], line[17:21], line[22:26]) == (
        "001", "009", "0003", "0007", "0012")  # columns 5-7, 9-11, 13-16, 18-21, 23-26
    assert forbidden_of(line) == (1, 9, frozenset({3, 7, 12}))


def test_several_pairs_and_a_group_of_three_read_back_identically() -> None:
    """A family of three is one 260 line; pairs not all forbidden together stay apart."""
    t = swiss({pair(1, 2), pair(3, 4), pair(3, 5), pair(4, 5), pair(1, 6), pair(5, 6)})
    text = write_trf_tournament(t)
    assert records(text, "260") == ["260 001 005 0001 0002", "260 001 005 0001 0006",
                                    "260 001 005 0003 0004 0005", "260 001 005 0005 0006"]
    assert records(text, "XXP") == ["XXP 1 2", "XXP 1 6", "XXP 3 4 5", "XXP 5 6"]
    assert "RCH" not in text  # the 260 lines say it all
    assert read_trf_tournament(text)[0] == renumbered(t)[0]
    assert parse_trf(text).forbidden[0] == (1, 5, frozenset({1, 2}))


def test_a_pair_forbidden_after_they_met_is_forbidden_from_the_next_round() -> None:
    """1 and 4 met in round 1, 2 and 3 in round 2: their 260 lines start after that (a line
    from round 1 would contradict the rounds played, and gacrux would re-pair them), and
    they get no XXP line (every round); 1 and 5 never met: rounds 1-5."""
    t = swiss({pair(1, 4), pair(2, 3), pair(1, 5)}, ROUNDS)
    text = write_trf_tournament(t)
    assert records(text, "260") == ["260 002 005 0001 0004", "260 001 005 0001 0005",
                                    "260 003 005 0002 0003"]
    assert records(text, "XXP") == ["XXP 1 5"]
    assert "RCH settings" not in text
    assert read_trf_tournament(text)[0] == renumbered(t)[0]


def test_a_pair_that_met_in_the_last_round_travels_in_the_rch_settings() -> None:
    """A prohibition that covers no round of the event has no 260 line; rochade's own
    settings line keeps the pair."""
    settings = SwissSettings(rounds=2, forbidden_pairs=frozenset({pair(2, 3)}))
    t = Tournament("Open", ENTRANTS, ROUNDS, SWISS, settings)
    text = write_trf_tournament(t)
    assert records(text, "260") == [] and records(text, "XXP") == []
    assert "RCH settings" in text
    assert read_trf_tournament(text)[0] == renumbered(t)[0]


def foreign(*lines: str) -> str:
    """Another program's file: its own header and 260/XXP lines, rochade's player lines of
    two rounds played of five."""
    players = records(write_trf_tournament(swiss(set(), ROUNDS)), "001")
    return "\r\n".join(["012 Club Open", "142 5", "192 FIDE_DUTCH_2026", *lines, *players]) + (
        "\r\n")


def test_another_programs_ranges_keep_their_meaning() -> None:
    """An ended range speaks of rounds played: no forbidden pair, the line kept as it is.
    A range from the next round (3) to the last, 3 players on one line, and an XXP line are
    forbidden pairs. A range past the event's last round forbids nothing."""
    lines = ("260 001 002 0001 0005", "260 003 005 0002 0004 0006", "XXP 3 5",
             "260 006 009 0001 0002")
    text = foreign(*lines)
    t, extras = read_trf_tournament(text)
    assert isinstance(t.settings, SwissSettings)
    assert t.settings.forbidden_pairs == {pair(2, 4), pair(2, 6), pair(4, 6), pair(3, 5)}
    assert write_trf_tournament(t, extras) == text  # every line comes back as it was

    lifted = dataclasses.replace(t.settings, forbidden_pairs=t.settings.forbidden_pairs - {
        pair(4, 6)})
    changed = write_trf_tournament(dataclasses.replace(t, settings=lifted), extras)
    assert records(changed, "260") == ["260 001 002 0001 0005", "260 006 009 0001 0002",
                                       "260 001 005 0002 0004", "260 001 005 0002 0006"]
    assert records(changed, "XXP") == ["XXP 3 5", "XXP 2 4", "XXP 2 6"]
    assert "RCH settings" not in changed
    assert read_trf_tournament(changed)[0].settings == lifted


@pytest.mark.parametrize(("line", "rounds"), [
    ("260 004 005 0003 0005", "4-5"),  # starts after the next round
    ("260 001 004 0001 0003 0005", "1-4"),  # ends before the last
])  # fmt: skip
def test_a_range_rochade_cannot_keep_is_refused_by_name(line: str, rounds: str) -> None:
    with pytest.raises(TrfError, match=rf"^the prohibited pairing of players .* covers rounds "
                                       rf"{rounds}; rochade keeps a prohibition for all the "
                                       r"rounds still to pair \(3-5\) or for none of them"):
        read_trf_tournament(foreign(line))


def test_the_pairing_controller_is_rochade_and_reads_back() -> None:
    t = swiss({pair(1, 2)}, ROUNDS)
    text = write_trf_tournament(t)
    assert records(text, "182") == [f"182 rochade {__version__}"]
    back, extras = read_trf_tournament(text)
    assert back == renumbered(t)[0]
    assert write_trf_tournament(back, extras) == text
    mine = text.replace(f"182 rochade {__version__}", "182 Swiss-Manager")
    assert write_trf_tournament(*read_trf_tournament(mine)) == mine  # a file's own stays


def test_more_rounds_rewrite_rochades_pairs_and_keep_anothers_line() -> None:
    """After the event grows from 5 rounds to 9, the family's line (rounds 3-5) would stop
    before the last round: rochade's line for rounds 1-9 replaces it. The line for rounds 6-9
    forbade nothing at import and is not rochade's: it stays in the file as it was (rochade's
    settings line, which says the rounds, keeps the tournament as it is)."""
    text = foreign("260 003 005 0002 0004 0006", "260 006 009 0001 0002")
    t, extras = read_trf_tournament(text)
    assert isinstance(t.settings, SwissSettings)
    longer = dataclasses.replace(t, settings=dataclasses.replace(t.settings, rounds=9))
    changed = write_trf_tournament(longer, extras)
    assert records(changed, "260") == ["260 006 009 0001 0002", "260 001 009 0002 0004 0006"]
    assert read_trf_tournament(changed)[0] == longer
