"""`rochade demo`: a club file with a realistic simulated Keizer season, built as a TD would.

Every step goes through `ClubService`, so the action log of the demo file reads like a real
season: players imported, absences reported, late entries, a withdrawal, pairings, results, a
corrected result and an undone pairing. Results are drawn from a seeded `random.Random` by the
Elo expectation, with draws most likely between equals.
"""

from __future__ import annotations

import csv
import io
import os
import random
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rochade.core.model import Result, Status, Tournament
from rochade.service.club import ClubService
from rochade.service.errors import ServiceError
from rochade.store import Club, StoreError, backup

DEMO_WHO = "rochade demo"
"""The TD of the demo season; a file whose first action is by this TD is a demo file."""
TOURNAMENT = "Club championship 2026/27"
EVENINGS = 10

_PLAYERS = (
    "Jürgen Weiß",
    "Siobhán O'Neill",
    "Pieter de Vries",
    "Anna Kowalska",
    "Mehmet Yılmaz",
    "Claire Dubois",
    "Tom Becker",
    'Ivan "Vanya" Petrov',
    "Sanne Jansen",
    "Lukas Hoffmann",
    "Fatima Benali",
    "Erik Lindqvist",
    "Maria Rossi",
    "Jan Novák",
    "Sophie Müller",
    "Daan Bakker",
    "Chen Wei",
    "Greta Schulz",
    "Noah Peeters",
    "Olga Smirnova",
    "Ruben Visser",
    "Hanna Nieminen",
    "Paul Wagner",
    "Lea Fischer",
    "Bram Smit",
    "Yusuf Kaya",
)
_LATE = {3: ("Nora Vogel", "Karim Haddad"), 6: ("Emma Meijer",), 8: ("Felix Braun",)}
_WITHDRAWS_BEFORE = 7
_CORRECTION = (8, 6)  # on evening 8, the TD corrects a result of round 6
_UNDO_EVENING = 9  # a latecomer arrives after the pairing: undo, mark present, pair again
_ODD_EVENINGS = (2, 5, 9)  # someone more stays home, so the bye is used


class SeasonClock:
    """The demo's clock: set to each club evening, then a minute per action."""

    def __init__(self) -> None:
        self.now = datetime(2026, 9, 3, 19, 0, tzinfo=UTC)

    def evening(self, number: int) -> None:
        self.now = datetime(2026, 9, 3, 19, 0, tzinfo=UTC) + timedelta(weeks=number - 1)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def is_demo_file(path: Path) -> bool:
    """Whether `path` is a club file made by `rochade demo` (so it may be replaced)."""
    try:
        with Club.open(path) as club:
            actions = club.actions()
    except StoreError:
        return False
    return bool(actions) and actions[0].who == DEMO_WHO


def build_demo(path: Path, seed: int = 2026) -> ClubService:
    """Create (or replace an older demo at) `path` with a simulated season.

    The season is built in a side file and moved into place at the end, so a failure
    never leaves half a demo (nor touches a file that is not a demo).
    """
    if path.exists() and not is_demo_file(path):
        raise ServiceError(
            "{path} exists and is not a demo file; run the demo in another folder", path=path
        )
    building = path.with_name(path.name + ".building")
    _remove_with_journals(building)
    clock = SeasonClock()
    service = ClubService.init(building, DEMO_WHO, clock)
    try:
        with service.session():
            simulate(service, random.Random(seed), clock)
    except BaseException:
        _remove_with_journals(building)
        raise
    _remove_with_journals(path)
    os.replace(building, path)
    _remove_with_journals(building)  # the backups made while building
    return ClubService(path, DEMO_WHO, clock)


def _remove_with_journals(path: Path) -> None:
    """Remove a club file with its journals and its backups (the demo's are of no use)."""
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    shutil.rmtree(backup.folder_of(path), ignore_errors=True)


def simulate(service: ClubService, rng: random.Random, clock: SeasonClock) -> None:
    """Play a whole season of club evenings on `service`'s (new) club file."""
    service.create_tournament(TOURNAMENT, "classic")
    players = io.StringIO()
    writer = csv.writer(players)
    writer.writerow(["name", "rating"])
    writer.writerows((name, rng.randint(1250, 2150)) for name in _PLAYERS)
    service.import_players(players.getvalue())
    for evening in range(1, EVENINGS + 1):
        clock.evening(evening)
        for name in _LATE.get(evening, ()):
            service.add_player(name, rng.randint(1300, 2000))
        if evening == _WITHDRAWS_BEFORE:
            service.set_status(rng.choice(_PLAYERS[5:]), Status.WITHDRAWN)
        _attendance(service, rng, evening)
        latecomer = _first_absent(service.tournament())
        if evening == _UNDO_EVENING and latecomer is not None:
            service.pair()
            service.undo()
            service.set_status(latecomer, Status.PRESENT)
        report = service.pair()
        t = report.tournament
        for game in report.round.games:
            if evening == 4 and game.board == len(report.round.games):
                result = Result.WHITE_WINS_FORFEIT  # black did not turn up
            else:
                white, black = t.entrant(game.white), t.entrant(game.black)
                result = _draw_result(rng, white.sort_rating, black.sort_rating)
            service.enter_result(evening, game.board, result.value)
        if evening == _CORRECTION[0]:
            _correct_a_result(service, _CORRECTION[1])


def _attendance(service: ClubService, rng: random.Random, evening: int) -> None:
    """Who reports absent this evening (everyone else comes back to present)."""
    t = service.tournament()
    for entrant in t.active:
        roll = rng.random()
        if roll < 0.10:
            status = Status.EXCUSED
        elif roll < 0.13:
            status = Status.UNEXCUSED
        elif roll < 0.17:
            status = Status.CLUB_DUTY
        else:
            status = Status.PRESENT
        if status is not entrant.status:
            service.set_status(str(entrant.id), status)
    t = service.tournament()
    present = [e for e in t.active if e.status.plays]
    if evening in _ODD_EVENINGS and len(present) % 2 == 0:
        service.set_status(str(rng.choice(present).id), Status.EXCUSED)


def _first_absent(t: Tournament) -> str | None:
    return next((str(e.id) for e in t.active if not e.status.plays), None)


def _draw_result(rng: random.Random, white: int, black: int) -> Result:
    """A result by the Elo expectation of white; draws likelier between equal players."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    draw = 0.05 + 0.3 * (1 - abs(2 * expected - 1))
    white_wins = max(0.0, expected - draw / 2)
    roll = rng.random()
    if roll < white_wins:
        return Result.WHITE_WINS
    if roll < white_wins + draw:
        return Result.DRAW
    return Result.BLACK_WINS


def _correct_a_result(service: ClubService, round_number: int) -> None:
    """The TD learns that a decisive game of an older round was entered the wrong way round."""
    rnd = service.tournament().rounds[round_number - 1]
    game = next(g for g in rnd.games if g.result in (Result.WHITE_WINS, Result.BLACK_WINS))
    flipped = Result.BLACK_WINS if game.result is Result.WHITE_WINS else Result.WHITE_WINS
    service.enter_result(round_number, game.board, flipped.value)
