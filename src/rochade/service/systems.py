"""What differs between the pairing systems, behind one small interface for `ClubService`.

Keizer pairs on its own standings; a round robin reads the Berger table (drawing the start
numbers when round 1 is paired); a Swiss asks the Dutch engine (or draws round 1 at random).
The Swiss engine sits behind `SwissPairer`, so that the plumbing does not depend on it.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Protocol

from rochade.core.checker import ByePolicy, PairingRules
from rochade.core.dutch import DutchError, NoValidPairing
from rochade.core.keizer.pairing import KeizerEngine, KeizerState
from rochade.core.keizer.scoring import compute_standings
from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import Entrant, Game, ModelError, PlayerId, Result, Tournament
from rochade.core.pairing import Pairing
from rochade.core.roundrobin import (
    BergerEngine,
    BergerState,
    berger_schedule,
    draw_numbers,
    numbers_by_rating,
)
from rochade.core.standings import SystemStandings, ranked, system_standings
from rochade.core.swiss import explain_swiss_player, pair_swiss
from rochade.core.systems import (
    DEFAULT_TIEBREAKS,
    KEIZER,
    ROUND_ROBIN,
    SWISS,
    Acceleration,
    FirstRound,
    RoundRobinSettings,
    StartNumbers,
    SwissSettings,
    random_round,
    scoring,
)
from rochade.core.tiebreaks import TieBreak, TieBreakError, parse_tiebreaks
from rochade.formats.json import system_settings_from_dict, system_settings_to_dict
from rochade.formats.trf import TrfError, parse_trf
from rochade.formats.trf_standings import trf_crosstable
from rochade.service.errors import ServiceError


class SwissPairer(Protocol):
    """Pairs round `round_number` of a Swiss among the `present` players."""

    def __call__(self, t: Tournament, settings: SwissSettings, round_number: int,
                 present: Sequence[PlayerId]) -> Pairing: ...


SWISS_ENGINE: SwissPairer = pair_swiss
"""The FIDE Dutch engine, through its adapter in `rochade.core.swiss`."""


def decode(system: str, text: str) -> object:
    """A tournament's settings from the JSON text the club file keeps."""
    return system_settings_from_dict(system, json.loads(text))


def encode(settings: object) -> str:
    return json.dumps(system_settings_to_dict(settings), ensure_ascii=False, sort_keys=True)


def new_settings(system: str, options: Mapping[str, object]) -> RoundRobinSettings | SwissSettings:
    """Round-robin or Swiss settings from the TD's options (None: the default)."""
    given = {k: v for k, v in options.items() if v is not None}
    changes: dict[str, object] = {}
    try:
        points = scoring(str(given.pop("scoring", "1-1/2-0")))
        if "bye_value" in given:
            points = dataclasses.replace(points, pab=Fraction(str(given.pop("bye_value"))))
        changes["scoring"] = points
        if "tiebreaks" in given:
            changes["tiebreaks"] = parse_tiebreaks(str(given.pop("tiebreaks")))
    except (ModelError, TieBreakError, ValueError, ZeroDivisionError) as exc:
        raise ServiceError(str(exc)) from None
    if system == ROUND_ROBIN:
        keys = {"double": bool, "numbers_by": StartNumbers, "seed": int}
        base: RoundRobinSettings | SwissSettings = RoundRobinSettings()
    elif system == SWISS:
        keys = {"rounds": int, "first_round": FirstRound, "seed": int,
                "acceleration": Acceleration}
        base = SwissSettings()
    else:
        raise ServiceError(f"unknown system {system!r}; choose keizer, round-robin or swiss")
    for key, value in given.items():
        if key not in keys:
            raise ServiceError(f"the setting {key} does not apply to a {system} tournament")
        changes[key] = keys[key](value)
    try:
        return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    except ModelError as exc:
        raise ServiceError(str(exc)) from None


def describe(settings: object) -> str:
    """A few words on the rules: the Keizer preset, single/double, the number of rounds."""
    if isinstance(settings, KeizerSettings):
        return settings.preset
    if isinstance(settings, RoundRobinSettings):
        return "double" if settings.double else "single"
    if isinstance(settings, SwissSettings):
        return f"{settings.rounds} rounds"
    return ""


def pair(t: Tournament, number: int) -> tuple[Pairing, object | None]:
    """Pair round `number` with the system's engine: the pairing and, when they changed (a
    round robin's start numbers, drawn before round 1), the new settings to store."""
    s = t.settings
    if isinstance(s, KeizerSettings):
        return _pair_keizer(t, s, number), None
    if isinstance(s, RoundRobinSettings):
        return _pair_round_robin(t, s, number)
    if isinstance(s, SwissSettings):
        return _pair_swiss(t, s, number), None
    raise ServiceError(f"{t.name} has no pairing engine for the system {t.system}")


def _pair_keizer(t: Tournament, s: KeizerSettings, number: int) -> Pairing:
    """The present players in Keizer ranking order (start order before round 1)."""
    present = {e.id for e in t.entrants if e.status.plays}
    if len(present) < 2:
        raise ServiceError(f"round {number}: fewer than two players are present")
    if t.rounds:
        order = [row.entrant.id for row in compute_standings(t, s).ranked()]
    else:
        order = [e.id for e in t.start_order()]
    ranking = tuple(p for p in order if p in present)
    return KeizerEngine().pair(KeizerState(t, s, number, ranking))


def _pair_round_robin(t: Tournament, s: RoundRobinSettings, number: int
                      ) -> tuple[Pairing, RoundRobinSettings | None]:
    changed = None
    if not s.numbers:
        if len(t.entrants) < 2:
            raise ServiceError(
                f"a round robin needs at least 2 players; {t.name} has {len(t.entrants)}"
            )
        ids = [e.id for e in t.entrants]
        numbers = (draw_numbers(ids, random.Random(s.seed)) if s.numbers_by is StartNumbers.LOT
                   else numbers_by_rating(t.entrants))
        s = changed = dataclasses.replace(s, numbers=numbers)
    rounds = len(berger_schedule(len(s.numbers), double=s.double).rounds)
    if number > rounds:
        raise ServiceError(f"all {rounds} rounds of this round robin are paired")
    pairing = BergerEngine().pair(
        BergerState(t, s.numbers, number, s.double, s.swap_last_two)
    )
    if changed is not None:
        how = f"by lot (seed {s.seed})" if s.numbers_by is StartNumbers.LOT else "by rating"
        drawn = ", ".join(f"{i}. {t.entrant(p).name}" for i, p in enumerate(s.numbers, 1))
        pairing = dataclasses.replace(pairing, explanation=(
            f"Start numbers drawn {how}: {drawn}", *pairing.explanation))
    return pairing, changed


def _pair_swiss(t: Tournament, s: SwissSettings, number: int) -> Pairing:
    if number > s.rounds:
        raise ServiceError(f"all {s.rounds} rounds of this Swiss are paired")
    present = [e.id for e in t.entrants if e.status.plays]
    if len(present) < 2:
        raise ServiceError(f"round {number}: fewer than two players are present")
    if number == 1 and s.first_round is FirstRound.RANDOM:
        return random_round(present, random.Random(s.seed))
    try:
        return SWISS_ENGINE(t, s, number, present)
    except NoValidPairing as exc:
        raise ServiceError(
            f"round {number}: no pairing satisfies the FIDE rules ({exc}); pair this round by "
            "hand with --manual"
        ) from None
    except DutchError as exc:
        raise ServiceError(f"round {number}: {exc}") from None


def pairing_reasons(t: Tournament, number: int, player: PlayerId) -> tuple[str, ...]:
    """Why `player` was paired as they were in round `number` of a Swiss (the criteria of
    the Dutch system that decided it)."""
    s = t.settings
    if not isinstance(s, SwissSettings):
        raise ServiceError(f"{t.name} is not a Swiss; `rochade explain --round {number}` "
                           "shows how its rounds were paired")
    try:
        return explain_swiss_player(t, s, number, player)
    except DutchError as exc:
        raise ServiceError(f"round {number}: {exc}") from None


def with_forbidden_pair(t: Tournament, pair: frozenset[PlayerId]) -> object:
    """The settings with one more forbidden pair (Keizer and Swiss; a round robin's table is
    fixed)."""
    s = t.settings
    if not isinstance(s, KeizerSettings | SwissSettings):
        raise ServiceError(f"{t.name} is a round robin: everybody meets everybody")
    return dataclasses.replace(s, forbidden_pairs=s.forbidden_pairs | {pair})


def with_forfeits(t: Tournament, games: tuple[Game, ...]) -> tuple[Game, ...]:
    """A round robin keeps a withdrawn player's games in the table, recorded at once as
    forfeits (both withdrawn: a double forfeit), as the Berger engine's explanation says."""
    if t.system != ROUND_ROBIN:
        return games
    out = []
    for game in games:
        gone = (t.entrant(game.white).withdrawn, t.entrant(game.black).withdrawn)
        result = _FORFEIT.get(gone)
        out.append(game if result is None else dataclasses.replace(game, result=result))
    return tuple(out)


_FORFEIT = {
    (True, True): Result.DOUBLE_FORFEIT,
    (True, False): Result.BLACK_WINS_FORFEIT,
    (False, True): Result.WHITE_WINS_FORFEIT,
}


def rules(t: Tournament, number: int) -> PairingRules:
    """The limits the checker applies to a pairing typed by hand."""
    s = t.settings
    if isinstance(s, KeizerSettings):
        return PairingRules.from_keizer(s, number)
    if isinstance(s, SwissSettings):
        return PairingRules(forbidden_pairs=s.forbidden_pairs, rematch_gap=None,
                            max_colour_difference=2, max_same_colour_run=2,
                            bye_policy=ByePolicy.ONCE)
    return PairingRules(rematch_gap=None if not _double(t) else 0,
                        max_meetings=2 if _double(t) else 1, bye_policy=ByePolicy.ANY)


def _double(t: Tournament) -> bool:
    return isinstance(t.settings, RoundRobinSettings) and t.settings.double


def check_late_entry(t: Tournament) -> None:
    """A round robin's schedule is fixed once round 1 is paired: no late entries."""
    if t.system == ROUND_ROBIN and t.rounds:
        raise ServiceError(
            f"{t.name} is a round robin and round 1 is paired: its schedule is fixed, so no "
            "player can join any more"
        )


def ranking(t: Tournament) -> dict[PlayerId, tuple[int | None, Fraction]]:
    """Rank and points per player, to report who moved after a correction."""
    if t.system == KEIZER:
        raise ServiceError("Keizer rankings come from the Keizer standings")
    return {line.entrant.id: (line.rank, line.points) for line in system_standings(t).lines}


def trf_standings(path: Path, tiebreaks: Sequence[TieBreak] | None, round_robin: bool = False
                  ) -> SystemStandings:
    """Standings of a TRF file with FIDE tie-breaks (default: the system's), no club file."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise ServiceError(f"{path} does not exist") from None
    except OSError as exc:
        raise ServiceError(f"cannot read {path}: {exc}") from None
    try:
        trf = parse_trf(text)
    except TrfError as exc:
        raise ServiceError(f"{path}: {exc}") from None
    if not trf.players:
        raise ServiceError(f"{path} has no player lines (001); is it a TRF file?")
    try:
        table = trf_crosstable(trf, round_robin)
    except TieBreakError as exc:
        raise ServiceError(f"{path}: {exc}") from None
    entrants = {p.tpn: Entrant(p.tpn, p.name or f"#{p.tpn}", p.rating or None) for p in trf.players}
    chosen = DEFAULT_TIEBREAKS[ROUND_ROBIN if round_robin else SWISS] if tiebreaks is None else (
        tiebreaks)
    return ranked(table, entrants, chosen)
