"""Commands for the club file itself: init, tournaments, players, undo, redo, log, export,
import."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path

import click

from rochade.cli.common import (
    CONFIRM,
    IMPORT_FIDE_MODE,
    F,
    Failure,
    another_name,
    club_argument,
    echo_fide_recheck,
    echo_rating_sources,
    key_values,
    needs_confirm,
    read_text,
    service,
    tournament_option,
    typed_player,
)
from rochade.cli.rounds import echo_changes
from rochade.core.fide import EVENT_KEYS
from rochade.core.model import PlayerId, Status
from rochade.service import ActionRecord, ClubService, PlayerAdded
from rochade.service.categories import KEYS as CATEGORY_KEYS
from rochade.service.fidemode import NeedsFideConfirmation
from rochade.service.files import read_file
from rochade.service.players import PAIRING_RATINGS, RATING_KEYS, list_ratings
from rochade.service.system_cases import (
    KEIZER,
    SCORINGS,
    SYSTEMS,
    Acceleration,
    FirstRound,
    StartNumbers,
    SwissRules,
    describe,
    draws_by_lot,
    find_system,
    system_of,
)
from rochade.service.tournament_settings import PERCENT_HINT, PRESETS, settings_of

ROUNDS = click.option("--rounds", type=click.IntRange(min=1),
                      help="Swiss: the number of rounds (Double-Swiss: of match rounds).")
SCORING = click.option("--scoring", type=click.Choice(SCORINGS), help="Points for win-draw-loss.")
BYE_VALUE = click.option("--bye-value", help="Points for the pairing bye (default: a win).")
TIEBREAKS = click.option("--tiebreaks", metavar="LIST", help="Tie-breaks in order: BH-C1,BH,SB.")
HALF_POINT_BYES_CLOSED = click.option(
    "--half-point-byes-closed", type=click.IntRange(min=0), metavar="K",
    help="Swiss: no half-point byes in the last K rounds.",
)
"""Options of `tournament create` and `tournament set`."""

@click.command()
@club_argument
def init(club: Path, who: str | None) -> None:
    """Create a new, empty club file (e.g. myclub.rochade)."""
    ClubService.init(club, who)
    click.echo(f"Created {club}. Next: rochade tournament create {club} NAME")


@click.group()
def tournament() -> None:
    """Create and list the tournaments of a club file."""


@tournament.command("create")
@club_argument
@click.argument("name")
@click.option(
    "--preset",
    type=click.Choice(list(PRESETS)),
    default="classic",
    show_default=True,
    help="The Keizer rules to start from.",
)
@click.option("--top-value", type=int, help="Fixed value of rank 1 (e.g. 70).")
@click.option("--ratio", help="First-to-last value ratio (e.g. 3).")
@click.option("--step", help="Value difference between two ranks (default 1).")
@click.option("--rematch-gap", type=int, help="Rounds before two players may meet again.")
@click.option("--max-meetings", type=int, help="How often two players may meet at most.")
@click.option("--max-colour-difference", type=int, help="Limit on whites minus blacks.")
@click.option(
    "--start-order", metavar="ORDER",
    help="Keizer: rating (default), random (a fresh draw, its seed in the log), manual "
         "(then: rochade tournament order) or standings:TOURNAMENT (its final standings).",
)
@click.option(
    "--system",
    type=click.Choice(list(SYSTEMS)),
    default=KEIZER,
    show_default=True,
    help="Keizer, a round robin (Berger tables), a Swiss (FIDE Dutch), a knockout cup, a "
    "Double-Swiss (FIDE C.04.5: two-game matches), or a team event: team-swiss (FIDE "
    "C.04.6) or team-round-robin.",
)
@click.option("--double", is_flag=True, default=None, help="Round robin: play everyone twice.")
@click.option(
    "--numbers",
    "numbers_by",
    type=click.Choice([s.value for s in StartNumbers]),
    help="Round robin: start numbers by lot (default), by rating, or by the Varma tables "
         "(lot, a federation's players in one group; 9-24 players).",
)
@ROUNDS
@click.option(
    "--first-round",
    type=click.Choice([f.value for f in FirstRound]),
    help="Swiss: pair round 1 by the Dutch system (default) or at random.",
)
@click.option(
    "--pairing-rules",
    type=click.Choice([r.value for r in SwissRules]),
    help="Swiss: the FIDE system that pairs the rounds, Dutch (default) or Burstein.",
)
@click.option(
    "--acceleration",
    type=click.Choice([a.value for a in Acceleration]),
    help="Swiss: a preset acceleration, baku (C.04.7: virtual points for the top half in the "
         "first rounds); any other as a table (tournament set CLUB virtual_points=...).",
)
@click.option("--games", type=click.IntRange(min=1),
              help="Knockout: games a match has (default 1; colours alternate).")
@click.option("--playoff", metavar="PROCEDURE",
              help="Knockout: what decides a drawn match, e.g. rapid2,blitz2,armageddon "
                   "(default rapid2,armageddon); the last item armageddon, lower-rated, black "
                   "or lot.")
@click.option("--seeding", type=click.Choice(["rating", "lot", "free"]),
              help="Knockout: seeds by rating (default) or by lot in the standard bracket, "
                   "or a free draw every round.")
@click.option("--third-place", is_flag=True, default=None,
              help="Knockout: the semi-finals' losers play for third place.")
@click.option("--consolation", type=click.IntRange(0, 2),
              help="Knockout: the losers of cup round 1 (1), or of rounds 1 and 2 (2), play a "
                   "consolation cup of their own (`rochade cup consolation`); default 0: none.")
@click.option("--boards", type=click.IntRange(min=1, max=20),
              help="Team event: boards per match (default 4).")
@click.option("--colours", "colour_type", type=click.Choice(["A", "B", "none"]),
              help="Team Swiss: colour preferences of C.04.6 type A (default), type B, or "
                   "none.")
@click.option("--primary", type=click.Choice(["MP", "GP"]),
              help="Team event: the primary score, match points (default) or game points.")
@click.option("--match-points", metavar="W/D/L",
              help="Team event: match points for a won, drawn and lost match (default "
                   "2/1/0).")
@click.option("--baku", is_flag=True, default=None,
              help="Team Swiss: the Baku acceleration (C.04.7).")
@SCORING
@BYE_VALUE
@TIEBREAKS
@click.option("--seed", type=int, help="Seed for drawing lots (the draw can be replayed).")
@click.option("--max-half-point-byes", type=click.IntRange(min=0),
              help="Swiss: how many half-point byes a player may take at most.")
@HALF_POINT_BYES_CLOSED
@click.option("--fide-mode/--no-fide-mode", default=None,
              help="Round robin and Swiss: run it in FIDE mode (default: on; see "
                   "docs/fide-mode.md).")
@click.option("--pairing-rating", type=click.Choice(PAIRING_RATINGS),
              help="The rating it pairs by: fide (default; national where a player has no FIDE "
                   "rating), national (FIDE where none), or the highest of both.")
def tournament_create(
    club: Path,
    who: str | None,
    name: str,
    preset: str,
    system: str,
    double: bool | None,
    numbers_by: str | None,
    rounds: int | None,
    first_round: str | None,
    pairing_rules: str | None,
    acceleration: str | None,
    scoring: str | None,
    bye_value: str | None,
    tiebreaks: str | None,
    seed: int | None,
    max_half_point_byes: int | None,
    half_point_byes_closed: int | None,
    fide_mode: bool | None,
    pairing_rating: str | None,
    games: int | None,
    playoff: str | None,
    seeding: str | None,
    third_place: bool | None,
    consolation: int | None,
    boards: int | None,
    colour_type: str | None,
    primary: str | None,
    match_points: str | None,
    baku: bool | None,
    **overrides: object,
) -> None:
    """Create a tournament NAME in CLUB: Keizer (default), round-robin, swiss, knockout or
    double-swiss.

    A round robin or Swiss starts in FIDE mode unless --no-fide-mode."""
    given = {key: value for key, value in overrides.items() if value is not None}
    svc = service(club, who)
    if find_system(system).presets:
        if fide_mode is not None:
            raise Failure("--fide-mode is for round robins and Swiss tournaments")
        created = svc.create_tournament(name, preset, given, pairing_rating)
        chosen = f", pairing by the {pairing_rating} rating" if pairing_rating else ""
        click.echo(f"Created tournament {created.name} ({preset} rules{chosen}).")
        return
    if given:
        raise Failure(f"--{next(iter(given)).replace('_', '-')} is a Keizer setting")
    if find_system(system).team_event:
        team_options = {"boards": boards, "rounds": rounds, "colours": colour_type,
                        "primary": primary, "match_points": match_points, "baku": baku,
                        "double": double, "tiebreaks": tiebreaks, "seed": seed}
        view = svc.create_team_event(name, system, team_options)
        click.echo(f"Created tournament {view.name} ({system}, {describe(view.settings)}).")
        click.echo("Add the teams with: rochade player import CLUB FILE (a team column).")
        return
    options = {
        "double": double, "numbers_by": numbers_by, "rounds": rounds, "first_round": first_round,
        "acceleration": acceleration, "pairing_rules": pairing_rules,
        "scoring": scoring, "bye_value": bye_value,
        "tiebreaks": tiebreaks, "seed": seed, "max_half_point_byes": max_half_point_byes,
        "half_point_byes_closed": half_point_byes_closed,
        "fide_mode": fide_mode, "games": games, "playoff": playoff, "seeding": seeding,
        "third_place": third_place, "consolation": consolation,
    }
    t = svc.create_system_tournament(name, system, options, pairing_rating)
    rules = describe(t.settings)
    mode = "" if fide_mode is False or not find_system(system).fide_mode else ", FIDE mode"
    chosen = f", pairing by the {pairing_rating} rating" if pairing_rating else ""
    click.echo(f"Created tournament {t.name} ({system}, {rules}{mode}{chosen}).")
    if draws_by_lot(t.settings):
        seed = t.settings.seed  # type: ignore[attr-defined]
        click.echo(f"Drawn by lot with seed {seed} (--seed {seed} replays the draw).")


@tournament.command("list")
@club_argument
def tournament_list(club: Path, who: str | None) -> None:
    """List the tournaments in CLUB."""
    summaries = service(club, who).tournaments()
    if not summaries:
        click.echo("No tournaments yet.")
    for s in summaries:
        mark = "  <- current" if s.current and len(summaries) > 1 else ""
        teams = "" if s.teams is None else f"{s.teams} teams, "
        click.echo(f"{s.name}  ({s.system}, {s.preset}; {teams}{s.players} players, "
                   f"{s.rounds} rounds){mark}")


@tournament.command("use")
@club_argument
@click.argument("name")
def tournament_use(club: Path, who: str | None, name: str) -> None:
    """Make NAME the current tournament: the one commands without -t act on (until another is
    used or created)."""
    chosen = service(club, who).use_tournament(name)
    click.echo(f"Commands without -t now act on {chosen}.")


@tournament.command("set")
@club_argument
@click.argument("assignments", metavar="[KEY=VALUE]...", nargs=-1)
@tournament_option
@click.option("--dry-run", is_flag=True, help="Only show what would change; save nothing.")
@ROUNDS
@SCORING
@BYE_VALUE
@click.option("--half-bye-value", help="Swiss: points for a half-point bye (default: a draw).")
@TIEBREAKS
@click.option("--max-half-point-byes", metavar="N",
              help="Swiss: half-point byes a player may take at most ('none': no limit).")
@HALF_POINT_BYES_CLOSED
@CONFIRM
def tournament_set(
    club: Path, who: str | None, assignments: tuple[str, ...], tournament: str | None,
    dry_run: bool, confirm: bool, **options: object,
) -> None:
    """Show a tournament's settings, or change settings while it runs.

    Categories and prizes (any system, any time): categories="Overall: places=3;
    U1600: rating=-1599 prizes=50,30; Women: sex=w; U12: age=-11" and one_prize=yes|no;
    see docs/categories.md.

    The event data for rating reports: city, federation, start_date, end_date, round_dates
    (comma-separated YYYY-MM-DD), chief_arbiter, deputy_arbiters (comma-separated),
    time_control (text, or TRF26's code such as 5400+30), organizer, type; any system, any
    time, e.g. `city=Utrecht federation=NED start_date=2026-03-01`.

    Keizer: KEY=VALUE (an empty VALUE clears a limit), e.g. `rematch_gap=3 ratio=4`; without
    any, every setting is listed with its explanation. Round robin and Swiss: the options
    (points and tie-breaks any time; a Swiss keeps at least the rounds it has paired).
    Standings are recomputed with the new rules and the players who move are listed; one
    undoable change.

    Swiss accelerations: `acceleration=baku` (C.04.7), or any other as a table of virtual
    points, `virtual_points="1-8:1-2=1; 1-8:3=0.5"` (players:rounds=points, players by id);
    they count for pairing only, and those of rounds already paired stay.

    The pairing rating (any system, before round 1): `pairing_rating=fide` (the FIDE
    rating, else the national one; the default), `national` (the national rating, else
    FIDE's) or `highest` (the higher of both). The FIDE rating report carries the FIDE
    rating whatever the tournament pairs by.

    FIDE mode (round robin, Swiss): `fide_mode=off` leaves it for good (with --confirm);
    `fide_mode=on` only before round 1. In FIDE mode, changing the rounds, scoring, bye
    values or tie-breaks after round 1 needs --confirm and is noted in the rating report.
    """
    svc = service(club, who)
    t = svc.tournament(tournament)
    typed: dict[str, object] = {k: v for k, v in options.items() if v is not None}
    event: dict[str, str] = {}
    grouped: dict[str, str] = {}
    rating: dict[str, str] = {}
    for key, value in key_values(assignments).items():
        (event if key in EVENT_KEYS else grouped if key in CATEGORY_KEYS
         else rating if key in RATING_KEYS else typed)[key] = value
    if (event or grouped or rating) and dry_run:
        raise Failure("--dry-run is for the rules; the event data, categories and pairing "
                      "rating change nothing else")
    if sum(map(bool, (typed, event, grouped, rating))) > 1:  # all checked before any is saved
        _check_unsaved(svc, t.name, typed, event, grouped, rating)
    if rating:
        choice = svc.set_rating_choice(rating, t.name)
        click.echo(f"{t.name}: pairing_rating={choice.pairing.value}")
    if grouped:
        setup = svc.set_categories(grouped, t.name)
        click.echo(f"{t.name}: " + ", ".join(f"{key}={setup.text(key) or '-'}" for key in grouped))
    if event:
        data = svc.set_event(event, t.name)
        click.echo(f"{t.name}: " + ", ".join(f"{key}={data.text(key)}" for key in event))
    if (event or grouped or rating) and not typed:
        return
    if not typed:
        for setting in settings_of(t.settings):
            fixed = "" if setting.after_start else "  (fixed once round 1 is paired)"
            click.echo(f"{setting.key} = {setting.text(t.settings) or '-'}{fixed}")
            choices = f" ({', '.join(setting.choices)})" if setting.choices else ""
            hint = f" {PERCENT_HINT}" if setting.percent else ""
            click.echo(f"    {setting.label}: {setting.help}{hint}{choices}")
        if not system_of(t).presets:
            click.echo(f"{t.name}: {describe(t.settings)}; see --help for what can change.")
        click.echo(f"pairing_rating = {svc.rating_choice(t.name).pairing.value}"
                   "  (fide, national or highest; fixed once round 1 is paired)")
        if system_of(t).fide_mode:
            mode = svc.fide_mode(t.name)
            click.echo(f"fide_mode = {'on' if mode.on else 'off'}"
                       + (f" ({mode.marker})" if mode.marker else ""))
        data = svc.event_data(t.name)
        click.echo("Event data for rating reports (rochade rating-report):")
        for key in EVENT_KEYS:
            click.echo(f"{key} = {data.text(key) or '-'}")
        setup = svc.categories(t.name).setup
        click.echo("Categories and prizes (rochade standings --category NAME, "
                   "rochade export-list CLUB prizes; see docs/categories.md):")
        for key in CATEGORY_KEYS:
            click.echo(f"{key} = {setup.text(key) or '-'}")
        return
    try:
        report = svc.change_rules(typed, t.name, save=not dry_run, confirm=confirm)
    except NeedsFideConfirmation as exc:
        raise needs_confirm(exc) from None
    if not system_of(t).presets and not dry_run:
        click.echo(f"Settings of {t.name} changed ({describe(report.tournament.settings)}).")
    elif not report.changes:
        click.echo("Nothing changes.")
        return
    else:
        for change in report.changes:
            click.echo(f"{change.setting.key}: {change.old or '-'} -> {change.new or '-'}")
    echo_changes(report.standings)
    if system_of(t).presets or dry_run:
        if not report.standings and t.rounds:
            click.echo("Nobody moves in the standings.")
        click.echo("Nothing saved (--dry-run)." if dry_run else "Saved.")


def _check_unsaved(svc: ClubService, name: str, typed: dict[str, object],
                   event: dict[str, str], grouped: dict[str, str], rating: dict[str, str]
                   ) -> None:
    """Refuse a bad value of any group before one group is saved: nothing changes."""
    choice = svc.rating_choice(name)
    for key, value in rating.items():
        choice = choice.changed(key, value)
    setup = svc.categories(name).setup
    for key, value in grouped.items():
        setup = setup.changed(key, value)
    data = svc.event_data(name)
    for key, value in event.items():
        data = data.changed(key, value)
    if typed:
        svc.change_rules(typed, name, save=False)


@tournament.command("order")
@club_argument
@click.argument("players", metavar="PLAYER...", nargs=-1, required=True)
@tournament_option
def tournament_order(
    club: Path, who: str | None, players: tuple[str, ...], tournament: str | None
) -> None:
    """Set a Keizer start order by hand, before round 1: the PLAYERs named, best first; the
    others follow in their current order."""
    t = service(club, who).set_start_order(players, tournament)
    for place, entrant in enumerate(t.start_order(), start=1):
        click.echo(f"{place:3}. {entrant.name}")


@click.group()
def player() -> None:
    """Add players, import a player list, correct or delete one, set who is present."""


@player.command("add")
@club_argument
@click.argument("name")
@click.option("--rating", type=int,
              help="Rating: the FIDE rating with --fide-id, else the national one (player set "
              "national_rating=DWZ:1850 names its system); leave out for unrated players.")
@click.option("--fide-id", type=int, help="FIDE id, if any.")
@tournament_option
def player_add(
    club: Path,
    who: str | None,
    name: str,
    rating: int | None,
    fide_id: int | None,
    tournament: str | None,
) -> None:
    """Add a player (late entries welcome).

    NAME becomes a club member and enters the tournament; if rounds were played already, the
    earlier rounds count as a late start.
    """
    svc = service(club, who)
    _report_added(svc, [svc.add_player(name, rating, fide_id, tournament)])


@player.command("import")
@club_argument
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--skip-existing", "existing", flag_value="skip",
              help="Leave players who already play as they are (default: refuse the list).")
@click.option("--update", "existing", flag_value="update",
              help="Give players who already play the list's rating and data (the "
                   "tournament's rating too while no round is paired).")
@tournament_option
def player_import(club: Path, who: str | None, file: Path, existing: str | None,
                  tournament: str | None) -> None:
    """Add the players of a CSV file (name,rating[,fide_id] or named columns).

    A team event's list has a team column: each player joins that team's roster in the
    list's order (the board order), unless a board column numbers the places."""
    svc = service(club, who)
    data = read_file(file)
    one = tournament is not None or len(svc.tournament_names()) == 1
    if one and svc.is_team_event(tournament):
        if existing is not None:
            raise Failure("--existing is not for a team event's list")
        for line in svc.import_team_players(data, tournament):
            click.echo(f"{line.name} plays for {line.team} on roster place {line.place}.")
        return
    added = svc.import_players(data, tournament, existing or "refuse")
    echo_rating_sources(list_ratings(data))  # read as the import read it: a refused list says why
    _report_added(svc, added)


def _report_added(svc: ClubService, players: Sequence[PlayerAdded]) -> None:
    """Each one added, a player with the number the lists show (once all are in: a Swiss's
    pairing numbers go by rating until round 1)."""
    entered = next((added.tournament for added in players if added.entrant is not None), None)
    numbers = {} if entered is None else svc.player_numbers(entered)
    for added in players:
        _report_one(added, numbers)


def _report_one(added: PlayerAdded, numbers: Mapping[PlayerId, int]) -> None:
    if added.already:
        done = "rating and data updated" if added.already == "updated" else "left as before"
        click.echo(f"{added.name} already plays in {added.tournament}: {done}.")
        return
    if added.entrant is None:
        click.echo(f"{added.name} is a club member now (not entered in a tournament).")
        return
    line = f"{added.name} plays in {added.tournament} as number {numbers[added.entrant.id]}."
    if added.late_rounds:
        line += f" Late entry: the {added.late_rounds} earlier round(s) count as a late start."
    click.echo(line)


@player.command("status")
@club_argument
@click.argument("player_ref", metavar="PLAYER")
@click.argument("status", metavar="STATUS", type=click.Choice([s.value for s in Status]))
@tournament_option
@CONFIRM
def player_status(
    club: Path, who: str | None, player_ref: str, status: str, tournament: str | None,
    confirm: bool,
) -> None:
    """Set a player present, excused, withdrawn ...

    PLAYER is a number or a name. The status stays until you change it; it decides the
    player's row in the next pairing. In a Swiss, excused (or club duty) is a half-point
    bye: in FIDE mode a player's second one needs --confirm.
    """
    svc = service(club, who)
    ref, shown = typed_player(svc, player_ref, tournament)
    try:
        svc.set_status(ref, Status(status), tournament, confirm)
    except NeedsFideConfirmation as exc:
        raise needs_confirm(exc) from None
    click.echo(f"{shown} is now {status}.")


@player.command("rename")
@club_argument
@click.argument("player_ref", metavar="PLAYER")
@click.argument("new_name", metavar="NEW_NAME")
@tournament_option
def player_rename(
    club: Path, who: str | None, player_ref: str, new_name: str, tournament: str | None
) -> None:
    """Correct a player's name (a typo): PLAYER is a number or the name as it stands.

    The name changes in every tournament the player plays in; `rochade undo` takes it back.
    """
    svc = service(club, who)
    ref, shown = typed_player(svc, player_ref, tournament)
    svc.rename_player(ref, new_name, tournament)
    click.echo(f"{shown} is now called {new_name.strip()}.")


@player.command("set")
@club_argument
@click.argument("player_ref", metavar="PLAYER")
@click.argument("assignments", metavar="KEY=VALUE...", nargs=-1, required=True)
@tournament_option
def player_set(
    club: Path, who: str | None, player_ref: str, assignments: tuple[str, ...],
    tournament: str | None,
) -> None:
    """Set a player's data: name, rating, fide_id, title, sex, federation, birth, club,
    national_id, k (an empty VALUE: not known).

    E.g. `title=FM sex=m federation=GER birth=1990-05-17 national_id=PKZ:10234567`. Titles
    and federations are FIDE's codes; birth is YYYY-MM-DD or the year; k is the K-factor of
    the FIDE rating change (empty: from rating and age). One undoable change.
    """
    svc = service(club, who)
    ref, shown = typed_player(svc, player_ref, tournament)
    _, changes = svc.set_player(ref, key_values(assignments), tournament)
    click.echo(f"{shown}: {changes}")


@player.command("delete")
@club_argument
@click.argument("player_ref", metavar="PLAYER")
@tournament_option
def player_delete(club: Path, who: str | None, player_ref: str, tournament: str | None) -> None:
    """Remove a player entered by mistake, who has played no game yet.

    A player with games is withdrawn instead (`rochade player status PLAYER withdrawn`), so
    that the games keep counting. `rochade undo` brings a deleted player back.
    """
    svc = service(club, who)
    ref, shown = typed_player(svc, player_ref, tournament)
    svc.delete_player(ref, tournament)
    click.echo(f"{shown} is deleted.")


@player.command("forbid")
@club_argument
@click.argument("first", metavar="PLAYER")
@click.argument("second", metavar="PLAYER")
@tournament_option
@CONFIRM
def player_forbid(
    club: Path, who: str | None, first: str, second: str, tournament: str | None,
    confirm: bool,
) -> None:
    """Never pair two players (Keizer or Swiss), e.g. family members.

    In FIDE mode a pair added after round 1 needs --confirm (the rating report notes it)."""
    svc = service(club, who)
    (one, one_shown), (two, two_shown) = (typed_player(svc, typed, tournament)
                                          for typed in (first, second))
    try:
        svc.forbid_pair(one, two, tournament, confirm=confirm)
    except NeedsFideConfirmation as exc:
        raise needs_confirm(exc) from None
    click.echo(f"{one_shown} and {two_shown} will not be paired.")


@player.command("bye")
@club_argument
@click.argument("player_ref", metavar="PLAYER")
@click.argument("round_number", metavar="ROUND", type=click.IntRange(min=1))
@click.option("--zero", is_flag=True, help="A zero-point bye instead of a half-point bye.")
@click.option("--full", is_flag=True,
              help="A full-point bye given by hand (FIDE deprecates it; FIDE mode: --confirm).")
@click.option("--cancel", is_flag=True, help="Take back the bye asked for ROUND.")
@tournament_option
@CONFIRM
def player_bye(
    club: Path,
    who: str | None,
    player_ref: str,
    round_number: int,
    zero: bool,
    full: bool,
    cancel: bool,
    tournament: str | None,
    confirm: bool,
) -> None:
    """Swiss: a bye for a coming ROUND, asked in advance (half a point unless --zero or
    --full).

    The tournament's limit on half-point byes applies (tournament create
    --max-half-point-byes, --half-point-byes-closed). In FIDE mode a full-point bye, and a
    player's second half-point bye, need --confirm (the rating report notes them).
    """
    if zero and full:
        raise Failure("--zero and --full do not go together")
    svc = service(club, who)
    ref, shown = typed_player(svc, player_ref, tournament)
    if cancel:
        svc.cancel_bye(ref, round_number, tournament)
        click.echo(f"{shown} is paired in round {round_number} after all.")
        return
    try:
        svc.request_bye(ref, round_number, not zero, tournament, full, confirm)
    except NeedsFideConfirmation as exc:
        raise needs_confirm(exc) from None
    kind = "full-point" if full else "zero-point" if zero else "half-point"
    click.echo(f"{shown} has a {kind} bye in round {round_number}.")


TOURNAMENT_ONLY = click.option(
    "-t",
    "--tournament",
    metavar="NAME",
    help="Only this tournament's changes (default: the whole file's).",
)



def action_option(help: str) -> Callable[[F], F]:
    """`--action ID`: go ahead only if the change the TD saw (by its id) is still the one."""
    return click.option("--action", "action_id", type=click.IntRange(min=1), metavar="ID",
                        help=help)

@click.command()
@club_argument
@click.option("--steps", type=click.IntRange(min=1), default=1, show_default=True)
@TOURNAMENT_ONLY
@action_option("Undo only if change #ID (see rochade log) is still the last one.")
@click.option(
    "--yes",
    is_flag=True,
    help="Go ahead with an undo of several changes, or of one that removes a tournament, a "
         "round or players (a backup is made first).",
)
def undo(
    club: Path, who: str | None, steps: int, tournament: str | None, action_id: int | None,
    yes: bool,
) -> None:
    """Undo the last action(s), e.g. a pairing: of the whole file, or of one tournament.

    With --tournament that tournament's last change(s) only; with --action ID only if change
    #ID (see rochade log) is still the last one. An undo of several changes, or of one that
    removes a tournament, a round or players, only says what it would undo until --yes
    confirms it; then a backup is made first, and `rochade redo` brings it all back.
    """
    svc = service(club, who)
    if not yes:
        plan = svc.undo_plan(steps, tournament)
        if plan.asks and action_id in (None, plan.actions[0].id):  # else undo refuses below
            count = len(plan.actions)
            click.echo(f"This would undo {count} change{'s' if count > 1 else ''}:")
            for action in plan.actions:
                click.echo(f"  #{action.id} {action.description}")
            if plan.goes is not None:
                click.echo(f"It removes {plan.goes}.")
            what = "them" if count > 1 else "it"
            raise Failure(f"nothing was undone; add --yes to undo {what} (a backup is made first)")
        if plan.actions and action_id is None:
            action_id = plan.actions[0].id  # what was shown as harmless, or nothing
    for action in svc.undo(steps, tournament, action_id, backup=yes):
        echo_change("Undone", action)
    if yes:
        click.echo("A backup was made first (rochade backups lists it); rochade redo brings "
                   "the changes back.")


@click.command()
@club_argument
@TOURNAMENT_ONLY
@action_option("Redo only if undo #ID (see rochade log) is still the last undo.")
def redo(club: Path, who: str | None, tournament: str | None, action_id: int | None) -> None:
    """Bring back what the last undo took, as long as nothing newer happened.

    With --tournament that tournament's last undo; with --action ID only if undo #ID (see
    rochade log) is still the last one. The log keeps the undo and shows the redo.
    """
    for action in service(club, who).redo(tournament, action_id):
        echo_change("Redone", action)


def echo_change(done: str, action: ActionRecord) -> None:
    """One change undone or redone, as its log line (and whether it was club-wide)."""
    where = "" if action.tournament_id is not None else " (club-wide)"
    click.echo(f"{done} #{action.id}{where}: {action.description}")


@click.command()
@club_argument
@click.option("--all", "show_all", is_flag=True, help="Show every action, not only the last 30.")
def log(club: Path, who: str | None, show_all: bool) -> None:
    """Show who changed what, and when (in local time)."""
    actions = service(club, who).log()
    for action in actions if show_all else actions[-30:]:
        undone = f"  [undone by #{action.undone_by}]" if action.undone_by else ""
        when = datetime.fromisoformat(action.at).astimezone().strftime("%Y-%m-%d %H:%M")
        click.echo(f"#{action.id:<4} {when}  {action.who:<12} {action.description}{undone}")


@click.command()
@club_argument
@tournament_option
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
def export(club: Path, who: str | None, tournament: str | None, file: Path) -> None:
    """Write a tournament to a JSON file."""
    file.write_text(service(club, who).export_json(tournament), encoding="utf-8")
    click.echo(f"Wrote {file}.")


@click.command("import")
@club_argument
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--name", help="The tournament's name (default: the file's).")
@IMPORT_FIDE_MODE
def import_(club: Path, who: str | None, file: Path, name: str | None, fide_mode: bool) -> None:
    """Add a tournament from a JSON file."""
    with another_name():
        t = service(club, who).import_json(read_text(file), fide_mode, name)
    click.echo(f"Imported {t.name}: {len(t.entrants)} players, {len(t.rounds)} rounds.")
    if fide_mode:
        echo_fide_recheck(t)


COMMANDS = (init, tournament, player, undo, redo, log, export, import_)
