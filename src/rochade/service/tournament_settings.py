"""A Keizer tournament's settings as the TD sees them: each one named, explained, read from
what the TD typed, and whether it may still change once rounds are played.

Keizer standings are derived from the facts on every request, so almost every setting may
change mid-season: the old rounds are simply priced again (the TD sees who moves before
saving). Only the colours of round 1 are fixed once it is paired. A round robin's or Swiss's
settings are `rochade.service.system_cases.changed_settings`'; `system_changes` lists them for the
same report.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NamedTuple

from rochade.core.keizer.settings import PRESETS as PRESETS  # offered by the CLI and the pages
from rochade.core.keizer.settings import (
    STANDARD_REASONS,
    ColourRule,
    CupGames,
    Ladder,
    LeagueGames,
    NewMembers,
    Period,
    Recompute,
    RoundOneColours,
    StartOrder,
)
from rochade.core.keizer.settings import KeizerSettings as KeizerSettings  # the rule set pages show
from rochade.core.limits import number
from rochade.core.messages import N_, Message, joined
from rochade.core.model import ModelError, Tournament
from rochade.core.systems import system_holding
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.service.errors import ServiceError
from rochade.service.reports import StandingChange

NUMBER, WHOLE, CHOICE, YES_NO, TEXT = "number", "whole", "choice", "yes/no", "text"
Fields = dict[str, object]
"""A settings object's fields, changed one by one and checked together at the end (a fixed
ladder and its top value may only make sense together)."""


@dataclass(frozen=True)
class Setting:
    """One setting: its key (as `rochade tournament set KEY=VALUE` takes it), its words, the
    kind of value, and whether it may change after round 1 is paired."""

    key: str
    label: str
    help: str
    kind: str
    choices: tuple[str, ...] = ()
    optional: bool = False  # empty means "no limit" / "none"
    after_start: bool = True
    get: Callable[[object], object] | None = None
    put: Callable[[Fields, object], None] | None = None
    parse: Callable[[str], object] | None = None  # a value of its own form (start_order)
    share: bool = False  # a share, which a TD may also write as a percentage ("30%")
    percent: bool = False  # a part of the own value, 0 to 100 %: a bare 35 is 35 %

    def value(self, settings: object) -> object:
        return self.get(settings) if self.get else getattr(settings, self.key)

    def text(self, settings: object) -> str:
        """The current value as the TD would type it."""
        return self.shown(self.value(settings))

    def shown(self, value: object) -> str:
        """`value` as the TD would type it (an absence share as a percentage)."""
        if self.percent and isinstance(value, Fraction):
            return percent_text(value)
        return show(value)

    def read(self, typed: str) -> object:
        """The value the TD typed, or an error saying what was expected."""
        typed = typed.strip()
        if not typed and self.optional:
            return None
        label = Message(self.label)
        if self.parse is not None:
            return self.parse(typed)
        if self.kind == NUMBER:
            percent = (self.share or self.percent) and typed.endswith("%")
            try:
                value = number(typed[:-1].strip() if percent else typed)
            except ValueError:
                raise ServiceError(
                    "{setting}: '{value}' is not a number", setting=label, value=typed
                ) from None
            if value < 0:
                raise ServiceError("{setting} cannot be negative", setting=label)
            if self.percent:
                return _part(value, percent or value > 1, label, typed)
            return value / 100 if percent else value
        if self.kind == WHOLE:
            if not (typed.isascii() and typed.isdigit() and len(typed) <= 6):
                raise ServiceError(
                    "{setting}: '{value}' is not a whole number", setting=label, value=typed
                )
            return int(typed)
        if self.kind == YES_NO:
            answer = {"yes": True, "no": False, "true": True, "false": False}.get(typed.lower())
            if answer is None:
                raise ServiceError("{setting}: write yes or no", setting=label)
            return answer
        if self.kind == CHOICE and typed not in self.choices:
            raise ServiceError(
                "{setting}: '{value}' is not one of {choices}",
                setting=label,
                value=typed,
                choices=", ".join(self.choices),
            )
        return typed

    def apply(self, fields: Fields, value: object) -> None:
        if self.put:
            self.put(fields, value)
        else:
            fields[self.key] = value


def _part(value: Fraction, percent: bool, label: Message, typed: str) -> Fraction:
    """An absence share as KeizerForClubs and the clubs' manuals write it: a percentage
    (35, 35 %), or the part itself up to 1 (0.35, 1/3, 1 for all of the own value); never
    more than all of it (a bare 35 once meant 35 times the own value)."""
    part = value / 100 if percent else value
    if part > 1:
        raise ServiceError(
            "{setting}: '{value}' is more than 100%; write a percentage (35 or 35%) or a "
            "part (0.35 or 1/3)",
            setting=label,
            value=typed,
        )
    return part


PERCENT_HINT = N_("A percentage (35 or 35%) or a part of the own value (0.35 or 1/3); at "
                  "most all of it (100%).")
"""Said beside every absence share, on the settings page and in `tournament set`."""

_THIRDS = {Fraction(1, 3): "⅓", Fraction(2, 3): "⅔"}


def percent_text(share: Fraction) -> str:
    """A share as a percentage that reads back exactly: 35 %, 12.5 %, 33⅓ %; a share no
    percentage writes briefly (1/7) as itself."""
    percent = share * 100
    whole, rest = divmod(percent, 1)
    if rest in _THIRDS:
        return f"{whole}{_THIRDS[rest]} %"
    if (percent * 100).denominator != 1:
        return show(share)
    hundredths = int(percent * 100)  # a share is never negative
    return f"{hundredths // 100}.{hundredths % 100:02d}".rstrip("0").rstrip(".") + " %"


def show(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, TeamBoards):
        return value.text()
    if hasattr(value, "value") and not isinstance(value, Fraction | int):
        return str(value.value)
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def _share(reason: str) -> Setting:
    def get(s: object) -> object:
        return s.fractions[reason]  # type: ignore[attr-defined]

    def put(fields: Fields, value: object) -> None:
        fractions = dict(fields["fractions"])  # type: ignore[call-overload]
        fractions[reason] = value
        fields["fractions"] = MappingProxyType(fractions)

    label, help_ = _SHARES[reason]
    return Setting(f"fractions.{reason}", label, help_, NUMBER, get=get, put=put, percent=True)


_SHARES = {
    "bye": (N_("Share for the bye"), N_("Part of the own value a player with the bye gets.")),
    "excused": (
        N_("Share when excused"),
        N_("Part of the own value for an evening away with notice."),
    ),
    "unexcused": (
        N_("Share when unexcused"),
        N_("Part of the own value for an evening away without notice."),
    ),
    "club_duty": (
        N_("Share for club duty"),
        N_("Part of the own value for an evening spent on club work (arbiter, team captain)."),
    ),
    "late_start": (
        N_("Share for a late start"),
        N_("Part of the own value for each round played before a player joined."),
    ),
    "withdrawn": (
        N_("Share against a withdrawn player"),
        N_("A game against a player who has since withdrawn earns this part of the own value "
           "(times the win, draw or loss share), instead of the withdrawn player's value."),
    ),
}


def _enum_choices(kind: type) -> tuple[str, ...]:
    return tuple(str(member.value) for member in kind)  # type: ignore[attr-defined]


def _enum(kind: type, key: str) -> Callable[[Fields, object], None]:
    def put(fields: Fields, value: object) -> None:
        fields[key] = kind(value)

    return put


def _unreadable(label: str, typed: str, example: str) -> ServiceError:
    return ServiceError(
        "{setting}: cannot read '{value}'; write it like {example}",
        setting=Message(label),
        value=typed,
        example=example,
    )


def _pairs(typed: str, label: str, example: str) -> list[tuple[str, str]]:
    """`KEY=VALUE, KEY=VALUE` (empty: none)."""
    out = []
    for item in typed.split(","):
        if not item.strip():
            continue
        key, equals, value = item.partition("=")
        if not equals or not key.strip() or not value.strip():
            raise _unreadable(label, typed, example)
        out.append((key.strip(), value.strip()))
    return out


def _whole(text: str, label: str, typed: str, example: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise _unreadable(label, typed, example)
    return int(text)


TEAM_VALUES_LABEL = N_("Team board 1 values")
TEAM_VALUES_EXAMPLE = "1=100%, 2=60"


def _pairs_text(values: Mapping[Any, object]) -> str:
    """`key=value, ...` in key order: a mapping as the TD types it (`_pairs` reads it)."""
    return ", ".join(f"{key}={values[key]}" for key in sorted(values))


class TeamBoards(NamedTuple):
    """The board values of the club's teams as the TD types them: a share of the ladder
    ("1=100%") or points ("2=60"), in one list."""

    values: Mapping[int, Fraction]
    shares: Mapping[int, Fraction]

    def text(self) -> str:
        shares = {t: percent_text(v) for t, v in self.shares.items() if t not in self.values}
        return _pairs_text({**self.values, **shares})


def _keizer(settings: object) -> KeizerSettings:
    """The settings a Keizer setting reads (only Keizer tournaments have these settings)."""
    s = KEIZER_SYSTEM.own(settings)
    assert s is not None
    return s


def _team_values_get(settings: object) -> object:
    s = _keizer(settings)
    return TeamBoards(s.team_values, s.team_shares)


def _team_values_parse(typed: str) -> object:
    values, shares = {}, {}
    for team, value in _pairs(typed, TEAM_VALUES_LABEL, TEAM_VALUES_EXAMPLE):
        number_ = _whole(team, TEAM_VALUES_LABEL, typed, TEAM_VALUES_EXAMPLE)
        percent = value.endswith("%")
        try:
            amount = number(value.removesuffix("%"))
        except ValueError:
            raise _unreadable(TEAM_VALUES_LABEL, typed, TEAM_VALUES_EXAMPLE) from None
        if percent:
            shares[number_] = _part(amount, True, Message(TEAM_VALUES_LABEL), value)
        else:
            values[number_] = amount
    return TeamBoards(MappingProxyType(values), MappingProxyType(shares))


def _team_values_put(fields: Fields, value: object) -> None:
    assert isinstance(value, TeamBoards)
    fields["team_values"], fields["team_shares"] = value


CAPS_LABEL = N_("Credited absences at most")
CAPS_EXAMPLE = "excused=3, unexcused=1"


def _caps_get(settings: object) -> object:
    return _pairs_text(settings.caps)  # type: ignore[attr-defined]


def _caps_parse(typed: str) -> object:
    return MappingProxyType({
        reason: _whole(cap, CAPS_LABEL, typed, CAPS_EXAMPLE)
        for reason, cap in _pairs(typed, CAPS_LABEL, CAPS_EXAMPLE)
    })


def _halving_get(settings: object) -> object:
    return ", ".join(sorted(settings.halving))  # type: ignore[attr-defined]


def _halving_parse(typed: str) -> object:
    return frozenset(r.strip() for r in typed.split(",") if r.strip())


PERIODS_LABEL = N_("Periods")
PERIODS_EXAMPLE = "8 gap=0, 15 gap=0 meetings=3"


def _periods_get(settings: object) -> object:
    parts = []
    for period in settings.periods:  # type: ignore[attr-defined]
        words = [str(period.first_round)]
        if period.rematch_gap is not None:
            words.append(f"gap={period.rematch_gap}")
        if period.max_meetings is not None:
            words.append(f"meetings={period.max_meetings}")
        parts.append(" ".join(words))
    return ", ".join(parts)


def _periods_parse(typed: str) -> object:
    periods = []
    for item in typed.split(","):
        words = item.split()
        if not words:
            continue
        first = _whole(words[0], PERIODS_LABEL, typed, PERIODS_EXAMPLE)
        limits_: dict[str, int] = {}
        for word in words[1:]:
            key, equals, value = word.partition("=")
            if key not in ("gap", "meetings") or not equals or key in limits_:
                raise _unreadable(PERIODS_LABEL, typed, PERIODS_EXAMPLE)
            limits_[key] = _whole(value, PERIODS_LABEL, typed, PERIODS_EXAMPLE)
        periods.append(Period(first, limits_.get("gap"), limits_.get("meetings")))
    return tuple(periods)


START_ORDERS = ("rating", "random", "manual", "standings:TOURNAMENT")


def _start_get(settings: object) -> object:
    s = _keizer(settings)
    if s.start_order is StartOrder.STANDINGS:
        return f"standings:{s.start_from}"
    if s.start_order is StartOrder.RANDOM:
        return f"random (seed {s.start_seed})" if s.start_seed is not None else "random (to draw)"
    return s.start_order.value


def _start_parse(typed: str) -> object:
    kind, colon, source = typed.partition(":")
    kind, source = kind.strip().lower(), source.strip()
    if kind == "standings" and source:
        return f"standings:{source}"
    if not colon and kind in ("rating", "random", "manual"):
        return kind
    if not colon and re.fullmatch(r"random \((seed \d+|to draw)\)", kind):
        return typed  # the value as shown (a form sends it back): unchanged, or drawn afresh
    raise ServiceError(
        "{setting}: '{value}' is not one of {choices}",
        setting=Message(N_("Start order")),
        value=typed,
        choices=", ".join(START_ORDERS),
    )


def _start_put(fields: Fields, value: object) -> None:
    kind, _, source = str(value).partition(":")
    fields["start_order"] = StartOrder(kind.split(" (")[0])
    fields["start_from"] = source
    fields["start_seed"] = None  # drawn again, or no longer by lot
    if kind == StartOrder.RATING.value:
        fields["start_list"] = ()


START_ORDER = Setting(
    "start_order",
    N_("Start order"),
    N_("The order before round 1: by rating, drawn by lot (a fresh draw, its seed in the "
       "log), by hand (rochade tournament order, or the Start order page), or another "
       "tournament's final standings (standings:NAME)."),
    TEXT,
    START_ORDERS,
    after_start=False,
    get=_start_get,
    put=_start_put,
    parse=_start_parse,
)
"""Set here, completed by the service (the draw, the other tournament's standings)."""

KEIZER_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "ladder",
        N_("Value ladder"),
        N_("How the value of rank 1 is found; the other ranks step down from it."),
        CHOICE,
        _enum_choices(Ladder),
        put=_enum(Ladder, "ladder"),
    ),
    Setting("top_value", N_("Top value"), N_("Value of rank 1; the others step down by 1."),
            NUMBER, optional=True),
    Setting("ratio", N_("First-to-last ratio"),
            N_("How many times more rank 1 is worth than the last."), NUMBER),
    Setting("step", N_("Value step"), N_("Difference in value between two neighbouring ranks."),
            NUMBER),
    Setting("floor", N_("Lowest value"), N_("No rank is worth less than this (empty: no floor)."),
            NUMBER, optional=True),
    Setting("win_factor", N_("Win"), N_("Share of the opponent's value a win earns."), NUMBER,
            share=True),
    Setting("draw_factor", N_("Draw"), N_("Share of the opponent's value a draw earns."), NUMBER,
            share=True),
    Setting("loss_factor", N_("Loss"), N_("Share of the opponent's value a loss earns."), NUMBER,
            share=True),
    *(_share(reason) for reason in STANDARD_REASONS),
    Setting("own_value_factor", N_("Own value counted"),
            N_("How often a player's own value is added to the total (1: once)."), NUMBER),
    Setting(
        "recompute",
        N_("Values per round"),
        N_("Which values price a round's games: those after the round, those before it, or "
           "the final ones for all rounds."),
        CHOICE,
        _enum_choices(Recompute),
        put=_enum(Recompute, "recompute"),
    ),
    Setting("board_step", N_("Team board step"),
            N_("A team game in points is worth this much less for each board further down."),
            NUMBER),
    Setting(
        "league_games",
        N_("League games counted"),
        N_("Which of a member's games for the club's league teams count: always (in place of "
           "his club-duty row on a round's evening, in addition to the next round on another "
           "day), or announced (only in place of the club-duty absence he announced for the "
           "match's evening)."),
        CHOICE,
        _enum_choices(LeagueGames),
        put=_enum(LeagueGames, "league_games"),
    ),
    Setting(
        "cup_games",
        N_("Cup games counted"),
        N_("Whether a member's games in a knockout cup of the club file count on the evening "
           "of the round with the same date, in place of his absence row: no, played (a game "
           "against the cup opponent when both play here and were away that evening, else "
           "club duty) or club_duty."),
        CHOICE,
        _enum_choices(CupGames),
        put=_enum(CupGames, "cup_games"),
    ),
    Setting("rematch_gap", N_("Rounds before a rematch"),
            N_("Two players meet again only after this many rounds."), WHOLE),
    Setting("max_meetings", N_("Meetings at most"),
            N_("How often two players may meet in a season (empty: no limit)."), WHOLE,
            optional=True),
    Setting("max_colour_difference", N_("Colour difference at most"),
            N_("Whites minus blacks a player may have (empty: no limit)."), WHOLE, optional=True),
    Setting("max_same_colour_run", N_("Same colour in a row at most"),
            N_("Longest run of one colour for a player (empty: no limit)."), WHOLE,
            optional=True),
    Setting("byes_evenly", N_("Spread the byes"),
            N_("The bye goes to a player with the fewest byes so far."), YES_NO),
    Setting("byes_count_absences", N_("Absences count as byes"),
            N_("When spreading the byes, evenings away count as byes too."), YES_NO),
    Setting("no_bye_twice_in_row", N_("No bye twice in a row"),
            N_("Last round's bye goes to someone else, unless nobody else can have it."),
            YES_NO),
    Setting(
        "colour_rule",
        N_("Colour rule"),
        N_("Who gets white: fewer_whites gives it to whoever had white less often (then the "
           "lower-ranked); balance to the lower whites minus blacks (then swapping after an "
           "odd number of meetings, then the lower-ranked)."),
        CHOICE,
        _enum_choices(ColourRule),
        put=_enum(ColourRule, "colour_rule"),
    ),
    Setting(
        "round_one_colours",
        N_("Colours in round 1"),
        N_("Who has white in round 1, when nobody has a colour history yet."),
        CHOICE,
        _enum_choices(RoundOneColours),
        after_start=False,
        put=_enum(RoundOneColours, "round_one_colours"),
    ),
    Setting(
        "team_values",
        TEAM_VALUES_LABEL,
        N_("For games played for a club team: team number = what its boards are worth, as "
           "a share of the value ladder (1=100%: board 1 is worth what rank 1 is, board 2 "
           "what rank 2 is, and so on) or in points for board 1 (2=60: each board further "
           "down is worth the team board step less)."),
        TEXT,
        get=_team_values_get,
        put=_team_values_put,
        parse=_team_values_parse,
    ),
    Setting(
        "caps",
        CAPS_LABEL,
        N_("For an absence reason, how many such evenings earn credit per season or period, "
           "e.g. excused=3; later ones earn nothing (empty: no limit)."),
        TEXT,
        get=_caps_get,
        parse=_caps_parse,
    ),
    Setting(
        "halving",
        N_("Halved absences"),
        N_("Absence reasons whose credit halves with each such evening (the second earns "
           "half, the third a quarter), e.g. excused, unexcused."),
        TEXT,
        get=_halving_get,
        parse=_halving_parse,
    ),
    Setting(
        "periods",
        PERIODS_LABEL,
        N_("Parts of the season, each from its first round with its own rematch gap and "
           "meetings limit, e.g. 8 gap=0, 15 gap=0 meetings=3 (empty: one season)."),
        TEXT,
        get=_periods_get,
        parse=_periods_parse,
    ),
    Setting("seed", N_("Seed"),
            N_("The number every draw by lot (colours of round 1) starts from, so it can be "
               "repeated."), WHOLE, after_start=False),
    START_ORDER,
    Setting(
        "new_members",
        N_("Players not on the start list"),
        N_("Where a player missing from a start order by hand, by lot or from standings is "
           "placed: at the end, or by rating among the others."),
        CHOICE,
        _enum_choices(NewMembers),
        put=_enum(NewMembers, "new_members"),
    ),
)


def settings_of(settings: object) -> tuple[Setting, ...]:
    """The settings a TD can see and change one by one (Keizer; a round robin's or Swiss's
    are `rochade.service.system_cases`' options)."""
    return KEIZER_SETTINGS if KEIZER_SYSTEM.holds(settings) else ()


@dataclass(frozen=True)
class Changed:
    """One setting that changes: its key and label, the old and the new value as typed."""

    setting: Setting
    old: str
    new: str


def changed_settings(
    settings: object, typed: Mapping[str, str], rounds_paired: int
) -> tuple[object, tuple[Changed, ...]]:
    """The settings with the TD's values applied, and the list of what changed. `preset`
    (Keizer) first starts again from a preset, keeping the forbidden pairs. Refuses unknown
    keys, bad values, and rules that must not change after round 1 is paired."""
    known = {s.key: s for s in settings_of(settings)}
    base = settings
    preset_changes: list[Changed] = []
    name = typed.get("preset", "").strip()
    keizer = KEIZER_SYSTEM.own(settings)
    if keizer is not None and name and name != keizer.preset:
        if name not in PRESETS:
            raise ServiceError(
                "unknown preset '{name}'; choose one of {known}",
                name=name,
                known=", ".join(PRESETS),
            )
        base = dataclasses.replace(PRESETS[name], forbidden_pairs=keizer.forbidden_pairs)
        preset_changes.append(Changed(PRESET, keizer.preset, name))
    fields: Fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}  # type: ignore[arg-type]
    for key, text in typed.items():
        if key == "preset" and keizer is not None:
            continue
        setting = known.get(key)
        if setting is None:
            raise ServiceError(
                "unknown setting '{key}'; this tournament has {keys}",
                key=key,
                keys=", ".join(known),
            )
        value = setting.read(text)
        if setting.shown(value) == setting.text(base):
            continue
        if rounds_paired and not setting.after_start:
            raise ServiceError(
                "{setting} cannot change once round 1 is paired: the rounds played were "
                "paired with it",
                setting=Message(setting.label),
            )
        setting.apply(fields, value)
    try:
        result = type(base)(**fields)
    except ModelError as exc:
        raise ServiceError(joined([exc.msg])) from None
    changes = [
        Changed(setting, setting.text(settings), setting.text(result))
        for setting in known.values()
        if setting.text(settings) != setting.text(result)
    ]
    return result, (*preset_changes, *changes)


def system_changes(before: object, after: object) -> tuple[Changed, ...]:
    """What differs between a round robin's or Swiss's settings, key by key as stored."""
    system = system_holding(before)
    old, new = system.to_dict(before), system.to_dict(after)
    return tuple(
        Changed(Setting(key, key, "", TEXT), _stored(old.get(key)), _stored(new.get(key)))
        for key in sorted(old.keys() | new.keys())
        if old.get(key) != new.get(key)
    )


def _stored(value: object) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


PRESET = Setting(
    "preset",
    N_("Rules preset"),
    N_("Start again from a known rule set; the settings below then follow it."),
    CHOICE,
    tuple(PRESETS),
)
"""Not a field of its own: choosing a preset replaces every Keizer rule at once."""


@dataclass(frozen=True)
class SettingsReport:
    """Settings changed (or, as a preview, that would change), and who moves in the
    standings because the rounds already played are priced or ranked again."""

    tournament: Tournament
    changes: tuple[Changed, ...]
    standings: tuple[StandingChange, ...]

    def describe(self) -> Message:
        """For the action log (which names the tournament)."""
        said = ", ".join(f"{c.setting.key} {c.old or '-'} -> {c.new or '-'}" for c in self.changes)
        return Message(N_("settings: {changes}"), {"changes": said})
