"""`pair-trf`'s use case: the next round of a TRF file paired with the Dutch engine, or every
round it records paired again and compared; a team file (TRF26 `310` or TRF16 `013` records)
with the C.04.6 team Swiss instead. It loads the TRF reader and the engine and
nothing of a club file, so that a script calling `rochade pair-trf` round after round starts
fast (tests/cli/test_startup.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from rochade.core.burstein import BursteinEngine
from rochade.core.burstein import explain as burstein_explain
from rochade.core.dutch.engine import DutchEngine
from rochade.core.dutch.explain import explain
from rochade.core.dutch.state import DutchError, NoValidPairing, SwissState
from rochade.formats.trf import (
    TrfError,
    TrfFile,
    decode_trf,
    format_pairing,
    in_file_order,
    load_trf,
    recorded_pairing,
    rounds_recorded,
    same_pairing,
    state_before,
    to_swiss_state,
)
from rochade.formats.trf_teams import check_team_file, is_team_file, team_pairing_text


class TrfUnusable(Exception):
    """Why a TRF file cannot be paired or checked, in words; `no_pairing`: the file is sound
    but no valid pairing of its next round exists."""

    def __init__(self, message: str, no_pairing: bool = False) -> None:
        super().__init__(message)
        self.no_pairing = no_pairing


@dataclass(frozen=True)
class TrfPairing:
    """The next round as bbpPairings writes it (`text`), and why it came out so, one line
    each (`explanation`; None: not asked)."""

    text: str
    explanation: tuple[str, ...] | None = None


def _load(raw: bytes) -> tuple[TrfFile, dict[int, int]]:
    """The file with its players in file order, and the id in the file of each pairing
    number."""
    try:
        return in_file_order(load_trf(raw))
    except TrfError as exc:
        raise TrfUnusable(str(exc)) from None


Explained = tuple[list[tuple[int, int]], int | None, tuple[str, ...] | None]
"""A round paired by a system's rules: its boards, its bye, and why (None: not asked)."""


def _dutch(state: SwissState, explained: bool, player: int | None) -> Explained:
    engine = DutchEngine()
    result = engine.pair_round(state)
    boards = [(b.white, b.black) for b in result.boards]
    why = (tuple(explain(result, state, engine.pair_round, player))
           if explained or player is not None else None)
    return boards, result.bye, why


def _burstein(state: SwissState, explained: bool, player: int | None) -> Explained:
    asked = explained or player is not None
    result = BursteinEngine().pair_round(state, asked)
    boards = [(b.white, b.black) for b in result.boards]
    return boards, result.bye, tuple(burstein_explain(result)) if asked else None  # (whole)


_RULES: dict[str, tuple[Callable[[SwissState, bool, int | None], Explained],
                        Callable[[], DutchEngine | BursteinEngine]]] = {
    "dutch": (_dutch, DutchEngine),
    "burstein": (_burstein, BursteinEngine),
}
"""Each individual Swiss system `pair-trf` pairs by, as its options name it: how it pairs
and explains the next round, and its engine for checking recorded rounds."""
SYSTEMS = tuple(_RULES)


def pair_next_round(raw: bytes, explained: bool = False, player: int | None = None,
                    system: str = "dutch") -> TrfPairing:
    """The next round of the TRF file `raw`, players by their ids in the file; `explained`:
    why each pair, floater and bye came out so, `player`: only what concerns the player of
    that id (also explained); `system`: one of `SYSTEMS`."""
    text = decode_trf(raw)
    if is_team_file(text):
        if player is not None:
            raise TrfUnusable("--player is for individual files; a team file is explained whole")
        return _pair_team_file(text, explained)
    if _is_double_swiss(text):
        if player is not None:
            raise TrfUnusable("--player is for Dutch files; a Double-Swiss file is explained "
                              "whole")
        from rochade.service.trf_double_swiss import DoubleSwissFileError, pair_double_swiss_file

        try:
            answer, why = pair_double_swiss_file(text)
        except DoubleSwissFileError as exc:
            raise TrfUnusable(str(exc), exc.no_pairing) from None
        return TrfPairing(answer, why if explained else None)
    data, ids = _load(raw)
    if player is not None:
        player = next((n for n, tpn in ids.items() if tpn == player), player)
    try:
        boards, bye, reasons = _RULES[system][0](to_swiss_state(data), explained, player)
    except (TrfError, DutchError) as exc:
        raise TrfUnusable(str(exc), isinstance(exc, NoValidPairing)) from None
    text = format_pairing([(ids[w], ids[b]) for w, b in boards],
                          None if bye is None else ids[bye])
    return TrfPairing(text, reasons)


def _is_double_swiss(text: str) -> bool:
    """Whether the file's 192 record names the Double-Swiss (its system and reader are loaded
    only then, so that a Dutch file starts fast)."""
    return any(line[:3] == "192" and "DOUBLESWISS" in line.upper()
               for line in text.splitlines())


def _pair_team_file(text: str, explained: bool) -> TrfPairing:
    """The next round of a team file: `home away` per match, `bye 0`."""
    try:
        answer, why = team_pairing_text(text)
    except TrfError as exc:
        raise TrfUnusable(str(exc)) from None
    if answer is None:
        raise TrfUnusable(why[0], no_pairing=True)
    return TrfPairing(answer, tuple(why) if explained else None)


def check_rounds(raw: bytes, rounds: int | None, say: Callable[[str], None],
                 system: str = "dutch") -> int:
    """Pair each recorded round of the TRF file `raw` again from the rounds before it and
    `say` every difference (players by their ids in the file), then the count; `rounds`: the
    tournament's number of rounds where the file does not say it; `system`: one of
    `SYSTEMS`. How many rounds differ."""
    text = decode_trf(raw)
    if is_team_file(text):
        try:
            lines, differences = check_team_file(text)
        except TrfError as exc:
            raise TrfUnusable(str(exc)) from None
        for line in lines:
            say(line)
        return differences
    if _is_double_swiss(text):
        from rochade.service.trf_double_swiss import DoubleSwissFileError, check_double_swiss_file

        try:
            return check_double_swiss_file(text, say)
        except DoubleSwissFileError as exc:
            raise TrfUnusable(str(exc)) from None
    data, ids = _load(raw)
    engine = _RULES[system][1]()
    differences = 0
    total = rounds_recorded(data)
    given = rounds or data.total_rounds or total
    if given < total:
        raise TrfUnusable(f"the file records {total} rounds, more than the {given} it is said "
                          "to have")
    data = replace(data, total_rounds=given)
    for rnd in range(1, total + 1):
        pairs, bye = recorded_pairing(data, rnd)
        try:
            result = engine.pair_round(state_before(data, rnd))
        except NoValidPairing:
            say(f"round {rnd}: no valid pairing exists, but the file pairs it")
            differences += 1
            continue
        except (TrfError, DutchError) as exc:
            raise TrfUnusable(f"round {rnd}: {exc}") from None
        mine = {(b.white, b.black) for b in result.boards}
        if not same_pairing(data, rnd, mine, result.bye):
            differences += 1
            say(f"round {rnd}: the recorded pairing differs from the engine's")
            say(f"  recorded: {_show(pairs, bye, ids)}")
            say(f"  engine:   {_show(mine, result.bye, ids)}")
    say(f"{total} rounds checked, {differences} differ")
    return differences


def _show(pairs: Iterable[tuple[int, int]], bye: int | None, ids: dict[int, int]) -> str:
    text = ", ".join(f"{w}-{b}" for w, b in sorted((ids[w], ids[b]) for w, b in pairs))
    return text + (f", bye {ids[bye]}" if bye is not None else "")
