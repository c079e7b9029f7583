"""Human-readable account of a Dutch pairing: brackets, floaters, bye, colours.

The TD's questions are "why did I float?", "why did she get the bye?" and "why am I black
again?"; each line answers one of them with the article of C.04.3 that decided it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rochade.core.dutch.state import Colour

if TYPE_CHECKING:
    from rochade.core.dutch.engine import BracketTrace, DutchResult

_COLOUR_RULES = {
    "5.2.1": "both colour preferences granted",
    "5.2.2": "the stronger colour preference wins",
    "5.2.3": "colours alternate from the last round the two histories differed",
    "5.2.4": "the higher-ranked player gets the preferred colour",
    "5.2.5": "pairing number parity of the higher-ranked player with the drawn colour",
}


def points(tenths: int) -> str:
    return f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"


def _ids(tpns: tuple[int, ...]) -> str:
    return ", ".join(str(t) for t in tpns) if tpns else "none"


def _bracket_lines(trace: BracketTrace, result: DutchResult) -> list[str]:
    head = f"Bracket {points(trace.score)}: residents {_ids(trace.residents)}"
    if trace.movers:
        head += f"; moved down into it: {_ids(trace.movers)}"
    lines = [head]
    for hi, lo in trace.pairs:
        a, b = result.facts[hi], result.facts[lo]
        kind = "MDP pair (C6-C7: pair the moved-down players first)" if a.score > b.score else (
            "S1-S2 pair in transposition/exchange order (Arts. 3-4, C10-C21 on ties)"
        )
        lines.append(f"  {hi} - {lo}: {kind}")
    for tpn in trace.floaters:
        lines.append(f"  {tpn} floats down: {_float_reason(tpn, trace, result)}")
    return lines


def _float_reason(tpn: int, trace: BracketTrace, result: DutchResult) -> str:
    me = result.facts[tpn]
    others = [t for t in (*trace.residents, *trace.movers) if t != tpn]
    if not others:
        return "the only player in this score group, so moves down to find an opponent"
    open_ = [t for t in others if t not in me.met]
    if not open_:
        return "already met everyone else in the bracket (C1)"
    size = len(trace.residents) + len(trace.movers)
    if size % 2 == 1 and len(trace.floaters) == 1:
        return "odd number of players in the bracket; the lowest-ranked acceptable player " \
            "floats (C6-C8, then Arts. 3-4 order)"
    return "no complete pairing of the remaining players keeps this player here " \
        "(C1-C4 or C5), or fewer floats elsewhere (C6-C8)"


def explain(result: DutchResult) -> list[str]:
    """The explanation lines of one pairing, top bracket first."""
    lines: list[str] = []
    for trace in result.brackets:
        if trace.residents or trace.movers:
            lines.extend(_bracket_lines(trace, result))
    if result.bye is not None:
        me = result.facts[result.bye]
        why = (
            f"pairing-allocated bye: {result.bye} ({points(me.real_score)} points); "
            "C5: the lowest score at which a bye still leaves a complete pairing is "
            f"{points(result.bye_score or 0)}; C2: only players without an earlier bye or "
            "unplayed win may receive it"
        )
        if result.bye_by_unplayed:
            why += "; C9: among those, the fewest unplayed rounds"
        lines.append(why)
    for board in result.boards:
        white, black = result.facts[board.white], result.facts[board.black]
        lines.append(
            f"Board {board.white} - {board.black}: {board.white} has white; "
            f"{_COLOUR_RULES[board.colour_rule]} ({board.colour_rule}); preferences: "
            f"{board.white} {_pref(white.preference)}, {board.black} {_pref(black.preference)}"
        )
    return lines


def _pref(colour: Colour | None) -> str:
    return "none" if colour is None else ("white" if colour is Colour.WHITE else "black")
