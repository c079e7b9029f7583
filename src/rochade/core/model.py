"""The tournament facts: entrants, rounds, games, results and non-game rows.

Only facts live here. Standings, values and scores are derived from them (see
`rochade.core.keizer`), never stored. All values are small immutable objects so that a
tournament can be shared freely between the engines, the checker and the renderers.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rochade.core.collation import name_key, search_text
from rochade.core.messages import N_, Explained

PlayerId = int
"""An entrant's id: stable for the whole tournament, never reused."""


class ModelError(Explained, ValueError):
    """A set of facts that cannot be a tournament; the message names the round and player."""


class Result(enum.Enum):
    """The result of a game on the board (or by forfeit).

    Besides the usual ones, the unusual results an arbiter may give over the board (FIDE's
    check list: ½-0, 0-½, 0-0, e.g. both players punished) and an adjourned or postponed
    game (`?`), which counts as a draw until its result is known."""

    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    WHITE_WINS_FORFEIT = "+/-"
    BLACK_WINS_FORFEIT = "-/+"
    DOUBLE_FORFEIT = "-/-"
    WHITE_HALF = "1/2-0"
    BLACK_HALF = "0-1/2"
    BOTH_LOSE = "0-0"
    ADJOURNED = "?"

    @classmethod
    def parse(cls, text: str) -> Result:
        """Read a result as a TD types it: `1-0`, `½-½`, `=`, `0-1`, `+-`, `+/-`, `--` ..."""
        key = text.strip().lower().replace(" ", "").replace("½", "1/2").replace(":", "-")
        try:
            return _RESULT_ALIASES[key]
        except KeyError:
            if key in _IMPOSSIBLE:
                raise ModelError(
                    "the result '{result}' is impossible: the players of a game share at most "
                    "one point (1-0, 1/2-1/2, 0-1, or less: 1/2-0, 0-1/2, 0-0)", result=text
                ) from None
            raise ModelError(
                "unknown result '{result}'; use 1-0, 1/2-1/2, 0-1, +/-, -/+, -/-, the unusual "
                "1/2-0, 0-1/2, 0-0, or ? for an adjourned game", result=text
            ) from None

    def __str__(self) -> str:
        return self.value

    @property
    def is_forfeit(self) -> bool:
        """True when the game was not played over the board."""
        return self in (Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT, Result.DOUBLE_FORFEIT)

    @property
    def adjourned(self) -> bool:
        """An adjourned or postponed game: a draw for pairing, no final standings yet."""
        return self is Result.ADJOURNED

    def points(self, white: bool) -> Fraction:
        """Game points (1, 1/2 or 0) for the white or the black side."""
        return _POINTS[self][0 if white else 1]

    def outcome(self, white: bool) -> Outcome:
        """Win, draw or loss from one side's view; a double forfeit is a forfeit loss for both."""
        return _OUTCOMES[self][0 if white else 1]


class Outcome(enum.Enum):
    """A game result from one player's point of view."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"

    @property
    def is_win(self) -> bool:
        return self in (Outcome.WIN, Outcome.FORFEIT_WIN)


_ONE, _HALF, _ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
_POINTS: dict[Result, tuple[Fraction, Fraction]] = {
    Result.WHITE_WINS: (_ONE, _ZERO),
    Result.DRAW: (_HALF, _HALF),
    Result.BLACK_WINS: (_ZERO, _ONE),
    Result.WHITE_WINS_FORFEIT: (_ONE, _ZERO),
    Result.BLACK_WINS_FORFEIT: (_ZERO, _ONE),
    Result.DOUBLE_FORFEIT: (_ZERO, _ZERO),
    Result.WHITE_HALF: (_HALF, _ZERO),
    Result.BLACK_HALF: (_ZERO, _HALF),
    Result.BOTH_LOSE: (_ZERO, _ZERO),
    Result.ADJOURNED: (_HALF, _HALF),
}
_OUTCOMES: dict[Result, tuple[Outcome, Outcome]] = {
    Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.WHITE_WINS_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_WINS_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    Result.WHITE_HALF: (Outcome.DRAW, Outcome.LOSS),
    Result.BLACK_HALF: (Outcome.LOSS, Outcome.DRAW),
    Result.BOTH_LOSE: (Outcome.LOSS, Outcome.LOSS),
    Result.ADJOURNED: (Outcome.DRAW, Outcome.DRAW),
}
_IMPOSSIBLE = frozenset({"1-1/2", "1/2-1", "1-1", "1-0.5", "0.5-1"})
"""Results that give out more than a game's point: FIDE's check list wants them refused."""
_RESULT_ALIASES: dict[str, Result] = {
    "1-0": Result.WHITE_WINS,
    "1/2-1/2": Result.DRAW,
    "1/2": Result.DRAW,
    "=": Result.DRAW,
    "0.5-0.5": Result.DRAW,
    "0-1": Result.BLACK_WINS,
    "+/-": Result.WHITE_WINS_FORFEIT,
    "+-": Result.WHITE_WINS_FORFEIT,
    "+--": Result.WHITE_WINS_FORFEIT,
    "-/+": Result.BLACK_WINS_FORFEIT,
    "-+": Result.BLACK_WINS_FORFEIT,
    "--+": Result.BLACK_WINS_FORFEIT,
    "-/-": Result.DOUBLE_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
    "---": Result.DOUBLE_FORFEIT,
    "1/2-0": Result.WHITE_HALF,
    "0.5-0": Result.WHITE_HALF,
    "0-1/2": Result.BLACK_HALF,
    "0-0.5": Result.BLACK_HALF,
    "0-0": Result.BOTH_LOSE,
    "?": Result.ADJOURNED,
    "adjourned": Result.ADJOURNED,  # a shell reads a bare ? as a file name pattern
    "postponed": Result.ADJOURNED,
}


class Reason(enum.Enum):
    """Why an entrant has no game in a round. Clubs may add their own reasons by name."""

    BYE = "bye"
    EXCUSED = "excused"
    UNEXCUSED = "unexcused"
    CLUB_DUTY = "club_duty"
    LATE_START = "late_start"
    EXTERNAL = "external"


class Status(enum.Enum):
    """An entrant's sticky attendance status for the next round."""

    PRESENT = "present"
    EXCUSED = "excused"
    UNEXCUSED = "unexcused"
    CLUB_DUTY = "club_duty"
    WITHDRAWN = "withdrawn"
    PREREGISTERED = "preregistered"

    @classmethod
    def parse(cls, text: str) -> Status:
        """A status as a form or a file names it; anything else is refused in words."""
        try:
            return cls(text)
        except ValueError:
            raise ModelError("unknown status '{status}'; use {known}", status=text,
                             known=", ".join(s.value for s in cls)) from None

    @property
    def plays(self) -> bool:
        """Whether the entrant takes part in the next pairing."""
        return self in (Status.PRESENT, Status.PREREGISTERED)

    @property
    def absence_reason(self) -> str | None:
        """The non-game row an absent status turns into when the round is paired."""
        return _STATUS_REASON.get(self)


STATUSES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "present": N_("present"),
        "excused": N_("excused"),
        "unexcused": N_("unexcused"),
        "club_duty": N_("club duty"),
        "withdrawn": N_("withdrawn"),
        "preregistered": N_("preregistered"),
    }
)
"""The word the lists and pages write for each status (by its value), to be translated."""

_STATUS_REASON = {
    Status.EXCUSED: Reason.EXCUSED.value,
    Status.UNEXCUSED: Reason.UNEXCUSED.value,
    Status.CLUB_DUTY: Reason.CLUB_DUTY.value,
}


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player enrolled in a tournament."""

    id: PlayerId
    name: str
    rating: int | None = None
    status: Status = Status.PRESENT
    fide_id: int | None = None
    title: str = field(default="", compare=False)
    """The member's FIDE title (GM ... WCM) or "": C.04.2.B orders equal ratings by it. A fact
    of the member, not of the tournament, so it takes no part in comparing entrants."""
    fide_rating: int | None = None
    """The FIDE rating the tournament holds for the player, which its FIDE rating report
    carries; `rating` is the one it pairs by (`rochade.core.ratings`), which may be a
    national one."""

    @property
    def withdrawn(self) -> bool:
        return self.status is Status.WITHDRAWN

    @property
    def sort_rating(self) -> int:
        """Rating used for ordering: unrated players sort below every rated one."""
        return self.rating if self.rating is not None else -1

    @property
    def name_key(self) -> tuple[str, str, str]:
        """The name's place in alphabetical order, as the club's lists sort names
        (`rochade.core.collation.name_key`)."""
        return name_key(self.name)

    @property
    def search_name(self) -> str:
        """The name as search compares it: without accents or case ("ozd" finds Özdemir)."""
        return search_text(self.name)


@dataclass(frozen=True, slots=True)
class Game:
    """A game of the competition; `result` None means not yet played."""

    white: PlayerId
    black: PlayerId
    result: Result | None = None
    board: int = 0

    def colour_of(self, player: PlayerId) -> str:
        """'w' or 'b'."""
        return "w" if player == self.white else "b"

    def opponent_of(self, player: PlayerId) -> PlayerId:
        return self.black if player == self.white else self.white


@dataclass(frozen=True, slots=True)
class Absence:
    """A non-game row: the entrant did not play in this round, for `reason`."""

    player: PlayerId
    reason: str


@dataclass(frozen=True, slots=True)
class ExternalGame:
    """A game for a club team outside the competition, counted at its team's board value.

    `replaces_row` True: it is the player's row for the evening (a club-night team match);
    False: it adds to whatever the player did that evening (another day, on request).
    """

    player: PlayerId
    team: int
    board: int
    score: Fraction
    replaces_row: bool = True


@dataclass(frozen=True, slots=True)
class Round:
    """One club evening: its games, non-game rows, the bye and external games."""

    number: int
    games: tuple[Game, ...] = ()
    absences: tuple[Absence, ...] = ()
    bye: PlayerId | None = None
    externals: tuple[ExternalGame, ...] = ()
    _game_of: Mapping[PlayerId, Game] = field(init=False, repr=False, compare=False)
    """Each player's game: `game_of` is asked per player and round by every table and
    tie-break (a 300-player crosstable asked it 600 times, each a walk along 150 boards)."""

    def __post_init__(self) -> None:
        games = {p: g for g in reversed(self.games) for p in (g.white, g.black)}
        object.__setattr__(self, "_game_of", games)

    def game_of(self, player: PlayerId) -> Game | None:
        return self._game_of.get(player)

    def row_players(self) -> Iterator[PlayerId]:
        """Every player who has a row in this round (once per row)."""
        for game in self.games:
            yield game.white
            yield game.black
        for absence in self.absences:
            yield absence.player
        if self.bye is not None:
            yield self.bye
        for ext in self.externals:
            if ext.replaces_row:
                yield ext.player

    @property
    def complete(self) -> bool:
        """All games have a result."""
        return all(game.result is not None for game in self.games)


@dataclass(frozen=True)
class Tournament:
    """A whole competition as facts. `settings` is system specific (e.g. KeizerSettings)."""

    name: str
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...] = ()
    system: str = "keizer"
    settings: object = None
    _by_id: Mapping[PlayerId, Entrant] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {e.id: e for e in self.entrants})

    def entrant(self, player: PlayerId) -> Entrant:
        try:
            return self._by_id[player]
        except KeyError:
            raise ModelError("no player with id {id}", id=player) from None

    def has_entrant(self, player: PlayerId) -> bool:
        return player in self._by_id

    @property
    def active(self) -> tuple[Entrant, ...]:
        """Entrants who are not withdrawn."""
        return tuple(e for e in self.entrants if not e.withdrawn)

    def start_order(self) -> list[Entrant]:
        """The order before any round is played: rating descending, then id; or, when the
        settings have a start list (a Keizer order by hand, by lot or from last season's
        standings), the players on it in its order, the others placed as the settings'
        `new_members` says (at the end, or by rating among the listed)."""
        by_rating = sorted(self.entrants, key=lambda e: (-e.sort_rating, e.id))
        listed: tuple[str, ...] = getattr(self.settings, "start_list", ())
        if not listed:
            return by_rating
        place = {name: i for i, name in enumerate(listed)}
        order = sorted((e for e in by_rating if e.name in place), key=lambda e: place[e.name])
        others = [e for e in by_rating if e.name not in place]
        if getattr(getattr(self.settings, "new_members", None), "value", "end") != "rating":
            return order + others
        for entrant in others:
            index = next(
                (i for i, e in enumerate(order) if e.sort_rating < entrant.sort_rating),
                len(order),
            )
            order.insert(index, entrant)
        return order

    def adjourned_rounds(self) -> tuple[int, ...]:
        """The rounds with an adjourned or postponed game: until its result is in, the
        standings are provisional and no rating report can be sent."""
        return tuple(rnd.number for rnd in self.rounds
                     if any(g.result is Result.ADJOURNED for g in rnd.games))

    def validate(self) -> None:
        """Every non-withdrawn entrant has exactly one row per round; rows name known players.

        Raises ModelError naming the round and player of the first problem.
        """
        for rnd in self.rounds:
            seen: dict[PlayerId, int] = {}
            for player in rnd.row_players():
                if player not in self._by_id:
                    raise ModelError(
                        "round {round}: unknown player id {id}", round=rnd.number, id=player
                    )
                seen[player] = seen.get(player, 0) + 1
            for game in rnd.games:
                if game.white == game.black:
                    name = self._by_id[game.white].name
                    raise ModelError(
                        "round {round}: {name} cannot play against themself",
                        round=rnd.number,
                        name=name,
                    )
            for player, count in seen.items():
                if count > 1:
                    name = self._by_id[player].name
                    raise ModelError(
                        "round {round}: {name} has {count} rows, expected one",
                        round=rnd.number,
                        name=name,
                        count=count,
                    )
            for entrant in self.active:
                if entrant.id not in seen:
                    raise ModelError(
                        "round {round}: {name} (id {id}) has no row "
                        "(a game, an absence with a reason, or the bye)",
                        round=rnd.number,
                        name=entrant.name,
                        id=entrant.id,
                    )
        numbers = [rnd.number for rnd in self.rounds]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ModelError(
                "rounds must be numbered 1, 2, 3 ... without gaps; got {numbers}",
                numbers=str(numbers),
            )
