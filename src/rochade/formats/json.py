"""The rochade tournament file: a whole tournament as one JSON document, and the settings codec.

Other tools write these files by hand or by script, so reading is strict and every problem is
reported once, on one line, naming where it is (a TD must be able to fix the file). Writing is
canonical: the same tournament always gives the same bytes, so files diff and golden-test well.
docs/json-format.md describes every key.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import functools
import json
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeVar

from rochade.core import categories as core_categories
from rochade.core import limits
from rochade.core.categories import Category
from rochade.core.fide import EventData, PlayerDetails
from rochade.core.keizer.settings import (
    STANDARD_REASONS,
    ColourRule,
    KeizerSettings,
    Ladder,
    NewMembers,
    Period,
    Recompute,
    RoundOneColours,
    StartOrder,
    preset,
)
from rochade.core.messages import N_, Message, message_of
from rochade.core.model import (
    Absence,
    Entrant,
    ExternalGame,
    Game,
    ModelError,
    PlayerId,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.core.systems import (
    KEIZER,
    ROUND_ROBIN,
    SWISS,
    SWISS_ABSENCES,
    SYSTEMS,
    Acceleration,
    ByeRequest,
    FirstRound,
    RoundRobinSettings,
    StartNumbers,
    SwissSettings,
    scoring,
    scoring_text,
)
from rochade.core.tiebreaks import Scoring, TieBreak, TieBreakError, parse_tiebreak

FORMAT = "rochade-tournament/1"
"""The value of the "format" key of a file without categories (as every rochade wrote it)."""
FORMAT_CATEGORIES = "rochade-tournament/2"
"""A file with the tournament's categories (version 2): a rochade that knows only version 1
refuses it instead of dropping the categories unseen."""

_FORMAT_RE = re.compile(r"rochade-tournament/(\d+)")
_VERSION = 2
_PLAYER_DETAILS = ("sex", "birth")
"""The players' data a file with categories carries: what women's and age categories need."""
_FRACTION_RE = re.compile(r"[+-]?(\d+(/\d+)?|\d+\.\d*|\.\d+)")
_MAX_EXPONENT = 30
_EXTERNAL_SCORES = (Fraction(0), Fraction(1, 2), Fraction(1))

E = TypeVar("E", bound=enum.Enum)


class FormatError(ModelError):
    """A tournament file that cannot be read; the one-line message says what is wrong and where."""


# --- reading JSON values --------------------------------------------------------------------


def _load(text: str) -> object:
    """JSON with exact decimals, no NaN/Infinity and no duplicate keys (a silent loss otherwise)."""
    try:
        return json.loads(
            text.removeprefix("\ufeff"),
            parse_float=Decimal,
            parse_constant=_reject_constant,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as exc:
        raise FormatError(
            "not valid JSON at line {lineno}, column {colno}: {msg}",
            lineno=exc.lineno,
            colno=exc.colno,
            msg=exc.msg,
        ) from None
    except FormatError:
        raise
    except RecursionError:
        raise FormatError("not valid JSON: nested too deeply") from None
    except ValueError:  # the only other failure: an integer with thousands of digits
        raise FormatError("not valid JSON: a number has too many digits") from None


def _reject_constant(name: str) -> object:
    raise FormatError("not valid JSON: {name} is not a number rochade accepts", name=name)


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise FormatError("key {key} appears twice in the same JSON object", key=repr(key))
        out[key] = value
    return out


def _kind(value: object) -> Message:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return Message("null")
    if isinstance(value, bool):
        return Message("true/false")
    if isinstance(value, int | float | Decimal):
        return Message("a number")
    if isinstance(value, str):
        return Message("a string")
    if isinstance(value, list):
        return Message("a list")
    return Message("an object")


def _obj(value: object, where: str, keys: Iterable[str] | None = None) -> dict[str, object]:
    """An object checked against its known `keys` (when given).

    Other programs may add keys of their own, so an unknown key is ignored, unless it looks
    like a misspelling of a known one: that would silently drop the TD's setting.
    """
    if not isinstance(value, dict):
        raise FormatError("{where}: expected an object, got {kind}", where=where, kind=_kind(value))
    if keys is None:
        return value
    known = list(keys)
    for key in value:
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            if close:
                raise FormatError(
                    "{where}: unknown key {key}; did you mean {close}?",
                    where=where,
                    key=repr(key),
                    close=repr(close[0]),
                )
    return value


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise FormatError("{where}: expected a list, got {kind}", where=where, kind=_kind(value))
    return value


def _any_str(value: object, where: str) -> str:
    """Any string, even empty (a log line), that can be written as UTF-8 (no lone
    surrogates)."""
    if not isinstance(value, str):
        raise FormatError("{where}: expected a string, got {kind}", where=where, kind=_kind(value))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise FormatError(
            "{where}: contains an invalid character (a lone surrogate)",
            where=where,
        ) from None
    return value


def _str(value: object, where: str) -> str:
    """A non-blank string that can be written as UTF-8."""
    if isinstance(value, str) and not value.strip():
        raise FormatError("{where}: must not be empty", where=where)
    return _any_str(value, where)


def _number(value: object, where: str, expected: str) -> int | Decimal:
    """A JSON number as int or exact Decimal; floats (from a caller's own json.loads) are read
    as the decimal they show. Exponents are bounded: 1e999999999 must not hang the reader."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise FormatError(
            "{where}: expected {expected}, got {kind}",
            where=where,
            expected=Message(expected),
            kind=_kind(value),
        )
    if isinstance(value, int):
        return value
    number = Decimal(repr(value)) if isinstance(value, float) else value
    exponent = number.as_tuple().exponent
    if not isinstance(exponent, int) or abs(exponent) > _MAX_EXPONENT:
        raise FormatError(
            "{where}: {value} is not a number rochade accepts",
            where=where,
            value=value,
        )
    return number


def _int(value: object, where: str, minimum: int | None = None) -> int:
    number = _number(value, where, N_("a whole number"))
    if isinstance(number, Decimal):
        if number != number.to_integral_value():
            raise FormatError("{where}: {number} is not a whole number", where=where, number=number)
        number = int(number)
    if not limits.INTEGER.low <= number <= limits.INTEGER.high:
        raise FormatError(
            "{where}: {value} is not a number rochade accepts",
            where=where,
            value=limits.shown(number),
        )
    if minimum is not None and number < minimum:
        raise FormatError(
            "{where}: must be at least {minimum}, got {number}",
            where=where,
            minimum=minimum,
            number=number,
        )
    return number


def _opt_int(value: object, where: str, minimum: int | None = None) -> int | None:
    return None if value is None else _int(value, where, minimum)


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(
            "{where}: expected true or false, got {kind}",
            where=where,
            kind=_kind(value),
        )
    return value


def _fraction(value: object, where: str) -> Fraction:
    """An exact number: "1/3", "0.35" (= 7/20), "2", or a JSON number read as its decimal text."""
    if isinstance(value, str):
        text = value.strip()
        if _FRACTION_RE.fullmatch(text):
            try:
                return Fraction(text)
            except (ZeroDivisionError, ValueError):  # 1/0, or thousands of digits
                pass
        raise FormatError("{where}: {value} is not a fraction", where=where, value=repr(value))
    return Fraction(_number(value, where, N_('a number or a fraction like "1/3"')))


def _opt_fraction(value: object, where: str) -> Fraction | None:
    return None if value is None else _fraction(value, where)


def _enum(value: object, where: str, cls: type[E]) -> E:
    for member in cls:
        if member.value == value:
            return member
    choices = ", ".join(str(m.value) for m in cls)
    raise FormatError(
        "{where}: {value} is not one of {choices}",
        where=where,
        value=repr(value),
        choices=choices,
    )


# --- settings -------------------------------------------------------------------------------


def _value_out(value: Fraction) -> int | str:
    """Values (points) are usually whole: written as numbers then, exact strings otherwise."""
    return value.numerator if value.denominator == 1 else str(value)


def _opt_value_out(value: Fraction | None) -> int | str | None:
    return None if value is None else _value_out(value)


def settings_to_dict(settings: KeizerSettings) -> dict[str, object]:
    """Every setting, explicitly: a saved file must not change meaning when a preset changes."""
    s = settings
    fractions = [r for r in STANDARD_REASONS if r in s.fractions]
    fractions += sorted(r for r in s.fractions if r not in STANDARD_REASONS)
    return {
        "preset": s.preset,
        "ladder": s.ladder.value,
        "top_value": _opt_value_out(s.top_value),
        "ratio": _value_out(s.ratio),
        "step": _value_out(s.step),
        "floor": _opt_value_out(s.floor),
        "win_factor": str(s.win_factor),
        "draw_factor": str(s.draw_factor),
        "loss_factor": str(s.loss_factor),
        "fractions": {r: str(s.fractions[r]) for r in fractions},
        "caps": {r: s.caps[r] for r in sorted(s.caps)},
        "halving": sorted(s.halving),
        "own_value_factor": str(s.own_value_factor),
        "recompute": s.recompute.value,
        "max_iterations": s.max_iterations,
        "team_values": {str(t): _value_out(s.team_values[t]) for t in sorted(s.team_values)},
        "team_shares": {str(t): str(s.team_shares[t]) for t in sorted(s.team_shares)},
        "board_step": _value_out(s.board_step),
        "rematch_gap": s.rematch_gap,
        "max_meetings": s.max_meetings,
        "forbidden_pairs": sorted(sorted(pair) for pair in s.forbidden_pairs),
        "max_colour_difference": s.max_colour_difference,
        "max_same_colour_run": s.max_same_colour_run,
        "byes_evenly": s.byes_evenly,
        "byes_count_absences": s.byes_count_absences,
        "round_one_colours": s.round_one_colours.value,
        "no_bye_twice_in_row": s.no_bye_twice_in_row,
        "colour_rule": s.colour_rule.value,
        "seed": s.seed,
        "periods": [
            {
                "first_round": p.first_round,
                "rematch_gap": p.rematch_gap,
                "max_meetings": p.max_meetings,
            }
            for p in s.periods
        ],
        "start_order": s.start_order.value,
        "start_list": list(s.start_list),
        "start_seed": s.start_seed,
        "start_from": s.start_from,
        "new_members": s.new_members.value,
    }


_SETTINGS_KEYS = tuple(settings_to_dict(KeizerSettings()))

# Settings read by one reader each: key -> reader(value, where). Ladder, fractions, caps,
# halving, team values, forbidden pairs and periods need more than one value and are read apart.
_SIMPLE: dict[str, Callable[[object, str], object]] = {
    "step": _fraction,
    "floor": _opt_fraction,
    "win_factor": _fraction,
    "draw_factor": _fraction,
    "loss_factor": _fraction,
    "own_value_factor": _fraction,
    "recompute": lambda v, w: _enum(v, w, Recompute),
    "max_iterations": lambda v, w: _int(v, w, 1),
    "board_step": _fraction,
    "rematch_gap": lambda v, w: _int(v, w, 0),
    "max_meetings": lambda v, w: _opt_int(v, w, 1),
    "max_colour_difference": lambda v, w: _opt_int(v, w, 0),
    "max_same_colour_run": lambda v, w: _opt_int(v, w, 1),
    "byes_evenly": _bool,
    "byes_count_absences": _bool,
    "round_one_colours": lambda v, w: _enum(v, w, RoundOneColours),
    "no_bye_twice_in_row": _bool,
    "colour_rule": lambda v, w: _enum(v, w, ColourRule),
    "seed": _int,
    "start_order": lambda v, w: _enum(v, w, StartOrder),
    "start_list": lambda v, w: tuple(
        _str(name, f"{w}[{i}]") for i, name in enumerate(_list(v, w))
    ),
    "start_seed": _opt_int,
    "start_from": _any_str,
    "new_members": lambda v, w: _enum(v, w, NewMembers),
}

_BEFORE_COLOUR_RULES: dict[str, object] = {"no_bye_twice_in_row": True, "colour_rule": "balance"}
"""What settings saved before these keys existed meant (every preset then): a complete saved
object (it has `seed`) without them keeps pairing as it did."""


def settings_from_dict(data: object, where: str = "settings") -> KeizerSettings:
    """Settings from their JSON object; every key not given comes from the named preset."""
    d = _obj(data, where, _SETTINGS_KEYS)
    name = d.get("preset", "classic")
    if not isinstance(name, str):
        raise FormatError(
            "{where}.preset: expected a string, got {kind}",
            where=where,
            kind=_kind(name),
        )
    try:
        base = preset(name)
    except ModelError as exc:
        raise FormatError("{where}.preset: {exc}", where=where, exc=message_of(exc)) from None
    if "seed" in d:
        d = {**_BEFORE_COLOUR_RULES, **d}
    changes: dict[str, Any] = {
        key: read(d[key], f"{where}.{key}") for key, read in _SIMPLE.items() if key in d
    }
    changes.update(_ladder(d, base, where))
    fractions = dict(base.fractions)
    for reason, value in _obj(d.get("fractions", {}), f"{where}.fractions").items():
        if not reason.strip():
            raise FormatError("{where}.fractions: a reason must have a name", where=where)
        fractions[reason] = _fraction(value, f"{where}.fractions.{reason}")
    changes["fractions"] = MappingProxyType(fractions)
    if "caps" in d:
        caps = _obj(d["caps"], f"{where}.caps", fractions)
        changes["caps"] = MappingProxyType(
            {r: _int(n, f"{where}.caps.{r}", 0) for r, n in caps.items()}
        )
    if "halving" in d:
        changes["halving"] = frozenset(
            _known_reason(r, f"{where}.halving[{i}]", fractions)
            for i, r in enumerate(_list(d["halving"], f"{where}.halving"))
        )
    for key in ("team_values", "team_shares"):
        if key in d:
            changes[key] = _team_values(d[key], f"{where}.{key}")
    if "team_values" in d and "team_shares" not in d:  # written before shares: points only
        changes["team_shares"] = MappingProxyType({})
    if "forbidden_pairs" in d:
        changes["forbidden_pairs"] = _forbidden_pairs(d["forbidden_pairs"], where)
    if "periods" in d:
        changes["periods"] = tuple(
            _period(p, f"{where}.periods[{i}]")
            for i, p in enumerate(_list(d["periods"], f"{where}.periods"))
        )
    try:
        return dataclasses.replace(base, **changes)
    except ModelError as exc:
        raise FormatError(str(exc)) from None


def _ladder(d: Mapping[str, object], base: KeizerSettings, where: str) -> dict[str, Any]:
    """A top value given means a fixed ladder; top value null means one derived from the ratio."""
    out: dict[str, Any] = {}
    if d.get("ratio") is not None:
        out["ratio"] = _fraction(d["ratio"], f"{where}.ratio")
    if "top_value" in d:
        out["top_value"] = _opt_fraction(d["top_value"], f"{where}.top_value")
    if "ladder" in d:
        ladder = _enum(d["ladder"], f"{where}.ladder", Ladder)
    elif out.get("top_value") is not None:
        ladder = Ladder.FIXED
    elif "top_value" in d or "ratio" in out:
        ladder = Ladder.RATIO
    else:
        ladder = base.ladder
    out["ladder"] = ladder
    if ladder is not Ladder.FIXED and "top_value" not in d:
        out["top_value"] = None
    if ladder is Ladder.FIXED and out.get("top_value", base.top_value) is None:
        raise FormatError("{where}.top_value: a fixed ladder needs a top value", where=where)
    return out


def _known_reason(value: object, where: str, fractions: Mapping[str, object]) -> str:
    reason = _str(value, where)
    if reason not in fractions:
        raise FormatError(
            "{where}: unknown reason {reason} (it has no fraction)",
            where=where,
            reason=repr(reason),
        )
    return reason


def _team_values(value: object, where: str) -> Mapping[int, Fraction]:
    teams = _obj(value, where)
    out: dict[int, Fraction] = {}
    for key, base in teams.items():
        if not key.isascii() or not key.isdigit() or int(key) < 1:
            raise FormatError(
                "{where}: team {key} is not a team number (1, 2, 3 ...)",
                where=where,
                key=repr(key),
            )
        out[int(key)] = _fraction(base, f"{where}.{key}")
    return MappingProxyType(out)


def _forbidden_pairs(value: object, where: str) -> frozenset[frozenset[PlayerId]]:
    pairs = set()
    for i, item in enumerate(_list(value, f"{where}.forbidden_pairs")):
        here = f"{where}.forbidden_pairs[{i}]"
        ids = _list(item, here)
        if len(ids) != 2:
            raise FormatError("{here}: a pair needs exactly two player ids", here=here)
        pair = frozenset(_int(p, here, 1) for p in ids)
        if len(pair) != 2:
            raise FormatError("{here}: a player cannot be forbidden to meet themself", here=here)
        pairs.add(pair)
    return frozenset(pairs)


def _bye_requests(value: object, where: str) -> frozenset[ByeRequest]:
    out = set()
    for i, item in enumerate(_list(value, where)):
        d = _obj(item, f"{where}[{i}]", ("round", "player", "bye"))
        kind = d.get("bye", "hpb")
        if kind not in ("hpb", "zpb", "fpb"):
            raise FormatError(
                "{where}[{i}].bye: {kind} is not hpb, zpb or fpb",
                where=where,
                i=i,
                kind=repr(kind),
            )
        out.add(ByeRequest(_int(d.get("round"), f"{where}[{i}].round", 1),
                           _int(d.get("player"), f"{where}[{i}].player", 1), kind == "hpb",
                           kind == "fpb"))
    return frozenset(out)


def _period(value: object, where: str) -> Period:
    d = _obj(value, where, ("first_round", "rematch_gap", "max_meetings"))
    if "first_round" not in d:
        raise FormatError('{where}: missing "first_round"', where=where)
    return Period(
        first_round=_int(d["first_round"], f"{where}.first_round", 1),
        rematch_gap=_opt_int(d.get("rematch_gap"), f"{where}.rematch_gap", 0),
        max_meetings=_opt_int(d.get("max_meetings"), f"{where}.max_meetings", 1),
    )


# --- round-robin and Swiss settings ---------------------------------------------------------

_BYES = ("pab", "fpb", "hpb", "zpb")


def _scoring_out(s: Scoring) -> dict[str, object]:
    return {
        "scoring": scoring_text(s),
        "bye_values": {b: None if getattr(s, b) is None else str(getattr(s, b)) for b in _BYES},
    }


def _scoring_in(d: Mapping[str, object], where: str) -> Scoring:
    text = d.get("scoring", "1-1/2-0")
    try:
        base = scoring(_str(text, f"{where}.scoring"))
    except (ModelError, TieBreakError) as exc:
        raise FormatError("{where}.scoring: {exc}", where=where, exc=message_of(exc)) from None
    byes = _obj(d.get("bye_values", {}), f"{where}.bye_values", _BYES)
    values: dict[str, Any] = {
        b: _opt_fraction(byes.get(b), f"{where}.bye_values.{b}") for b in _BYES
    }
    return dataclasses.replace(base, **values)


def _tiebreaks_in(value: object, where: str) -> tuple[TieBreak, ...]:
    out = []
    for i, item in enumerate(_list(value, where)):
        try:
            out.append(parse_tiebreak(_str(item, f"{where}[{i}]")))
        except TieBreakError as exc:
            raise FormatError(
                "{where}[{i}]: {exc}",
                where=where,
                i=i,
                exc=message_of(exc),
            ) from None
    return tuple(out)


def system_settings_to_dict(settings: object) -> dict[str, object]:
    """Any system's settings as their JSON object (every setting spelled out)."""
    if isinstance(settings, KeizerSettings):
        return settings_to_dict(settings)
    if isinstance(settings, RoundRobinSettings):
        return {
            "double": settings.double,
            "numbers_by": settings.numbers_by.value,
            "seed": settings.seed,
            "numbers": list(settings.numbers),
            "swap_last_two": settings.swap_last_two,
            **_scoring_out(settings.scoring),
            "tiebreaks": [str(tb) for tb in settings.tiebreaks],
        }
    if isinstance(settings, SwissSettings):
        return {
            "rounds": settings.rounds,
            **_scoring_out(settings.scoring),
            "tiebreaks": [str(tb) for tb in settings.tiebreaks],
            "acceleration": settings.acceleration.value,
            "first_round": settings.first_round.value,
            "seed": settings.seed,
            "forbidden_pairs": sorted(sorted(pair) for pair in settings.forbidden_pairs),
            "bye_requests": [
                {"round": b.round, "player": b.player,
                 "bye": "fpb" if b.full else "hpb" if b.half else "zpb"}
                for b in sorted(settings.bye_requests)
            ],
            "max_half_point_byes": settings.max_half_point_byes,
            "half_point_byes_closed": settings.half_point_byes_closed,
            "numbers": list(settings.numbers),
        }
    raise FormatError("unknown settings {type}", type=type(settings).__name__)


_RR_KEYS = tuple(system_settings_to_dict(RoundRobinSettings()))
_SWISS_KEYS = tuple(system_settings_to_dict(SwissSettings()))


def system_settings_from_dict(system: str, data: object, where: str = "settings") -> object:
    """The settings of a `system` from their JSON object; keys not given take the defaults."""
    if system == KEIZER:
        return settings_from_dict(data, where)
    try:
        return _fide_settings(system, data, where)
    except FormatError:
        raise
    except ModelError as exc:
        raise FormatError("{where}: {exc}", where=where, exc=message_of(exc)) from None


def _numbers(d: Mapping[str, object], where: str) -> tuple[int, ...]:
    """A round robin's drawn start numbers or a Swiss's pairing numbers: ids, each once."""
    numbers = tuple(
        _int(n, f"{where}.numbers[{i}]", 1)
        for i, n in enumerate(_list(d.get("numbers", []), f"{where}.numbers"))
    )
    if len(set(numbers)) != len(numbers):
        raise FormatError("{where}.numbers: a player has two start numbers", where=where)
    return numbers


def _fide_settings(system: str, data: object, where: str) -> object:
    if system == ROUND_ROBIN:
        d = _obj(data, where, _RR_KEYS)
        rr = RoundRobinSettings(scoring=_scoring_in(d, where))
        return dataclasses.replace(
            rr,
            double=_bool(d.get("double", rr.double), f"{where}.double"),
            numbers_by=_enum(d.get("numbers_by", rr.numbers_by.value), f"{where}.numbers_by",
                             StartNumbers),
            seed=_int(d.get("seed", rr.seed), f"{where}.seed"),
            numbers=_numbers(d, where),
            swap_last_two=_bool(d.get("swap_last_two", True), f"{where}.swap_last_two"),
            tiebreaks=_tiebreaks_in(d.get("tiebreaks", [str(t) for t in rr.tiebreaks]),
                                    f"{where}.tiebreaks"),
        )
    if system == SWISS:
        d = _obj(data, where, _SWISS_KEYS)
        sw = SwissSettings()
        return SwissSettings(
            rounds=_int(d.get("rounds", sw.rounds), f"{where}.rounds", 1),
            scoring=_scoring_in(d, where),
            tiebreaks=_tiebreaks_in(d.get("tiebreaks", [str(t) for t in sw.tiebreaks]),
                                    f"{where}.tiebreaks"),
            acceleration=_enum(d.get("acceleration", "none"), f"{where}.acceleration",
                               Acceleration),
            first_round=_enum(d.get("first_round", "dutch"), f"{where}.first_round", FirstRound),
            seed=_int(d.get("seed", sw.seed), f"{where}.seed"),
            forbidden_pairs=_forbidden_pairs(d.get("forbidden_pairs", []), where),
            bye_requests=_bye_requests(d.get("bye_requests", []), f"{where}.bye_requests"),
            max_half_point_byes=_opt_int(d.get("max_half_point_byes"),
                                         f"{where}.max_half_point_byes", 0),
            half_point_byes_closed=_int(d.get("half_point_byes_closed", 0),
                                        f"{where}.half_point_byes_closed", 0),
            numbers=_numbers(d, where),
        )
    raise FormatError(
        "system {system} is not one of {systems}",
        system=repr(system),
        systems=", ".join(SYSTEMS),
    )


# --- the tournament -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class FileCategories:
    """What a file says about the tournament's categories (format 2): the categories as the
    TD writes them, the one-prize rule, the day ages count on ("": not fixed, the importing
    club's rule applies) and the players' sex and birth date they are decided by."""

    categories: tuple[Category, ...]
    one_prize: bool = False
    ages_on: str = ""
    details: Mapping[PlayerId, PlayerDetails] = dataclasses.field(default_factory=dict)


def tournament_to_dict(tournament: Tournament, categories: FileCategories | None = None
                       ) -> dict[str, object]:
    """The document `format_tournament` writes, as Python values."""
    t = tournament
    if t.system not in SYSTEMS:
        raise FormatError("system {system} is not supported", system=t.system)
    settings = t.settings
    if settings is None:
        settings = system_settings_from_dict(t.system, {})
    if t.system == KEIZER and not isinstance(settings, KeizerSettings):
        raise FormatError(
            "a keizer tournament needs Keizer settings, got {type}",
            type=type(settings).__name__,
        )
    details = {} if categories is None else categories.details
    out: dict[str, object] = {
        "format": FORMAT if categories is None else FORMAT_CATEGORIES,
        "name": t.name,
        "system": t.system,
        "settings": system_settings_to_dict(settings),
        "players": [_entrant_out(e, details.get(e.id)) for e in t.entrants],
        "rounds": [_round_out(r) for r in t.rounds],
    }
    if categories is not None:
        out["categories"] = {"list": [c.text() for c in categories.categories],
                             "one_prize": categories.one_prize,
                             "ages_on": categories.ages_on or None}
    return out


def format_tournament(tournament: Tournament, categories: FileCategories | None = None) -> str:
    """Canonical text: stable key order, indent 2, non-ASCII kept readable, final newline.
    With `categories` the file is of format 2 (`FORMAT_CATEGORIES`); without, as ever."""
    document = tournament_to_dict(tournament, categories)
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _entrant_out(e: Entrant, details: PlayerDetails | None = None) -> dict[str, object]:
    out: dict[str, object] = {"id": e.id, "name": e.name, "rating": e.rating}
    if e.status is not Status.PRESENT:
        out["status"] = e.status.value
    if e.fide_id is not None:
        out["fide_id"] = e.fide_id
    for key in _PLAYER_DETAILS:
        if details is not None and getattr(details, key):
            out[key] = getattr(details, key)
    return out


def _round_out(r: Round) -> dict[str, object]:
    out: dict[str, object] = {
        "number": r.number,
        "games": [_game_out(g) for g in r.games],
        "absent": [{"player": a.player, "reason": a.reason} for a in r.absences],
        "bye": r.bye,
    }
    if r.externals:
        out["external"] = [
            {
                "player": x.player,
                "team": x.team,
                "board": x.board,
                "score": str(x.score),
                "replaces_row": x.replaces_row,
            }
            for x in r.externals
        ]
    return out


def _game_out(g: Game) -> dict[str, object]:
    out: dict[str, object] = {"board": g.board} if g.board else {}
    out.update(white=g.white, black=g.black, result=None if g.result is None else str(g.result))
    return out


def parse_tournament(text: str) -> Tournament:
    """Read and check a whole tournament; raises FormatError naming the first problem."""
    return parse_tournament_file(text)[0]


def parse_tournament_file(text: str) -> tuple[Tournament, FileCategories | None]:
    """`parse_tournament`, and the tournament's categories when the file has them."""
    data = _load(text)
    if not isinstance(data, dict):
        raise FormatError(
            "not a rochade tournament file (expected an object, got {kind})",
            kind=_kind(data),
        )
    if "format" not in data:
        raise FormatError('not a rochade tournament file (missing "format")')
    fmt = data["format"]
    match = _FORMAT_RE.fullmatch(fmt) if isinstance(fmt, str) else None
    if match is None or int(match[1]) < 1:
        raise FormatError("not a rochade tournament file (format {fmt})", fmt=repr(fmt))
    if int(match[1]) > _VERSION:
        raise FormatError("format {fmt} is newer than this rochade understands", fmt=fmt)
    d = _obj(data, "file",
             ("format", "name", "system", "settings", "players", "rounds", "categories"))
    system = d.get("system", KEIZER)
    if system not in SYSTEMS:
        raise FormatError(
            "system {system} is not one of {systems}",
            system=repr(system),
            systems=", ".join(SYSTEMS),
        )
    if "name" not in d:
        raise FormatError('file: missing "name" (the tournament\'s name)')
    if "players" not in d:
        raise FormatError('file: missing "players"')
    settings = system_settings_from_dict(str(system), d.get("settings", {}))
    reasons, teams, forbidden = _round_rules(settings)
    players = _list(d["players"], "players")
    entrants = tuple(_entrant(p, f"players[{i}]") for i, p in enumerate(players))
    categories = None
    if "categories" in d:
        details = {e.id: _player_details(p, f"players[{i}]")
                   for i, (e, p) in enumerate(zip(entrants, players, strict=True))}
        categories = _categories(d["categories"], {k: v for k, v in details.items() if v})
    ids: set[PlayerId] = set()
    for e in entrants:
        if e.id in ids:
            raise FormatError("players: id {id} is used twice", id=e.id)
        ids.add(e.id)
    unknown = sorted(set().union(*forbidden) - ids)
    if unknown:
        raise FormatError("settings.forbidden_pairs: unknown player id {id}", id=unknown[0])
    rounds = tuple(
        _round(r, i + 1, reasons, teams, ids)
        for i, r in enumerate(_list(d.get("rounds", []), "rounds"))
    )
    tournament = Tournament(
        name=_str(d["name"], "name"),
        entrants=entrants,
        rounds=rounds,
        system=str(system),
        settings=settings,
    )
    if isinstance(settings, SwissSettings) and {b.player for b in settings.bye_requests} - ids:
        unknown = sorted({b.player for b in settings.bye_requests} - ids)
        raise FormatError("settings.bye_requests: unknown player id {id}", id=unknown[0])
    if isinstance(settings, RoundRobinSettings | SwissSettings) and set(settings.numbers) - ids:
        raise FormatError(
            "settings.numbers: unknown player id {id}",
            id=min(set(settings.numbers) - ids),
        )
    try:
        tournament.validate()
    except ModelError as exc:
        raise FormatError(str(exc)) from None
    return tournament, categories


def _categories(value: object, details: Mapping[PlayerId, PlayerDetails]) -> FileCategories:
    """The file's categories, each read as the TD's text is (`core.categories.parse`)."""
    d = _obj(value, "categories", ("list", "one_prize", "ages_on"))
    texts = [_any_str(item, f"categories.list[{i}]")
             for i, item in enumerate(_list(d.get("list", []), "categories.list"))]
    for i, item in enumerate(texts):
        where = f"categories.list[{i}]"
        if len(_read(core_categories.parse, item, where)) != 1:
            raise FormatError("{where}: expected one category (its name, a colon and its "
                              "conditions)", where=where)
    parsed = _read(core_categories.parse, "; ".join(texts), "categories.list")  # names twice
    ages_on = d.get("ages_on")
    day = "" if ages_on is None else _read(
        lambda typed: EventData().changed("start_date", typed).start_date,
        _str(ages_on, "categories.ages_on"), "categories.ages_on")
    return FileCategories(parsed, _bool(d.get("one_prize", False), "categories.one_prize"),
                          day, details)


R = TypeVar("R")


def _read(read: Callable[[str], R], typed: str, where: str) -> R:
    """`read(typed)`, its refusal said as the file's problem at `where`."""
    try:
        return read(typed)
    except ModelError as exc:
        raise FormatError("{where}: {exc}", where=where, exc=message_of(exc)) from None


def _player_details(value: object, where: str) -> PlayerDetails | None:
    """A player's sex and birth date (format 2, for the categories); None: neither given."""
    d = _obj(value, where)
    details = PlayerDetails()
    for key in _PLAYER_DETAILS:
        if key in d:
            read = functools.partial(details.changed, key)
            details = _read(read, _str(d[key], f"{where}.{key}"), f"{where}.{key}")
    return details if details != PlayerDetails() else None


def _entrant(value: object, where: str) -> Entrant:
    d = _obj(value, where, ("id", "name", "rating", "status", "fide_id", *_PLAYER_DETAILS))
    for key in ("id", "name"):
        if key not in d:
            raise FormatError("{where}: missing {key}", where=where, key=repr(key))
    entrant = Entrant(
        id=_int(d["id"], f"{where}.id", 1),
        name=_str(d["name"], f"{where}.name"),
        rating=_opt_int(d.get("rating"), f"{where}.rating", 0),
        status=_enum(d.get("status", "present"), f"{where}.status", Status),
        fide_id=_opt_int(d.get("fide_id"), f"{where}.fide_id", 1),
    )
    limits.PLAYERS.check(entrant.id, f"{where}.id")
    limits.RATING.optional(entrant.rating, f"{where}.rating")
    limits.FIDE_ID.optional(entrant.fide_id, f"{where}.fide_id")
    return entrant


def _round_rules(
    settings: object,
) -> tuple[Mapping[str, object], Collection[int], frozenset[frozenset[PlayerId]]]:
    """Absence reasons, teams with board values and forbidden pairs a system's rounds may use."""
    if isinstance(settings, KeizerSettings):
        teams = settings.team_values.keys() | settings.team_shares.keys()
        return settings.fractions, teams, settings.forbidden_pairs
    forbidden = settings.forbidden_pairs if isinstance(settings, SwissSettings) else frozenset()
    return SWISS_ABSENCES, (), forbidden


def _round(
    value: object,
    position: int,
    reasons: Mapping[str, object],
    teams: Collection[int],
    ids: set[PlayerId],
) -> Round:
    d = _obj(value, f"rounds[{position - 1}]", ("number", "games", "absent", "bye", "external"))
    number = _int(d.get("number", position), f"rounds[{position - 1}].number", 1)
    limits.ROUNDS.check(number, f"rounds[{position - 1}].number")
    where = f"round {number}"
    games = tuple(
        _game(g, f"{where}, games[{i}]")
        for i, g in enumerate(_list(d.get("games", []), f"{where}, games"))
    )
    boards = [g.board for g in games if g.board]
    for board in boards:
        if boards.count(board) > 1:
            raise FormatError("{where}: board {board} appears twice", where=where, board=board)
    absences = tuple(
        _absence(a, f"{where}, absent[{i}]", reasons)
        for i, a in enumerate(_list(d.get("absent", []), f"{where}, absent"))
    )
    externals = tuple(
        _external(x, f"{where}, external[{i}]", teams, ids)
        for i, x in enumerate(_list(d.get("external", []), f"{where}, external"))
    )
    bye = _opt_int(d.get("bye"), f"{where}, bye", 1)
    return Round(number=number, games=games, absences=absences, bye=bye, externals=externals)


def _game(value: object, where: str) -> Game:
    d = _obj(value, where, ("board", "white", "black", "result"))
    for key in ("white", "black"):
        if key not in d:
            raise FormatError("{where}: missing {key}", where=where, key=repr(key))
    result = d.get("result")
    if result is not None:
        if not isinstance(result, str):
            raise FormatError(
                '{where}.result: expected a string like "1-0", got {kind}',
                where=where,
                kind=_kind(result),
            )
        try:
            result = Result.parse(result)
        except ModelError as exc:
            raise FormatError("{where}.result: {exc}", where=where, exc=message_of(exc)) from None
    return Game(
        white=_int(d["white"], f"{where}.white", 1),
        black=_int(d["black"], f"{where}.black", 1),
        result=result,
        board=_int(d["board"], f"{where}.board", 1) if "board" in d else 0,
    )


def _absence(value: object, where: str, reasons: Mapping[str, object]) -> Absence:
    d = _obj(value, where, ("player", "reason"))
    for key in ("player", "reason"):
        if key not in d:
            raise FormatError("{where}: missing {key}", where=where, key=repr(key))
    player = _int(d["player"], f"{where}.player", 1)
    reason = _known_reason(d["reason"], f"{where}.reason", reasons)
    return Absence(player=player, reason=reason)


def _external(
    value: object, where: str, teams: Collection[int], ids: set[PlayerId]
) -> ExternalGame:
    d = _obj(value, where, ("player", "team", "board", "score", "replaces_row"))
    for key in ("player", "team", "board", "score"):
        if key not in d:
            raise FormatError("{where}: missing {key}", where=where, key=repr(key))
    player = _int(d["player"], f"{where}.player", 1)
    if player not in ids:
        raise FormatError("{where}.player: unknown player id {player}", where=where, player=player)
    team = _int(d["team"], f"{where}.team", 1)
    if team not in teams:
        raise FormatError(
            "{where}.team: team {team} has no value in settings.team_values or team_shares",
            where=where,
            team=team,
        )
    score = _fraction(d["score"], f"{where}.score")
    if score not in _EXTERNAL_SCORES:
        raise FormatError(
            '{where}.score: must be "1", "1/2" or "0", got {score}',
            where=where,
            score=repr(d["score"]),
        )
    return ExternalGame(
        player=player,
        team=team,
        board=_int(d["board"], f"{where}.board", 1),
        score=score,
        replaces_row=_bool(d.get("replaces_row", True), f"{where}.replaces_row"),
    )


__all__ = [
    "FORMAT",
    "FORMAT_CATEGORIES",
    "FileCategories",
    "FormatError",
    "format_tournament",
    "parse_tournament",
    "parse_tournament_file",
    "settings_from_dict",
    "settings_to_dict",
    "system_settings_from_dict",
    "system_settings_to_dict",
    "tournament_to_dict",
]
