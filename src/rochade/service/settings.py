"""A Keizer tournament's settings as the TD sees them: each one named, explained, read from
what the TD typed, and whether it may still change once rounds are played.

Keizer standings are derived from the facts on every request, so almost every setting may
change mid-season: the old rounds are simply priced again (the TD sees who moves before
saving). Only the colours of round 1 are fixed once it is paired. A round robin's or Swiss's
settings are `rochade.service.systems.changed_settings`'; `system_changes` lists them for the
same report.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from rochade.core.keizer.settings import (
    PRESETS,
    STANDARD_REASONS,
    KeizerSettings,
    Ladder,
    Recompute,
    RoundOneColours,
)
from rochade.core.limits import number
from rochade.core.messages import N_, Message, joined
from rochade.core.model import ModelError, Tournament
from rochade.formats.json import system_settings_to_dict
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

    def value(self, settings: object) -> object:
        return self.get(settings) if self.get else getattr(settings, self.key)

    def text(self, settings: object) -> str:
        """The current value as the TD would type it."""
        return show(self.value(settings))

    def read(self, typed: str) -> object:
        """The value the TD typed, or an error saying what was expected."""
        typed = typed.strip()
        if not typed and self.optional:
            return None
        label = Message(self.label)
        if self.kind == NUMBER:
            try:
                value = number(typed)
            except ValueError:
                raise ServiceError(
                    "{setting}: '{value}' is not a number", setting=label, value=typed
                ) from None
            if value < 0:
                raise ServiceError("{setting} cannot be negative", setting=label)
            return value
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


def show(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
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
    return Setting(f"fractions.{reason}", label, help_, NUMBER, get=get, put=put)


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
        N_("Share when withdrawn"),
        N_("Part of the own value for the rounds after a player withdrew."),
    ),
}


def _enum_choices(kind: type) -> tuple[str, ...]:
    return tuple(str(member.value) for member in kind)  # type: ignore[attr-defined]


def _enum(kind: type, key: str) -> Callable[[Fields, object], None]:
    def put(fields: Fields, value: object) -> None:
        fields[key] = kind(value)

    return put


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
    Setting("win_factor", N_("Win"), N_("Share of the opponent's value a win earns."), NUMBER),
    Setting("draw_factor", N_("Draw"), N_("Share of the opponent's value a draw earns."), NUMBER),
    Setting("loss_factor", N_("Loss"), N_("Share of the opponent's value a loss earns."), NUMBER),
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
            N_("A team game is worth this much less for each board further down."), NUMBER),
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
    Setting(
        "round_one_colours",
        N_("Colours in round 1"),
        N_("Who has white in round 1, when nobody has a colour history yet."),
        CHOICE,
        _enum_choices(RoundOneColours),
        after_start=False,
        put=_enum(RoundOneColours, "round_one_colours"),
    ),
)


def settings_of(settings: object) -> tuple[Setting, ...]:
    """The settings a TD can see and change one by one (Keizer; a round robin's or Swiss's
    are `rochade.service.systems`' options)."""
    return KEIZER_SETTINGS if isinstance(settings, KeizerSettings) else ()


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
    if isinstance(settings, KeizerSettings) and name and name != settings.preset:
        if name not in PRESETS:
            raise ServiceError(
                "unknown preset '{name}'; choose one of {known}",
                name=name,
                known=", ".join(PRESETS),
            )
        base = dataclasses.replace(PRESETS[name], forbidden_pairs=settings.forbidden_pairs)
        preset_changes.append(Changed(PRESET, settings.preset, name))
    fields: Fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}  # type: ignore[arg-type]
    for key, text in typed.items():
        if key == "preset" and isinstance(settings, KeizerSettings):
            continue
        setting = known.get(key)
        if setting is None:
            raise ServiceError(
                "unknown setting '{key}'; this tournament has {keys}",
                key=key,
                keys=", ".join(known),
            )
        value = setting.read(text)
        if show(value) == setting.text(base):
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
    old, new = system_settings_to_dict(before), system_settings_to_dict(after)
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
