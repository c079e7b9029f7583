"""The JSON tournament file: golden files, the contract keys, round trips and every error."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rochade.core.categories import parse as parse_categories
from rochade.core.fide import PlayerDetails
from rochade.core.keizer.settings import (
    PRESETS,
    STANDARD_REASONS,
    ColourRule,
    KeizerSettings,
    Ladder,
    Period,
    Recompute,
    RoundOneColours,
    preset,
)
from rochade.core.model import (
    Absence,
    Entrant,
    ExternalGame,
    Game,
    ModelError,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.core.ratings import PairingRating
from rochade.core.systems.keizer import Keizer
from rochade.formats.json import (
    FORMAT,
    FileCategories,
    FormatError,
    format_tournament,
    parse_tournament,
    parse_tournament_file,
)

KEIZER = Keizer()
DATA = Path(__file__).resolve().parents[1] / "data" / "json"

HOSTILE_NAMES = [
    "O'Brien, Seán",
    'van der Berg, "Kees"',
    "Müller, Jürgen",
    "Kowalski, Zoë 🐴",
    "حداد، سامي",
    "שרה כהן",
    "<script>alert('x')</script>",
    "back\\slash",
    "tab\there",
    "line\nbreak",
    "吴伟",
    "e\u0301clair",  # combining accent
    "zero\u200bwidth",
    "\U0001f469\u200d\U0001f4bb family",
    "  spaced  ",
    "null",
    "{}",
]

CONTRACT_EXAMPLE: dict[str, Any] = {
    "format": "rochade-tournament/1",
    "name": "Club Winter",
    "system": "keizer",
    "settings": {
        "preset": "classic",
        "top_value": 20,
        "ratio": None,
        "step": 1,
        "own_value_factor": "1",
        "recompute": "per_round",
        "fractions": {
            "bye": "1/2",
            "excused": "1/3",
            "unexcused": "0",
            "club_duty": "2/3",
            "late_start": "1/3",
            "withdrawn": "3/4",
        },
    },
    "players": [
        {"id": 1, "name": "Doe, Jane", "rating": 1850},
        {"id": 4, "name": "Roe, Richard", "rating": 1700},
        {"id": 9, "name": "Poe, Edgar", "rating": 1600},
    ],
    "rounds": [
        {
            "number": 1,
            "games": [{"white": 1, "black": 9, "result": "1-0"}],
            "absent": [{"player": 4, "reason": "excused"}],
            "bye": None,
        }
    ],
}


def dump(doc: object) -> str:
    return json.dumps(doc, ensure_ascii=False)


# --- golden files ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["club-winter.json", "lenient-canonical.json"])
def test_golden_file_is_canonical(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    assert format_tournament(parse_tournament(text)) == text


def test_lenient_input_is_written_canonically() -> None:
    text = (DATA / "lenient-input.json").read_text(encoding="utf-8")
    expected = (DATA / "lenient-canonical.json").read_text(encoding="utf-8")
    assert format_tournament(parse_tournament(text)) == expected


def test_golden_tournament_content() -> None:
    t = parse_tournament((DATA / "club-winter.json").read_text(encoding="utf-8"))
    assert t.name == "Club Winter 2026 – Keizer"
    assert [e.id for e in t.start_order()][:3] == [2, 1, 3]
    assert t.entrant(7).status is Status.WITHDRAWN
    assert t.entrant(1).fide_id == 4612345
    assert t.entrant(5).rating is None
    r3 = t.rounds[2]
    assert r3.games[1] == Game(2, 9, None, 2)
    assert not r3.complete
    assert r3.externals == (
        ExternalGame(4, 1, 5, Fraction(1, 2)),
        ExternalGame(2, 2, 1, Fraction(1), replaces_row=False),
    )
    s = t.settings
    assert isinstance(s, KeizerSettings)
    assert s.team_values == {1: 70, 2: 60}
    assert s.forbidden_pairs == {frozenset({2, 6})}


def test_lenient_input_values() -> None:
    t = parse_tournament((DATA / "lenient-input.json").read_text(encoding="utf-8"))
    s = t.settings
    assert isinstance(s, KeizerSettings)
    assert (s.ladder, s.top_value, s.ratio, s.step) == (Ladder.RATIO, None, Fraction(5, 2), 0.5)
    assert s.loss_factor == Fraction(1, 50)
    assert s.fractions["excused"] == Fraction(7, 20)
    assert s.fractions["unexcused"] == Fraction(1, 20)  # from the kfc preset
    assert s.fractions["sick"] == Fraction(1, 4)
    assert s.periods == (Period(1), Period(4, rematch_gap=0))
    assert t.entrant(3).rating == 1790
    assert t.entrant(2).name == "  spaced  name  "
    assert t.rounds[0].number == 1
    assert t.rounds[0].games[0].result is Result.DRAW
    assert t.rounds[1].games[0].result is Result.WHITE_WINS_FORFEIT


# --- the contract keys ----------------------------------------------------------------------


def test_contract_example() -> None:
    t = parse_tournament(dump(CONTRACT_EXAMPLE))
    s = t.settings
    assert isinstance(s, KeizerSettings)
    assert (s.preset, s.ladder, s.top_value, s.step) == ("classic", Ladder.FIXED, 20, 1)
    assert s.fractions["excused"] == Fraction(1, 3)
    assert t.rounds[0] == Round(
        1, games=(Game(1, 9, Result.WHITE_WINS),), absences=(Absence(4, "excused"),)
    )
    written = json.loads(format_tournament(t))
    for key, value in CONTRACT_EXAMPLE.items():
        if key != "settings":
            assert written[key] == value
    for key in ("preset", "top_value", "step", "own_value_factor", "recompute", "fractions"):
        assert written["settings"][key] == CONTRACT_EXAMPLE["settings"][key]


def test_format_is_indented_readable_and_ends_with_newline() -> None:
    doc = copy.deepcopy(CONTRACT_EXAMPLE)
    doc["players"][0]["name"] = "Ünal 🐴"
    text = format_tournament(parse_tournament(dump(doc)))
    assert '\n  "name": "Club Winter",\n' in text
    assert '"name": "Ünal 🐴"' in text
    assert text.endswith("}\n")
    assert list(json.loads(text)) == ["format", "name", "system", "settings", "players", "rounds"]


def _with_settings(**given: object) -> KeizerSettings:
    doc = copy.deepcopy(CONTRACT_EXAMPLE)
    doc["settings"] = given
    s = parse_tournament(dump(doc)).settings
    assert isinstance(s, KeizerSettings)
    return s


def test_settings_default_to_the_preset() -> None:
    assert _with_settings() == preset("classic")
    assert _with_settings(preset="dutch-club") == preset("dutch-club")
    doc = copy.deepcopy(CONTRACT_EXAMPLE)
    del doc["settings"]
    del doc["system"]
    t = parse_tournament(dump(doc))
    assert (t.system, t.settings) == ("keizer", preset("classic"))


def test_ladder_rules() -> None:
    fixed = _with_settings(top_value=20)
    assert (fixed.ladder, fixed.top_value) == (Ladder.FIXED, 20)
    derived = _with_settings(preset="dutch-club", top_value=None)
    assert (derived.ladder, derived.top_value, derived.ratio) == (Ladder.RATIO, None, 3)
    by_ratio = _with_settings(preset="dutch-club", ratio="4")
    assert (by_ratio.ladder, by_ratio.top_value, by_ratio.ratio) == (Ladder.RATIO, None, 4)
    assert _with_settings(preset="dutch-club").ladder is Ladder.FIXED
    old = _with_settings(ladder="kfc_old")
    assert (old.ladder, old.top_value) == (Ladder.KFC_OLD, None)
    assert _with_settings(ladder="normalised", ratio=5).ratio == 5


def test_numbers_are_exact() -> None:
    assert _with_settings(fractions={"excused": "0.35"}).fractions["excused"] == Fraction(7, 20)
    assert _with_settings(fractions={"excused": 0.35}).fractions["excused"] == Fraction(7, 20)
    assert _with_settings(fractions={"excused": 1}).fractions["excused"] == 1
    assert _with_settings(step="2.50").step == Fraction(5, 2)
    assert _with_settings(fractions={"excused": " 1/3 "}).fractions["excused"] == Fraction(1, 3)
    # a caller's own json.loads gives floats: read them as the decimal they show
    s = KEIZER.from_dict({"loss_factor": 0.1, "top_value": 69.5})
    assert (s.loss_factor, s.top_value) == (Fraction(1, 10), Fraction(139, 2))


def test_settings_dict_round_trip_for_every_preset() -> None:
    for s in PRESETS.values():
        d = KEIZER.to_dict(s)
        assert json.loads(json.dumps(d)) == d
        assert KEIZER.from_dict(d) == s
    assert KEIZER.to_dict(preset("kfc"))["fractions"] == {
        "bye": "1/2",
        "excused": "7/20",
        "unexcused": "1/20",
        "club_duty": "7/10",
        "late_start": "1/20",
        "withdrawn": "3/4",
    }


def test_every_settings_field_has_a_key() -> None:
    keys = set(KEIZER.to_dict(KeizerSettings()))
    assert keys == {f.name for f in dataclasses.fields(KeizerSettings)}


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_odd_names_round_trip_exactly(name: str) -> None:
    doc = copy.deepcopy(CONTRACT_EXAMPLE)
    doc["name"] = name
    doc["players"][1]["name"] = name
    text = format_tournament(parse_tournament(dump(doc)))
    t = parse_tournament(text)
    assert t.name == name
    assert t.entrant(4).name == name
    assert format_tournament(t) == text


def test_byte_order_mark_is_ignored() -> None:
    assert parse_tournament("\ufeff" + dump(CONTRACT_EXAMPLE)).name == "Club Winter"


# --- hypothesis round trip ------------------------------------------------------------------

fractions_ = st.fractions(min_value=0, max_value=3, max_denominator=60)
names = st.sampled_from(HOSTILE_NAMES) | st.text(min_size=1, max_size=12).filter(str.strip)


@st.composite
def keizer_settings(draw: st.DrawFn, ids: list[int]) -> KeizerSettings:
    base = preset(draw(st.sampled_from(sorted(PRESETS))))
    ladder = draw(st.sampled_from(Ladder))
    values = st.fractions(0, 200, max_denominator=4)
    top = draw(values if ladder is Ladder.FIXED else st.none() | values)
    extra = draw(st.dictionaries(st.text(min_size=1, max_size=8).filter(str.strip), fractions_))
    fractions = {**extra, **{r: draw(fractions_) for r in STANDARD_REASONS}}
    reasons = sorted(fractions)
    pairs = draw(st.lists(st.lists(st.sampled_from(ids), min_size=2, max_size=2, unique=True)))
    starts = draw(st.lists(st.integers(1, 30), unique=True, max_size=3))
    return dataclasses.replace(
        base,
        ladder=ladder,
        top_value=top,
        ratio=draw(st.fractions(Fraction(11, 10), 10, max_denominator=20)),
        step=draw(st.fractions(Fraction(1, 10), 5, max_denominator=10)),
        floor=draw(st.none() | fractions_),
        win_factor=draw(fractions_),
        draw_factor=draw(fractions_),
        loss_factor=draw(fractions_),
        fractions=fractions,
        caps={r: draw(st.integers(0, 9)) for r in draw(st.lists(st.sampled_from(reasons)))},
        halving=frozenset(draw(st.lists(st.sampled_from(reasons)))),
        own_value_factor=draw(fractions_),
        recompute=draw(st.sampled_from(Recompute)),
        max_iterations=draw(st.integers(1, 500)),
        team_values=draw(st.dictionaries(st.integers(1, 5), values)),
        team_shares=draw(
            st.dictionaries(st.integers(1, 5), st.fractions(0, 1, max_denominator=12))
        ),
        board_step=draw(st.fractions(0, 3, max_denominator=4)),
        rematch_gap=draw(st.integers(0, 10)),
        max_meetings=draw(st.none() | st.integers(1, 5)),
        forbidden_pairs=frozenset(frozenset(p) for p in pairs),
        max_colour_difference=draw(st.none() | st.integers(0, 4)),
        max_same_colour_run=draw(st.none() | st.integers(1, 5)),
        byes_evenly=draw(st.booleans()),
        byes_count_absences=draw(st.booleans()),
        round_one_colours=draw(st.sampled_from(RoundOneColours)),
        seed=draw(st.integers(-(2**40), 2**40)),
        periods=tuple(
            Period(s, draw(st.none() | st.integers(0, 6)), draw(st.none() | st.integers(1, 4)))
            for s in sorted(starts)
        ),
    )


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    ids = draw(st.lists(st.integers(1, 10**6), min_size=2, max_size=9, unique=True))
    entrants = tuple(
        Entrant(
            id=i,
            name=draw(names),
            rating=draw(st.none() | st.integers(0, 3000)),
            status=draw(st.sampled_from(Status)),
            fide_id=draw(st.none() | st.integers(1, 10**9)),
        )
        for i in ids
    )
    s = draw(keizer_settings(ids))
    rounds = []
    for number in range(1, draw(st.integers(0, 4)) + 1):
        active = [e.id for e in entrants if not e.withdrawn]
        withdrawn = [e.id for e in entrants if e.withdrawn]
        late_rows = draw(st.lists(st.sampled_from(withdrawn), unique=True)) if withdrawn else []
        order = draw(st.permutations(active + late_rows))
        n_games = draw(st.integers(0, len(order) // 2))
        numbered = draw(st.booleans())
        games = tuple(
            Game(
                order[2 * k],
                order[2 * k + 1],
                draw(st.none() | st.sampled_from(Result)),
                k + 1 if numbered else 0,
            )
            for k in range(n_games)
        )
        rest = order[2 * n_games :]
        bye = rest.pop() if rest and draw(st.booleans()) else None
        externals = []
        if s.team_values and rest and draw(st.booleans()):
            externals.append(
                ExternalGame(
                    rest.pop(),
                    draw(st.sampled_from(sorted(s.team_values))),
                    draw(st.integers(1, 8)),
                    draw(st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)])),
                    replaces_row=True,
                )
            )
        if s.team_values and draw(st.booleans()):
            externals.append(
                ExternalGame(
                    draw(st.sampled_from(ids)),
                    draw(st.sampled_from(sorted(s.team_values))),
                    1,
                    Fraction(1),
                    replaces_row=False,
                )
            )
        absences = tuple(Absence(p, draw(st.sampled_from(sorted(s.fractions)))) for p in rest)
        rounds.append(Round(number, games, absences, bye, tuple(externals)))
    t = Tournament(draw(names), entrants, tuple(rounds), settings=s)
    t.validate()
    return t


@settings(max_examples=150)
@given(tournaments())
def test_round_trip(t: Tournament) -> None:
    text = format_tournament(t)
    again = parse_tournament(text)
    assert again == t
    assert format_tournament(again) == text


SAMPLE_CATEGORIES = parse_categories(
    "Overall: prizes=100,60; U1600: rating=-1599 places=2; Women: sex=w places=1; "
    "U12: age=-11; Born 2010s: born=2010-2019 unrated; Ünïcode ☃: rating=1600-1799")


@settings(max_examples=100)
@given(tournaments(), st.data())
def test_round_trip_with_categories(t: Tournament, data: st.DataObject) -> None:
    """Any categories, rule, day and players' sex and birth come back as written, and the
    file is version 2; without categories it stays version 1."""
    dates = st.dates(date(1900, 1, 1), date(2199, 12, 31)).map(date.isoformat)
    details = {e.id: PlayerDetails(sex=data.draw(st.sampled_from(("", "m", "w"))),
                                   birth=data.draw(st.one_of(st.just(""), dates,
                                                             dates.map(lambda d: d[:4]))))
               for e in t.entrants}
    file = FileCategories(
        tuple(data.draw(st.lists(st.sampled_from(SAMPLE_CATEGORIES), unique=True))),
        data.draw(st.booleans()), data.draw(st.one_of(st.just(""), dates)),
        {pid: d for pid, d in details.items() if d != PlayerDetails()})
    pairing = data.draw(st.sampled_from(PairingRating))
    text = format_tournament(t, file, pairing)
    assert json.loads(text)["format"] == "rochade-tournament/2"
    assert parse_tournament_file(text) == (t, file, pairing)
    assert parse_tournament_file(format_tournament(t)) == (t, None, PairingRating.FIDE)


@settings(max_examples=100)
@given(keizer_settings([1, 2, 3]))
def test_settings_round_trip(s: KeizerSettings) -> None:
    d = KEIZER.to_dict(s)
    assert KEIZER.from_dict(json.loads(json.dumps(d))) == s


# --- errors ---------------------------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], object]


def _set(path: str, value: object) -> Mutation:
    """A mutation setting the value at a dotted path (list indices as numbers)."""

    def mutate(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _delete(path: str) -> Mutation:
    def mutate(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        del node[last]

    return mutate


def _add_round(**extra: object) -> Mutation:
    def mutate(doc: dict[str, Any]) -> None:
        doc["rounds"].append(
            {
                "number": 2,
                "games": [{"white": 4, "black": 9, "result": "0-1"}],
                "absent": [{"player": 1, "reason": "club_duty"}],
                "bye": None,
                **extra,
            }
        )

    return mutate


ERRORS: list[tuple[str, Mutation, str]] = [
    ("no format", _delete("format"), 'not a rochade tournament file (missing "format")'),
    (
        "other format",
        _set("format", "chess-results/1"),
        "not a rochade tournament file (format 'chess-results/1')",
    ),
    (
        "format zero",
        _set("format", "rochade-tournament/0"),
        "not a rochade tournament file (format 'rochade-tournament/0')",
    ),
    (
        "newer format",
        _set("format", "rochade-tournament/3"),
        "format rochade-tournament/3 is newer than this rochade understands",
    ),
    ("other system", _set("system", "hockey"),
     "system 'hockey' is not one of keizer, round-robin, swiss, knockout, double-swiss, "
     "team-swiss, team-round-robin"),
    ("unknown key", _set("nmae", "x"), "file: unknown key 'nmae'; did you mean 'name'?"),
    ("no name", _delete("name"), 'file: missing "name" (the tournament\'s name)'),
    ("blank name", _set("name", "  "), "name: must not be empty"),
    ("name not text", _set("name", 7), "name: expected a string, got a number"),
    ("no players", _delete("players"), 'file: missing "players"'),
    ("players not list", _set("players", {}), "players: expected a list, got an object"),
    ("player not object", _set("players.0", 1), "players[0]: expected an object, got a number"),
    ("player no id", _delete("players.0.id"), "players[0]: missing 'id'"),
    ("player no name", _delete("players.1.name"), "players[1]: missing 'name'"),
    (
        "player id text",
        _set("players.0.id", "1"),
        "players[0].id: expected a whole number, got a string",
    ),
    (
        "player id bool",
        _set("players.0.id", True),
        "players[0].id: expected a whole number, got true/false",
    ),
    ("player id zero", _set("players.0.id", 0), "players[0].id: must be at least 1, got 0"),
    ("player id float", _set("players.0.id", 1.5), "players[0].id: 1.5 is not a whole number"),
    ("duplicate id", _set("players.1.id", 1), "players: id 1 is used twice"),
    (
        "player key typo",
        _set("players.0.ratng", 1),
        "players[0]: unknown key 'ratng'; did you mean 'rating'?",
    ),
    (
        "player rating negative",
        _set("players.0.rating", -5),
        "players[0].rating: must be at least 0, got -5",
    ),
    (
        "player status",
        _set("players.0.status", "gone"),
        "players[0].status: 'gone' is not one of present, excused, unexcused, club_duty, "
        "withdrawn, preregistered",
    ),
    (
        "player fide id",
        _set("players.0.fide_id", -1),
        "players[0].fide_id: must be at least 1, got -1",
    ),
    (
        "lone surrogate",
        _set("players.0.name", "\ud800"),
        "players[0].name: contains an invalid character (a lone surrogate)",
    ),
    ("rounds not list", _set("rounds", 3), "rounds: expected a list, got a number"),
    ("round not object", _set("rounds.0", []), "rounds[0]: expected an object, got a list"),
    ("round number", _set("rounds.0.number", 0), "rounds[0].number: must be at least 1, got 0"),
    (
        "round numbering",
        _set("rounds.0.number", 2),
        "rounds must be numbered 1, 2, 3 ... without gaps; got [2]",
    ),
    (
        "round key",
        _set("rounds.0.byes", None),
        "rounds[0]: unknown key 'byes'; did you mean 'bye'?",
    ),
    ("games not list", _set("rounds.0.games", None), "round 1, games: expected a list, got null"),
    ("game no white", _delete("rounds.0.games.0.white"), "round 1, games[0]: missing 'white'"),
    ("game no black", _delete("rounds.0.games.0.black"), "round 1, games[0]: missing 'black'"),
    (
        "game result",
        _set("rounds.0.games.0.result", "2-0"),
        "round 1, games[0].result: unknown result '2-0'; use 1-0, 1/2-1/2, 0-1, +/-, -/+, "
        "-/-, the unusual 1/2-0, 0-1/2, 0-0, or ? for an adjourned game",
    ),
    (
        "game result number",
        _set("rounds.0.games.0.result", 1),
        'round 1, games[0].result: expected a string like "1-0", got a number',
    ),
    (
        "game board",
        _set("rounds.0.games.0.board", 0),
        "round 1, games[0].board: must be at least 1, got 0",
    ),
    (
        "board twice",
        _add_round(
            games=[{"board": 1, "white": 4, "black": 9}, {"board": 1, "white": 1, "black": 4}]
        ),
        "round 2: board 1 appears twice",
    ),
    ("unknown player", _set("rounds.0.games.0.black", 5), "round 1: unknown player id 5"),
    (
        "self game",
        _set("rounds.0.games.0.black", 1),
        "round 1: Doe, Jane cannot play against themself",
    ),
    (
        "no row",
        _set("rounds.0.absent", []),
        "round 1: Roe, Richard (id 4) has no row (a game, an absence with a reason, or the bye)",
    ),
    ("two rows", _set("rounds.0.bye", 9), "round 1: Poe, Edgar has 2 rows, expected one"),
    ("bye text", _set("rounds.0.bye", "9"), "round 1, bye: expected a whole number, got a string"),
    (
        "absence no reason",
        _delete("rounds.0.absent.0.reason"),
        "round 1, absent[0]: missing 'reason'",
    ),
    (
        "absence no player",
        _delete("rounds.0.absent.0.player"),
        "round 1, absent[0]: missing 'player'",
    ),
    (
        "absence reason",
        _set("rounds.0.absent.0.reason", "sick"),
        "round 1, absent[0].reason: unknown reason 'sick' (it has no fraction)",
    ),
    (
        "external missing",
        _add_round(external=[{"player": 1, "team": 1, "board": 1}]),
        "round 2, external[0]: missing 'score'",
    ),
    (
        "external player",
        _add_round(external=[{"player": 5, "team": 1, "board": 1, "score": "1"}]),
        "round 2, external[0].player: unknown player id 5",
    ),
    (
        "external team",
        _add_round(external=[{"player": 1, "team": 3, "board": 1, "score": "1"}]),
        "round 2, external[0].team: team 3 has no value in settings.team_values or team_shares",
    ),
    (
        "external score",
        _add_round(external=[{"player": 1, "team": 1, "board": 1, "score": "2"}]),
        'round 2, external[0].score: must be "1", "1/2" or "0", got \'2\'',
    ),
    (
        "external replaces",
        _add_round(external=[{"player": 1, "team": 1, "board": 1, "score": 0, "replaces_row": 1}]),
        "round 2, external[0].replaces_row: expected true or false, got a number",
    ),
    (
        "external row twice",
        _add_round(external=[{"player": 1, "team": 1, "board": 1, "score": "1/2"}]),
        "round 2: Doe, Jane has 2 rows, expected one",
    ),
    ("settings not object", _set("settings", []), "settings: expected an object, got a list"),
    (
        "settings key",
        _set("settings.top_vlaue", 1),
        "settings: unknown key 'top_vlaue'; did you mean 'top_value'?",
    ),
    (
        "preset",
        _set("settings.preset", "fide"),
        "settings.preset: unknown preset 'fide'; choose one of kfc, classic, dutch-club, "
        "german-club",
    ),
    ("preset type", _set("settings.preset", 1), "settings.preset: expected a string, got a number"),
    (
        "fraction zero denominator",
        _set("settings.fractions.bye", "1/0"),
        "settings.fractions.bye: '1/0' is not a fraction",
    ),
    (
        "fraction percent",
        _set("settings.fractions.bye", "50%"),
        "settings.fractions.bye: '50%' is not a fraction",
    ),
    (
        "fraction type",
        _set("settings.fractions.bye", [1]),
        'settings.fractions.bye: expected a number or a fraction like "1/3", got a list',
    ),
    (
        "fraction negative",
        _set("settings.fractions.bye", "-1/2"),
        "settings: fraction for bye must not be negative",
    ),
    (
        "fraction blank reason",
        _set("settings.fractions. ", "1"),
        "settings.fractions: a reason must have a name",
    ),
    (
        "ladder",
        _set("settings.ladder", "swiss"),
        "settings.ladder: 'swiss' is not one of fixed, ratio, kfc_old, normalised",
    ),
    (
        "fixed ladder without top",
        _set("settings", {"ladder": "fixed"}),
        "settings.top_value: a fixed ladder needs a top value",
    ),
    (
        "ratio too small",
        _set("settings", {"ratio": 1}),
        "settings: the first-to-last ratio must be greater than 1",
    ),
    ("step", _set("settings.step", 0), "settings: the value step must be positive"),
    (
        "recompute",
        _set("settings.recompute", "daily"),
        "settings.recompute: 'daily' is not one of per_round, frozen, fixed_point",
    ),
    (
        "max iterations",
        _set("settings.max_iterations", 0),
        "settings.max_iterations: must be at least 1, got 0",
    ),
    (
        "rematch gap",
        _set("settings.rematch_gap", -1),
        "settings.rematch_gap: must be at least 0, got -1",
    ),
    (
        "byes evenly",
        _set("settings.byes_evenly", "yes"),
        "settings.byes_evenly: expected true or false, got a string",
    ),
    (
        "caps reason",
        _set("settings.caps", {"excsued": 2}),
        "settings.caps: unknown key 'excsued'; did you mean 'excused'?",
    ),
    (
        "caps count",
        _set("settings.caps", {"excused": -2}),
        "settings.caps.excused: must be at least 0, got -2",
    ),
    (
        "halving reason",
        _set("settings.halving", ["sick"]),
        "settings.halving[0]: unknown reason 'sick' (it has no fraction)",
    ),
    (
        "team number",
        _set("settings.team_values", {"first": 70}),
        "settings.team_values: team 'first' is not a team number (1, 2, 3 ...)",
    ),
    (
        "team value",
        _set("settings.team_values", {"1": "lots"}),
        "settings.team_values.1: 'lots' is not a fraction",
    ),
    (
        "forbidden pair size",
        _set("settings.forbidden_pairs", [[1, 4, 9]]),
        "settings.forbidden_pairs[0]: a pair needs exactly two player ids",
    ),
    (
        "forbidden pair self",
        _set("settings.forbidden_pairs", [[4, 4]]),
        "settings.forbidden_pairs[0]: a player cannot be forbidden to meet themself",
    ),
    (
        "forbidden pair unknown",
        _set("settings.forbidden_pairs", [[1, 12]]),
        "settings.forbidden_pairs: unknown player id 12",
    ),
    (
        "period start",
        _set("settings.periods", [{"rematch_gap": 0}]),
        'settings.periods[0]: missing "first_round"',
    ),
    (
        "period order",
        _set("settings.periods", [{"first_round": 5}, {"first_round": 2}]),
        "settings: periods must start at increasing round numbers >= 1",
    ),
    (
        "round one colours",
        _set("settings.round_one_colours", "random"),
        "settings.round_one_colours: 'random' is not one of lower_ranked_white, seeded_random",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "message"), [(m, msg) for _, m, msg in ERRORS], ids=[i for i, _, _ in ERRORS]
)
def test_error_message(mutate: Mutation, message: str) -> None:
    doc = copy.deepcopy(CONTRACT_EXAMPLE)
    mutate(doc)
    with pytest.raises(FormatError) as info:
        parse_tournament(json.dumps(doc, ensure_ascii=False))
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON at line 1, column 1: Expecting value"),
        (
            '{"format": "rochade-tournament/1",\n  "name": "x" "players": []}',
            "not valid JSON at line 2, column 15: Expecting ',' delimiter",
        ),
        ('{"a": 1, "a": 2}', "key 'a' appears twice in the same JSON object"),
        ('{"x": NaN}', "not valid JSON: NaN is not a number rochade accepts"),
        ("[" * 100_000, "not valid JSON: nested too deeply"),
        ("[]", "not a rochade tournament file (expected an object, got a list)"),
        (
            "[" + "1" * 5000 + "]",
            "not valid JSON: a number has too many digits",
        ),
        ('"rochade"', "not a rochade tournament file (expected an object, got a string)"),
    ],
)
def test_malformed_json(text: str, message: str) -> None:
    with pytest.raises(FormatError) as info:
        parse_tournament(text)
    assert str(info.value) == message


def test_format_error_is_a_model_error() -> None:
    assert issubclass(FormatError, ModelError)


def test_settings_from_dict_reports_its_own_errors() -> None:
    with pytest.raises(FormatError, match=r"^settings\.seed: expected a whole number"):
        KEIZER.from_dict({"seed": "x"})
    with pytest.raises(FormatError, match=r"^settings: expected an object, got a list$"):
        KEIZER.from_dict([])


def test_writing_refuses_what_it_cannot_represent() -> None:
    t = Tournament("x", (), system="hockey")
    with pytest.raises(FormatError, match=r"^system hockey is not supported$"):
        format_tournament(t)
    with pytest.raises(FormatError,
                       match=r"keizer tournament needs the settings of its system, got dict$"):
        format_tournament(Tournament("x", (), settings={}))


def test_default_settings_are_written() -> None:
    text = format_tournament(Tournament("x", (Entrant(1, "A"),)))
    assert parse_tournament(text).settings == KeizerSettings()
    assert json.loads(text)["format"] == FORMAT


def test_documented_example_parses() -> None:
    doc = (DATA.parents[2] / "docs" / "json-format.md").read_text(encoding="utf-8")
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    t = parse_tournament(example)
    assert [r.number for r in t.rounds] == [1, 2]
    assert t.rounds[1].externals[0].replaces_row is False


def test_documented_categories_parse() -> None:
    doc = (DATA.parents[2] / "docs" / "json-format.md").read_text(encoding="utf-8")
    snippet = doc.split("```json\n")[2].split("```", 1)[0]
    assert snippet.startswith('"categories": {')
    text = ('{"format": "rochade-tournament/2", "name": "x", "players": [{"id": 1, "name": '
            '"A", "sex": "w", "birth": "2015-04-01"}], ' + snippet + "}")
    _t, file, _pairing = parse_tournament_file(text)
    assert file is not None and [c.name for c in file.categories] == [
        "Overall", "U1600", "Women", "U12"]
    assert file.one_prize and file.ages_on == "2026-03-01"
    assert file.details == {1: PlayerDetails(sex="w", birth="2015-04-01")}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '"rating": 1850',
            '"rating": 1e999999999',
            "players[0].rating: 1E+999999999 is not a number rochade accepts",
        ),
        ('"step": 1', '"step": 1e-99', "settings.step: 1E-99 is not a number rochade accepts"),
        ('"bye": "1/2"', '"bye": "1/' + "1" * 5000 + '"', "settings.fractions.bye: '1/111"),
    ],
)
def test_hostile_numbers_are_refused_quickly(old: str, new: str, message: str) -> None:
    text = dump(CONTRACT_EXAMPLE).replace(old, new, 1)
    with pytest.raises(FormatError) as info:
        parse_tournament(text)
    assert str(info.value).startswith(message)


def test_whole_numbers_written_as_decimals_are_accepted() -> None:
    text = dump(CONTRACT_EXAMPLE).replace('"rating": 1850', '"rating": 1.85E3', 1)
    assert parse_tournament(text).entrant(1).rating == 1850


def test_keys_of_other_programs_are_ignored() -> None:
    text = (DATA / "club-winter.json").read_text(encoding="utf-8")
    data = json.loads(text)
    data["date"] = "2026-11-30"
    data["players"][0]["club"] = "SK Rochade"
    data["rounds"][0]["venue"] = "Club house"
    assert parse_tournament(json.dumps(data)) == parse_tournament(text)


def test_settings_saved_before_the_colour_rule_keep_pairing_as_they_did() -> None:
    saved = KEIZER.to_dict(preset("kfc"))
    del saved["colour_rule"], saved["no_bye_twice_in_row"]
    old = KEIZER.from_dict(saved)
    assert old.colour_rule is ColourRule.BALANCE and old.no_bye_twice_in_row is True
    # a hand-written object naming only the preset gets the preset's choice
    assert KEIZER.from_dict({"preset": "kfc"}).no_bye_twice_in_row is False
    fewer = KEIZER.from_dict({"preset": "classic", "colour_rule": "fewer_whites"})
    assert fewer.colour_rule is ColourRule.FEWER_WHITES
    with pytest.raises(FormatError, match="colour_rule"):
        KEIZER.from_dict({"colour_rule": "more_whites"})


def test_the_fide_rating_is_written_only_where_it_is_not_the_one_rating() -> None:
    """A player paired by a national rating carries `fide_rating`; a file without it (every
    older one) reads its rating as the FIDE rating of a player with a FIDE id."""
    t = Tournament("Open", (
        Entrant(1, "Alpha", 1950, fide_id=4612345, fide_rating=2100),
        Entrant(2, "Bravo", 1800, fide_id=4612346, fide_rating=1800),
        Entrant(3, "Carla", 1700),
        Entrant(4, "Dora", 1600, fide_id=4612347),
    ), settings=KEIZER.from_dict({}))
    players = json.loads(format_tournament(t))["players"]
    assert [p.get("fide_rating", "-") for p in players] == [2100, "-", "-", None]
    assert parse_tournament(format_tournament(t)) == t
    older = json.loads(format_tournament(t))
    del older["players"][0]["fide_rating"], older["players"][3]["fide_rating"]
    assert [e.fide_rating for e in parse_tournament(json.dumps(older)).entrants] == [
        1950, 1800, None, 1600]


def test_the_pairing_rating_is_written_only_where_it_is_not_fide() -> None:
    """`pairing_rating` after the settings where the tournament pairs by a national or the
    higher rating; a file without it (every older one) pairs by FIDE's; one rochade does not
    know is refused, naming the key."""
    t = Tournament("Open", (Entrant(1, "Alpha", 1950),), settings=KEIZER.from_dict({}))
    assert "pairing_rating" not in json.loads(format_tournament(t))
    written = json.loads(format_tournament(t, pairing=PairingRating.NATIONAL))
    assert list(written)[:5] == ["format", "name", "system", "settings", "pairing_rating"]
    assert written["pairing_rating"] == "national"
    assert parse_tournament_file(json.dumps(written))[2] is PairingRating.NATIONAL
    written["pairing_rating"] = "elo"
    with pytest.raises(FormatError, match="pairing_rating: 'elo' is not one of fide, national, "
                                          "highest"):
        parse_tournament_file(json.dumps(written))
