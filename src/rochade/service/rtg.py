"""`rochade rtg`: FIDE's random tournament generator check (RTG, C.04.A) for each pairing
system rochade offers.

Each system generates whole events from a seed with rochade's own engine and writes them as
TRF files; every round is then checked by the free checker (`pair-trf -c`'s logic, run in
this process) and by the other programs that pair that system, where they are installed:
gacrux (the FIDE TEC reference, a Python package, run in this process) and bbpPairings (a
program on the PATH, or the one given). A discrepancy names the seed that replays it.

A new system is one entry in `RTG_SYSTEMS`: an object with a `name`, the `oracles` that
can check it, `generate(seed, max_players)` (an `RtgEvent`, or None when the seed's event
cannot be paired to the end) and `check(event, path, checker, tools)`.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import json
import math
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

ROCHADE, GACRUX, BBP = "rochade", "gacrux", "bbpPairings"
"""The checkers: rochade's own, and the oracles."""

_ROUND = re.compile(r"^round (\d+): ", re.M)
_CHECKED = re.compile(r"(\d+) rounds checked")
_ORACLE_ROUND = re.compile(r"Round #(\d+)")


@dataclass(frozen=True)
class RtgEvent:
    """One generated event: its seed, a few words on its shape, the whole event as TRF, and
    what an oracle must be told besides the file (`options`, per checker)."""

    seed: int
    label: str
    trf: str
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Checked:
    """What one checker said of one event: the rounds it checked, those it pairs otherwise,
    or why it could not check the file (`failed`)."""

    rounds: int
    differing: frozenset[int] = frozenset()
    failed: str | None = None


@dataclass(frozen=True)
class Tools:
    """The oracles found on this machine: gacrux importable, the bbpPairings program."""

    gacrux: bool = False
    bbp: Path | None = None

    def has(self, checker: str) -> bool:
        return checker == ROCHADE or (checker == GACRUX and self.gacrux) or (
            checker == BBP and self.bbp is not None)


class RtgSystem(Protocol):
    """A pairing system's generator and checkers (one registry entry each)."""

    name: str
    oracles: tuple[str, ...]

    def generate(self, seed: int, max_players: int) -> RtgEvent | None: ...

    def check(self, event: RtgEvent, path: Path, checker: str, tools: Tools) -> Checked: ...


def find_tools(bbp: Path | None = None, gacrux: bool = True) -> Tools:
    """The oracles installed: gacrux when importable, bbpPairings as given or on the PATH
    (`bbpPairings.exe`, as its build names it, or `bbpPairings`)."""
    found = bbp if bbp is not None else next(
        (Path(p) for name in ("bbpPairings.exe", "bbpPairings") if (p := shutil.which(name))),
        None)
    return Tools(gacrux=gacrux and importlib.util.find_spec("gacrux") is not None, bbp=found)


# -- the checkers ------------------------------------------------------------------------------
def rochade_check(path: Path, system: str = "dutch") -> Checked:
    """`rochade pair-trf --SYSTEM -c FILE`, run in this process (a team file: its own)."""
    from rochade.service.trf_pairing import TrfUnusable, check_rounds

    said: list[str] = []
    try:
        check_rounds(path.read_bytes(), None, said.append, system)
    except TrfUnusable as exc:
        return Checked(0, failed=str(exc))
    text = "\n".join(said)
    total = _CHECKED.search(text)
    return Checked(int(total.group(1)) if total else 0,
                   frozenset(int(r) for r in _ROUND.findall(text)))


_GACRUX: dict[str, Callable[[], Any]] = {
    "pairingchecker": lambda: importlib.import_module("gacrux.pairingchecker").pairingchecker,
    "tiebreakchecker": lambda: importlib.import_module("gacrux.tiebreakchecker").tiebreakchecker,
}
"""gacrux's checkers by module name (each loaded on first use)."""


def gacrux_run(module: str, args: Sequence[str]) -> str:
    """`python -m gacrux.MODULE ARGS` (a key of `_GACRUX`) in this process (its start-up
    takes longer than checking a small event): what it printed, or why it failed."""
    main = _GACRUX[module]()
    argv, sys.argv = sys.argv, [module, *args]
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            main().common_main()
    except (Exception, SystemExit) as exc:  # a crash is a finding, not the end of the run
        return f"gacrux failed: {exc!r}"
    finally:
        sys.argv = argv
    return out.getvalue()


def gacrux_check(args: Sequence[str]) -> str:
    """gacrux's pairing checker on ARGS (see `gacrux_run`)."""
    return gacrux_run("pairingchecker", args)


def _by_round(report: str, rounds: int) -> Checked:
    """An oracle's checker report (gacrux's text, bbpPairings'): a `Round #N` line per round,
    any other line under it a difference in that round."""
    differing: set[int] = set()
    current = 0
    for line in report.splitlines():
        found = _ORACLE_ROUND.search(line)
        if found:
            current = int(found.group(1))
        elif line.strip() and not line.startswith("Check:"):
            differing.add(current)
    return Checked(rounds, frozenset(differing))


def bbp_run(program: Path, args: Sequence[str], timeout: float = 600) -> tuple[int, str]:
    """bbpPairings with ARGS: its exit code and what it printed."""
    try:
        done = subprocess.run([str(program), *args], capture_output=True, text=True,
                              timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return -1, f"bbpPairings failed: {exc}"
    return done.returncode, done.stdout + done.stderr


# -- the systems -------------------------------------------------------------------------------
class DutchRtg:
    """The FIDE Dutch system: rochade's Dutch generator (8 to `max_players` players,
    log-uniform, 5-13 rounds, every kind of bye, forfeits one way and both ways, late
    entries, withdrawals), the Baku acceleration in one event of five and an announced
    acceleration of its own (a table of virtual points) in another, both as 250 records."""

    name: str = "dutch"
    oracles: tuple[str, ...] = (GACRUX, BBP)
    code = "FIDE_DUTCH_2026"

    def _engine(self) -> Callable[[object], object]:
        from rochade.core.dutch import DutchEngine

        return DutchEngine().pair  # type: ignore[return-value]

    def _accelerations(self, roll: float) -> tuple[bool, bool]:
        """Baku in one event of five, a table of virtual points in another."""
        return roll < 0.2, 0.2 <= roll < 0.4

    def generate(self, seed: int, max_players: int) -> RtgEvent | None:
        from rochade.core.dutch import DutchError
        from rochade.core.dutch.generator import GeneratorSettings, random_tournament

        rng = random.Random(seed)
        players = int(math.exp(rng.uniform(math.log(8), math.log(max_players + 1))))
        shape = GeneratorSettings(
            players=players,
            rounds=min(rng.randint(5, 13), max(5, players // 2 + 1)),  # a Swiss
            draw_rate=rng.uniform(0.1, 0.4),
            forfeit_rate=rng.uniform(0, 0.05),
            half_bye_rate=rng.uniform(0, 0.05),
            absence_rate=rng.uniform(0, 0.04),
            full_bye_rate=rng.uniform(0, 0.02),
            late_entries=rng.randint(0, max(1, players // 10)),
            withdrawals=rng.randint(0, max(1, players // 10)),
        )
        baku, virtual = self._accelerations(rng.random())  # drawn last: a seed's Baku
        shape = replace(shape, baku=baku, virtual=virtual)  # events are those of older runs
        try:
            log = random_tournament(rng, shape, self._engine())  # type: ignore[arg-type]
        except DutchError:
            return None
        extra = ", Baku" if shape.baku else ", virtual points" if shape.virtual else ""
        return RtgEvent(seed, f"{players} players, {shape.rounds} rounds{extra}",
                        _dutch_trf(log, f"RTG {seed}", shape.baku, self.code))

    def check(self, event: RtgEvent, path: Path, checker: str, tools: Tools) -> Checked:
        if checker == ROCHADE:
            return rochade_check(path, self.name)
        mine = rochade_check(path, self.name).rounds
        if checker == GACRUX:
            report = gacrux_check(["-i", str(path), "-c", "-d", "T"])
            if "Check:" not in report:
                return Checked(0, failed=report.strip()[-300:])
            return _by_round(report, mine)
        assert tools.bbp is not None
        copy = path.with_suffix(".bbp.trf")  # bbpPairings v6 knows FIDE_DUTCH_2025, not 2026
        copy.write_text(re.sub(r"(?m)^192 FIDE_DUTCH_2026", "192 FIDE_DUTCH_2025", event.trf),
                        encoding="utf-8")
        code, report = bbp_run(tools.bbp, [f"--{self.name}", str(copy), "-c"])
        copy.unlink()
        if code != 0 or "Round #" not in report:
            return Checked(0, failed=report.strip()[-300:])
        return _by_round(report, mine)


class BursteinRtg(DutchRtg):
    """The FIDE Burstein system: the Dutch system's generator paired by rochade's Burstein
    engine (no Baku: without 250 records the Burstein acceleration of rounds 1 and 2
    applies, as bbpPairings applies it; a table of virtual points in one event of five),
    checked by bbpPairings' `--burstein -c`; gacrux has no Burstein system."""

    name: str = "burstein"
    oracles: tuple[str, ...] = (BBP,)
    code = "FIDE_BURSTEIN"

    def _engine(self) -> Callable[[object], object]:
        from rochade.core.burstein import BursteinEngine

        return BursteinEngine().pair  # type: ignore[return-value]

    def _accelerations(self, roll: float) -> tuple[bool, bool]:
        return False, roll < 0.2

    def check(self, event: RtgEvent, path: Path, checker: str, tools: Tools) -> Checked:
        """bbpPairings v6's checker (`--burstein -c`) crashes, so it pairs each round with
        `-p` from the state before it, and the round must be the one written."""
        if checker != BBP:
            return super().check(event, path, checker, tools)
        from rochade.formats.trf import (
            format_state,
            load_trf,
            rounds_recorded,
            same_pairing,
            state_before,
        )

        assert tools.bbp is not None
        data = load_trf(path.read_bytes())
        total = rounds_recorded(data)
        differing: set[int] = set()
        crashed: list[int] = []
        before, answer = path.with_suffix(".before.trf"), path.with_suffix(".answer")
        for rnd in range(1, total + 1):
            before.write_text(format_state(state_before(data, rnd)), encoding="utf-8")
            code, _ = bbp_run(tools.bbp, ["--burstein", str(before), "-p", str(answer)])
            if code not in (0, 1):  # v6 aborts on some rounds (memory corruption): noted
                crashed.append(rnd)
                continue
            pairs = [tuple(map(int, line.split())) for line in
                     answer.read_text(encoding="utf-8").splitlines()[1:]] if code == 0 else []
            bye = next((w for w, b in pairs if b == 0), None)
            if code == 1 or not same_pairing(data, rnd, [(w, b) for w, b in pairs if b], bye):
                differing.add(rnd)
        for leftover in (before, answer):
            leftover.unlink(missing_ok=True)
        failed = f"bbpPairings aborted on rounds {crashed}" if crashed else None
        return Checked(total, frozenset(differing), failed)


def _dutch_trf(log: object, name: str, baku: bool, code: str = "FIDE_DUTCH_2026") -> str:
    """The finished event as TRF26 (with the engines' TRF(x) lines): virtual points as 250
    records, which every checker reads (gacrux reads XXA lines otherwise), and a withdrawn
    player's round blocks blank from his withdrawal on."""
    from rochade.core.dutch.generator import SwissLog
    from rochade.core.dutch.state import Colour
    from rochade.formats.trf import format_state
    from rochade.formats.trf_lines import format_points

    assert isinstance(log, SwissLog)
    lines = [line for line in format_state(log.state(), name).splitlines()
             if not line.startswith("XXA")]
    colour = "W" if log.initial_colour is Colour.WHITE else "B"
    records = []
    for tpn, points in sorted(log.accelerations.items()):
        first = 0
        while first < len(points):
            last = first
            while last + 1 < len(points) and points[last + 1] == points[first]:
                last += 1
            if points[first]:
                records.append(f"250 {'':4} {format_points(points[first]):>4} {first + 1:03d} "
                               f"{last + 1:03d} {tpn:04d} {tpn:04d}")
            first = last + 1
    out = [lines[0], f"142 {log.total_rounds}", f"152 {colour}",
           f"192 {code}{'_BAKU' if baku else ''}", *records,
           *lines[1:]]
    for i, line in enumerate(out):
        if line.startswith("001"):
            stop = log.withdrawn.get(int(line[4:8]))
            if stop is not None:
                out[i] = line[: 91 + 10 * (stop - 1)].rstrip()
    return "\n".join(out) + "\n"


class TeamRtg:
    """The FIDE Swiss Team Pairing System (C.04.6): rochade's team generator (8 to
    `max_players` teams of 4-6 boards, colour models A, B and none by turns, withdrawals,
    forfeits, Baku in one event of five, game points primary in some), checked by gacrux's
    team checker; bbpPairings has no team system."""

    name: str = "teams"
    oracles: tuple[str, ...] = (GACRUX,)

    def generate(self, seed: int, max_players: int) -> RtgEvent | None:
        from rochade.core.teams.generator import generated_event
        from rochade.core.teams.model import ColourModel, Primary
        from rochade.core.teams.swiss import NoTeamPairing
        from rochade.formats.trf_teams import format_team_event

        model = (ColourModel.TYPE_A, ColourModel.TYPE_B, ColourModel.NONE)[seed % 3]
        try:
            event = generated_event(seed, model, (8, max(8, min(max_players, 40)))).event
        except NoTeamPairing:
            return None
        scores = ["mp", "gp"] if event.primary is Primary.MATCH_POINTS else ["gp", "mp"]
        method = _TEAM_METHODS[model.value] + "-" + "+".join(
            scores if event.secondary_used else scores[:1])
        label = (f"{len(event.teams)} teams, {event.boards} boards, {event.total_rounds} "
                 f"rounds, colours {model.value}{', Baku' if event.baku else ''}")
        return RtgEvent(seed, label, format_team_event(event), {GACRUX: ("-m", method)})

    def check(self, event: RtgEvent, path: Path, checker: str, tools: Tools) -> Checked:
        if checker == ROCHADE:
            return rochade_check(path)
        printed = gacrux_check(["-i", str(path), *event.options[GACRUX], "-c"])
        try:
            rounds = json.loads(printed)["pairingResult"]["roundpairing"]
        except (ValueError, KeyError, TypeError):
            return Checked(0, failed=printed.strip()[-300:])
        return Checked(len(rounds), frozenset(int(r["round"]) for r in rounds
                                              if not r.get("check")))


_TEAM_METHODS = {"A": "fideteam", "B": "fideteam-typeb", "none": "fideteam-nocolor"}


class DoubleSwissRtg:
    """The FIDE Double-Swiss (C.04.5): rochade's generator (8 to `max_players` players,
    log-uniform, 3-9 match rounds of two games, absences, withdrawals, forfeits and unusual
    results, either initial colour), checked by `pair-trf -c` (first games paired again,
    second games as the first swapped); neither gacrux nor bbpPairings pairs it."""

    name: str = "double-swiss"
    oracles: tuple[str, ...] = ()

    def generate(self, seed: int, max_players: int) -> RtgEvent | None:
        from rochade.service.trf_double_swiss import random_double_swiss_trf

        rng = random.Random(seed)
        players = int(math.exp(rng.uniform(math.log(8), math.log(max_players + 1))))
        rounds = min(rng.randint(3, 9), max(3, players // 2))
        trf = random_double_swiss_trf(seed, players, rounds)
        if not any(line.startswith("001") and line[91:].strip() for line in trf.splitlines()):
            return None  # not even a first round could be paired
        return RtgEvent(seed, f"{players} players, {rounds} match rounds", trf)

    def check(self, event: RtgEvent, path: Path, checker: str, tools: Tools) -> Checked:
        return rochade_check(path, self.name)


RTG_SYSTEMS: dict[str, RtgSystem] = {"dutch": DutchRtg(), "burstein": BursteinRtg(),
                                     "teams": TeamRtg(), "double-swiss": DoubleSwissRtg()}
"""Every system `rochade rtg` generates and checks, by the name `--system` takes."""


# -- a run -------------------------------------------------------------------------------------
@dataclass
class SystemRun:
    """What a run found for one system: events checked, events that could not be paired to
    the end (dropped), rounds, and per checker the (seed, round) pairs it pairs otherwise and
    the seeds it could not read."""

    system: str
    checkers: tuple[str, ...]
    events: int = 0
    dropped: int = 0
    rounds: int = 0
    differing: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    failed: dict[str, list[int]] = field(default_factory=dict)

    @property
    def discrepancies(self) -> int:
        return sum(map(len, self.differing.values())) + sum(map(len, self.failed.values()))


@dataclass(frozen=True)
class RtgRun:
    """A whole run: each system's findings, the seconds it took, and whether the time budget
    cut it short."""

    systems: tuple[SystemRun, ...]
    seconds: float
    cut_short: bool = False

    @property
    def discrepancies(self) -> int:
        return sum(s.discrepancies for s in self.systems)


def run_rtg(systems: Iterable[str], n: int, seed: int = 1, max_players: int = 100,
            tools: Tools | None = None, keep: Path | None = None, budget: float | None = None,
            workdir: Path | None = None, say: Callable[[str], None] = lambda _: None,
            ) -> RtgRun:
    """Generate `n` events per system from seeds `seed`, `seed + 1`, ...; check every round
    with rochade's checker and the oracles in `tools` that know the system. `say` gets one
    line per discrepancy; with `keep` the files of those events are written there."""
    import tempfile

    tools = tools or Tools()
    start = time.perf_counter()
    runs: list[SystemRun] = []
    cut = False
    with tempfile.TemporaryDirectory(prefix="rtg-") as tmp:
        folder = workdir or Path(tmp)
        for name in systems:
            system = RTG_SYSTEMS[name]
            checkers = (ROCHADE, *(o for o in system.oracles if tools.has(o)))
            run = SystemRun(name, checkers, differing={c: [] for c in checkers},
                            failed={c: [] for c in checkers})
            runs.append(run)
            for number in range(seed, seed + n):
                if budget is not None and time.perf_counter() - start > budget:
                    cut = True
                    break
                _one(system, number, max_players, tools, folder, keep, run, say)
    return RtgRun(tuple(runs), round(time.perf_counter() - start, 1), cut)


def _one(system: RtgSystem, number: int, max_players: int, tools: Tools, folder: Path,
         keep: Path | None, run: SystemRun, say: Callable[[str], None]) -> None:
    event = system.generate(number, max_players)
    if event is None:
        run.dropped += 1
        return
    path = folder / f"rtg-{system.name}-{number}.trf"
    path.write_text(event.trf, encoding="utf-8")
    found = {checker: system.check(event, path, checker, tools) for checker in run.checkers}
    run.events += 1
    run.rounds += found[ROCHADE].rounds
    rounds: dict[int, list[str]] = {}
    for checker, checked in found.items():
        if checked.failed is not None:
            run.failed[checker].append(number)
            say(f"{system.name} seed {number} ({event.label}): {checker} could not check "
                f"the file: {checked.failed}")
        run.differing[checker] += [(number, r) for r in sorted(checked.differing)]
        for r in checked.differing:
            rounds.setdefault(r, []).append(checker)
    for r, who in sorted(rounds.items()):
        say(f"{system.name} seed {number} ({event.label}): round {r} differs for "
            f"{'+'.join(who)}")
    if keep is not None and (rounds or any(c.failed for c in found.values())):
        keep.mkdir(parents=True, exist_ok=True)
        (keep / path.name).write_text(event.trf, encoding="utf-8")
    path.unlink()


def summary_lines(run: RtgRun) -> list[str]:
    """The run in a few lines: per system the events, rounds and, per checker, the rounds it
    pairs otherwise and the files it could not read."""
    lines = []
    for s in run.systems:
        lines.append(f"{s.system}: {s.events} events, {s.rounds} rounds"
                     + (f", {s.dropped} seeds dropped (no pairing to the end)"
                        if s.dropped else ""))
        for checker in s.checkers:
            unread, differ = len(s.failed[checker]), len(s.differing[checker])
            rounds = "round differs" if differ == 1 else "rounds differ"
            lines.append(f"  {checker}: {differ} {rounds}"
                         + (f", {unread} files unreadable" if unread else ""))
    lines.append(f"{run.discrepancies} discrepancies in {run.seconds} s"
                 + (" (stopped at the time budget)" if run.cut_short else ""))
    return lines


def as_json(run: RtgRun) -> str:
    """The run as JSON, for scripts."""
    return json.dumps({
        "seconds": run.seconds, "cut_short": run.cut_short,
        "discrepancies": run.discrepancies,
        "systems": [{"system": s.system, "events": s.events, "dropped": s.dropped,
                     "rounds": s.rounds, "checkers": list(s.checkers),
                     "differing": {c: [list(p) for p in v] for c, v in s.differing.items()},
                     "failed": s.failed} for s in run.systems],
    }, indent=1)
