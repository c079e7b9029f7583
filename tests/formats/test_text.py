"""Plain-text renderers, checked against golden files built from hand-made standings (so these
tests do not depend on the scoring engine), plus one end-to-end check with the engine."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golden import DATA, check_golden
from rochade.core.keizer.scoring import (
    BreakdownRow,
    KeizerStandings,
    StandingRow,
    standings_history,
)
from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import Entrant, Game, Outcome, Result, Round, Tournament
from rochade.core.systems.keizer import keizer_standings
from rochade.formats.json import parse_tournament
from rochade.formats.tables import (
    breakdown_table,
    crosstable_table,
    pairings_table,
    participants_table,
    progress_table,
    standings_table,
    table_text,
)
from rochade.formats.text import (
    NAME_WIDTH,
    WORDS,
    apportion_cents,
    decimal_text,
    display_width,
    fit,
    points_text,
    standings_json,
)

F = Fraction


def golden(name: str, text: str) -> None:
    check_golden("text", name, text)


@pytest.fixture(scope="module")
def club() -> Tournament:
    return parse_tournament((DATA / "json" / "club-winter.json").read_text(encoding="utf-8"))


def own(value: Fraction) -> BreakdownRow:
    return BreakdownRow(0, "own", value, F(1), value)


def game(
    rnd: int,
    opp: int,
    colour: str,
    outcome: Outcome,
    basis: Fraction,
    factor: Fraction,
    note: str = "",
) -> BreakdownRow:
    return BreakdownRow(
        rnd,
        "game",
        basis,
        factor,
        basis * factor,
        opponent=opp,
        colour=colour,
        outcome=outcome,
        note=note,
    )


def absent(rnd: int, reason: str, basis: Fraction, factor: Fraction) -> BreakdownRow:
    kind = "bye" if reason == "bye" else "absence"
    return BreakdownRow(rnd, kind, basis, factor, basis * factor, reason=reason)


WITHDREW = "opponent withdrew: 3/4 of own value"
# Own values are the values after round 2 (rank 2 -> 23 ...); opponents priced the same way.
BREAKDOWN_DOE = (
    own(F(23)),
    game(1, 2, "b", Outcome.DRAW, F(20), F(1, 2)),
    game(2, 7, "w", Outcome.WIN, F(23), F(3, 4), WITHDREW),
    game(3, 3, "b", Outcome.DRAW, F(24), F(1, 2)),
)
BREAKDOWN_KOWALSKI = (
    own(F(17)),
    game(1, 7, "w", Outcome.LOSS, F(17), F(0), WITHDREW),
    absent(2, "bye", F(17), F(1, 2)),
    absent(3, "excused", F(17), F(1, 3)),
)
BREAKDOWN_VAN_DER_BERG = (
    own(F(18)),
    game(1, 3, "w", Outcome.LOSS, F(24), F(0)),
    game(2, 6, "b", Outcome.DRAW, F(19), F(1, 2)),
    BreakdownRow(3, "external", F(66), F(1, 2), F(33), reason="external", note="team 1, board 5"),
)


def total(breakdown: tuple[BreakdownRow, ...]) -> Fraction:
    return sum((r.credit for r in breakdown), F(0))


def row(
    club: Tournament,
    pid: int,
    rank: int | None,
    total: Fraction,
    value: int,
    points: Fraction,
    games: int,
    breakdown: tuple[BreakdownRow, ...] = (),
) -> StandingRow:
    return StandingRow(rank, club.entrant(pid), total, F(value), F(value), points, games, breakdown)


@pytest.fixture(scope="module")
def history(club: Tournament) -> list[KeizerStandings]:
    """Made-up but plausible standings after rounds 1, 2 and 3 (player 7 withdrew)."""

    def standings(
        after: int, rows: list[tuple[int, int | None, Fraction, int, Fraction, int]], **kw: object
    ) -> KeizerStandings:
        return KeizerStandings(tuple(row(club, *r) for r in rows), after, **kw)

    r1 = standings(
        1,
        [
            (3, 1, F(45), 24, F(1), 1),
            (2, 2, F(67, 2), 23, F(1, 2), 1),
            (1, 3, F(67, 2), 22, F(1, 2), 1),
            (9, 4, F(38), 21, F(1), 0),
            (4, 5, F(20), 20, F(0), 1),
            (8, 6, F(19), 19, F(0), 1),
            (6, 7, F(18), 18, F(0), 0),
            (5, 8, F(68, 3), 17, F(0), 0),
            (7, None, F(0), 0, F(1), 1),
        ],
    )
    r2 = standings(
        2,
        [
            (3, 1, F(69), 24, F(2), 2),
            (1, 2, F(112, 3), 23, F(3, 2), 2),
            (9, 3, F(49), 22, F(1), 1),
            (5, 4, F(140, 3), 21, F(1), 1),
            (2, 5, F(57, 2), 20, F(1, 2), 2),
            (6, 6, F(57, 2), 19, F(1, 2), 1),
            (4, 7, F(55, 2), 18, F(1, 2), 2),
            (8, 8, F(51, 2), 17, F(0), 1),
            (7, None, F(0), 0, F(1), 2),
        ],
    )
    r3 = standings(
        3,
        [
            (3, 1, F(1005, 10), 24, F(5, 2), 3),
            (1, 2, total(BREAKDOWN_DOE), 23, F(2), 3, BREAKDOWN_DOE),
            (4, 3, total(BREAKDOWN_VAN_DER_BERG), 22, F(1, 2), 2, BREAKDOWN_VAN_DER_BERG),
            (9, 4, F(49), 21, F(1), 1),
            (5, 5, F(140, 3), 20, F(1), 1),
            (8, 6, total(BREAKDOWN_KOWALSKI), 19, F(0), 1, BREAKDOWN_KOWALSKI),
            (2, 7, F(57, 2), 18, F(3, 2), 2),
            (6, 8, F(57, 2), 17, F(1, 2), 1),
            (7, None, F(0), 0, F(1), 2),
        ],
        converged=False,
        iterations=100,
    )
    return [r1, r2, r3]


def test_standings_table(club: Tournament, history: list[KeizerStandings]) -> None:
    table = standings_table(keizer_standings(history[-1]), club.name)
    golden("standings.txt", table_text(table))


def test_standings_table_without_withdrawn_has_no_note_column(
    club: Tournament, history: list[KeizerStandings]
) -> None:
    ranked = KeizerStandings(history[0].ranked(), 1)
    text = table_text(standings_table(keizer_standings(ranked), club.name))
    assert WORDS["note"] not in text
    assert WORDS["withdrawn"] not in text


def test_standings_json(history: list[KeizerStandings]) -> None:
    rows = standings_json(keizer_standings(history[-1]))
    golden("standings.json", json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
    assert rows[0] == {
        "rank": 1,
        "id": 3,
        "name": "O'Brien, Seán",
        "score": "100.50",
        "points": "2.5",
        "value": "24.00",
    }
    assert rows[-1]["rank"] is None
    assert all(list(r) == ["rank", "id", "name", "score", "points", "value"] for r in rows)


def test_pairings_table(club: Tournament) -> None:
    golden("pairings-round1.txt", table_text(pairings_table(club.rounds[0], club)))
    golden("pairings-round3.txt", table_text(pairings_table(club.rounds[2], club)))


def test_pairings_numbers_boards_by_position_when_unset(club: Tournament) -> None:
    rnd = Round(1, games=(Game(1, 2, Result.WHITE_WINS_FORFEIT), Game(3, 4)))
    lines = table_text(pairings_table(rnd, club)).splitlines()
    assert lines[4].split()[0:2] == ["1", "Doe,"]
    assert "+/-" in lines[4]
    assert lines[5].split()[0] == "2"
    assert WORDS["not_playing"] not in "\n".join(lines)


def test_participants_table(club: Tournament) -> None:
    golden("participants.txt", table_text(participants_table(club)))


def test_long_names_are_cut_in_tables() -> None:
    name = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"
    t = Tournament("t", (Entrant(1, name, 2000), Entrant(2, "Li", 1900)))
    text = table_text(participants_table(t))
    line = text.splitlines()[4]
    assert f" {name[: NAME_WIDTH - 1]}… " in line
    assert line.endswith("2000  present")


def test_breakdown_table(club: Tournament, history: list[KeizerStandings]) -> None:
    golden("breakdown-doe.txt", table_text(breakdown_table(history[-1].row(1), club)))
    golden("breakdown-van-der-berg.txt", table_text(breakdown_table(history[-1].row(4), club)))
    text = table_text(breakdown_table(history[-1].row(8), club))
    golden("breakdown-kowalski.txt", text)
    lines = text.splitlines()
    end = lines[2].index("Credit") + len("Credit")
    credits = [F(line[end - 7 : end]) for line in lines[4:8]]
    assert sum(credits) == F(lines[-1].split()[-1]) == F("31.17")


def test_breakdown_prints_a_column_that_adds_up(club: Tournament) -> None:
    third = absent(1, "excused", F(20), F(1, 3))
    rows = (
        own(F(20)),
        third,
        absent(2, "excused", F(20), F(1, 3)),
        absent(3, "excused", F(20), F(1, 3)),
    )
    text = table_text(breakdown_table(row(club, 1, 1, F(40), 20, F(0), 0, rows), club))
    credits = [line.split()[-1] for line in text.splitlines()[4:8]]
    assert credits == ["20.00", "6.67", "6.67", "6.66"]
    assert text.splitlines()[-1].split() == ["Total", "40.00"]


def test_progress_table(club: Tournament, history: list[KeizerStandings]) -> None:
    golden("progress.txt", table_text(progress_table(history, club)))


def test_progress_table_before_any_round(club: Tournament) -> None:
    empty = Tournament("Odd\nname", club.entrants)
    assert table_text(progress_table([], empty)) == "Odd\ufffdname: progress\n\nNo rounds yet.\n"


def test_progress_table_without_standings_shows_ids(
    club: Tournament, history: list[KeizerStandings]
) -> None:
    # the standings after round 2 missing
    text = table_text(progress_table([history[0], history[2]], club))
    doe = next(line for line in text.splitlines() if "Doe" in line)
    assert "#3b½" in doe  # round 3 opponent shown by id
    assert "1b½" in doe  # round 1 opponent by start order: Müller is first


def test_crosstable(club: Tournament) -> None:
    golden("crosstable.txt", table_text(crosstable_table(club)))


# --- numbers and widths ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (F(20), "20.00"),
        (F(61, 3), "20.33"),
        (F(1, 8), "0.13"),
        (F(-1, 8), "-0.13"),
        (F(1, 200), "0.01"),
        (F(1, 201), "0.00"),
        (F(2, 3), "0.67"),
        (F(-7, 2), "-3.50"),
        (F(0), "0.00"),
    ],
)
def test_decimal_text_rounds_half_up(value: Fraction, text: str) -> None:
    assert decimal_text(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (F(3), "3"),
        (F(7, 2), "3.5"),
        (F(0), "0"),
        (F(1, 2), "0.5"),
        (F(-1, 2), "-0.5"),
        (F(1, 4), "0.25"),
        (F(1, 3), "0.33"),
    ],
)
def test_points_text(value: Fraction, text: str) -> None:
    assert points_text(value) == text


@given(st.lists(st.fractions(-100, 100, max_denominator=30), max_size=12))
def test_apportioned_cents_add_up_and_stay_within_a_cent(values: list[Fraction]) -> None:
    cents = apportion_cents(values)
    assert sum(cents) * F(1, 100) == F(decimal_text(sum(values, F(0))))
    assert all(abs(c - v * 100) < 1 for c, v in zip(cents, values, strict=True))


@pytest.mark.parametrize(
    ("text", "width"),
    [("abc", 3), ("吴伟", 4), ("Zoë 🐴", 6), ("e\u0301", 1), ("zero\u200bwidth", 9), ("", 0)],
)
def test_display_width(text: str, width: int) -> None:
    assert display_width(text) == width


def test_fit_cuts_with_an_ellipsis() -> None:
    assert fit("Kowalski, Zoë", 20) == "Kowalski, Zoë"
    assert fit("Kowalski, Zoë", 8) == "Kowalsk…"
    assert fit("吴伟吴伟", 6) == "吴伟…"
    assert fit("line\nbreak", 20) == "line\ufffdbreak"
    assert fit("evil\u202etxt.exe", 20) == "evil\ufffdtxt.exe"


@given(st.text(max_size=40), st.integers(1, 30))
def test_fit_never_exceeds_the_width(text: str, width: int) -> None:
    fitted = fit(text, width)
    assert display_width(fitted) <= width
    assert "\n" not in fitted


@given(st.lists(st.text(min_size=1, max_size=40).filter(str.strip), min_size=1, max_size=6))
def test_columns_stay_aligned_whatever_the_names(names: list[str]) -> None:
    entrants = tuple(Entrant(i, n) for i, n in enumerate(names, start=1))
    t = Tournament("t", entrants)
    rows = tuple(
        StandingRow(i, e, F(i), F(20 - i), F(20 - i), F(i, 2), i, ())
        for i, e in enumerate(entrants, start=1)
    )
    table = standings_table(keizer_standings(KeizerStandings(rows, 1)), t.name)
    lines = table_text(table).splitlines()[2:]
    assert len({display_width(line) for line in lines}) == 1
    assert max(display_width(fit(n, NAME_WIDTH)) for n in names) <= NAME_WIDTH


def test_with_the_scoring_engine_every_breakdown_adds_up(club: Tournament) -> None:
    """End to end: the real engine's standings render, and each printed breakdown adds up."""
    assert isinstance(club.settings, KeizerSettings)
    history = standings_history(club, club.settings)
    assert table_text(progress_table(history, club)).count("\n") == len(club.entrants) + 7
    rows = standings_json(keizer_standings(history[-1]))
    assert [r["id"] for r in rows] == [r.entrant.id for r in history[-1].rows]
    for standing in history[-1].rows:
        lines = table_text(breakdown_table(standing, club)).splitlines()
        end = lines[2].index(WORDS["credit"]) + len(WORDS["credit"])
        printed = [F(line[end - 7 : end]) for line in lines[4:-2]]
        assert sum(printed) == F(lines[-1].split()[-1]) == F(decimal_text(standing.total))
