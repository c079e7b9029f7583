"""Swiss byes asked in advance and the half-point-bye limit in the JSON tournament file."""

from __future__ import annotations

import json

import pytest

from rochade.core.model import Entrant, Tournament
from rochade.core.systems import ByeRequest, SwissSettings
from rochade.formats.json import FormatError, format_tournament, parse_tournament

PLAYERS = (Entrant(1, "A", 2000), Entrant(2, "B", 1900), Entrant(3, "C"))


def _swiss(settings: SwissSettings) -> Tournament:
    return Tournament("Open", PLAYERS, (), "swiss", settings)


def test_bye_requests_and_the_limit_round_trip() -> None:
    settings = SwissSettings(rounds=5, max_half_point_byes=2, half_point_byes_closed=1,
                             bye_requests=frozenset({ByeRequest(3, 2), ByeRequest(2, 1, False)}))
    text = format_tournament(_swiss(settings))
    data = json.loads(text)["settings"]
    assert data["bye_requests"] == [{"round": 2, "player": 1, "bye": "zpb"},
                                    {"round": 3, "player": 2, "bye": "hpb"}]
    assert (data["max_half_point_byes"], data["half_point_byes_closed"]) == (2, 1)
    assert parse_tournament(text).settings == settings
    assert format_tournament(parse_tournament(text)) == text
    plain = json.loads(format_tournament(_swiss(SwissSettings())))["settings"]
    assert (plain["bye_requests"], plain["max_half_point_byes"]) == ([], None)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bye_requests": [{"round": 2, "player": 9}]}, "bye_requests: unknown player id 9"),
        ({"bye_requests": [{"round": 2, "player": 1, "bye": "xpb"}]},
         "'xpb' is not hpb, zpb or fpb"),
        ({"bye_requests": [{"round": 0, "player": 1}]}, "must be at least 1"),
        ({"max_half_point_byes": -1}, "must be at least 0"),
        ({"half_point_byes_closed": 9}, "closed in 0 to 7 last rounds"),
    ],
)
def test_bad_bye_settings_are_refused(change: dict[str, object], message: str) -> None:
    data = json.loads(format_tournament(_swiss(SwissSettings())))
    data["settings"].update(change)
    with pytest.raises(FormatError, match=message):
        parse_tournament(json.dumps(data))
