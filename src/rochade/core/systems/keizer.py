"""The Keizer system: pairs on its own standings, values by rank; the settings codec.

Keizer has its own settings (`rochade.core.keizer.settings`) with presets: a saved object
names its preset, and every key it does not give comes from that preset.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from rochade.core.checker import PairingRules
from rochade.core.jsonvalues import (
    FormatError,
    kind_of,
    read_any_str,
    read_bool,
    read_enum,
    read_fraction,
    read_int,
    read_list,
    read_obj,
    read_opt_fraction,
    read_opt_int,
    read_str,
)
from rochade.core.keizer.scoring import KeizerStandings, compute_standings
from rochade.core.keizer.settings import (
    STANDARD_REASONS,
    ColourRule,
    CupGames,
    KeizerSettings,
    Ladder,
    LeagueGames,
    NewMembers,
    Period,
    Recompute,
    RoundOneColours,
    StartOrder,
    drawn_start_list,
    preset,
)
from rochade.core.messages import Said, message_of
from rochade.core.model import ModelError, PlayerId, Tournament
from rochade.core.pairing import Pairing
from rochade.core.standings import WITHDRAWN, ScoreColumn, Standing, Standings
from rochade.core.system_settings import KEIZER
from rochade.core.systems.base import PairingRefused, TournamentSystem
from rochade.core.systems.codec import (
    forbidden_pairs_in,
    known_reason,
    opt_value_out,
    value_out,
)
from rochade.core.systems.crosstables import game_point_columns
from rochade.core.tiebreaks import TieBreak


class Keizer(TournamentSystem[KeizerSettings]):
    """Keizer: every round is paired on the Keizer standings, a game is worth the
    opponent's value; absences score a fraction of one's own value."""

    name: ClassVar[str] = KEIZER
    settings_type = KeizerSettings
    engine = "Keizer"
    forbidden_pairs = True
    presets = True
    external_games = True

    def to_dict(self, settings: KeizerSettings) -> dict[str, object]:
        return _to_dict(settings)

    def from_dict(self, data: object, where: str = "settings") -> KeizerSettings:
        """Every key not given comes from the named preset."""
        return _from_dict(data, where)

    def absence_reasons(self, settings: KeizerSettings) -> Mapping[str, object]:
        return settings.fractions

    def teams(self, settings: KeizerSettings) -> Collection[int]:
        return settings.team_values.keys() | settings.team_shares.keys()

    def cup_games(self, settings: KeizerSettings) -> str | None:
        return None if settings.cup_games is CupGames.NO else settings.cup_games.value

    def announced_league_games(self, settings: KeizerSettings) -> bool:
        return settings.league_games is LeagueGames.ANNOUNCED

    def kept_apart(self, settings: KeizerSettings) -> frozenset[frozenset[PlayerId]]:
        return settings.forbidden_pairs

    def pair(self, t: Tournament, number: int, present: Callable[[], Sequence[PlayerId]],
             seed: Callable[[], int], origins: Callable[[], Mapping[PlayerId, str]] = dict,
             ) -> tuple[Pairing, KeizerSettings | None]:
        """A start order by lot still to draw (nobody was enrolled when it was chosen) is
        drawn now, at round 1's pairing, with a fresh seed the settings and the explanation
        keep."""
        s = self.settings_of(t)
        if number != 1 or s.start_order is not StartOrder.RANDOM or s.start_list or not t.entrants:
            return _pair(t, s, number), None
        drawn = draw_start(t, s, seed())
        pairing = _pair(dataclasses.replace(t, settings=drawn), drawn, number)
        line = Said("Start order drawn by lot (seed {seed}): {names}.", seed=drawn.start_seed,
                    names=", ".join(drawn.start_list))
        return dataclasses.replace(pairing, explanation=(line, *pairing.explanation)), drawn

    def pairing_rules(self, settings: KeizerSettings, number: int) -> PairingRules:
        return settings.pairing_rules(number)

    def standings(self, t: Tournament, after_round: int | None = None,
                  tiebreaks: Sequence[TieBreak] | None = None) -> Standings:
        """The Keizer standings (default: after the last round with rows): the score, the game
        points, the games played and the value for the next round; `tiebreaks` on game points
        as columns after the game points (as some clubs print Buchholz beside them)."""
        detail = compute_standings(t, self.keizer_settings(t), after_round)
        columns = game_point_columns(t, self.start_numbers(t), tiebreaks, detail.after_round
                                     ) if tiebreaks else []
        return keizer_standings(detail, tuple(zip(tiebreaks or (), columns, strict=True)))

    def keizer_settings(self, t: Tournament) -> KeizerSettings:
        """The tournament's settings, refused unless it is a Keizer tournament."""
        settings = self.own(t.settings)
        if settings is None:
            raise ModelError("{name} is not a Keizer tournament", name=t.name)
        return settings

    def with_kept_apart(self, settings: KeizerSettings,
                        pairs: frozenset[frozenset[PlayerId]]) -> KeizerSettings:
        return dataclasses.replace(settings, forbidden_pairs=pairs)

    def describe(self, settings: KeizerSettings) -> str:
        return settings.preset


def keizer_standings(
    detail: KeizerStandings,
    extra: Sequence[tuple[TieBreak, Mapping[PlayerId, Fraction]]] = (),
) -> Standings:
    """The Keizer scoring's rows as standings: score, game points, the `extra` tie-break
    columns, games played and the value for the next round."""
    columns = (ScoreColumn("score"), ScoreColumn("points"),
               *(ScoreColumn("tiebreak", tb) for tb, _ in extra),
               ScoreColumn("games"), ScoreColumn("value"))
    lines = tuple(
        Standing(r.rank, r.entrant,
                 (r.total, r.game_points, *(values[r.entrant.id] for _, values in extra),
                  Fraction(r.games_played), r.next_value),
                 notes=() if r.rank is not None else (WITHDRAWN,))
        for r in detail.rows
    )
    return Standings(KEIZER, detail.after_round, columns, lines,
                     converged=detail.converged, iterations=detail.iterations)


def draw_start(t: Tournament, s: KeizerSettings, seed: int) -> KeizerSettings:
    """A start order by lot over everyone enrolled; the seed is kept, so `drawn_start_list`
    replays the draw."""
    names = drawn_start_list((e.name for e in t.entrants), random.Random(seed))
    return dataclasses.replace(s, start_seed=seed, start_list=names)


def _pair(t: Tournament, s: KeizerSettings, number: int) -> Pairing:
    """The present players in Keizer ranking order (start order before round 1)."""
    present = {e.id for e in t.entrants if e.status.plays}
    if len(present) < 2:
        raise PairingRefused("round {round}: fewer than two players are present", round=number)
    if t.rounds:
        order = [row.entrant.id for row in compute_standings(t, s).ranked()]
    else:
        order = [e.id for e in t.start_order()]
    ranking = tuple(p for p in order if p in present)
    from rochade.core.keizer.pairing import KeizerEngine, KeizerState

    return KeizerEngine().pair(KeizerState(t, s, number, ranking))


def _to_dict(settings: KeizerSettings) -> dict[str, object]:
    """Every setting, explicitly: a saved file must not change meaning when a preset changes."""
    s = settings
    fractions = [r for r in STANDARD_REASONS if r in s.fractions]
    fractions += sorted(r for r in s.fractions if r not in STANDARD_REASONS)
    return {
        "preset": s.preset,
        "ladder": s.ladder.value,
        "top_value": opt_value_out(s.top_value),
        "ratio": value_out(s.ratio),
        "step": value_out(s.step),
        "floor": opt_value_out(s.floor),
        "win_factor": str(s.win_factor),
        "draw_factor": str(s.draw_factor),
        "loss_factor": str(s.loss_factor),
        "fractions": {r: str(s.fractions[r]) for r in fractions},
        "caps": {r: s.caps[r] for r in sorted(s.caps)},
        "halving": sorted(s.halving),
        "own_value_factor": str(s.own_value_factor),
        "recompute": s.recompute.value,
        "max_iterations": s.max_iterations,
        "team_values": {str(t): value_out(s.team_values[t]) for t in sorted(s.team_values)},
        "team_shares": {str(t): str(s.team_shares[t]) for t in sorted(s.team_shares)},
        "board_step": value_out(s.board_step),
        "league_games": s.league_games.value,
        "cup_games": s.cup_games.value,
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



_KEYS = tuple(_to_dict(KeizerSettings()))

# Settings read by one reader each: key -> reader(value, where). Ladder, fractions, caps,
# halving, team values, forbidden pairs and periods need more than one value and are read apart.
_SIMPLE: dict[str, Callable[[object, str], object]] = {
    "step": read_fraction,
    "floor": read_opt_fraction,
    "win_factor": read_fraction,
    "draw_factor": read_fraction,
    "loss_factor": read_fraction,
    "own_value_factor": read_fraction,
    "recompute": lambda v, w: read_enum(v, w, Recompute),
    "max_iterations": lambda v, w: read_int(v, w, 1),
    "board_step": read_fraction,
    "league_games": lambda v, w: read_enum(v, w, LeagueGames),
    "cup_games": lambda v, w: read_enum(v, w, CupGames),
    "rematch_gap": lambda v, w: read_int(v, w, 0),
    "max_meetings": lambda v, w: read_opt_int(v, w, 1),
    "max_colour_difference": lambda v, w: read_opt_int(v, w, 0),
    "max_same_colour_run": lambda v, w: read_opt_int(v, w, 1),
    "byes_evenly": read_bool,
    "byes_count_absences": read_bool,
    "round_one_colours": lambda v, w: read_enum(v, w, RoundOneColours),
    "no_bye_twice_in_row": read_bool,
    "colour_rule": lambda v, w: read_enum(v, w, ColourRule),
    "seed": read_int,
    "start_order": lambda v, w: read_enum(v, w, StartOrder),
    "start_list": lambda v, w: tuple(
        read_str(name, f"{w}[{i}]") for i, name in enumerate(read_list(v, w))
    ),
    "start_seed": read_opt_int,
    "start_from": read_any_str,
    "new_members": lambda v, w: read_enum(v, w, NewMembers),
}

_BEFORE_COLOUR_RULES: dict[str, object] = {"no_bye_twice_in_row": True, "colour_rule": "balance"}
"""What settings saved before these keys existed meant (every preset then): a complete saved
object (it has `seed`) without them keeps pairing as it did."""



def _from_dict(data: object, where: str) -> KeizerSettings:
    """Settings from their JSON object; every key not given comes from the named preset."""
    d = read_obj(data, where, _KEYS)
    name = d.get("preset", "classic")
    if not isinstance(name, str):
        raise FormatError(
            "{where}.preset: expected a string, got {kind}",
            where=where,
            kind=kind_of(name),
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
    for reason, value in read_obj(d.get("fractions", {}), f"{where}.fractions").items():
        if not reason.strip():
            raise FormatError("{where}.fractions: a reason must have a name", where=where)
        fractions[reason] = read_fraction(value, f"{where}.fractions.{reason}")
    changes["fractions"] = MappingProxyType(fractions)
    if "caps" in d:
        caps = read_obj(d["caps"], f"{where}.caps", fractions)
        changes["caps"] = MappingProxyType(
            {r: read_int(n, f"{where}.caps.{r}", 0) for r, n in caps.items()}
        )
    if "halving" in d:
        changes["halving"] = frozenset(
            known_reason(r, f"{where}.halving[{i}]", fractions)
            for i, r in enumerate(read_list(d["halving"], f"{where}.halving"))
        )
    for key in ("team_values", "team_shares"):
        if key in d:
            changes[key] = _team_values(d[key], f"{where}.{key}")
    if "team_values" in d and "team_shares" not in d:  # written before shares: points only
        changes["team_shares"] = MappingProxyType({})
    if "forbidden_pairs" in d:
        changes["forbidden_pairs"] = forbidden_pairs_in(d["forbidden_pairs"], where)
    if "periods" in d:
        changes["periods"] = tuple(
            _period(p, f"{where}.periods[{i}]")
            for i, p in enumerate(read_list(d["periods"], f"{where}.periods"))
        )
    try:
        return dataclasses.replace(base, **changes)
    except ModelError as exc:
        raise FormatError(str(exc)) from None



def _ladder(d: Mapping[str, object], base: KeizerSettings, where: str) -> dict[str, Any]:
    """A top value given means a fixed ladder; top value null means one derived from the ratio."""
    out: dict[str, Any] = {}
    if d.get("ratio") is not None:
        out["ratio"] = read_fraction(d["ratio"], f"{where}.ratio")
    if "top_value" in d:
        out["top_value"] = read_opt_fraction(d["top_value"], f"{where}.top_value")
    if "ladder" in d:
        ladder = read_enum(d["ladder"], f"{where}.ladder", Ladder)
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


def _team_values(value: object, where: str) -> Mapping[int, Fraction]:
    teams = read_obj(value, where)
    out: dict[int, Fraction] = {}
    for key, base in teams.items():
        if not key.isascii() or not key.isdigit() or int(key) < 1:
            raise FormatError(
                "{where}: team {key} is not a team number (1, 2, 3 ...)",
                where=where,
                key=repr(key),
            )
        out[int(key)] = read_fraction(base, f"{where}.{key}")
    return MappingProxyType(out)



def _period(value: object, where: str) -> Period:
    d = read_obj(value, where, ("first_round", "rematch_gap", "max_meetings"))
    if "first_round" not in d:
        raise FormatError('{where}: missing "first_round"', where=where)
    return Period(
        first_round=read_int(d["first_round"], f"{where}.first_round", 1),
        rematch_gap=read_opt_int(d.get("rematch_gap"), f"{where}.rematch_gap", 0),
        max_meetings=read_opt_int(d.get("max_meetings"), f"{where}.max_meetings", 1),
    )


# --- round-robin and Swiss settings ---------------------------------------------------------


KEIZER_SYSTEM = Keizer()
"""The Keizer system, for the Keizer-only use cases (presets, start orders) that need its
settings typed."""
