"""What the Dutch engine needs to know about a Swiss tournament before pairing a round.

Points are kept in tenths (1.0 = 10) so every score is an exact integer, as in TRF. Players
are identified by their pairing number (TPN); histories hold one `RoundRecord` per round
already paired, so unplayed rounds stay visible (they matter for byes, floats and colours).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from rochade.core.messages import Explained


class DutchError(Explained, ValueError):
    """Facts the engine cannot pair from; the message says what is wrong."""


class NoValidPairing(DutchError):
    """No pairing of the present players satisfies the absolute criteria (C1-C3)."""


class Edition(enum.Enum):
    """Which text of the FIDE Dutch rules to apply."""

    FIDE_2026 = "2026"


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(enum.Enum):
    """A round's result from one player's side, before it is turned into points."""

    WIN = 2
    DRAW = 1
    LOSS = 0


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One player's row for one round.

    `opponent` is None for byes and absences. `played` is True only for a game over the
    board (colours and meetings count); `paired` is True when the player took part in the
    round's pairing (a game, a forfeit, or the pairing-allocated bye).
    """

    opponent: int | None
    colour: Colour | None
    outcome: Outcome
    played: bool
    paired: bool

    @property
    def is_pab(self) -> bool:
        return self.paired and self.opponent is None


ABSENT = RoundRecord(None, None, Outcome.LOSS, played=False, paired=False)
"""A round in which the player took no part (not yet entered, absent, zero-point bye)."""


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points in tenths for each kind of round (TRF defaults: 1 / 0.5 / 0)."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_bye: int = 0
    forfeit_loss: int = 0
    pab: int = 10

    def points(self, record: RoundRecord) -> int:
        if record.outcome is Outcome.DRAW:
            return self.draw
        if record.outcome is Outcome.WIN:
            return self.pab if record.is_pab else self.win
        if not record.paired:
            return self.zero_bye
        return self.loss if record.played else self.forfeit_loss


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """A player with the history of every round paired so far.

    `accelerations` holds virtual points (tenths) per round, index 0 = round 1.
    """

    tpn: int
    rating: int = 0
    history: tuple[RoundRecord, ...] = ()
    accelerations: tuple[int, ...] = ()

    def acceleration(self, round_index: int) -> int:
        """Virtual points for the round with 0-based index `round_index`."""
        if 0 <= round_index < len(self.accelerations):
            return self.accelerations[round_index]
        return 0


@dataclass(frozen=True)
class SwissState:
    """A tournament ready for its next round to be paired.

    Every player's history has exactly `rounds_played` records. `absent` lists the players
    who do not take part in the next round (requested byes, known absences, withdrawals).
    `forbidden` lists groups of players who may not meet in the next round (TRF XXP/260).
    `initial_colour` is the colour drawn by lot for the top board of round 1.
    """

    players: tuple[SwissPlayer, ...]
    total_rounds: int
    rounds_played: int = 0
    absent: frozenset[int] = frozenset()
    forbidden: tuple[frozenset[int], ...] = ()
    initial_colour: Colour = Colour.WHITE
    scoring: Scoring = field(default_factory=Scoring)
    edition: Edition = Edition.FIDE_2026

    def __post_init__(self) -> None:
        seen: set[int] = set()
        for player in self.players:
            if player.tpn in seen:
                raise DutchError("pairing number {tpn} is used twice", tpn=player.tpn)
            seen.add(player.tpn)
            if len(player.history) != self.rounds_played:
                raise DutchError(
                    "player {tpn} has {history} rounds of history, expected {rounds_played}",
                    tpn=player.tpn,
                    history=len(player.history),
                    rounds_played=self.rounds_played,
                )
        if self.total_rounds < self.rounds_played:
            raise DutchError(
                "{rounds_played} rounds are paired but the tournament has only {total_rounds}",
                rounds_played=self.rounds_played,
                total_rounds=self.total_rounds,
            )

    def score(self, player: SwissPlayer, rounds: int | None = None) -> int:
        """Points (tenths) after the first `rounds` rounds (default: all paired rounds)."""
        upto = self.rounds_played if rounds is None else rounds
        return sum(self.scoring.points(rec) for rec in player.history[:upto])
