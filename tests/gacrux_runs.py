"""gacrux (the FIDE Technical Commission's reference checkers, a test dependency) run in the
test process, as `python -m gacrux.PROGRAM ARGS` runs it: its own command line parser reads
the arguments, and what it prints is returned. A fresh Python for each run cost the comparison
tests most of their time (a tenth of a second of start-up against a few milliseconds of
checking); gacrux keeps no state between two runs in one process (each run reads its file
into a new object), so its output is the same."""

from __future__ import annotations

import contextlib
import importlib
import io
import sys
from pathlib import Path
from unittest.mock import patch


def gacrux(program: str, *args: str) -> tuple[int, str]:
    """(status, output) of `python -m gacrux.<program> <args>`: the status its run reports
    (`tiebreakchecker` exits with it, 0 when all went well), and what it printed."""
    module = importlib.import_module(f"gacrux.{program}")
    printed = io.StringIO()
    with patch.object(sys, "argv", [program, *args]), contextlib.redirect_stdout(printed):
        status = getattr(module, program)().common_main()
    return status, printed.getvalue()


def tiebreaks(*args: str) -> str:
    """`python -m gacrux.tiebreakchecker <args>`'s output; an error if it failed."""
    status, printed = gacrux("tiebreakchecker", *args)
    assert status == 0, printed
    return printed


def pairing_check(path: Path) -> str:
    """gacrux's pairing checker on a TRF file (`-c -d T`): its text report, which ends in
    `Check: True` when it finds every round paired right."""
    return gacrux("pairingchecker", "-i", str(path), "-c", "-d", "T")[1]
