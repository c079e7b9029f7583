"""Nothing a TD does is lost by a backup (issue 26): after any sequence of the service's
actions, of every kind and in tournaments of every system, `backup-json` then `restore-json`
then `backup-json` again gives the same document byte for byte (plus the restore's own log
line, which is how undo knows to stop there), and bringing back an automatic backup gives
the club file exactly as the backup holds it (plus the restore's line).

`STEPS` is what the property test draws from; `test_every_kind_of_action_is_exercised`
fails when the service learns to log a kind that no step makes, so a new kind cannot escape
the round trip."""

from __future__ import annotations

import ast
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clocks import TickingClock
from rochade.core.model import ModelError, Status
from rochade.formats.players import RatedPlayer
from rochade.service import ClubService, ServiceError
from rochade.service.exchange import backup_json, restore_json
from rochade.service.phones import PhoneDesk, PhoneSettings
from rochade.store import Club, StoreError
from rochade.store.club import NOT_UNDOABLE

SRC = Path(__file__).resolve().parents[2] / "src" / "rochade"
DATA = Path(__file__).resolve().parents[1] / "data"
T = TypeVar("T")


class Choose(Protocol):
    """Where a step's choices come from: Hypothesis in the property test, the first option
    in the tour that shows every kind is reached."""

    def one(self, options: Sequence[T]) -> T: ...


class Drawn:
    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def one(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(options))


class First:
    def one(self, options: Sequence[T]) -> T:
        return options[0]


@dataclass
class Desk:
    """The club file under test, its clock, a folder for files beside it, and the system
    whose tournaments a step takes first (the tour goes through each)."""

    path: Path
    clock: TickingClock
    folder: Path
    system: str = "keizer"

    @property
    def service(self) -> ClubService:
        return ClubService(self.path, "td-ina", self.clock)

    def tournament(self, choose: Choose, system: str | None = None) -> str:
        """A tournament, those of `system` (else the desk's) first, unimported ones with
        players before the rest (the tour takes the first)."""
        system = system or self.system
        imported = {a.message.values.get("tournament") for a in self.service.log()
                    if a.kind == "import"}
        summaries = sorted(self.service.tournaments(), key=lambda s: (
            s.system != system, s.name in imported, s.players == 0))
        return choose.one([s.name for s in summaries] or ["Winter"])


PLAYERS = ("Anna Berg", "Bo O'Neill", "Cém Öztürk", 'Dana "DJ" Jones', "Emil 🐴", "פרח לוי",
           "Gus", "Hédi")
STATUSES = (Status.EXCUSED, Status.PRESENT, Status.UNEXCUSED, Status.CLUB_DUTY,
            Status.WITHDRAWN, Status.PREREGISTERED)
RESULTS = ("1-0", "=", "0-1", "+/-", "-/+", "--")


def _player(desk: Desk, choose: Choose, name: str, last: bool = False) -> str:
    """A player of the tournament by number (the last first, if `last`)."""
    ids = [str(e.id) for e in desk.service.tournament(name).entrants]
    return choose.one(ids[::-1] if last else ids) if ids else "nobody"


# -- the steps: each one call of the service, logging the kinds it names ------------------

def keizer(desk: Desk, choose: Choose) -> None:
    desk.service.create_tournament(
        choose.one(["Winter", "Zomer"]), choose.one(["classic", "kfc", "dutch-club"]),
        choose.one([{}, {"ratio": "7/3", "step": "1/2"}, {"top_value": 50},
                    {"start_order": "random"}]))


def swiss(desk: Desk, choose: Choose) -> None:
    desk.service.create_system_tournament(choose.one(["Open", "Rapid"]), "swiss", {
        "rounds": choose.one([5, 3]), "fide_mode": choose.one(["on", "off"])})


def round_robin(desk: Desk, choose: Choose) -> None:
    desk.service.create_system_tournament(choose.one(["Berger", "Masters"]), "round-robin", {
        "double": choose.one([False, True]), "fide_mode": choose.one(["off", "on"])})


def import_tournament(desk: Desk, choose: Choose) -> None:
    source = choose.one(["swiss-rapid.json", "icu_valid.trf", "round-robin-summer.json"])
    fide = choose.one([False, True])
    if source.endswith(".trf"):
        desk.service.import_trf((DATA / "trf_real" / source).read_bytes(), None, fide)
    else:
        desk.service.import_json((DATA / "json" / source).read_text(encoding="utf-8"), fide)


def import_players(desk: Desk, choose: Choose) -> None:
    names = PLAYERS[: choose.one([6, 3, 8])]
    csv = "name,rating\n" + "".join(f"{n},{2000 - 50 * i}\n" for i, n in enumerate(names))
    desk.service.import_players(csv, desk.tournament(choose))


def add_player(desk: Desk, choose: Choose) -> None:
    desk.service.add_player(choose.one(["Ina", *PLAYERS]), choose.one([1500, None]),
                            choose.one([None, 4612345]), desk.tournament(choose, "swiss"))


def set_player(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    desk.service.set_player(_player(desk, choose, name), choose.one([
        {"title": "FM", "birth": "1990-05-17", "federation": "GER"}, {"rating": "1800"},
        {"sex": "w", "k": "20"}]), name)


def rename_player(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    desk.service.rename_player(_player(desk, choose, name), choose.one(["Zoë", "Yann"]), name)


def set_rating(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    player = _player(desk, choose, name)
    if player.isdecimal():
        desk.service.set_rating(int(player), choose.one([1234, None]), name)


def change_rules(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    if desk.service.tournament(name).system == "keizer":
        typed: dict[str, object] = choose.one([
            {"team_values": "1=70, 2=60"}, {"ratio": "5/2"}, {"caps": "excused=3"},
            {"halving": "excused"}, {"start_order": "rating"}, {"top_value": "60"}])
    else:
        typed = choose.one([{"tiebreaks": "SB,BH"}, {"scoring": "3-1-0"}, {"rounds": 7},
                            {"fide_mode": "off"}, {"half_bye_value": "1/2"}])
    desk.service.change_rules(typed, name, confirm=choose.one([True, False]))


def event_data(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    if choose.one([True, False]):
        desk.service.set_event(choose.one([{"city": "Köln", "start_date": "2026-09-03"},
                                           {"time_control": "5400+30"}]), name)
    else:
        desk.service.set_categories({"categories": "U1800: rating=-1799"}, name)


def forbid_pair(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    desk.service.forbid_pair(_player(desk, choose, name), _player(desk, choose, name, True), name,
                             choose.one([True, False]), choose.one([True, False]))


def start_order(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    desk.service.set_start_order([_player(desk, choose, name)], name)


def bye(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose, "swiss")
    coming = len(desk.service.tournament(name).rounds) + 1
    player, number = _player(desk, choose, name), choose.one([coming, coming + 1, 1])
    if choose.one([True, False]):
        desk.service.request_bye(player, number, choose.one([True, False]), name,
                                 choose.one([False, True]), choose.one([True, False]))
    else:
        desk.service.cancel_bye(player, number, name)


def status(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    desk.service.set_status(_player(desk, choose, name), choose.one(STATUSES), name,
                            choose.one([True, False]))


def pair(desk: Desk, choose: Choose) -> None:
    desk.service.pair(desk.tournament(choose))


def pair_by_hand(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    t = desk.service.tournament(name)
    ids = [e.id for e in t.entrants if e.status.plays]
    ids = ids if choose.one([True, False]) else ids[::-1]
    boards = " ".join(f"{ids[i]}-{ids[i + 1]}" for i in range(0, len(ids) - 1, 2))
    bye = str(ids[-1]) if len(ids) % 2 else None
    desk.service.pair_manual(boards, bye, True, name, choose.one([True, False]))


def round_date(desk: Desk, choose: Choose) -> None:
    desk.service.set_round_date(choose.one([1, 2]), choose.one(["2026-12-08", "2027-01-05"]),
                                desk.tournament(choose))


def phones(desk: Desk, choose: Choose) -> None:
    PhoneDesk(desk.path, "td-ina", desk.clock).set_phone_settings(PhoneSettings(
        choose.one(["abc123", ""]), choose.one([True, False]), choose.one([False, True])),
        desk.tournament(choose))


def phone(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    t = desk.service.tournament(name)
    playing = [p for g in t.rounds[-1].games for p in (g.white, g.black)] if t.rounds else []
    player = choose.one(playing + [e.id for e in t.entrants if e.id not in playing] or [1])
    phones = PhoneDesk(desk.path, "td-ina", desk.clock)
    device = f"{player:016x}"  # the player's own phone: "This is me" with the evening's code
    phones.bind_device(player, device, "abc123", name)
    if choose.one([True, False]):
        phones.report_result(player, choose.one(["1-0", "1/2", "0-1"]), device, name)
    else:
        phones.phone_checkin(player, choose.one([Status.PRESENT, Status.EXCUSED]), device,
                             name)


def release_phone(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    phones = PhoneDesk(desk.path, "td-ina", desk.clock)
    phones.release_device(choose.one([*phones.devices(name), 1]), name)


def result(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    rounds = desk.service.tournament(name).rounds
    number = choose.one([r.number for r in reversed(rounds)] or [1])
    desk.service.enter_result(number, choose.one([1, 2, 3]), choose.one(RESULTS), name)


def external(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose)
    desk.service.add_external(choose.one([1, 2]), _player(desk, choose, name), 1,
                              choose.one([2, 1]), choose.one(["1", "1/2", "0"]),
                              choose.one([False, True]), name)


def league(desk: Desk, choose: Choose) -> None:
    """A league team of the first Keizer competition, then a match of it, its results later."""
    name = desk.tournament(choose, "keizer")
    svc = desk.service
    if not svc.league_teams():
        svc.add_league_team("Rochade 1", 1, "KNSB", "2026-27", name)
    lineup = [e.name for e in svc.tournament(name).entrants][: choose.one([2, 1])]
    match = svc.add_league_match(svc.league_teams()[0].name,
                                 choose.one(["2026-10-06", "2000-01-01"]), "SC Utrecht",
                                 choose.one([True, False]), lineup or ["nobody"], None,
                                 choose.one([("1=1",), ()]))
    svc.set_league_results(match.id, [choose.one(["1=1/2", "1=-"])])


def ratings(desk: Desk, choose: Choose) -> None:
    members = {e.name for t in desk.service.tournament_names()
               for e in desk.service.tournament(t).entrants}
    listed = [RatedPlayer(n, choose.one([1900, 1450]), None) for n in sorted(members)]
    desk.service.update_ratings(listed, None, apply=True)


def delete_player(desk: Desk, choose: Choose) -> None:
    name = desk.tournament(choose, "swiss")
    desk.service.delete_player(choose.one(["Ina", "Zoë", "Yann", *PLAYERS]), name)


def restore_automatic(desk: Desk, choose: Choose) -> None:
    """Bring back an automatic backup: the file is then the backup's, plus the restore's
    own log line."""
    found = desk.service.list_backups()
    if not found:
        return
    chosen = choose.one(found[::-1])
    with a_copy(chosen.file.path, desk.folder) as copy:
        expected = backup_json(copy)
    desk.service.restore_backup(chosen.file.name)
    assert without_last_action(backup_json(desk.path), "restore") == expected


def undo(desk: Desk, choose: Choose) -> None:
    name = choose.one([None, *desk.service.tournament_names()])
    desk.service.undo(choose.one([1, 2]), name)


def redo(desk: Desk, choose: Choose) -> None:
    desk.service.redo(choose.one([None, *desk.service.tournament_names()]))


@dataclass(frozen=True)
class Step:
    run: Callable[[Desk, Choose], None]
    kinds: tuple[str, ...]  # what it logs when it succeeds


STEPS = (
    Step(keizer, ("tournament",)),
    Step(swiss, ("tournament",)),
    Step(round_robin, ("tournament",)),
    Step(import_tournament, ("import",)),
    Step(import_players, ("player",)),
    Step(add_player, ("player",)),
    Step(set_player, ("player",)),
    Step(rename_player, ("player",)),
    Step(set_rating, ("player",)),
    Step(event_data, ("settings",)),
    Step(forbid_pair, ("settings",)),
    Step(start_order, ("settings",)),
    Step(bye, ("settings",)),
    Step(status, ("status",)),
    Step(pair, ("pair",)),
    Step(pair_by_hand, ("pair",)),
    Step(phones, ("phones",)),
    Step(phone, ("device", "report", "status", "result")),
    Step(release_phone, ("device",)),
    Step(round_date, ("round",)),
    Step(result, ("result",)),
    Step(change_rules, ("settings",)),
    Step(external, ("external",)),
    Step(league, ("league",)),
    Step(ratings, ("ratings",)),
    Step(delete_player, ("player",)),
    Step(restore_automatic, ("restore",)),
    Step(undo, ("undo",)),
    Step(redo, ("redo",)),
)
"""In the tour's order: with the first of its choices, each step logs its kind in a
Keizer tournament (what a Swiss or a round robin does not have, it refuses there)."""
REFUSALS = (ServiceError, ModelError, StoreError)
"""How the service says no to a step (it then logs nothing)."""


# -- the round trip ------------------------------------------------------------------------

def relaid(document: dict[str, Any]) -> str:
    """A backup document as `backup-json` lays it out (checked against a real backup)."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def without_last_action(text: str, kind: str) -> str:
    """A backup without its newest log line, which must be of `kind` (a restore's own)."""
    document = json.loads(text)
    assert document["actions"][-1]["kind"] == kind, document["actions"][-1]
    document["actions"].pop()
    return relaid(document)


@contextmanager
def a_copy(path: Path, folder: Path) -> Iterator[Path]:
    """A club file's copy to read (reading a backup itself must not touch it)."""
    copy = folder / "copy-of-backup.rochade"
    shutil.copyfile(path, copy)
    try:
        yield copy
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)


def assert_backup_round_trips(desk: Desk) -> None:
    """backup-json, restore-json, backup-json: byte-identical but for the restore's line."""
    first = backup_json(desk.path)
    assert relaid(json.loads(first)) == first
    target = desk.folder / "restored.rochade"
    restore_json(first, target, "td-ina", "club.json")
    assert without_last_action(backup_json(target), "create") == first
    with Club.open(target) as restored, Club.open(desk.path) as original:
        assert [a.message for a in restored.actions()[:-1]] == [
            a.message for a in original.actions()]


@contextmanager
def a_desk() -> Iterator[Desk]:
    with tempfile.TemporaryDirectory(prefix="rochade-roundtrip-") as folder:
        clock = TickingClock()
        ClubService.init(Path(folder) / "club.rochade", "td-ina", clock)
        yield Desk(Path(folder) / "club.rochade", clock, Path(folder))


def run_step(step: Step, desk: Desk, choose: Choose) -> None:
    """A step; a refusal is an answer too (nothing logged, nothing changed)."""
    with suppress(*REFUSALS):
        step.run(desk, choose)


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow,
                                                  HealthCheck.data_too_large])
@given(st.data())
def test_any_sequence_of_actions_survives_the_json_backup(data: st.DataObject) -> None:
    """A club night's worth of anything, after a start every system shares: tournaments
    of each system, players in them."""
    with a_desk() as desk:
        for start in (keizer, swiss, round_robin, import_players, import_players,
                      import_players):
            run_step(Step(start, ()), desk, Drawn(data))
        for _ in range(data.draw(st.integers(1, 40), label="steps")):
            run_step(data.draw(st.sampled_from(STEPS)), desk, Drawn(data))
        assert_backup_round_trips(desk)


# -- every kind of action is reached -------------------------------------------------------

def logged_kinds() -> set[str]:
    """Every action kind the sources can log: the literal first argument of each
    `ClubFile.change(...)` and `.action(...)` call (one that passes its own parameter on is
    checked at its callers), and the store's own (`NOT_UNDOABLE`)."""
    kinds = set(NOT_UNDOABLE)
    for path in SRC.rglob("*.py"):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            passed_on = {a.arg for a in function.args.args}
            for node in ast.walk(function):
                if not (isinstance(node, ast.Call) and node.args and logs(node.func)):
                    continue
                kind = node.args[0]
                if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
                    kinds.add(kind.value)
                elif not (isinstance(kind, ast.Name) and kind.id in passed_on):
                    raise AssertionError(f"{path}:{node.lineno}: a kind not written out")
    return kinds


def logs(called: ast.expr) -> bool:
    """A call of `Club.action`, or of a `ClubFile`'s `change` (`self.file.change`, or on the
    file acting as someone else: `self.file.acting_as(...).change`)."""
    if not isinstance(called, ast.Attribute):
        return False
    on = called.value
    if called.attr == "action":
        return True
    return called.attr == "change" and (
        isinstance(on, ast.Call) or (isinstance(on, ast.Attribute) and on.attr == "file"))


def test_the_json_backup_of_a_missing_club_file_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "gone.rochade"
    with pytest.raises(StoreError) as refused:
        backup_json(missing)
    assert str(refused.value) == f"{missing} does not exist"
    assert not missing.exists()


def test_the_sources_kinds_are_found() -> None:
    found = logged_kinds()
    assert {"pair", "result", "round", "phones", "report", "undo", "restore"} <= found


def value_kinds(document: object) -> set[str]:
    """The kinds of value (`messages.TAGGED`'s tags, message, list, int, str ...) that the
    log lines and pairing notes of a backup document hold."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict) and set(value) == {"template", "values"}:
            found.add("message")
            for held in value["values"].values():
                walk(held)
        elif isinstance(value, dict):
            found.update(value)
        elif isinstance(value, list):
            found.add("list")
            for held in value:
                walk(held)
        else:
            found.add(type(value).__name__)

    assert isinstance(document, dict)
    for action in document["actions"]:
        if action["message"] is not None:
            walk(action["message"])
    for t in document["tournaments"]:
        for rnd in t["rounds"]:
            for line in rnd["explanation"]:
                if isinstance(line, dict):
                    walk(line)
    return found


def test_every_kind_of_action_is_exercised() -> None:
    """The tour (each step with its first choices, in a Keizer tournament, then a Swiss,
    then a round robin) logs every kind the sources can log, and the values in its lines
    are of every kind the service writes; its club file round-trips too."""
    values: set[str] = set()
    with a_desk() as desk:
        kinds = {a.kind for a in desk.service.log()}  # the new file's "create"
        for desk.system in ("keizer", "swiss", "round-robin"):
            for step in STEPS:
                before = {(a.id, a.at) for a in desk.service.log()}
                run_step(step, desk, First())
                new = {a.kind for a in desk.service.log() if (a.id, a.at) not in before}
                assert new <= {*step.kinds, "create"}, (step.run.__name__, new)
                assert new or desk.system != "keizer", step.run.__name__
                kinds |= new
                values |= value_kinds(json.loads(backup_json(desk.path)))
        assert_backup_round_trips(desk)
    declared = {kind for step in STEPS for kind in step.kinds} | {"create"}
    assert logged_kinds() <= declared, logged_kinds() - declared
    assert declared <= kinds, declared - kinds
    assert {"message", "list", "exact", "date", "int", "str"} <= values, values
