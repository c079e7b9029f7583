"""`rochade demo`: a realistic season in demo.rochade, never overwriting someone's file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from rochade.core.model import Status
from rochade.service import ClubService
from rochade.service.demo import EVENINGS

Run = Callable[..., Result]


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_demo_season(run: Run, in_tmp: Path) -> None:
    out = run("demo", "--no-serve").stdout
    assert f"standings after round {EVENINGS}" in out
    assert "rochade log demo.rochade" in out
    service = ClubService(in_tmp / "demo.rochade")
    t = service.tournament()
    assert 28 <= len(t.entrants) <= 32 and len(t.rounds) == EVENINGS
    t.validate()
    reasons = {a.reason for r in t.rounds for a in r.absences}
    assert {"excused", "unexcused", "club_duty", "late_start"} <= reasons
    assert any(r.bye is not None for r in t.rounds)
    assert [e.status for e in t.entrants].count(Status.WITHDRAWN) == 1
    kinds = [a.kind for a in service.log()]
    assert {"create", "tournament", "player", "status", "pair", "result", "undo"} <= set(kinds)
    descriptions = [a.description for a in service.log()]
    assert any(": correct round" in d for d in descriptions)
    assert sorted(p.name for p in in_tmp.iterdir()) == ["demo.rochade"]


def test_demo_replaces_an_old_demo_and_is_reproducible(run: Run, in_tmp: Path) -> None:
    first = run("demo", "--seed", 7, "--no-serve").stdout
    assert run("demo", "--seed", 7, "--no-serve").stdout == first
    assert run("demo", "--seed", 8, "--no-serve").stdout != first


def test_demo_refuses_to_overwrite_another_file(run: Run, in_tmp: Path) -> None:
    (in_tmp / "demo.rochade").write_text("my own notes")
    result = run("demo", ok=False)
    assert result.exit_code == 2
    assert "exists and is not a demo file" in result.stderr
    assert (in_tmp / "demo.rochade").read_text() == "my own notes"
    run("init", in_tmp / "club.rochade")
    (in_tmp / "demo.rochade").unlink()
    (in_tmp / "club.rochade").rename(in_tmp / "demo.rochade")  # a real club file named so
    assert run("demo", ok=False).exit_code == 2
