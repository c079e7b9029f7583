"""`rochade undo` per tournament and with the --action guard, asking before it takes back more
than one change or removes a round, a tournament or players; `rochade redo`; `rochade log` in
English, naming each change's tournament."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from rochade.service import ClubService
from rochade.store import Club
from rochade.store.backup import last_action, list_backups

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
    out = run("undo", club, "--tournament", "Rapid", "--yes").stdout.splitlines()[0]
    assert re.fullmatch(r"Undone #\d+: Rapid: add player Jan as 2", out), out
    assert "Jan" not in run("participants", club, "--tournament", "Rapid").stdout
    assert "round 1" in run("pairings", club, "--tournament", "Winter").stdout.lower()
    log = run("log", club).stdout.splitlines()
    assert log[-1].endswith("undo: Rapid: add player Jan as 2")
    assert any(line.endswith("Winter: pair round 1 (automatic): 4 boards") for line in log)


def test_a_club_wide_undo_names_what_it_undoes(run: Run, club: Path) -> None:
    run("tournament", "create", club, "Rapid", "--preset", "kfc")
    run("player", "add", club, "Kim")  # two tournaments, none named: a member only
    out = run("undo", club, "--yes").stdout.splitlines()[0]
    assert re.fullmatch(r"Undone #\d+ \(club-wide\): add player Kim", out), out


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


def state(run: Run, club: Path) -> tuple[object, str, str]:
    """The facts, the standings and the log as the TD sees them."""
    with Club.open(club) as opened:
        facts = opened.snapshot()
    return facts, run("standings", club).stdout, run("log", club, "--all").stdout


def undo_backups(club: Path) -> list[Path]:
    return [b.path for b in list_backups(club) if b.before == "undo"]


def played(run: Run, club: Path) -> None:
    """Round 1 paired and three of its four results in."""
    run("pair", club)
    for board, result in ((1, "1-0"), (2, "1/2"), (3, "0-1")):
        run("result", club, 1, board, result)


def test_the_action_guard_names_the_newer_change_even_when_that_one_would_ask_first(
    run: Run, club: Path
) -> None:
    """`undo --action N` with a newer change that removes a tournament: the refusal names the
    newer change, not a preview of undoing it (which --yes would then refuse)."""
    seen = last_id(run, club)
    run("tournament", "create", club, "Rapid", "--preset", "kfc")
    refused = run("undo", club, "--action", seen, ok=False)
    assert refused.exit_code == 2
    assert f"there is a newer change than #{seen}: #{seen + 1} Rapid: new tournament" in (
        refused.output)
    assert "This would undo" not in refused.output
    assert "Rapid" in run("tournament", "list", club).stdout


def test_undoing_several_changes_asks_first_and_changes_nothing(run: Run, club: Path) -> None:
    played(run, club)
    before = state(run, club)
    refused = run("undo", club, "--steps", 1000, ok=False)
    assert refused.exit_code == 2
    log = ClubService(club, "test").log()
    undoable = [a for a in reversed(log) if a.kind not in ("create", "undo")]
    lines = refused.stdout.splitlines()
    assert lines[0] == f"This would undo {len(undoable)} changes:"
    assert lines[1:1 + len(undoable)] == [f"  #{a.id} {a.description}" for a in undoable]
    assert lines[-1] == "It removes a tournament with everything in it; a paired round with its " \
                        "games and results; players."
    assert refused.stderr == "Error: nothing was undone; add --yes to undo them (a backup is " \
                             "made first)\n"
    assert state(run, club) == before and not undo_backups(club)


def test_undoing_a_pairing_asks_first_a_result_does_not(run: Run, club: Path) -> None:
    played(run, club)
    for board in (3, 2, 1):
        done = run("undo", club).stdout
        assert re.fullmatch(rf"Undone #\d+: Winter: result round 1 board {board}: .*\n", done)
    assert not undo_backups(club)  # an undo asked nothing of is not backed up
    before = state(run, club)
    refused = run("undo", club, ok=False)
    assert refused.exit_code == 2 and refused.stdout.splitlines() == [
        "This would undo 1 change:",
        f"  #{last_id(run, club) - 6} Winter: pair round 1 (automatic): 4 boards",
        "It removes a paired round with its games and results.",
    ]
    assert "add --yes to undo it" in refused.stderr and state(run, club) == before
    run("undo", club, "--yes")
    assert run("pairings", club, ok=False).exit_code != 0


def test_a_confirmed_undo_is_backed_up_and_redo_brings_it_all_back(
    run: Run, club: Path
) -> None:
    played(run, club)
    facts, standings, log = state(run, club)
    last = log.splitlines()[-1]
    out = run("undo", club, "--steps", 4, "--yes").stdout.splitlines()
    assert [line.split(": ", 1)[1].split(":")[0] for line in out[:4]] == ["Winter"] * 4
    assert out[-1].startswith("A backup was made first")
    [backup] = undo_backups(club)
    assert "before undo" in run("backups", club).stdout
    assert last_action(backup) == last.split()[0] + " " + last.split(None, 4)[4]
    assert "round 1" not in run("pairings", club, ok=False).stdout.lower()
    redone = run("redo", club).stdout.splitlines()
    assert [line.removeprefix("Redone ") for line in redone] == [
        line.removeprefix("Undone ") for line in out[:4]]
    now_facts, now_standings, now_log = state(run, club)
    assert (now_facts, now_standings) == (facts, standings)
    old, new = log.splitlines(), now_log.splitlines()
    assert new[:len(old)] == old  # nothing rewritten: the changes stand as they stood
    undo_line, redo_line = new[len(old):]
    redo_id = int(redo_line.split()[0][1:])
    assert undo_line.endswith(f"[undone by #{redo_id}]") and " undo: Winter: result " in undo_line
    assert " redo: Winter: result round 1 board 3: " in redo_line
    # Undo works on as before: the same change comes first again.
    assert run("undo", club).stdout.startswith(out[0])


def test_redo_refuses_once_something_newer_happened(run: Run, club: Path) -> None:
    played(run, club)
    run("undo", club)  # board 3
    run("result", club, 1, 4, "1-0")
    before = state(run, club)
    refused = run("redo", club, ok=False)
    assert refused.exit_code == 2
    assert re.search(r"#\d+ Winter: result round 1 board 4: .* 1-0 came after the undo #\d+; "
                     r"redo only brings back the last undo while nothing newer happened",
                     refused.stderr), refused.stderr
    assert state(run, club) == before
    run("undo", club)  # board 4 goes; redo brings it back, and then board 3 stays undone
    assert "result round 1 board 4" in run("redo", club).stdout
    assert "came after the undo" in run("redo", club, ok=False).stderr
    fresh = club.with_name("new.rochade")
    run("init", fresh)
    assert "there is no undo to redo" in run("redo", fresh, ok=False).stderr


def test_the_redo_guard_refuses_another_undo_than_the_one_seen(run: Run, club: Path) -> None:
    played(run, club)
    run("undo", club)
    seen = last_id(run, club)
    run("undo", club)  # meanwhile, another terminal
    refused = run("redo", club, "--action", seen, ok=False)
    assert f"the last undo is #{seen + 1} now, not #{seen}; nothing was redone" in refused.stderr
    assert "board 2" in run("redo", club, "--action", seen + 1).stdout
    assert "board 3" in run("redo", club, "--action", seen).stdout
