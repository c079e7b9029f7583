"""`rochade pair-trf`: pair or check a TRF file the way bbpPairings and JaVaFo are called.

    rochade pair-trf --dutch IN.trf -p [OUT]   write the next round (stdout without OUT)
    rochade pair-trf --dutch IN.trf -c [--rounds N]   re-pair every round, list differences
    rochade pair-trf --dutch IN.trf -p --explain [--player N]   ... and say why (stderr)
    rochade pair-trf --burstein IN.trf -p [OUT]   the same with the FIDE Burstein system

A team file (TRF26 `310` or TRF16 `013` records) is paired and checked with the FIDE Swiss
Team Pairing System (C.04.6) instead, its rules read from its `192` code; the answer lists
`home away` per match (the home team has White on board 1) by team pairing number.

Exit codes of -p follow bbpPairings: 0 ok, 1 no valid pairing, 3 bad input, 5 file error.
The checker (-c) is for scripts: 0 every round matches, 1 a round differs, 2 the file (or
the command line) cannot be used. docs/trf.md has both tables.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rochade.service.trf_pairing import TrfUnusable, check_rounds, pair_next_round

EXIT_OK, EXIT_NO_PAIRING, EXIT_BAD_INPUT, EXIT_FILE = 0, 1, 3, 5
CHECK_DIFFERS, CHECK_UNUSABLE = 1, 2
"""The checker's codes besides 0: a round differs; the input cannot be used."""


def _fail(code: int, message: str) -> None:
    click.echo(f"rochade pair-trf: {message}", err=True)
    sys.exit(code)


def _read(path: str, check: bool) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        _fail(CHECK_UNUSABLE if check else EXIT_FILE, f"cannot read {path}: {exc.strerror or exc}")
        raise


@click.command("pair-trf")
@click.argument("trf", metavar="IN.trf")
@click.argument("out", required=False, metavar="[OUT]")
@click.option("--dutch", "system", flag_value="dutch", default=True,
              help="FIDE Dutch system, 2026 rules (the default; team files are paired by "
              "the FIDE Swiss Team Pairing System, C.04.6).")
@click.option("--burstein", "system", flag_value="burstein",
              help="FIDE Burstein system, as bbpPairings v6 pairs it (without XXA or 250 "
              "records, the Burstein acceleration of rounds 1 and 2 applies).")
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
    """Pair the next round of a TRF file, or check all its rounds, with the Dutch (or
    Burstein) system.

    A team file (310 or 013 records) is paired with the FIDE Swiss Team Pairing System."""
    usage = CHECK_UNUSABLE if check else EXIT_BAD_INPUT
    if pair == check:
        _fail(usage, "give exactly one of -p (pair the next round) or -c (check)")
    if check and (show or player is not None):
        _fail(usage, "--explain and --player go with -p, not with -c")
    if pair and rounds is not None:
        _fail(usage, "--rounds goes with -c; for -p the file must say it (XXR or 142)")
    raw = _read(trf, check)
    if check:
        try:
            differences = check_rounds(raw, rounds, click.echo, system)
        except TrfUnusable as exc:
            _fail(CHECK_UNUSABLE, f"{trf}: {exc}")
            raise
        sys.exit(CHECK_DIFFERS if differences else EXIT_OK)
    try:
        paired = pair_next_round(raw, show, player, system)
    except TrfUnusable as exc:
        _fail(EXIT_NO_PAIRING if exc.no_pairing else EXIT_BAD_INPUT, f"{trf}: {exc}")
        raise
    if paired.explanation is not None:
        click.echo("\n".join(paired.explanation), err=True)
    if out is None:
        click.echo(paired.text, nl=False)
        return
    try:
        Path(out).write_text(paired.text, encoding="utf-8")
    except OSError as exc:
        _fail(EXIT_FILE, f"cannot write {out}: {exc.strerror or exc}")
