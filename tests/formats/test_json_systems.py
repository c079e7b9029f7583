"""The JSON tournament file for round robins and Swiss tournaments."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rochade.core.model import Absence, Entrant, Game, Result, Round, Tournament
from rochade.core.systems import (
    Acceleration,
    FirstRound,
    RoundRobinSettings,
    StartNumbers,
    SwissSettings,
)
from rochade.core.tiebreaks import Scoring, parse_tiebreaks
from rochade.formats.json import FormatError, format_tournament, parse_tournament

PLAYERS = (Entrant(1, "A", 2000), Entrant(2, "B", 1900), Entrant(3, "C"))


def test_round_robin_round_trip() -> None:
    settings = RoundRobinSettings(
        double=True, numbers_by=StartNumbers.RATING, seed=4, numbers=(2, 3, 1),
        scoring=Scoring(Fraction(3), Fraction(1), Fraction(0)),
        tiebreaks=parse_tiebreaks("SB,KS"),
    )
    t = Tournament("RR", PLAYERS, (Round(1, (Game(1, 2, Result.DRAW, 1),), bye=3),),
                   "round-robin", settings)
    text = format_tournament(t)
    data = json.loads(text)
    assert data["system"] == "round-robin"
    assert data["settings"]["numbers"] == [2, 3, 1]
    assert data["settings"]["scoring"] == "3-1-0"
    assert data["settings"]["tiebreaks"] == ["SB", "KS"]
    assert parse_tournament(text) == t
    assert format_tournament(parse_tournament(text)) == text


def test_swiss_round_trip_with_requested_byes() -> None:
    settings = SwissSettings(
        rounds=9, scoring=Scoring(pab=Fraction(1, 2)), acceleration=Acceleration.BAKU,
        first_round=FirstRound.RANDOM, seed=7, forbidden_pairs=frozenset({frozenset({1, 2})}),
    )
    t = Tournament("Open", PLAYERS, (
        Round(1, (Game(2, 1, Result.WHITE_WINS_FORFEIT, 1),), (Absence(3, "half_point_bye"),)),
    ), "swiss", settings)
    text = format_tournament(t)
    data = json.loads(text)["settings"]
    assert data["tiebreaks"] == ["BH/C1", "BH", "SB"]
    assert data["bye_values"] == {"pab": "1/2", "fpb": None, "hpb": None, "zpb": None}
    assert data["forbidden_pairs"] == [[1, 2]]
    assert parse_tournament(text) == t


def test_defaults_when_settings_are_left_out() -> None:
    doc = {"format": "rochade-tournament/1", "name": "S", "system": "swiss",
           "players": [{"id": 1, "name": "A"}]}
    assert parse_tournament(json.dumps(doc)).settings == SwissSettings()


@pytest.mark.parametrize(
    ("system", "settings", "message"),
    [
        ("swiss", {"tiebreaks": ["BH", "XX"]}, "settings.tiebreaks[1]: unknown tie-break 'XX'"),
        ("swiss", {"rounds": 0}, "settings.rounds: must be at least 1"),
        ("swiss", {"scoring": "5-2-1"}, "settings.scoring: scoring '5-2-1' is not offered"),
        ("swiss", {"rouds": 5}, "unknown key 'rouds'; did you mean 'rounds'?"),
        ("round-robin", {"numbers": [1, 1]}, "settings.numbers: a player has two start numbers"),
        ("round-robin", {"numbers": [1, 9]}, "settings.numbers: unknown player id 9"),
        ("round-robin", {"numbers_by": "age"}, "settings.numbers_by: 'age' is not one of"),
        ("round-robin", {"tiebreaks": ["SB", "BH/C1"]}, "BH/C1 belongs to the Buchholz family"),
        ("swiss", {"acceleration": "baku", "scoring": "3-1-0"}, "Baku acceleration needs"),
    ],
)
def test_bad_settings(system: str, settings: dict[str, object], message: str) -> None:
    doc = {"format": "rochade-tournament/1", "name": "S", "system": system,
           "settings": settings, "players": [{"id": 1, "name": "A"}]}
    with pytest.raises(FormatError) as info:
        parse_tournament(json.dumps(doc))
    assert message in str(info.value)


def test_a_swiss_absence_needs_a_known_reason() -> None:
    doc = {"format": "rochade-tournament/1", "name": "S", "system": "swiss",
           "players": [{"id": 1, "name": "A"}],
           "rounds": [{"number": 1, "absent": [{"player": 1, "reason": "holiday"}]}]}
    with pytest.raises(FormatError, match="unknown reason 'holiday'"):
        parse_tournament(json.dumps(doc))
