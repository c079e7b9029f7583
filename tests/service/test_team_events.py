"""Team events through the use cases: rosters from a list with a team (and board) column,
pairing with default lineups, lineups checked against the board order, board results,
whole-match forfeits, withdrawal, standings, board records, TRF files both ways, undo."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rochade.core.model import Result
from rochade.service import ClubService, ServiceError

LIST = "".join(f"Player {t}.{b},{2300 - 100 * t - 10 * b},Team {t}\n"
               for t in range(1, 6) for b in range(1, 4))


@pytest.fixture
def event(club: ClubService) -> ClubService:
    """A team Swiss of five teams (three players each, two boards), three rounds."""
    club.create_team_event("Team Cup", "team-swiss", {"rounds": 3, "boards": 2})
    club.import_team_players("name,rating,team\n" + LIST)
    return club


def test_the_list_makes_the_teams_in_its_order_unless_a_board_column_says(
        club: ClubService) -> None:
    club.create_team_event("Cup", "team-round-robin", {"boards": 2})
    lines = club.import_team_players(
        "name;team;board\nCarl;Rooks;3\nAnna;Rooks;1\nBen;Rooks;2\nDora;Pawns;\nEd;Pawns;\n")
    assert [(line.team, line.place, line.name) for line in lines] == [
        ("Rooks", 1, "Anna"), ("Rooks", 2, "Ben"), ("Rooks", 3, "Carl"),
        ("Pawns", 1, "Dora"), ("Pawns", 2, "Ed")]
    teams = club.team_event().event.teams
    assert [m.name for m in teams[0].members] == ["Anna", "Ben", "Carl"]


def test_a_list_without_a_team_column_is_refused(club: ClubService) -> None:
    club.create_team_event("Cup", "team-round-robin", {})
    with pytest.raises(ServiceError, match="team column"):
        club.import_team_players("name,rating\nAnna,2000\n")


def test_a_team_swiss_needs_its_rounds(club: ClubService) -> None:
    with pytest.raises(ServiceError, match="number of rounds"):
        club.create_team_event("Cup", "team-swiss", {"boards": 4})


def test_pairing_gives_every_match_the_default_lineups(event: ClubService) -> None:
    view, rnd, why = event.pair_teams()
    assert rnd.bye is not None and len(rnd.matches) == 2
    match = rnd.matches[0]
    home, away = view.event.team(match.home), view.event.team(match.away)
    assert match.boards[0].white == home.members[0].id
    assert match.boards[0].black == away.members[0].id
    assert match.boards[1].white == away.members[1].id
    assert any("colours by art. 4.3" in line for line in why)


def test_a_lineup_that_breaks_the_board_order_is_refused(event: ClubService) -> None:
    _, rnd, _ = event.pair_teams()
    team = event.team_event().event.team(rnd.matches[0].home)
    with pytest.raises(ServiceError, match="board order"):
        event.set_lineup(1, 1, team.name, ["3", "1"])
    changed = event.set_lineup(1, 1, team.name, ["1", "3"])
    assert changed.home_player(2) == team.members[2].id
    event.enter_board_result(1, "1.1", "1-0")
    with pytest.raises(ServiceError, match="has results"):
        event.set_lineup(1, 1, team.name, ["1", "2"])


def test_board_results_make_the_match_score_and_the_standings(event: ClubService) -> None:
    event.pair_teams()
    entered = event.enter_board_result(1, "1.1", "1-0")
    assert entered.previous is None and entered.score == (1, 0)
    entered = event.enter_board_result(1, "1.2", "=")
    assert entered.score == (Fraction(3, 2), Fraction(1, 2))
    event.forfeit_match(1, 2, event.team_event().event.team(
        event.team_event().event.rounds[0].matches[1].away).name)
    match = event.team_event().event.rounds[0].matches[1]
    assert not match.played and match.game_points() == (2, 0)
    _, codes, lines = event.team_standings()
    assert codes == ("GPTS", "BH", "SB")
    assert [line.match_points for line in lines] == [2, 2, 2, 0, 0]
    with pytest.raises(ServiceError, match=r"MATCH\.BOARD"):
        event.enter_board_result(1, "1", "1-0")
    with pytest.raises(ServiceError, match="boards 1 to 2"):
        event.enter_board_result(1, "1.3", "1-0")


def test_a_withdrawn_team_is_not_paired_again(event: ClubService) -> None:
    event.pair_teams()
    for match in (1, 2):
        for board in (1, 2):
            event.enter_board_result(1, f"{match}.{board}", "1-0")
    assert event.withdraw_team("Team 5") == 1
    _, rnd, _ = event.pair_teams()
    assert rnd.bye is None and 5 not in {t for m in rnd.matches for t in (m.home, m.away)}
    assert 5 not in rnd.absent  # withdrawn, not absent for one round


def test_the_next_round_waits_for_the_last_one(event: ClubService) -> None:
    event.pair_teams()
    with pytest.raises(ServiceError, match="not complete"):
        event.pair_teams()


def test_undo_takes_back_a_pairing_and_a_result(event: ClubService) -> None:
    event.pair_teams()
    event.enter_board_result(1, "1.1", "0-1")
    event.undo()
    assert event.team_event().event.rounds[0].matches[0].boards[0].result is None
    event.undo()
    assert event.team_event().event.rounds == ()


def test_board_records_have_points_and_performance(event: ClubService) -> None:
    event.pair_teams()
    event.enter_board_result(1, "1.1", "1-0")
    event.enter_board_result(1, "1.2", "+/-")
    _, records = event.board_records()
    played = [r for r in records if r.games]
    assert len(played) == 2  # a forfeit is no game
    winner = next(r for r in played if r.points == 1)
    assert winner.boards == (1,) and winner.performance is not None


def test_the_trf_export_reads_back_as_the_same_event(event: ClubService,
                                                     club: ClubService) -> None:
    event.pair_teams()
    for match in (1, 2):
        event.enter_board_result(1, f"{match}.1", "1-0")
        event.enter_board_result(1, f"{match}.2", "0-1")
    text = event.export_team_trf()
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text and text.count("\n310 ") == 5
    copy = club.import_team_trf(text, "Copy")
    original = event.team_event("Team Cup")
    assert [t.name for t in copy.event.teams] == [t.name for t in original.event.teams]
    assert copy.settings.boards == 2 and copy.settings.rounds == 3
    results = [[b.result for b in m.boards] for m in copy.event.rounds[0].matches]
    assert results == [[Result.WHITE_WINS, Result.BLACK_WINS]] * 2
    assert club.export_team_trf("Copy").replace("012 Copy", "012 Team Cup") == text


def test_a_team_round_robin_pairs_by_the_berger_table(club: ClubService) -> None:
    club.create_team_event("League", "team-round-robin", {"boards": 2, "double": True})
    club.import_team_players("name,rating,team\n" + LIST)
    view, rnd, why = club.pair_teams()
    assert view.event.total_rounds == 10
    assert len(rnd.matches) == 2 and len(rnd.absent) == 1
    assert why[0].startswith("Berger table round 1")
