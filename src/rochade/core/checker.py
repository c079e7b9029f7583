"""The one pairing checker: validates any pairing, made by an engine or by a TD's hand.

Every system (Keizer, Swiss, round-robin) states its limits as a `PairingRules` value; the
checker knows nothing else about the system. It reports `Finding`s: errors make a pairing
impossible (a player twice, a board with one player...), warnings break a rule the TD may
knowingly override (a rematch inside the gap, a colour limit, a forbidden pair, an uneven bye).

The engines use the same `History` and `Constraints` to decide what is admissible, so an
engine's pairing and the checker cannot disagree about the rules.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from rochade.core.messages import N_, Message, joined
from rochade.core.model import PlayerId, Round, Tournament
from rochade.core.pairing import Board, Pairing

WHITE = "w"
BLACK = "b"


class Severity(enum.Enum):
    ERROR = "error"  # the pairing cannot be used
    WARNING = "warning"  # a rule is broken; the TD may accept it on confirmation


class Rule(enum.Enum):
    """What a finding is about; engines also use these codes to say which rules they relaxed."""

    DUPLICATE_PLAYER = "duplicate_player"
    UNKNOWN_PLAYER = "unknown_player"
    NOT_PRESENT = "not_present"
    ONE_PLAYER_BOARD = "one_player_board"
    UNPAIRED = "unpaired"
    FORBIDDEN_PAIR = "forbidden_pair"
    REMATCH = "rematch"
    MAX_MEETINGS = "max_meetings"
    COLOUR_DIFFERENCE = "colour_difference"
    COLOUR_RUN = "colour_run"
    BYE_REPEAT = "bye_repeat"
    BYE_UNEVEN = "bye_uneven"
    BYE_AGAIN = "bye_again"


COLOUR_RULES = frozenset({Rule.COLOUR_DIFFERENCE, Rule.COLOUR_RUN})
BYE_RULES = frozenset({Rule.BYE_REPEAT, Rule.BYE_UNEVEN, Rule.BYE_AGAIN})


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem with a pairing, in words a TD understands, naming the players involved."""

    severity: Severity
    rule: Rule
    msg: Message
    players: tuple[PlayerId, ...] = ()

    @property
    def message(self) -> str:
        """The English text (the web app words `msg` in the TD's language)."""
        return str(self.msg)

    def __str__(self) -> str:
        return f"{self.severity.value}: {self.message}"


class ByePolicy(enum.Enum):
    """Who may receive the bye without a warning."""

    ANY = "any"  # anyone (Keizer with byes_evenly off: always the lowest-ranked)
    EVENLY = "evenly"  # nobody present may have fewer byes than the receiver (Keizer default)
    ONCE = "once"  # at most one bye per player (Swiss)


@dataclass(frozen=True)
class PairingRules:
    """The limits a pairing should respect, independent of the pairing system.

    `rematch_gap`: two players who met in round m may meet again in round r only if
    r - m > rematch_gap (0 allows an immediate rematch; None: never again, as in Swiss).
    `max_meetings` counts meetings from round `meetings_from_round` on (a period's start).
    Colour limits are checked on the colour each player gets on a board: `max_colour_difference`
    bounds |whites - blacks|, `max_same_colour_run` the number of equal colours in a row.
    """

    forbidden_pairs: frozenset[frozenset[PlayerId]] = frozenset()
    rematch_gap: int | None = None
    max_meetings: int | None = None
    meetings_from_round: int = 1
    max_colour_difference: int | None = None
    max_same_colour_run: int | None = None
    bye_policy: ByePolicy = ByePolicy.EVENLY
    byes_count_absences: bool = False
    avoid_bye_repeat: bool = True  # last round's bye only when nobody else fits
    # A forfeited game counts as a meeting and for colours (Keizer); FIDE's Swiss rules let
    # the two meet again and give neither a colour (C.04.2 3.5), as the Dutch engine does.
    forfeits_count: bool = True

    @property
    def has_colour_limits(self) -> bool:
        return self.max_colour_difference is not None or self.max_same_colour_run is not None


class History:
    """What the rules need to know about the rounds before `round_number`.

    Colours count every paired game (forfeits included, as they were paired with a colour,
    unless `forfeits_count` is off: then a forfeit is neither a meeting nor a colour);
    byes and absences give no colour.
    """

    def __init__(self, rounds: Iterable[Round], round_number: int,
                 forfeits_count: bool = True) -> None:
        self.round_number = round_number
        self.meetings: dict[frozenset[PlayerId], list[tuple[int, PlayerId]]] = {}
        self.colours: dict[PlayerId, list[str]] = {}
        self.bye_rounds: dict[PlayerId, list[int]] = {}
        self.absences: Counter[PlayerId] = Counter()
        self.last_bye: PlayerId | None = None
        for rnd in sorted(rounds, key=lambda r: r.number):
            if rnd.number >= round_number:
                continue
            for game in rnd.games:
                if not forfeits_count and game.result is not None and game.result.is_forfeit:
                    continue
                key = frozenset((game.white, game.black))
                self.meetings.setdefault(key, []).append((rnd.number, game.white))
                self.colours.setdefault(game.white, []).append(WHITE)
                self.colours.setdefault(game.black, []).append(BLACK)
            for absence in rnd.absences:
                self.absences[absence.player] += 1
            if rnd.bye is not None:
                self.bye_rounds.setdefault(rnd.bye, []).append(rnd.number)
                if rnd.number == round_number - 1:
                    self.last_bye = rnd.bye

    def whites(self, player: PlayerId) -> int:
        """Games played with white."""
        return self.colours.get(player, []).count(WHITE)

    def balance(self, player: PlayerId) -> int:
        """Whites minus blacks."""
        colours = self.colours.get(player, [])
        return 2 * colours.count(WHITE) - len(colours)

    def run(self, player: PlayerId) -> tuple[str | None, int]:
        """The colour of the player's last games and how many in a row had it."""
        colours = self.colours.get(player, [])
        if not colours:
            return None, 0
        last = colours[-1]
        length = 0
        for colour in reversed(colours):
            if colour != last:
                break
            length += 1
        return last, length

    def games_between(self, a: PlayerId, b: PlayerId) -> list[tuple[int, PlayerId]]:
        """(round, white) of every earlier game between a and b, oldest first."""
        return self.meetings.get(frozenset((a, b)), [])

    def byes(self, player: PlayerId, count_absences: bool = False) -> int:
        """Byes so far; with `count_absences`, every absence row counts as one too."""
        count = len(self.bye_rounds.get(player, []))
        return count + self.absences[player] if count_absences else count


class Constraints:
    """`PairingRules` applied to one `History`: which pairs and colours break which rule."""

    def __init__(self, rules: PairingRules, history: History, names: Tournament) -> None:
        self.rules = rules
        self.history = history
        self._tournament = names

    def name(self, player: PlayerId) -> str:
        if self._tournament.has_entrant(player):
            return self._tournament.entrant(player).name
        return f"player id {player}"

    def pair_findings(self, a: PlayerId, b: PlayerId) -> list[Finding]:
        """Warnings about pairing a with b at all (colours aside)."""
        rules, history = self.rules, self.history
        na, nb, players = self.name(a), self.name(b), (a, b)
        out: list[Finding] = []
        if frozenset(players) in rules.forbidden_pairs:
            out.append(
                _warn(Rule.FORBIDDEN_PAIR, "{a} and {b} must not be paired.", players, a=na, b=nb)
            )
        games = history.games_between(a, b)
        if games:
            last = games[-1][0]
            if rules.rematch_gap is None:
                out.append(
                    _warn(
                        Rule.REMATCH,
                        "{a} and {b} already played each other (round {round}); "
                        "players meet only once.",
                        players,
                        a=na,
                        b=nb,
                        round=last,
                    )
                )
            elif history.round_number - last <= rules.rematch_gap:
                out.append(
                    _warn(
                        Rule.REMATCH,
                        "{a} and {b} played each other in round {round}; with a rematch gap "
                        "of {gap} they may meet again from round {again}.",
                        players,
                        a=na,
                        b=nb,
                        round=last,
                        gap=rules.rematch_gap,
                        again=last + rules.rematch_gap + 1,
                    )
                )
        if rules.max_meetings is not None:
            count = sum(1 for rnd, _ in games if rnd >= rules.meetings_from_round)
            if count >= rules.max_meetings:
                template = (
                    N_("{a} and {b} have already met {times} (limit {limit}).")
                    if rules.meetings_from_round <= 1
                    else N_(
                        "{a} and {b} have already met {times} since "
                        "round {since} (limit {limit})."
                    )
                )
                out.append(
                    _warn(
                        Rule.MAX_MEETINGS,
                        template,
                        players,
                        a=na,
                        b=nb,
                        times=_times(count),
                        since=rules.meetings_from_round,
                        limit=rules.max_meetings,
                    )
                )
        return out

    def colour_findings(self, player: PlayerId, colour: str) -> list[Finding]:
        """Warnings about `player` getting `colour` (WHITE or BLACK) on a board."""
        rules, history = self.rules, self.history
        out: list[Finding] = []
        limit = rules.max_colour_difference
        if limit is not None:
            after = history.balance(player) + (1 if colour == WHITE else -1)
            if abs(after) > limit and abs(after) > abs(history.balance(player)):
                template = (
                    N_(
                        "With white, {player} would have {count} more "
                        "whites than blacks (limit {limit})."
                    )
                    if after > 0
                    else N_(
                        "With black, {player} would have {count} more "
                        "blacks than whites (limit {limit})."
                    )
                )
                out.append(
                    _warn(
                        Rule.COLOUR_DIFFERENCE,
                        template,
                        (player,),
                        player=self.name(player),
                        count=abs(after),
                        limit=limit,
                    )
                )
        run_limit = rules.max_same_colour_run
        if run_limit is not None:
            last, length = history.run(player)
            if last == colour and length + 1 > run_limit:
                template = (
                    N_(
                        "With white, {player} would have white {count} "
                        "times in a row (limit {limit})."
                    )
                    if colour == WHITE
                    else N_(
                        "With black, {player} would have black {count} "
                        "times in a row (limit {limit})."
                    )
                )
                out.append(
                    _warn(
                        Rule.COLOUR_RUN,
                        template,
                        (player,),
                        player=self.name(player),
                        count=length + 1,
                        limit=run_limit,
                    )
                )
        return out

    def allowed_colours(self, player: PlayerId) -> tuple[bool, bool]:
        """(may have white, may have black) under the colour limits."""
        if not self.rules.has_colour_limits:
            return True, True
        return not self.colour_findings(player, WHITE), not self.colour_findings(player, BLACK)

    def barred(self, players: Collection[PlayerId]) -> dict[PlayerId, set[PlayerId]]:
        """For each player, the others they may not meet (colours aside); sparse and fast.

        Only pairs that have met or are forbidden can be barred, so this walks those instead
        of all pairs.
        """
        present = set(players)
        out: dict[PlayerId, set[PlayerId]] = {p: set() for p in present}
        candidates = set(self.rules.forbidden_pairs) | set(self.history.meetings)
        for pair in candidates:
            if len(pair) != 2 or not pair <= present:
                continue
            a, b = sorted(pair)
            if self.pair_findings(a, b):
                out[a].add(b)
                out[b].add(a)
        return out

    def bye_findings(self, player: PlayerId, present: Collection[PlayerId]) -> list[Finding]:
        """Warnings about giving `player` the bye when `present` are the players of the round."""
        rules, history = self.rules, self.history
        name = self.name(player)
        out: list[Finding] = []
        if rules.avoid_bye_repeat and history.last_bye == player:
            out.append(
                _warn(
                    Rule.BYE_REPEAT, "{player} had the bye last round too.", (player,), player=name
                )
            )
        if rules.bye_policy is ByePolicy.EVENLY:
            counts = {p: history.byes(p, rules.byes_count_absences) for p in present}
            own = counts.get(player, history.byes(player, rules.byes_count_absences))
            fewest = min(counts.values(), default=own)
            if own > fewest:
                fewer = [p for p in present if counts[p] == fewest]
                template = (
                    N_(
                        "{player} gets the bye with {byes} so far, "
                        "while {others} has only {fewest}."
                    )
                    if len(fewer) == 1
                    else N_(
                        "{player} gets the bye with {byes} so far, while "
                        "{others} have only {fewest}."
                    )
                )
                out.append(
                    _warn(
                        Rule.BYE_UNEVEN,
                        template,
                        (player, *fewer),
                        player=name,
                        byes=bye_count(own, rules),
                        others=tuple(self.name(p) for p in fewer),
                        fewest=fewest,
                    )
                )
        elif rules.bye_policy is ByePolicy.ONCE and history.bye_rounds.get(player):
            rounds = ", ".join(str(r) for r in history.bye_rounds[player])
            out.append(
                _warn(
                    Rule.BYE_AGAIN,
                    "{player} already had a bye (round {rounds}); each player gets at most one.",
                    (player,),
                    player=name,
                    rounds=rounds,
                )
            )
        return out


def check_pairing(
    pairing: Pairing,
    *,
    tournament: Tournament,
    round_number: int,
    present: Collection[PlayerId],
    rules: PairingRules,
) -> tuple[Finding, ...]:
    """All findings about `pairing` of round `round_number` (errors first).

    `present` are the players who must have a board or the bye; the history is the
    tournament's rounds before `round_number`.
    """
    return check_boards(
        [(b.white, b.black) for b in pairing.boards],
        pairing.bye,
        tournament=tournament,
        round_number=round_number,
        present=present,
        rules=rules,
    ).findings


@dataclass(frozen=True)
class CheckedPairing:
    """A proposed pairing after checking: the pairing to store (None when there are errors;
    the single leftover present player, if any, has the bye) and every finding."""

    pairing: Pairing | None
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING)


def check_boards(
    boards: Sequence[tuple[PlayerId | None, PlayerId | None]],
    bye: PlayerId | None = None,
    *,
    tournament: Tournament,
    round_number: int,
    present: Collection[PlayerId],
    rules: PairingRules,
) -> CheckedPairing:
    """Check a pairing as a TD enters it: boards as (white, black) with None for an empty seat.

    Errors: a player twice, an unknown or absent player, a board with one player, more than one
    present player left unpaired. Warnings: every rule of `rules` that a board or the bye breaks.
    """
    constraints = Constraints(
        rules, History(tournament.rounds, round_number, rules.forfeits_count), tournament)
    name = constraints.name
    errors: list[Finding] = []
    places: dict[PlayerId, list[Message]] = {}
    full: list[Board] = []
    for number, (white, black) in enumerate(boards, start=1):
        seated = [p for p in (white, black) if p is not None]
        if len(seated) == 1:
            errors.append(
                _error(
                    Rule.ONE_PLAYER_BOARD,
                    "Board {board} has only one player ({player}).",
                    (seated[0],),
                    board=number,
                    player=name(seated[0]),
                )
            )
        if white is not None and white == black:
            errors.append(
                _error(
                    Rule.DUPLICATE_PLAYER,
                    "Board {board} pairs {player} with themself.",
                    (white,),
                    board=number,
                    player=name(white),
                )
            )
            seated = [white]
        for player in seated:
            places.setdefault(player, []).append(Message("board {board}", {"board": number}))
        if white is not None and black is not None:
            full.append(Board(white, black))
    if bye is not None:
        places.setdefault(bye, []).append(Message("the bye"))
    present_set = set(present)
    for player, where in places.items():
        if len(where) > 1:
            errors.append(
                _error(
                    Rule.DUPLICATE_PLAYER,
                    "{player} appears more than once: {places}.",
                    (player,),
                    player=name(player),
                    places=tuple(where),
                )
            )
        if not tournament.has_entrant(player):
            errors.append(
                _error(
                    Rule.UNKNOWN_PLAYER, "There is no player with id {id}.", (player,), id=player
                )
            )
        elif player not in present_set:
            errors.append(
                _error(
                    Rule.NOT_PRESENT,
                    "{player} is not marked present for round {round}.",
                    (player,),
                    player=name(player),
                    round=round_number,
                )
            )
    leftover = [p for p in present if p not in places]
    if bye is None and len(leftover) == 1:
        bye = leftover.pop()
    if leftover:
        if bye is None:  # (a single leftover took the bye above)
            template = N_(
                "{players} are present but not paired; "
                "at most one player may be left unpaired (and gets the bye)."
            )
        elif len(leftover) == 1:
            template = N_("{players} is present but not paired; the bye is already given.")
        else:
            template = N_("{players} are present but not paired; the bye is already given.")
        errors.append(
            _error(
                Rule.UNPAIRED,
                template,
                tuple(leftover),
                players=tuple(constraints.name(p) for p in leftover),
            )
        )
    warnings: list[Finding] = []
    for board in full:
        if board.white == board.black:
            continue
        warnings += constraints.pair_findings(board.white, board.black)
        warnings += constraints.colour_findings(board.white, WHITE)
        warnings += constraints.colour_findings(board.black, BLACK)
    if bye is not None and tournament.has_entrant(bye):
        warnings += constraints.bye_findings(bye, present_set)
    pairing = None if errors else Pairing(tuple(full), bye)
    return CheckedPairing(pairing, (*errors, *warnings))


@dataclass(frozen=True)
class Relaxation:
    """One step of the relaxation order: the rules to try, which rules are weaker than asked
    (as finding codes), and what was given up, in words."""

    rules: PairingRules
    relaxed: frozenset[Rule]
    description: Message


def relaxations(rules: PairingRules, history: History) -> Iterator[Relaxation]:
    """The rules as given, then weaker and weaker versions, in the documented order:

    1. colour limits dropped;
    2. the rematch gap shrunk one round at a time down to 0 (from "never again": starting
       from the gap that keeps apart everyone who met);
    3. the meetings limit raised one at a time until it no longer bars anyone, then dropped;
    4. forbidden pairs ignored (last, since they are usually family or car-sharing reasons).

    Each step keeps the previous relaxations. The last step bars nothing, so any even number of
    players can be paired.
    """
    relaxed: set[Rule] = set()
    given_up: dict[str, Message] = {}  # what each relaxed rule is now, in words, in order

    def step(
        new: PairingRules, rules_given_up: Iterable[Rule], key: str, words: Message
    ) -> Relaxation:
        relaxed.update(rules_given_up)
        given_up[key] = words
        return Relaxation(new, frozenset(relaxed), joined(list(given_up.values())))

    yield Relaxation(rules, frozenset(), Message(N_("the rules as set")))
    if rules.has_colour_limits:
        rules = replace(rules, max_colour_difference=None, max_same_colour_run=None)
        yield step(rules, COLOUR_RULES, "colour", Message(N_("colour limits dropped")))
    gap = rules.rematch_gap
    was = (
        Message(N_("players meet only once"))
        if gap is None
        else Message(N_("rematch gap of {gap}"), {"gap": gap})
    )
    if gap is None:
        gap = max(history.round_number - 1, 0)
    # A smaller gap only frees pairs whose last game lies exactly `gap` rounds back; skipping the
    # gaps that free nobody gives the same first success as shrinking one round at a time, and
    # costs one step per distance met (at most the rounds played), whatever the gap.
    distances = {history.round_number - games[-1][0] for games in history.meetings.values()}
    for smaller in sorted((d - 1 for d in distances if d - 1 < gap), reverse=True):
        rules = replace(rules, rematch_gap=smaller)
        yield step(rules, {Rule.REMATCH}, "gap", Message(
            N_("{rule} relaxed to a gap of {gap}"), {"rule": was, "gap": smaller}))
    limit = rules.max_meetings
    if limit is not None:
        was = Message(N_("limit of {limit} meetings"), {"limit": limit})
        counts = {
            sum(1 for rnd, _ in games if rnd >= rules.meetings_from_round)
            for games in history.meetings.values()
        }
        for higher in range(limit + 1, max(counts, default=0) + 1):
            if higher - 1 in counts:
                rules = replace(rules, max_meetings=higher)
                yield step(rules, {Rule.MAX_MEETINGS}, "meet", Message(
                    N_("{rule} raised to {limit}"), {"rule": was, "limit": higher}))
        rules = replace(rules, max_meetings=None)
        yield step(rules, {Rule.MAX_MEETINGS}, "meet",
                   Message(N_("{rule} dropped"), {"rule": was}))
    if rules.forbidden_pairs:
        rules = replace(rules, forbidden_pairs=frozenset())
        yield step(rules, {Rule.FORBIDDEN_PAIR}, "forbidden",
                   Message(N_("forbidden pairs ignored")))


def bye_count(count: int, rules: PairingRules) -> Message:
    """'1 bye', '2 byes or absences' ... as the bye policy counts them."""
    if rules.byes_count_absences:
        if count == 1:
            return Message("{count} bye or absence", {"count": count})
        return Message("{count} byes or absences", {"count": count})
    if count == 1:
        return Message("{count} bye", {"count": count})
    return Message("{count} byes", {"count": count})


def _warn(rule: Rule, template: str, about: tuple[PlayerId, ...], **values: object) -> Finding:
    return Finding(Severity.WARNING, rule, Message(template, values), about)


def _error(rule: Rule, template: str, about: tuple[PlayerId, ...], **values: object) -> Finding:
    return Finding(Severity.ERROR, rule, Message(template, values), about)


def _times(count: int) -> Message:
    if count == 1:
        return Message("once")
    if count == 2:
        return Message("twice")
    return Message("{count} times", {"count": count})


__all__ = [
    "BLACK",
    "BYE_RULES",
    "COLOUR_RULES",
    "WHITE",
    "ByePolicy",
    "CheckedPairing",
    "Constraints",
    "Finding",
    "History",
    "PairingRules",
    "Relaxation",
    "Rule",
    "Severity",
    "bye_count",
    "check_boards",
    "check_pairing",
    "relaxations",
]
