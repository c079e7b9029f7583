"""One reader, one verdict: every command that reads TRF (`import-trf`, `standings FILE.trf`,
`pair-trf -c`) takes the same files and refuses the others for the same reason.

Run over every TRF file of the test suite, each also with its points column zeroed (a file
that contradicts itself), and over the real files of the shared folder (the Dutch
conformance corpus, the benchmark events). `pair-trf -c` re-pairs every round, which takes
minutes on the large events: on those the checker's reading (the state before each round,
as `-c` builds it) stands in for the command.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from rochade.cli import main
from rochade.formats.trf import (
    TrfError,
    decode_trf,
    in_file_order,
    load_trf,
    rounds_recorded,
    state_before,
)
from rochade.formats.trf_teams import is_team_file

DATA = Path(__file__).parents[1] / "data"
OWN = sorted(DATA.rglob("*.trf"))
CHECKED_IN_FULL = 30
"""Shared files with up to this many players go through `pair-trf -c` itself."""


def zeroed(raw: bytes) -> bytes:
    """The file with every player's points column 0.0 (line endings kept; UTF-8)."""
    lines = decode_trf(raw).splitlines(keepends=True)
    return "".join(line[:80] + " 0.0" + line[84:] if line.startswith("001") and len(line) > 84
                   else line for line in lines).encode("utf-8")


def verdicts(path: Path, club: Path, check: bool = True) -> dict[str, str]:
    """Each command's verdict: "ok", or its reason (the file's name and the command's own
    prefix left out)."""
    runner = CliRunner()

    def reason(text: str) -> str:
        line = text.strip().splitlines()[-1]
        for prefix in ("Error: ", "rochade pair-trf: ", f"{path}: "):
            line = line.removeprefix(prefix)
        return line

    out = {}
    assert runner.invoke(main, ["init", str(club)]).exit_code == 0
    result = runner.invoke(main, ["import-trf", str(club), str(path)])
    out["import-trf"] = "ok" if result.exit_code == 0 else reason(result.stderr)
    result = runner.invoke(main, ["standings", str(path)])
    out["standings"] = "ok" if result.exit_code == 0 else reason(result.stderr)
    if check:
        result = runner.invoke(main, ["pair-trf", str(path), "-c"])
        out["pair-trf -c"] = "ok" if result.exit_code in (0, 1) else reason(result.stderr)
    else:
        out["pair-trf -c (reading)"] = checker_reading(path)
    return out


def checker_reading(path: Path) -> str:
    """What `pair-trf -c` reads before it pairs: the file, and the state before each round."""
    try:
        data, _ = in_file_order(load_trf(path.read_bytes()))
        total = rounds_recorded(data)
        data = replace(data, total_rounds=data.total_rounds or total)
        for rnd in range(1, total + 1):
            state_before(data, rnd)
    except TrfError as exc:
        return str(exc)
    return "ok"


@pytest.mark.parametrize("path", OWN, ids=[str(p.relative_to(DATA)) for p in OWN])
@pytest.mark.parametrize("points", ["as written", "zeroed"])
def test_every_command_gives_a_test_file_the_same_verdict(path: Path, points: str,
                                                          tmp_path: Path) -> None:
    raw = path.read_bytes()
    copy = tmp_path / path.name
    copy.write_bytes(raw if points == "as written" else zeroed(raw))
    found = verdicts(copy, tmp_path / "club.rochade")
    if is_team_file(decode_trf(raw)):  # every command reads team files by the team reader
        contradicts = points == "zeroed" and any(
            line.startswith("001") and line[80:84].strip() not in ("", "0.0")
            for line in decode_trf(raw).splitlines())
        team = found["pair-trf -c"]
        assert ("contradicts itself" in team) if contradicts else team == "ok", team
    assert len(set(found.values())) == 1, found
    if points == "zeroed" and any(line.startswith("001") and line[80:84].strip() not in (
            "", "0.0") for line in decode_trf(raw).splitlines()):
        assert "contradicts itself" in found["standings"] or "not supported" in found[
            "standings"], found


def test_every_command_gives_a_real_file_the_same_verdict(shared_dir: Path,
                                                          tmp_path: Path) -> None:
    files = sorted(p for folder in ("conformance", "bench") for p in
                   (shared_dir / folder).rglob("*.trf"))
    assert files
    differ = {}
    for number, path in enumerate(files):
        players = sum(1 for line in path.read_bytes().splitlines() if line.startswith(b"001"))
        found = verdicts(path, tmp_path / f"{number}.rochade", players <= CHECKED_IN_FULL)
        if len(set(found.values())) != 1:
            differ[path.name] = found
    assert differ == {}
