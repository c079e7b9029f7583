"""`rochade undo` per tournament and with the --action guard; `rochade log` in English,
naming each change's tournament."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def last_id(run: Run, club: Path) -> int:
    found = re.match(r"#(\d+)", run("log", club).stdout.splitlines()[-1])
    assert found is not None
    return int(found[1])


def test_undo_takes_back_the_named_tournaments_change_only(run: Run, club: Path) -> None:
    run("tournament", "create", club, "Rapid", "--preset", "kfc")
    run("player", "add", club, "Ida", "--tournament", "Rapid")
    run("player", "add", club, "Jan", "--tournament", "Rapid")
    run("pair", club, "--tournament", "Winter")
    out = run("undo", club, "--tournament", "Rapid").stdout
    assert re.fullmatch(r"Undone #\d+: Rapid: add player Jan as 2\n", out), out
    assert "Jan" not in run("participants", club, "--tournament", "Rapid").stdout
    assert "round 1" in run("pairings", club, "--tournament", "Winter").stdout.lower()
    log = run("log", club).stdout.splitlines()
    assert log[-1].endswith("undo: Rapid: add player Jan as 2")
    assert any(line.endswith("Winter: pair round 1 (automatic): 4 boards") for line in log)


def test_a_club_wide_undo_names_what_it_undoes(run: Run, club: Path) -> None:
    run("tournament", "create", club, "Rapid", "--preset", "kfc")
    run("player", "add", club, "Kim")  # two tournaments, none named: a member only
    out = run("undo", club).stdout
    assert re.fullmatch(r"Undone #\d+ \(club-wide\): add player Kim\n", out), out


def test_the_action_guard_refuses_a_stale_undo(run: Run, club: Path) -> None:
    run("player", "status", club, "Eva", "excused")
    seen = last_id(run, club)
    run("player", "status", club, "Eva", "club_duty")  # meanwhile, another terminal
    refused = run("undo", club, "--action", seen, ok=False)
    assert refused.exit_code == 2
    assert f"there is a newer change than #{seen}: #{seen + 1} Winter: Eva (5): excused -> club " \
           "duty; nothing was undone" in refused.stderr
    assert last_id(run, club) == seen + 1  # nothing was logged either
    done = run("undo", club, "--action", seen + 1, "--tournament", "Winter").stdout
    assert done.startswith(f"Undone #{seen + 1}: Winter: Eva (5)")
    again = run("undo", club, "--action", seen + 1, ok=False)
    assert again.exit_code == 2 and f"change #{seen + 1} was undone already" in again.stderr
    bad = run("undo", club, "--action", 0, ok=False)
    assert bad.exit_code == 2 and "--action" in bad.stderr
