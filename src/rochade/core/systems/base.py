"""What a tournament system is to the rest of rochade: one object per system.

The layers above ask the system what it can do (its capabilities) and let it do what differs
(its settings, their codec, ...) instead of comparing its name; a new system is one more
subclass, registered in `rochade.core.systems`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar, cast

from rochade.core.checker import PairingRules
from rochade.core.messages import Said
from rochade.core.model import ModelError, PlayerId, Tournament
from rochade.core.pairing import Pairing
from rochade.core.standings import Standings
from rochade.core.system_settings import SWISS_ABSENCES, ByeRequest, swiss_numbers
from rochade.core.systems.crosstables import crosstable_of, ranked
from rochade.core.tiebreaks import Crosstable, Scoring, TieBreak, explain

S = TypeVar("S")


class PairingRefused(ModelError):
    """A round the system's engine cannot pair as asked; the message says why and what to do."""


class TournamentSystem(Generic[S]):
    """A pairing system with its settings type `S`; subclasses fill in the class attributes.

    The capabilities are what pages, commands and file formats offer for a tournament of
    this system; they are facts of the system, not of one tournament's settings.
    """

    name: ClassVar[str]
    """The name kept in the club file and files (`keizer`, `round-robin`, `swiss`)."""
    settings_type: ClassVar[type[Any]]
    engine: ClassVar[str]
    """The pairing engine, as the explanation of a round names it."""

    forbidden_pairs: ClassVar[bool] = False
    """The TD may keep two players apart (a round robin's table is fixed)."""
    byes_in_advance: ClassVar[bool] = False
    """A player may ask for a bye in a coming round, before it is paired."""
    pairing_numbers: ClassVar[bool] = False
    """Players have start or pairing numbers, shown on the lists and in the explanations."""
    fide_tiebreaks: ClassVar[bool] = False
    """Standings are points with FIDE tie-breaks, scored by the settings' `scoring`."""
    fide_mode: ClassVar[bool] = False
    """The tournament can be run for FIDE rating (a rating report, FIDE's rules enforced)."""
    explains_pairings: ClassVar[bool] = False
    """The engine says, player by player, which of its criteria decided a pairing."""
    external_games: ClassVar[bool] = False
    """Games for the club's teams elsewhere count in the tournament (Keizer's team values)."""
    presets: ClassVar[bool] = False
    """Settings start from a named preset and change one by one (Keizer's); otherwise from
    the `options`."""
    fixed_schedule: ClassVar[bool] = False
    """The whole schedule is set by round 1 (everybody meets everybody): no late entries, a
    withdrawal forfeits the games to come, the odd player out rests (no points), and the
    crosstable is a grid of every pair."""
    absence_byes: ClassVar[bool] = False
    """An absence known before a round is paired is a bye of that round (excused: half a
    point, within the settings' limits)."""
    hand_pairing: ClassVar[bool] = True
    """The TD may pair a round by hand or change a paired round (a cup's boards are its
    bracket's matches: they are paired only by it)."""
    knockout: ClassVar[bool] = False
    """A knockout cup: its pages show the bracket and finishing places, and a result names
    the game of a match (`locate`)."""
    team_event: ClassVar[bool] = False
    """Teams play matches of several boards: the event's facts are teams, rosters, matches
    and boards (`rochade.core.teams`), and its pages and commands are the team ones."""
    options: ClassVar[Mapping[str, Callable[[Any], object]]] = {}
    """The settings the TD gives by name beside scoring, bye values and tie-breaks, with the
    reader of the typed text; none for a system configured otherwise (Keizer's presets)."""

    def settings_of(self, t: Tournament) -> S:
        """The tournament's settings, refused unless they are this system's."""
        if not isinstance(t.settings, self.settings_type):
            raise PairingRefused("{name} has no pairing engine for the system {system}",
                                 name=t.name, system=t.system)
        return cast(S, t.settings)

    def pair(self, t: Tournament, number: int, present: Callable[[], Sequence[PlayerId]],
             seed: Callable[[], int], origins: Callable[[], Mapping[PlayerId, str]] = dict,
             ) -> tuple[Pairing, S | None]:
        """Round `number` by the system's engine, and the settings when pairing changed them
        (numbers or a start order drawn); `present` gives the players to pair (asked only
        when needed: it may refuse), `seed` a fresh seed for a draw by lot, `origins` each
        player's federation (or club) for a draw that keeps compatriots together."""
        raise NotImplementedError

    def numbered(self, t: Tournament) -> S | None:
        """The settings with the numbers of the round about to be paired, when they differ
        from the stored ones (None: unchanged, or a system without numbers kept)."""
        return None

    def engine_of(self, settings: object) -> str:
        """The engine that pairs a tournament with these settings (a Swiss: Dutch or
        Burstein), as the explanation of a round names it."""
        return self.engine

    def explain_player(self, t: Tournament, number: int, player: PlayerId
                       ) -> tuple[str, ...] | None:
        """Why `player` was paired as they were in round `number`, criterion by criterion
        (None: the system's engine gives no such reasons)."""
        return None

    def locate(self, t: Tournament, round_number: int, board: str) -> tuple[int, int]:
        """The stored round and board of a game as the TD types it (ROUND BOARD): the board's
        number here; a cup's MATCH.GAME of a cup round."""
        try:
            return round_number, int(board)
        except ValueError:
            raise ModelError("cannot read the board '{board}'; give its number",
                             board=board) from None

    def points_before(self, t: Tournament, round_number: int) -> dict[PlayerId, Fraction] | None:
        """What a pairing list prints beside each name, when the system counts it otherwise
        than its standings do (a cup: the points in the match so far); None: the standings'
        total before the round."""
        return None

    def pairs_ahead(self, t: Tournament) -> bool:
        """Whether the next round may be paired before the last one is complete (a cup's
        next game of matches that no result can decide yet)."""
        return False

    def check_result(self, before: Tournament, after: Tournament, round_number: int) -> None:
        """Refuse a result the system cannot take (a cup's correction that would change a
        match a later round was paired on); `after` holds the result."""

    def to_dict(self, settings: S) -> dict[str, object]:
        """The settings as their JSON object, every setting spelled out (a saved file must not
        change meaning when a default changes)."""
        raise NotImplementedError

    def from_dict(self, data: object, where: str = "settings") -> S:
        """The settings from their JSON object (keys not given take the defaults); raises
        `FormatError` naming where a problem is."""
        raise NotImplementedError

    def holds(self, settings: object) -> bool:
        """Whether `settings` are of this system."""
        return isinstance(settings, self.settings_type)

    def own(self, settings: object) -> S | None:
        """`settings` when they are this system's, else None."""
        return cast(S, settings) if self.holds(settings) else None

    def scoring(self, settings: S) -> Scoring | None:
        """The points of results and byes (None: the system scores otherwise)."""
        return None

    def tiebreaks(self, settings: S) -> tuple[TieBreak, ...]:
        """The tie-breaks that order equal scores (none: the system ranks otherwise)."""
        return ()

    def with_tiebreaks(self, settings: S, tiebreaks: tuple[TieBreak, ...]) -> S:
        """The settings ranking by these tie-breaks (a system with `fide_tiebreaks`)."""
        raise NotImplementedError

    def start_numbers(self, t: Tournament) -> tuple[PlayerId, ...]:
        """The players in start-number order, as every page, list and file numbers them
        (by rating unless the system keeps numbers of its own)."""
        return swiss_numbers(t.entrants)

    def renumbered(self, settings: S, number: Mapping[PlayerId, PlayerId]) -> S:
        """The settings with every player id replaced by `number[id]` (a system with
        `pairing_numbers`: its players renumbered as a TRF file numbers them)."""
        raise NotImplementedError

    def standings(self, t: Tournament, after_round: int | None = None,
                  tiebreaks: Sequence[TieBreak] | None = None) -> Standings:
        """The standings after a round (default: every round so far); a system with
        `fide_tiebreaks` ranks on points, then its tie-breaks (`tiebreaks`: these instead of
        the settings'). Keizer ranks otherwise."""
        table, numbers = self.counted_crosstable(t, after_round)
        entrants = {i: t.entrant(pid) for i, pid in enumerate(numbers, 1)}
        chosen = self.tiebreaks(self._fide(t)[0]) if tiebreaks is None else tiebreaks
        return ranked(table, entrants, chosen)

    def counted_crosstable(self, t: Tournament, after_round: int | None = None
                           ) -> tuple[Crosstable, tuple[PlayerId, ...]]:
        """The crosstable the standings rank, after the round-robin withdrawal rule, and the
        ids in start-number order (`numbers[i]` has start number i + 1)."""
        _, scoring = self._fide(t)
        if after_round is not None and not 0 <= after_round <= len(t.rounds):
            raise ModelError(
                "there is no round {number} (the tournament has {count})",
                number=after_round,
                count=len(t.rounds),
            )
        numbers = self.start_numbers(t)
        table = crosstable_of(t, numbers, scoring, round_robin=self.fixed_schedule,
                              after_round=after_round)
        return self.counted(t, table, numbers), tuple(numbers)

    def explain_tiebreaks(
        self,
        t: Tournament,
        player: PlayerId,
        after_round: int | None = None,
        counted: tuple[Crosstable, tuple[PlayerId, ...]] | None = None,
    ) -> tuple[str, ...]:
        """Each tie-break of a player, round by round for the Buchholz and Sonneborn-Berger
        ones (opponents by start number): what a TD shows a player who asks. `counted`: the
        `counted_crosstable` after that round, when the caller keeps it for every player."""
        table, numbers = counted or self.counted_crosstable(t, after_round)
        number = numbers.index(player) + 1
        settings = self._fide(t)[0]
        return tuple(line for tb in self.tiebreaks(settings) for line in explain(table, tb, number))

    def _fide(self, t: Tournament) -> tuple[S, Scoring]:
        """The settings and scoring of a tournament ranked by FIDE tie-breaks."""
        settings = self.own(t.settings)
        scoring = None if settings is None else self.scoring(settings)
        if settings is None or scoring is None:
            raise ModelError("{name} is not a round robin or a Swiss", name=t.name)
        return settings, scoring

    def counted(self, t: Tournament, table: Crosstable, numbers: Sequence[PlayerId]
                ) -> Crosstable:
        """The crosstable as the standings count it (a round robin annuls some games of a
        withdrawn player)."""
        return table

    def absence_reasons(self, settings: S) -> Mapping[str, object]:
        """The reasons an absence row of a round may give (FIDE's systems: their bye kinds)."""
        return SWISS_ABSENCES

    def teams(self, settings: S) -> Collection[int]:
        """The teams whose games (external games) count in the club tournament."""
        return ()

    def round_titles(self, t: Tournament) -> Mapping[int, tuple[str, Said]]:
        """Stored round -> its short label and title where "Round N" would mislead (a cup's
        rounds are games of its cup rounds); empty: "Round N" says it."""
        return {}

    def cup_games(self, settings: S) -> str | None:
        """How the members' games in a knockout cup of the club file count here
        (`core.cup_games`: "played" or "club_duty"); None: not at all."""
        return None

    def announced_league_games(self, settings: S) -> bool:
        """Whether a member's league game counts only in place of the club-duty absence he
        announced for it (the club's rule), not in addition to an evening."""
        return False

    def kept_apart(self, settings: S) -> frozenset[frozenset[PlayerId]]:
        """The pairs of players the TD forbade to be paired."""
        return frozenset()

    def bye_requests(self, settings: S) -> frozenset[ByeRequest]:
        """The byes players asked for in advance."""
        return frozenset()

    def numbers(self, settings: S) -> tuple[PlayerId, ...]:
        """The players in start or pairing number order, as the settings keep them."""
        return ()

    def draws_by_lot(self, settings: S) -> bool:
        """Whether the seed decides anything (start numbers by lot, a random round 1)."""
        return False

    def planned_rounds(self, settings: S) -> int | None:
        """The number of rounds fixed in advance (None: it follows from the players or the
        season)."""
        return None

    def rounds_in(self, t: Tournament) -> int | None:
        """How many rounds the tournament has (None: no last round, as a Keizer season)."""
        s = self.own(t.settings)
        return None if s is None else self.planned_rounds(s)

    def pairing_rules(self, settings: S, number: int) -> PairingRules:
        """The limits the checker applies to round `number` paired by hand."""
        raise NotImplementedError

    def with_kept_apart(self, settings: S, pairs: frozenset[frozenset[PlayerId]]) -> S:
        """The settings with these forbidden pairs (a system with `forbidden_pairs`)."""
        raise NotImplementedError

    def with_bye_requests(self, settings: S, requests: frozenset[ByeRequest]) -> S:
        """The settings with these requested byes (a system with `byes_in_advance`)."""
        raise NotImplementedError

    def half_point_bye_limits(self, settings: S) -> tuple[int | None, int]:
        """At most how many half-point byes a player may have (None: no limit), and in how
        many last rounds none may be taken."""
        return None, 0

    def describe(self, settings: S) -> str:
        """A few words on the rules, for lists of tournaments."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

