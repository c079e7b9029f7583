"""Keizer pairing: top-down neighbours with a completion look-ahead (spec/keizer.md section 7).

The highest-ranked unpaired player meets the highest-ranked admissible partner such that all
the others can still be paired admissibly. "Can still be paired" is a perfect-matching question
on the admissibility graph; a `Matcher` keeps a perfect matching of the players still unpaired,
so each candidate costs one augmenting-path search, and the engine never gives up (KfC's
backtracking stops after 100 000 steps). When no complete pairing keeps every rule, the rules
are relaxed in the order of `rochade.core.checker.relaxations` and the explanation says so.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rochade.core.checker import (
    BLACK,
    BYE_RULES,
    WHITE,
    ByePolicy,
    CheckedPairing,
    Constraints,
    Finding,
    History,
    PairingRules,
    Relaxation,
    Rule,
    bye_count,
    check_boards,
    check_pairing,
    relaxations,
)
from rochade.core.keizer.settings import ColourRule, KeizerSettings, RoundOneColours
from rochade.core.matching import Matcher
from rochade.core.messages import N_, Message, Said, joined
from rochade.core.model import ModelError, PlayerId, Tournament
from rochade.core.pairing import Board, Pairing


@dataclass(frozen=True)
class KeizerState:
    """What the Keizer engine needs to pair round `round_number`.

    `ranking` lists the present players best first (the current standings, or the start order
    in round 1); `tournament.rounds` holds the rounds already played (the history).
    """

    tournament: Tournament
    settings: KeizerSettings
    round_number: int
    ranking: tuple[PlayerId, ...]


@dataclass(frozen=True)
class KeizerPairing:
    """The engine's answer with what it had to give up.

    `relaxed` lists the rules (as checker codes) the pairing may break; the explanation has a
    line starting "Relaxed:" for each broken one. The checker, run with `rules`, warns about
    nothing else.
    """

    pairing: Pairing
    rules: PairingRules
    relaxed: frozenset[Rule]


@dataclass(frozen=True)
class ColourChoice:
    """Who gets white on a board, and why, in words for the TD."""

    white: PlayerId
    black: PlayerId
    reason: Message  # a sentence, with its full stop


class KeizerEngine:
    """The `PairingEngine` for Keizer competitions."""

    name = "keizer"

    def pair(self, state: KeizerState) -> Pairing:
        return pair_round(state).pairing


def pair_round(state: KeizerState) -> KeizerPairing:
    """Pair round `state.round_number`: bye, top-down pairs, colours, board order, explanation."""
    ranking = _checked_ranking(state)
    history = History(state.tournament.rounds, state.round_number)
    rules = state.settings.pairing_rules(state.round_number)
    strict = Constraints(rules, history, state.tournament)
    if not ranking:
        return KeizerPairing(
            Pairing((), None, (Said("Nobody is present, so there is nothing to pair."),)),
            rules,
            frozenset(),
        )
    step, search = _first_feasible(list(relaxations(rules, history)), history, state, ranking)
    bye_lines: list[Said] = []
    bye = search.choose_bye(strict, bye_lines) if len(ranking) % 2 else None
    pairs = search.top_down()

    lines = [
        Said(
            "Round {round}: {count} present, paired top-down by the standings.",
            round=state.round_number,
            count=len(ranking),
        )
    ]
    relaxed = set(step.relaxed)
    if step.relaxed:
        lines.append(
            Said("Relaxed: no complete pairing keeps every rule; {given_up}.",
                 given_up=step.description)
        )
    lines += bye_lines
    colour_rng = (
        random.Random(state.settings.seed + state.round_number)
        if state.round_number == 1
        and state.settings.round_one_colours is RoundOneColours.SEEDED_RANDOM
        else None
    )
    boards: list[Board] = []
    for number, (high, low, passed_over) in enumerate(pairs, start=1):
        choice = _allocate(strict, state, high, low, colour_rng)
        boards.append(Board(choice.white, choice.black))
        name = strict.name
        lines.append(
            Said("Board {board}: {white} - {black}.", board=number, white=name(choice.white),
                 black=name(choice.black))
        )
        lines += [_indented(line) for line in passed_over]
        lines.append(_indented(_has_white(name(choice.white), choice.reason)))
    pairing = Pairing(tuple(boards), bye)
    findings = check_pairing(
        pairing,
        tournament=state.tournament,
        round_number=state.round_number,
        present=ranking,
        rules=rules,
    )
    for finding in findings:
        if finding.rule in BYE_RULES:
            relaxed.add(finding.rule)
        lines.append(Said("Relaxed: {finding}", finding=finding.msg))
    return KeizerPairing(Pairing(pairing.boards, bye, tuple(lines)), rules, frozenset(relaxed))


def _first_feasible(
    steps: list[Relaxation], history: History, state: KeizerState, ranking: tuple[PlayerId, ...]
) -> tuple[Relaxation, _Search]:
    """The first relaxation step under which everyone (but the bye) can be paired.

    Each step only adds admissible pairs, so feasibility is monotone along the steps and a
    binary search finds the same step as trying them one by one, in a few matchings. The last
    step bars nothing and is always feasible.
    """
    searches: dict[int, _Search] = {}

    def feasible(index: int) -> bool:
        if index not in searches:
            constraints = Constraints(steps[index].rules, history, state.tournament)
            searches[index] = _Search(constraints, ranking)
        return 2 * searches[index].matcher.pairs() >= len(ranking) - 1

    low, high = 0, len(steps) - 1
    if not feasible(low):
        while high - low > 1:  # invariant: low infeasible, high feasible
            middle = (low + high) // 2
            if feasible(middle):
                high = middle
            else:
                low = middle
        low = high
    feasible(low)
    return steps[low], searches[low]


def explain_colour(state: KeizerState, white: PlayerId, black: PlayerId) -> Said:
    """Why the colour rule gives white to one of these two players, e.g. for a TD asking
    "why did A get white?" about a board of this round (engine-made or manual)."""
    history = History(state.tournament.rounds, state.round_number)
    strict = Constraints(
        state.settings.pairing_rules(state.round_number), history, state.tournament
    )
    position = {p: i for i, p in enumerate(state.ranking)}
    for player in (white, black):
        if player not in position:
            return Said(
                "{player} is not in this round's standings of present players.",
                player=strict.name(player),
            )
    high, low = sorted((white, black), key=position.__getitem__)
    if (
        state.round_number == 1
        and state.settings.round_one_colours is RoundOneColours.SEEDED_RANDOM
    ):
        return Said("Colours in round 1 are drawn by lot (seed {seed}).", seed=state.settings.seed)
    choice = _allocate(strict, state, high, low, None)
    if choice.white == white:
        return _has_white(strict.name(white), choice.reason)
    return Said(
        "The colour rule would give white to {rule_white} ({reason}); {player} has white by "
        "the TD's choice.",
        rule_white=strict.name(choice.white),
        reason=choice.reason,
        player=strict.name(white),
    )


def _has_white(player: str, reason: Message) -> Said:
    return Said("{player} has white: {reason}", player=player, reason=reason)


def _indented(line: Said) -> Said:
    """A line under a board's line (the CLI indents it)."""
    return Said("  {line}", line=line)


def check_manual_pairing(
    state: KeizerState,
    boards: Sequence[tuple[PlayerId | None, PlayerId | None]],
    bye: PlayerId | None = None,
) -> CheckedPairing:
    """Check a TD's pairing of round `state.round_number` (present players = `state.ranking`).

    Errors refuse the pairing; warnings are shown and accepted on the TD's confirmation. The
    single present player left off the boards gets the bye.
    """
    return check_boards(
        boards,
        bye,
        tournament=state.tournament,
        round_number=state.round_number,
        present=state.ranking,
        rules=state.settings.pairing_rules(state.round_number),
    )


class _Search:
    """The admissibility graph of the present players and a maximum matching on it."""

    def __init__(self, constraints: Constraints, ranking: tuple[PlayerId, ...]) -> None:
        self.constraints = constraints
        self.ranking = ranking
        barred = constraints.barred(ranking)
        colours = [constraints.allowed_colours(p) for p in ranking]
        self.adjacency: list[set[int]] = [set() for _ in ranking]
        for i, a in enumerate(ranking):
            may_white, may_black = colours[i]
            for j in range(i + 1, len(ranking)):
                b = ranking[j]
                if b in barred[a]:
                    continue
                if (may_white and colours[j][1]) or (may_black and colours[j][0]):
                    self.adjacency[i].add(j)
                    self.adjacency[j].add(i)
        self.matcher = Matcher([sorted(n) for n in self.adjacency])
        self.matcher.maximise()

    def choose_bye(self, strict: Constraints, lines: list[Said]) -> PlayerId:
        """The bye: by the bye rules' preference, the first player without whom the rest can
        still be paired; never the last round's bye unless nobody else fits (if the rules say
        so). Appends the reason to `lines`. Called only when a near-perfect matching exists
        (someone fits)."""
        matcher, ranking = self.matcher, self.ranking
        history, rules = strict.history, strict.rules
        evenly = rules.bye_policy is not ByePolicy.ANY

        def fairness(i: int) -> tuple[int, int]:
            count = history.byes(ranking[i], rules.byes_count_absences) if evenly else 0
            return count, -i

        def preference(i: int) -> tuple[bool, tuple[int, int]]:
            repeat = rules.avoid_bye_repeat and ranking[i] == history.last_bye
            return repeat, fairness(i)

        blocked: list[PlayerId] = []
        for i in sorted(range(len(ranking)), key=preference):
            state = matcher.snapshot()
            matcher.remove(i)
            if matcher.is_perfect():
                ahead = [ranking[j] for j in range(len(ranking)) if fairness(j) < fairness(i)]
                lines.append(_bye_reason(strict, ranking[i], evenly, ahead, blocked))
                return ranking[i]
            matcher.restore(state)
            blocked.append(ranking[i])
        raise AssertionError("a near-perfect matching always leaves someone out")

    def top_down(self) -> list[tuple[PlayerId, PlayerId, list[Said]]]:
        """Pairs (higher-ranked, lower-ranked, why closer neighbours were passed over)."""
        matcher, ranking, name = self.matcher, self.ranking, self.constraints.name
        unpaired = [i for i in range(len(ranking)) if matcher.active[i]]
        pairs: list[tuple[PlayerId, PlayerId, list[Said]]] = []
        while unpaired:
            top, rest = unpaired[0], unpaired[1:]
            passed_over: list[Said] = []
            for partner in rest:
                a, b = ranking[top], ranking[partner]
                if partner not in self.adjacency[top]:
                    passed_over.append(
                        Said("Not {player}: {reason}", player=name(b), reason=self._why_not(a, b))
                    )
                    continue
                state = matcher.snapshot()
                matcher.remove(top, partner)
                if matcher.is_perfect():
                    break
                matcher.restore(state)
                passed_over.append(
                    Said(
                        "Not {player}: the remaining players could then not all be paired.",
                        player=name(b),
                    )
                )
            pairs.append((ranking[top], ranking[partner], passed_over))
            unpaired = [i for i in rest if i != partner]
        return pairs

    def _why_not(self, a: PlayerId, b: PlayerId) -> Message:
        findings = self.constraints.pair_findings(a, b)
        if findings:
            return joined([f.msg for f in findings], " ")
        return Message(N_("no colour for both within the colour limits."))


def _bye_reason(
    strict: Constraints,
    player: PlayerId,
    evenly: bool,
    ahead: list[PlayerId],
    blocked: list[PlayerId],
) -> Said:
    """Why `player` has the bye; `ahead` were due before them, `blocked` could not have it."""
    name, history, rules = strict.name, strict.history, strict.rules
    count = bye_count(history.byes(player, rules.byes_count_absences), rules)
    if not ahead:
        if evenly:
            return Said(
                "Bye: {player}, the lowest-ranked present player among those with the "
                "fewest byes ({count} so far).",
                player=name(player),
                count=count,
            )
        return Said("Bye: {player}, the lowest-ranked present player.", player=name(player))
    reasons = []
    if history.last_bye in ahead:
        reasons.append(Message(N_("{player} had the bye last round"),
                               {"player": name(history.last_bye)}))
    if blocked := [p for p in blocked if p != history.last_bye]:
        names = ", ".join(name(p) for p in blocked)
        reasons.append(Message(N_("without {players} the others could not all have been paired"),
                               {"players": names}))
    if evenly:
        return Said("Bye: {player} ({count} so far), as {reasons}.", player=name(player),
                    count=count, reasons=joined(reasons))
    return Said("Bye: {player}, as {reasons}.", player=name(player), reasons=joined(reasons))


def _allocate(
    strict: Constraints,
    state: KeizerState,
    high: PlayerId,
    low: PlayerId,
    rng: random.Random | None,
) -> ColourChoice:
    """Colours of the pair high (better ranked) - low by spec section 7.5 and the settings'
    colour rule (round 1's lot first), then the limits."""
    history, name = strict.history, strict.name
    games = history.games_between(high, low)
    reason: Message
    if state.settings.colour_rule is ColourRule.FEWER_WHITES:
        whites_high, whites_low = history.whites(high), history.whites(low)
        if whites_high != whites_low:
            white, black = (high, low) if whites_high < whites_low else (low, high)
            reason = Message(
                N_("fewer whites so far ({mine} against {theirs})"),
                {"mine": history.whites(white), "theirs": history.whites(black)},
            )
        elif rng is not None:
            white, black, reason = _drawn(rng, high, low, state.settings.seed)
        else:
            white, black = low, high
            reason = Message(
                N_("as many whites so far ({count}), so the lower-ranked player has white"),
                {"count": whites_high},
            )
        return _within_limits(strict, white, black, reason)
    bal_high, bal_low = history.balance(high), history.balance(low)
    if bal_high != bal_low:
        white, black = (high, low) if bal_high < bal_low else (low, high)
        reason = Message(
            N_("lower colour balance, whites minus blacks ({mine} against {theirs})"),
            {"mine": _signed(history.balance(white)), "theirs": _signed(history.balance(black))},
        )
    elif len(games) % 2:
        last_round, last_white = games[-1]
        white = low if last_white == high else high
        black = high if white == low else low
        met = (
            Message(N_("once"))
            if len(games) == 1
            else Message(N_("{count} times"), {"count": len(games)})
        )
        reason = Message(
            N_(
                "equal colour balance ({balance}); they have met {met} and {player} had white "
                "in round {round}, so the colours swap"
            ),
            {"balance": _signed(bal_high), "met": met, "player": name(last_white),
             "round": last_round},
        )
    elif rng is not None:
        white, black, reason = _drawn(rng, high, low, state.settings.seed)
    else:
        white, black = low, high
        met = (
            Message(N_("never met"))
            if not games
            else Message(N_("met {count} times"), {"count": len(games)})
        )
        reason = Message(
            N_("equal colour balance ({balance}), {met}, so the lower-ranked player has white"),
            {"balance": _signed(bal_high), "met": met},
        )
    return _within_limits(strict, white, black, reason)


def _drawn(
    rng: random.Random, high: PlayerId, low: PlayerId, seed: int
) -> tuple[PlayerId, PlayerId, Message]:
    """Round 1's colours by lot."""
    white, black = (high, low) if rng.random() < 0.5 else (low, high)
    return white, black, Message(N_("drawn by lot (round 1, seed {seed})"), {"seed": seed})


def _within_limits(
    strict: Constraints, white: PlayerId, black: PlayerId, reason: Message
) -> ColourChoice:
    """The colour rule's choice, swapped when only the other way keeps the colour limits."""
    problems = _colour_problems(strict, white, black)
    if problems and not _colour_problems(strict, black, white):
        sentence = Message(
            N_("the colour rule would give white to {player} ({reason}). {problem}"),
            {"player": strict.name(white), "reason": reason, "problem": problems[0].msg},
        )
        return ColourChoice(black, white, sentence)
    return ColourChoice(white, black, Message(N_("{reason}."), {"reason": reason}))


def _colour_problems(strict: Constraints, white: PlayerId, black: PlayerId) -> list[Finding]:
    return strict.colour_findings(white, WHITE) + strict.colour_findings(black, BLACK)


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _checked_ranking(state: KeizerState) -> tuple[PlayerId, ...]:
    """The ranking, refusing duplicates and unknown ids (a caller's bug, named plainly)."""
    seen: set[PlayerId] = set()
    for player in state.ranking:
        if player in seen:
            raise ModelError(
                "the ranking lists {name} twice", name=state.tournament.entrant(player).name
            )
        state.tournament.entrant(player)
        seen.add(player)
    return tuple(state.ranking)


__all__ = [
    "ColourChoice",
    "KeizerEngine",
    "KeizerPairing",
    "KeizerState",
    "check_manual_pairing",
    "explain_colour",
    "pair_round",
]
