"""`rochade pair-trf`: pair or check a TRF file the way bbpPairings and JaVaFo are called.

    rochade pair-trf --dutch IN.trf -p [OUT]   write the next round (stdout without OUT)
    rochade pair-trf --dutch IN.trf -c [--rounds N]   re-pair every round, list differences
    rochade pair-trf --dutch IN.trf -p --explain [--player N]   ... and say why (stderr)

A team file (TRF26 `310` or TRF16 `013` records) is paired and checked with the FIDE Swiss
Team Pairing System (C.04.6) instead, its rules read from its `192` code; the answer lists
`home away` per match (the home team has White on board 1) by team pairing number.

Exit codes of -p follow bbpPairings: 0 ok, 1 no valid pairing, 3 bad input, 5 file error.
The checker (-c) is for scripts: 0 every round matches, 1 a round differs, 2 the file (or
the command line) cannot be used. docs/trf.md has both tables.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import click

from rochade.core.dutch.engine import DutchEngine
from rochade.core.dutch.explain import explain
from rochade.core.dutch.state import DutchError, NoValidPairing
from rochade.formats.trf import (
    TrfError,
    TrfFile,
    check_team_file,
    decode_trf,
    format_pairing,
    in_file_order,
    is_team_file,
    load_trf,
    recorded_pairing,
    rounds_recorded,
    same_pairing,
    state_before,
    team_pairing_text,
    to_swiss_state,
)

EXIT_OK, EXIT_NO_PAIRING, EXIT_BAD_INPUT, EXIT_FILE = 0, 1, 3, 5
CHECK_DIFFERS, CHECK_UNUSABLE = 1, 2
"""The checker's codes besides 0: a round differs; the input cannot be used."""


def _fail(code: int, message: str) -> None:
    click.echo(f"rochade pair-trf: {message}", err=True)
    sys.exit(code)


def _bytes(path: str, check: bool) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        _fail(CHECK_UNUSABLE if check else EXIT_FILE, f"cannot read {path}: {exc.strerror or exc}")
        raise


def _read(path: str, raw: bytes, check: bool) -> TrfFile:
    try:
        return load_trf(raw)
    except TrfError as exc:
        _fail(CHECK_UNUSABLE if check else EXIT_BAD_INPUT, f"{path}: {exc}")
        raise


@click.command("pair-trf")
@click.argument("trf", metavar="IN.trf")
@click.argument("out", required=False, metavar="[OUT]")
@click.option("--dutch", "system", flag_value="dutch", default=True,
              help="FIDE Dutch system, 2026 rules (the default; team files are paired by "
              "the FIDE Swiss Team Pairing System, C.04.6).")
@click.option("-p", "pair", is_flag=True, help="Pair the next round.")
@click.option("-c", "check", is_flag=True, help="Check every round of a finished file.")
@click.option("--explain", "show", is_flag=True,
              help="With -p: print on stderr why each pair, floater and bye came out so "
              "(the deciding criterion) and the colours.")
@click.option("--player", type=int, metavar="N",
              help="With -p: explain only what concerns pairing number N (its bracket, "
              "opponent, float or bye, colour); implies --explain.")
@click.option("--rounds", type=click.IntRange(min=1), metavar="N",
              help="With -c: the tournament's number of rounds, for a file without XXR/142 "
              "(default: the rounds the file records).")
def pair_trf(trf: str, out: str | None, system: str, pair: bool, check: bool,
             show: bool, player: int | None, rounds: int | None) -> None:
    """Pair the next round of a TRF file, or check all its rounds, with the Dutch system.

    A team file (310 or 013 records) is paired with the FIDE Swiss Team Pairing System."""
    usage = CHECK_UNUSABLE if check else EXIT_BAD_INPUT
    if pair == check:
        _fail(usage, "give exactly one of -p (pair the next round) or -c (check)")
    if check and (show or player is not None):
        _fail(usage, "--explain and --player go with -p, not with -c")
    if pair and rounds is not None:
        _fail(usage, "--rounds goes with -c; for -p the file must say it (XXR or 142)")
    raw = _bytes(trf, check)
    text = decode_trf(raw)
    if is_team_file(text):
        if player is not None:
            _fail(usage, "--player is for individual files; a team file is explained whole")
        _teams(text, trf, out, check, show)
        return
    data = _read(trf, raw, check)
    try:
        data, ids = in_file_order(data)
    except TrfError as exc:
        _fail(usage, f"{trf}: {exc}")
        raise
    engine = DutchEngine()
    if check:
        sys.exit(_check(data, ids, engine, trf, rounds))
    if player is not None:
        player = next((n for n, tpn in ids.items() if tpn == player), player)
    try:
        state = to_swiss_state(data)
        result = engine.pair_round(state)
    except (TrfError, DutchError) as exc:
        code = EXIT_NO_PAIRING if isinstance(exc, NoValidPairing) else EXIT_BAD_INPUT
        _fail(code, f"{trf}: {exc}")
        return
    text = format_pairing([(ids[b.white], ids[b.black]) for b in result.boards],
                          None if result.bye is None else ids[result.bye])
    if show or player is not None:
        click.echo("\n".join(explain(result, state, engine.pair_round, player)), err=True)
    _emit(text, out)


def _teams(text: str, name: str, out: str | None, check: bool, show: bool) -> None:
    """Pair (-p) or check (-c) a team file with the C.04.6 team Swiss."""
    try:
        if check:
            lines, differ = check_team_file(text)
            click.echo("\n".join(lines))
            sys.exit(CHECK_DIFFERS if differ else EXIT_OK)
        answer, why = team_pairing_text(text)
    except TrfError as exc:
        _fail(CHECK_UNUSABLE if check else EXIT_BAD_INPUT, f"{name}: {exc}")
        return
    if answer is None:
        _fail(EXIT_NO_PAIRING, f"{name}: {why[0]}")
        return
    if show:
        click.echo("\n".join(why), err=True)
    _emit(answer, out)


def _emit(answer: str, out: str | None) -> None:
    """The pairing on stdout, or in the file OUT."""
    if out is None:
        click.echo(answer, nl=False)
        return
    try:
        Path(out).write_text(answer, encoding="utf-8")
    except OSError as exc:
        _fail(EXIT_FILE, f"cannot write {out}: {exc.strerror or exc}")


def _check(data: TrfFile, ids: dict[int, int], engine: DutchEngine, name: str,
           rounds: int | None) -> int:
    """Re-pair each recorded round from the rounds before it; list every difference (players
    by their ids in the file, `ids` of each pairing number). The exit code: 0 when every
    round matches, else CHECK_DIFFERS."""
    differences = 0
    total = rounds_recorded(data)
    given = rounds or data.total_rounds or total
    if given < total:
        _fail(CHECK_UNUSABLE, f"{name}: the file records {total} rounds, more than the "
              f"{given} it is said to have")
    data = replace(data, total_rounds=given)
    for rnd in range(1, total + 1):
        pairs, bye = recorded_pairing(data, rnd)
        try:
            result = engine.pair_round(state_before(data, rnd))
        except NoValidPairing:
            click.echo(f"round {rnd}: no valid pairing exists, but the file pairs it")
            differences += 1
            continue
        except (TrfError, DutchError) as exc:
            _fail(CHECK_UNUSABLE, f"{name}: round {rnd}: {exc}")
            raise
        mine = {(b.white, b.black) for b in result.boards}
        if not same_pairing(data, rnd, mine, result.bye):
            differences += 1
            click.echo(f"round {rnd}: the recorded pairing differs from the engine's")
            click.echo(f"  recorded: {_show(pairs, bye, ids)}")
            click.echo(f"  engine:   {_show(mine, result.bye, ids)}")
    click.echo(f"{total} rounds checked, {differences} differ")
    return CHECK_DIFFERS if differences else EXIT_OK


def _show(pairs: Iterable[tuple[int, int]], bye: int | None, ids: dict[int, int]) -> str:
    text = ", ".join(f"{w}-{b}" for w, b in sorted((ids[w], ids[b]) for w, b in pairs))
    return text + (f", bye {ids[bye]}" if bye is not None else "")
