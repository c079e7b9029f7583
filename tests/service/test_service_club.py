"""The use cases: each one call, one transaction, one log line; failures change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rochade.core.keizer.settings import Ladder
from rochade.core.model import Absence, ModelError, Result, Status
from rochade.service import ClubService, NeedsConfirmation, ServiceError
from rochade.service.errors import NameTaken
from rochade.service.players import pick
from rochade.store import Club, StoreError


def snapshot(service: ClubService) -> tuple[object, object]:
    with Club.open(service.path) as club:
        return club.snapshot(), club.actions()


def play_round(service: ClubService, results: str = "1-0") -> None:
    report = service.pair()
    for game in report.round.games:
        service.enter_result(report.round.number, game.board, results)


def test_create_tournament_with_overrides(club: ClubService) -> None:
    t = club.create_tournament("Winter", "kfc", {"top_value": "50", "rematch_gap": 2})
    assert t.settings.ladder is Ladder.FIXED  # type: ignore[attr-defined]
    assert club.tournament().settings == t.settings
    [summary] = club.tournaments()
    assert (summary.name, summary.preset, summary.players, summary.rounds) == (
        "Winter",
        "kfc",
        0,
        0,
    )
    with pytest.raises(ModelError, match="unknown preset"):
        club.create_tournament("Spring", "fast")
    with pytest.raises(ServiceError, match="not a number"):
        club.create_tournament("Spring", "kfc", {"ratio": "three"})
    with pytest.raises(StoreError, match="already exists"):
        club.create_tournament("Winter")


def test_choosing_the_tournament(club: ClubService) -> None:
    with pytest.raises(ServiceError, match="no tournament yet"):
        club.tournament()
    club.create_tournament("Winter 2026")
    club.create_tournament("Wintercup")
    assert club.tournament().name == "Wintercup"  # the current one: the last created
    assert club.use_tournament("winter 2") == "Winter 2026"
    assert club.tournament().name == "Winter 2026"
    assert [t.current for t in club.tournaments()] == [True, False]
    with Club.open(club.path) as raw:  # a value no rochade writes: the newest is current
        raw.set_setting("current_tournament", "x; 99")
    assert club.tournament().name == "Wintercup"
    assert club.tournament("winter 2026").name == "Winter 2026"
    assert club.tournament("Wintercup").name == "Wintercup"
    with pytest.raises(ServiceError, match="matches several tournaments: Winter 2026, Wintercup"):
        club.tournament("Win")


def test_players_are_members_and_entrants(six: ClubService) -> None:
    t = six.tournament()
    assert [(e.id, e.name) for e in t.entrants][:2] == [(1, "Anna Berg"), (2, "Bo O'Neill")]
    assert six.find_player("4").name == 'Dana "DJ" Jones'
    assert six.find_player("פרח").id == 6
    assert six.find_player("emil").id == 5
    with pytest.raises(ServiceError, match="no player named 'Zed'"):
        six.find_player("Zed")
    with pytest.raises(ServiceError, match="already plays in Winter"):
        six.add_player("Anna Berg", 2010)
    log = six.log()
    assert log[-1].description == "Winter: import 6 players"
    assert log[-1].who == "td-ina"


def test_names_are_found_as_typed_without_accents(six: ClubService) -> None:
    """A TD on a keyboard without accents: `cem ozturk` finds Cém Öztürk, a typo gets the
    closest names, and an exact spelling beats a folded one."""
    assert six.find_player("cem ozturk").name == "Cém Öztürk"
    assert six.find_player("CEM ÖZ").name == "Cém Öztürk"
    with pytest.raises(ServiceError) as wrong:
        six.find_player("Ana Berg")
    assert str(wrong.value) == "no player named 'Ana Berg'; did you mean Anna Berg (1)?"
    names = ["Zoe Ash", "Zoë Ash"]
    assert [pick(names, typed, str, "player") for typed in names] == names  # exact wins
    with pytest.raises(ServiceError, match="no tournament named 'Wintr'; did you mean Winter"):
        six.tournament("Wintr")


def test_a_member_typed_without_accents_is_entered_not_doubled(six: ClubService) -> None:
    """`player add "zoe ash" -t Spring` enters the member Zoë Ash, not a second Zoë."""
    six.create_tournament("Spring", "classic")
    six.add_player("Zoë Ash", 1500, tournament="Spring")
    added = six.add_player("zoe ash", tournament="Winter")
    assert (added.name, added.new_member, added.entrant and added.entrant.rating) == (
        "Zoë Ash", False, 1500)
    assert six.add_player("Zoé Ash", 1400).name == "Zoë Ash"
    six.add_player("Zed Ash", 1400, tournament="Spring")  # a rename (or an older file)
    six.rename_player("Zed Ash", "Zoé Ash", "Spring")
    with pytest.raises(ServiceError) as several:
        six.add_player("ZOE ASH", tournament="Spring")
    assert str(several.value) == ("'ZOE ASH' matches several members: Zoë Ash, Zoé Ash; type "
                                  "the name as the club has it")


def test_a_list_with_players_already_entered(six: ClubService) -> None:
    """The user guide's case: the list again, with one newcomer and a new rating. By default
    refused (nothing saved); skipped or updated when asked."""
    again = "name,rating\nAnna Berg,2050\nGus Neu,1450\n"
    before = six.tournament()
    with pytest.raises(ServiceError) as refused:
        six.import_players(again)
    assert str(refused.value) == (
        "Anna Berg already plays in Winter; leave them out of the list, or let the import "
        "skip or update the players already entered")
    assert six.tournament() == before
    skipped = six.import_players(again, existing="skip")
    assert [(a.name, a.already) for a in skipped] == [("Anna Berg", "skipped"), ("Gus Neu", "")]
    assert six.find_player("Anna Berg").rating == 2000
    assert six.log()[-1].description == "Winter: import 1 players"
    updated = six.import_players("name,rating\nAnna Berg,2050\n", existing="update")
    assert [(a.name, a.already) for a in updated] == [("Anna Berg", "updated")]
    assert six.find_player("Anna Berg").rating == 2050
    six.pair()
    six.import_players("name,rating\nAnna Berg,2100\n", existing="update")
    assert six.find_player("Anna Berg").rating == 2050  # paired with 2050: the round's stays
    six.create_tournament("Spring", "classic")  # the member has the list's rating
    assert six.add_player("anna berg", tournament="Spring").entrant.rating == 2100  # type: ignore[union-attr]


def test_ambiguous_name_lists_candidates(six: ClubService) -> None:
    six.add_player("Anna Bergmann", 1400)
    with pytest.raises(
        ServiceError, match="several players: Anna Berg \\(1\\), Anna Bergmann \\(7\\)"
    ):
        six.find_player("anna b")
    assert six.find_player("Anna Berg").id == 1  # an exact name wins over a prefix


def test_late_entry_gets_late_start_rows(six: ClubService) -> None:
    play_round(six)
    added = six.add_player("Lena Late", 1750)
    assert added.entrant is not None and added.late_rounds == 1
    t = six.tournament()
    assert Absence(7, "late_start") in t.rounds[0].absences
    t.validate()
    assert "late entry" in six.log()[-1].description


def test_members_only_when_several_tournaments(six: ClubService) -> None:
    six.create_tournament("Rapid")
    added = six.add_player("Max Member", 1600)
    assert added.entrant is None and added.new_member
    added = six.add_player("Max Member", 1650, tournament="Rapid")
    assert not added.new_member and added.entrant is not None and added.entrant.rating == 1650


def test_pairing_rows_for_absent_players(six: ClubService) -> None:
    six.set_status("Bo", Status.EXCUSED)
    six.set_status("Cém", Status.CLUB_DUTY)
    six.set_status("Dana", Status.PREREGISTERED)
    report = six.pair()
    rnd = report.round
    assert {a.player: a.reason for a in rnd.absences} == {2: "excused", 3: "club_duty"}
    assert len(rnd.games) == 2 and rnd.bye is None
    assert six.find_player("Dana").status is Status.PRESENT
    assert six.round_notes(1).paired_by == "auto"
    assert six.round_notes(1).explanation == report.explanation
    assert six.log()[-1].description == "Winter: pair round 1 (automatic): 2 boards"


def test_pairing_needs_a_complete_previous_round(six: ClubService) -> None:
    six.pair()
    six.enter_result(1, 1, "1-0")
    before = snapshot(six)
    with pytest.raises(ServiceError, match="round 1 is not complete: boards 2, 3 have no result"):
        six.pair()
    assert snapshot(six) == before


def test_withdrawn_player_and_return(six: ClubService) -> None:
    six.set_status("Emil", Status.WITHDRAWN)
    play_round(six)  # five present: one bye
    assert six.tournament().rounds[0].bye is not None
    play_round(six)
    six.set_status("Emil", Status.PRESENT)
    t = six.tournament()
    assert [Absence(5, "late_start") in r.absences for r in t.rounds] == [True, True]
    t.validate()


def test_results_and_corrections(six: ClubService) -> None:
    play_round(six)
    play_round(six)
    first = six.tournament().rounds[0].games[0]
    report = six.enter_result(1, 1, "0-1")
    assert report.previous is Result.WHITE_WINS and report.game.result is Result.BLACK_WINS
    assert report.changes, "a corrected old result moves someone"
    for change in report.changes:
        assert (change.old_rank, change.old_total) != (change.new_rank, change.new_total)
    winner = six.tournament().entrant(first.black)
    assert any(c.entrant.id == winner.id and c.new_total > c.old_total for c in report.changes)
    assert six.log()[-1].description.endswith("0-1 (was 1-0)")
    standings = six.standings()
    assert standings.line(winner.id).total == next(
        c.new_total for c in report.changes if c.entrant.id == winner.id
    )


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((1, 9, "1-0"), ServiceError, "round 1 has no board 9 \\(it has boards 1-3\\)"),
        ((4, 1, "1-0"), ServiceError, "there is no round 4 \\(only round 1 is paired\\)"),
        ((1, 1, "2-0"), ModelError, "unknown result '2-0'"),
    ],
)
def test_bad_results_change_nothing(
    six: ClubService, args: tuple[int, int, str], error: type[Exception], message: str
) -> None:
    six.pair()
    before = snapshot(six)
    with pytest.raises(error, match=message):
        six.enter_result(*args)
    assert snapshot(six) == before


def test_manual_pairing(six: ClubService) -> None:
    play_round(six)
    r1 = six.tournament().rounds[0]
    again = r1.games[0]
    rest = [p for g in r1.games[1:] for p in (g.white, g.black)]
    before = snapshot(six)
    with pytest.raises(ServiceError, match="appears more than once"):
        six.pair_manual(f"{again.white}-{again.black} {again.white}-{rest[0]}")
    with pytest.raises(ServiceError, match="cannot read board"):
        six.pair_manual("1:2")
    spec = f"{again.white}-{again.black} {rest[0]}-{rest[1]} {rest[2]}-{rest[3]}"
    with pytest.raises(NeedsConfirmation) as refused:
        six.pair_manual(spec)
    assert any(again.white in w.players for w in refused.value.warnings)
    assert snapshot(six) == before
    report = six.pair_manual(spec, confirm=True)
    assert next((g.white, g.black) for g in report.round.games) == (again.white, again.black)
    notes = six.round_notes(2)
    assert notes.paired_by == "manual" and notes.explanation[0] == "Paired by hand."
    assert any(line.startswith("Accepted: ") for line in notes.explanation)


def test_manual_pairing_single_leftover_gets_the_bye(six: ClubService) -> None:
    six.set_status("6", Status.EXCUSED)
    report = six.pair_manual("2-1 4-3")
    assert report.round.bye == 5
    assert report.round.absences == (Absence(6, "excused"),)


def test_undo_a_pairing_and_a_correction(six: ClubService) -> None:
    play_round(six)
    after_round_1 = snapshot(six)[0]
    six.enter_result(1, 2, "1/2")
    six.pair()
    undone = six.undo(2)
    assert [a.kind for a in undone] == ["pair", "result"]
    assert snapshot(six)[0] == after_round_1
    assert six.log()[-1].description.startswith("undo: Winter: pair round 2 (automatic)")


def test_an_uploaded_json_file_that_is_not_utf8_is_refused_by_its_name(club: ClubService) -> None:
    with pytest.raises(ServiceError) as refused:
        club.import_upload(b'{"tournament": "Caf\xe9"}', "season.json")
    assert str(refused.value) == "season.json is not UTF-8 text"


def test_json_export_import_round_trip(six: ClubService, tmp_path: Path) -> None:
    six.set_status("Bo", Status.EXCUSED)
    play_round(six, "1/2")
    text = six.export_json()
    other = ClubService.init(tmp_path / "other.rochade", "td")
    imported = other.import_json(text)
    assert other.tournament() == six.tournament() == imported
    assert other.export_json() == text
    assert other.standings() == six.standings()
    with pytest.raises(NameTaken, match="already has a tournament named 'Winter'"):
        other.import_json(text)
    assert other.import_json(text, name="Winter again").name == "Winter again"
    other.undo()
    assert [a.description for a in other.undo()] == ["Winter: import tournament Winter"]
    assert other.tournaments() == []


def test_a_session_keeps_the_file_open_and_each_call_atomic(six: ClubService) -> None:
    with six.session() as session:
        session.pair()
        before = snapshot(six)
        with pytest.raises(ServiceError, match="no board 7"):
            session.enter_result(1, 7, "1-0")
        assert snapshot(six) == before
        session.enter_result(1, 1, "1-0")
    assert six.tournament().rounds[0].games[0].result is Result.WHITE_WINS
    assert six.log()[-1].description.startswith("Winter: result round 1 board 1: ")


def test_manual_replace_of_the_last_round(six: ClubService) -> None:
    automatic = six.pair().round
    report = six.pair_manual("1-2 3-4 5-6", replace=True)
    assert report.round.number == 1 and six.round_notes(1).paired_by == "manual"
    assert [(g.white, g.black) for g in six.tournament().rounds[0].games] == [
        (1, 2),
        (3, 4),
        (5, 6),
    ]
    six.enter_result(1, 1, "1-0")
    with pytest.raises(ServiceError, match="round 1 already has results"):
        six.pair_manual("2-1 3-4 5-6", replace=True)
    six.undo(2)  # the result and the replacement
    assert six.tournament().rounds[0] == automatic
    six.undo()
    with pytest.raises(ServiceError, match="no round to replace"):
        six.pair_manual("1-2 3-4 5-6", replace=True)


def test_external_team_games(six: ClubService) -> None:
    six.set_status("Cém", Status.CLUB_DUTY)
    play_round(six)
    before = snapshot(six)
    t = six.add_external(1, "Cém", team=1, board=2, score="1")
    rnd = t.rounds[0]
    assert Absence(3, "club_duty") not in rnd.absences
    [ext] = rnd.externals
    assert (ext.player, ext.team, ext.board, ext.score, ext.replaces_row) == (3, 1, 2, 1, True)
    assert six.tournament() == t
    [row] = [r for r in six.keizer_detail().row(3).breakdown if r.kind == "external"]
    # team 1's boards follow the ladder (six players: 8, 7, 6 ...): board 2 is worth rank 2
    assert row.credit == 7
    assert six.log()[-1].description == (
        "Winter: round 1: Cém Öztürk (3) scored 1 for team 1 on board 2, instead of club duty"
    )
    six.undo()
    assert snapshot(six)[0] == before[0]
    with pytest.raises(ServiceError, match="already has a game or the bye in round 1"):
        six.add_external(1, "Anna", team=1, board=1, score="1/2")
    assert six.add_external(1, "Anna", team=1, board=1, score="½", extra=True).rounds[0].externals
    with pytest.raises(ServiceError, match="team 2 has no board values in the settings \\(1\\)"):
        six.add_external(1, "Bo", team=2, board=1, score="0", extra=True)
    with pytest.raises(ServiceError, match="unknown score '2'"):
        six.add_external(1, "Bo", team=1, board=1, score="2", extra=True)


def postponed(service: ClubService) -> ClubService:
    """Two rounds played, then the same tournament imported as "Postponed" with round 1's
    first game still open (a postponed game, as another program's file may carry it)."""
    play_round(service)
    play_round(service)
    data = json.loads(service.export_json())
    data["name"] = "Postponed"
    data["rounds"][0]["games"][0]["result"] = None
    service.import_json(json.dumps(data))
    return service


def test_a_late_result_in_an_earlier_round_reports_who_moved(six: ClubService) -> None:
    postponed(six)
    t = six.tournament("Postponed")
    game = t.rounds[0].games[0]
    assert game.result is None and len(t.rounds) == 2
    before = {r.entrant.id: (r.rank, r.total) for r in six.standings("Postponed").lines}
    report = six.enter_result(1, game.board, "0-1", "Postponed")
    after = {r.entrant.id: (r.rank, r.total) for r in six.standings("Postponed").lines}
    assert report.previous is None
    moved = {c.entrant.id: ((c.old_rank, c.old_total), (c.new_rank, c.new_total))
             for c in report.changes}
    assert moved == {p: (before[p], after[p]) for p in after if before[p] != after[p]}
    assert moved[game.black][1][1] > moved[game.black][0][1], "the late winner gains points"
    # the result of the last round, entered for the first time, moves nobody on the report
    six.pair("Winter")
    assert six.enter_result(3, 1, "1-0", "Winter").changes == ()


def test_the_log_names_the_rounds_a_late_entry_missed(six: ClubService) -> None:
    for _ in range(3):
        play_round(six)
    added = six.add_player("Gus Neu", 1450)
    assert added.late_rounds == 3
    assert six.log()[-1].description == (
        f"Winter: add player Gus Neu as {added.entrant.id} "  # type: ignore[union-attr]
        "(late entry: rounds 1-3 late start)")
