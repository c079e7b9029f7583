"""Why a Dutch pairing came out as it did: per pair, floater and bye, the deciding criterion.

The TD's questions are "why did I float?", "why this opponent?", "why the bye?" and "why
black again?". Each answer starts from the *natural* pairing of the bracket, the first
candidate the rules generate (Arts. 3-4: S1 against S2 in order, the last players float),
and names what ruled it out:

* C1/C3 when the natural partner is not allowed at all (already met, a forbidden pair, a
  clash of absolute colour preferences);
* otherwise the engine pairs the round again with the natural choice forced (the player
  may meet only that partner, or only players of the bracket) and compares: no complete
  pairing is C4; a bye on a higher score is C5; else the first bracket where the two
  pairings differ is weighed with the engine's own edge weights, and the highest bit field
  in which the chosen pairing is better names the criterion (C6-C8, C10-C21). When every
  criterion ties, the rules' generation order decided.

Forced re-pairings cost one engine run each, so in fields larger than `DETAIL_LIMIT` they
are made only for the players asked about.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial

from rochade.core.dutch.players import PlayerFacts, present_facts
from rochade.core.dutch.result import BracketTrace, DutchResult
from rochade.core.dutch.state import Colour, NoValidPairing, SwissState
from rochade.core.dutch.weights import Weights, field_of
from rochade.core.messages import N_, Exact, Message, Said, joined

PairRound = Callable[[SwissState], DutchResult]
"""The engine's pairing of a round (`DutchEngine.pair_round`), which the explanation runs
again with a choice forced; passed in, as the engine's `pair` runs the explanation."""

DETAIL_LIMIT = 120
"""Largest field for which every non-natural pair and floater gets a forced re-pairing."""

_COLOUR_RULES = {
    "5.2.1": N_("both colour preferences granted"),
    "5.2.2": N_("the stronger colour preference wins"),
    "5.2.3": N_("colours alternate from the last round the two histories differed"),
    "5.2.4": N_("the higher-ranked player gets the preferred colour"),
    "5.2.5": N_("pairing number parity of the higher-ranked player with the drawn colour"),
}

CRITERIA = {
    "C1": N_("no rematches and no forbidden pairs"),
    "C3": N_("no two players with the same absolute colour preference"),
    "C4": N_("the rest of the round must still be pairable"),
    "C5": N_("the bye goes to the lowest possible score"),
    "C2": N_("no second bye and no bye after a win without playing"),
    "C6": N_("as many pairs as possible in the bracket"),
    "C7": N_("the players who float down have the lowest possible scores"),
    "C8": N_("the next bracket must pair as well as possible"),
    "C9": N_("the bye goes to the player with the fewest unplayed rounds"),
    "C10": N_("no topscorer's colour difference beyond 2"),
    "C11": N_("no topscorer with the same colour three times in a row"),
    "C12": N_("as many colour preferences granted as possible"),
    "C13": N_("as many strong colour preferences granted as possible"),
    "C14": N_("no resident floats down twice in a row"),
    "C15": N_("no player floats up twice in a row"),
    "C16": N_("no resident floats down again after two rounds"),
    "C17": N_("no player floats up again after two rounds"),
    "C18": N_("repeated downfloaters keep the smallest score differences"),
    "C19": N_("repeated upfloaters keep the smallest score differences"),
    "C20": N_("downfloaters of two rounds before keep the smallest score differences"),
    "C21": N_("upfloaters of two rounds before keep the smallest score differences"),
    "order": N_("all criteria tie, so the rules' generation order decides (Arts. 3-4)"),
}
"""What each criterion asks for, in the TD's words (C.04.3 Art. 2)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """Why one pair, floater or bye came out so.

    `criterion` is "natural" (the bracket's first candidate), a criterion id "C1".."C21", or
    "order" (the chosen candidate ties with the natural one and the rules generate it
    first). `rival` is the natural alternative that the criterion ruled out: the natural
    pair for a pair, the natural receiver for the bye, empty when there is none.
    """

    kind: str  # "pair", "float" or "bye"
    players: tuple[int, ...]  # (higher, lower) for a pair, (player,) otherwise
    criterion: str
    reason: Said
    rival: tuple[int, ...] = ()


def points(tenths: int) -> Exact:
    """A score kept in tenths, as the line writes it (1.5; a page: 1,5 in German)."""
    return Exact(Fraction(tenths, 10))


def _points_word(tenths: int) -> Message:
    if tenths == 10:
        return Message(N_("{points} point"), {"points": points(tenths)})
    return Message(N_("{points} points"), {"points": points(tenths)})


def _ids(tpns: tuple[int, ...] | list[int]) -> Message | str:
    return ", ".join(str(t) for t in tpns) if tpns else Message(N_("none"))


class _Why:
    """The state, the result and the engine's weights, for answering one pairing."""

    def __init__(self, result: DutchResult, state: SwissState, pair_round: PairRound,
                 detail: bool) -> None:
        self.result = result
        self.state = state
        self.pair_round = pair_round
        self.detail = detail
        self.players = present_facts(state)
        self.index = {p.tpn: i for i, p in enumerate(self.players)}
        self.weights = Weights(state, self.players)
        self.histories = {p.tpn: p.history for p in state.players}
        self.bye_decision: Decision | None = None

    def facts(self, tpn: int) -> PlayerFacts:
        return self.result.facts[tpn]

    def later(self, a: int, b: int) -> bool:
        return self.index[a] > self.index[b]

    # -- criteria that forbid a pair outright ------------------------------------------
    def refused(self, a: int, b: int) -> Decision | None:
        """C1 or C3 when a and b may not meet at all."""
        fa = self.facts(a)
        if b in fa.met:
            rnd = next(r for r, rec in enumerate(self.histories[a], 1)
                       if rec.played and rec.opponent == b)
            return Decision("pair", (a, b), "C1",
                            Said("{a} and {b} met in round {round} (C1)", a=a, b=b, round=rnd))
        if b in self.weights.forbidden.get(a, ()):
            return Decision("pair", (a, b), "C1", Said("{a} and {b} may not meet (C1)", a=a, b=b))
        if not self.weights.ok(self.index[a], self.index[b]):
            if fa.preference is Colour.WHITE:
                return Decision("pair", (a, b), "C3",
                                Said("{a} and {b} both must have white (C3)", a=a, b=b))
            return Decision("pair", (a, b), "C3",
                            Said("{a} and {b} both must have black (C3)", a=a, b=b))
        return None

    # -- forced re-pairings ------------------------------------------------------------
    def forced(self, player: int, allowed: set[int]) -> DutchResult | None:
        """The engine's pairing when `player` may meet only `allowed`; None if impossible."""
        others = [p.tpn for p in self.players if p.tpn != player and p.tpn not in allowed]
        state = replace(self.state, forbidden=(
            *self.state.forbidden, *(frozenset((player, o)) for o in others)))
        try:
            return self.pair_round(state)
        except NoValidPairing:
            return None

    def compare(self, alternative: DutchResult | None, what: Message) -> tuple[str, Said]:
        """The criterion that makes the engine's pairing better than `alternative`, which
        realises `what` (e.g. "1 playing 4"), and the sentence that says so."""
        if alternative is None:
            return "C4", Said("no complete pairing of the round has {what} (C4)", what=what)
        mine, theirs = self.result, alternative
        if mine.bye is not None and theirs.bye is not None:
            low, high = self.facts(mine.bye).score, self.facts(theirs.bye).score
            if high > low:
                return "C5", Said(
                    "with {what} the bye would go to a player on {high} instead of {low} (C5)",
                    what=what, high=points(high), low=points(low))
        for at, (a, b) in enumerate(zip(mine.brackets, theirs.brackets, strict=False)):
            if _same(a, b):
                continue
            field = self.better_field(mine.brackets, theirs.brackets, at)
            if field is None or field == "order":
                break
            return field, Said(
                "with {what} the pairing of bracket {score} would be worse: {rule} ({field})",
                what=what, score=points(a.score), rule=Message(CRITERIA[field]), field=field)
        if (mine.bye is not None and theirs.bye is not None and mine.bye != theirs.bye
                and self.unplayed(mine.bye) < self.unplayed(theirs.bye)):
            return "C9", Said(
                "with {what} the bye would go to {player}, who has more unplayed rounds (C9)",
                what=what, player=theirs.bye)
        return "order", Said(
            "{what} would be no better on any criterion, and the rules generate the chosen "
            "pairing first (Arts. 3-4)", what=what)

    def better_field(self, mine: tuple[BracketTrace, ...], theirs: tuple[BracketTrace, ...],
                     at: int) -> str | None:
        """The engine's bit field in which bracket `at` of `mine` beats `theirs`, or None
        when the weights do not prefer it (the decision came from the order of work)."""
        ours, other = self.value(mine, at), self.value(theirs, at)
        if ours <= other:
            return None
        return field_of(self.weights, (ours ^ other).bit_length() - 1)

    def value(self, brackets: tuple[BracketTrace, ...], at: int) -> int:
        """The bracket's quality in the engine's weights: its own pairs, plus the next
        bracket's pairs for the look-ahead (C8); the completion field is left out."""
        w, ix = self.weights, self.index
        mask = (1 << w.low) - 1
        total = sum(w.edge(ix[h], ix[lo], True, False) & mask for h, lo in brackets[at].pairs)
        if at + 1 < len(brackets):
            nxt = brackets[at + 1]
            total += sum(w.edge(ix[h], ix[lo], False, True) & mask
                         for h, lo in nxt.pairs if lo in nxt.residents)
        return total

    def unplayed(self, tpn: int) -> int:
        return self.state.rounds_played - self.facts(tpn).played_games


def _same(a: BracketTrace, b: BracketTrace) -> bool:
    return (a.score, set(a.pairs), set(a.floaters)) == (b.score, set(b.pairs), set(b.floaters))


# -- the natural pairing of a bracket, and the decisions -----------------------------------
def _bracket_decisions(why: _Why, trace: BracketTrace, focus: int | None) -> Iterator[Decision]:
    """One decision per pair and floater of the bracket (only those of `focus` if given).

    Pair decisions are made lazily and once: a floater who is not the natural one borrows
    the decision of the pair that kept the natural floater in the bracket.
    """
    pos = why.index
    movers = sorted(trace.movers, key=pos.__getitem__)
    residents = sorted(trace.residents, key=pos.__getitem__)
    jobs: dict[tuple[int, int], Callable[[], Decision]] = {}
    taken: set[int] = set()
    for m in movers:
        lo = next((b for a, b in trace.pairs if a == m), None)
        if lo is not None:
            free = [r for r in residents if r not in taken]
            taken.add(lo)
            jobs[m, lo] = partial(_pair, why, m, lo, free, "moved-down player", residents)
    remainder = [r for r in residents if r not in taken]
    inner = sorted(((h, lo) for h, lo in trace.pairs if h in remainder), key=lambda p: pos[p[0]])
    s1, s2 = remainder[:len(inner)], remainder[len(inner):]
    used: set[int] = set()
    for h, lo in inner:
        if h in s1:
            free = [x for x in s2 if x not in used]
            jobs[h, lo] = partial(_pair, why, h, lo, free, "S1", residents)
        else:
            natural = s1[s2.index(h)] if s2.index(h) < len(s1) else None
            jobs[h, lo] = partial(_exchange, why, h, lo, natural, residents)
        used |= {h, lo}
    done: dict[tuple[int, int], Decision] = {}

    def decided(pair: tuple[int, int]) -> Decision:
        if pair not in done:
            done[pair] = jobs[pair]()
        return done[pair]

    for pair in jobs:
        if focus is None or focus in pair:
            yield decided(pair)
    last = residents[-1] if residents else None  # the natural floater of an odd bracket
    for f in trace.floaters:
        if focus is not None and focus != f:
            continue
        paired = None if last is None else next((p for p in jobs if last in p), None)
        if last is not None and paired is not None and f not in movers and f != why.result.bye:
            d = decided(paired)
            if d.criterion != "natural":
                yield Decision("float", (f,), d.criterion,
                               Said("{player} floats down instead of {last}, the last in order, "
                                    "who plays {opponent}: {reason}", player=f, last=last,
                                    opponent=paired[0] + paired[1] - last, reason=d.reason),
                               d.rival)
                continue
        yield _float(why, trace, f, f == last)


def _pair(why: _Why, h: int, lo: int, free: list[int], role: str,
          bracket: list[int]) -> Decision:
    """A pair whose higher player `h` would naturally meet `free[0]`."""
    if free and free[0] == lo:
        if role != "S1":
            said = Said("natural pairing: {lo} is the highest resident left for {h} (Arts. 3-4)",
                        lo=lo, h=h)
        else:
            said = Said("natural pairing: {lo} is the next S2 player in order for {h} "
                        "(Arts. 3-4)", lo=lo, h=h)
        return Decision("pair", (h, lo), "natural", said)
    skipped = free[: free.index(lo)] if lo in free else free
    notes: list[tuple[str, Said]] = []
    for c in skipped:
        refused = why.refused(h, c)
        if refused is not None:
            notes.append((refused.criterion, refused.reason))
            continue
        notes.append(_forced_pair(why, h, c, bracket))
        break
    if not skipped:
        return Decision("pair", (h, lo), "order",
                        Said("exchange (Art. 4.3): {player} was moved from S2 into S1", player=lo))
    return Decision("pair", (h, lo), notes[0][0],
                    Said("not the natural {h} - {other}: {reasons}", h=h, other=skipped[0],
                         reasons=joined([t.msg for _, t in notes])),
                    (h, skipped[0]))


def _exchange(why: _Why, h: int, lo: int, natural: int | None, bracket: list[int]) -> Decision:
    """A pair of two S2 players: an exchange moved `h` into S1 (Art. 4.3)."""
    if natural is None:
        return Decision("pair", (h, lo), "order",
                        Said("exchange (Art. 4.3): {player} moved from S2 into S1", player=h))
    refused = why.refused(natural, h)
    crit, reason = (
        (refused.criterion, refused.reason)
        if refused is not None
        else _forced_pair(why, natural, h, bracket)
    )
    return Decision("pair", (h, lo), crit,
                    Said("exchange (Art. 4.3), not the natural {natural} - {h}: {reason}",
                         natural=natural, h=h, reason=reason),
                    (natural, h))


def _forced_pair(why: _Why, a: int, c: int, bracket: list[int]) -> tuple[str, Said]:
    if not why.detail:
        return "order", Said(
            "{a} - {c} would make the pairing worse on a criterion from C4 on or come later "
            "in the generation order (ask about this player)", a=a, c=c)
    alternative = why.forced(a, {c})
    if alternative is not None and alternative.bye in (a, c) and why.result.bye is not None:
        # the engine would rather give a or c the bye than pair them: the bye's rules decide
        bye = _bye(why)
        if bye.criterion == "natural":
            return "order", Said(
                "{a} playing {c} would move the bye away from {bye}, the last player in order "
                "(Arts. 3-4)", a=a, c=c, bye=why.result.bye)
        return bye.criterion, Said(
            "{a} playing {c} would move the bye away from {bye}, against {criterion} (see the "
            "bye)", a=a, c=c, bye=why.result.bye, criterion=bye.criterion)
    return why.compare(alternative, Message(N_("{a} playing {c}"), {"a": a, "c": c}))


def _float(why: _Why, trace: BracketTrace, f: int, last: bool) -> Decision:
    """Why `f` is left over in this bracket and moves down."""
    others = [t for t in (*trace.residents, *trace.movers) if t != f]
    size = len(others) + 1
    if not others:
        return Decision("float", (f,), "C6",
                        Said("{player} floats down: the only player in this bracket (C6)",
                             player=f))
    refused = [why.refused(f, o) for o in others]
    if all(r is not None for r in refused):
        kinds = {r.criterion for r in refused if r is not None}
        crit = "C1" if "C1" in kinds else "C3"
        return Decision("float", (f,), crit,
                        Said("{player} floats down: may meet nobody else in the bracket "
                             "({reasons})", player=f,
                             reasons=joined([r.reason.msg for r in refused if r is not None])))
    if f == why.result.bye:
        bye = _bye(why)
        return Decision("float", (f,), bye.criterion,
                        Said("{player} floats down to the pairing-allocated bye (see the bye)",
                             player=f))
    natural = last and len(trace.floaters) == size % 2
    if natural:
        return Decision("float", (f,), "natural",
                        Said("{player} floats down: odd number of players in the bracket, and "
                             "the last one in order floats (Art. 3.3, C6)", player=f))
    if not why.detail:
        return Decision("float", (f,), "order",
                        Said("{player} floats down: keeping {player} here would break C4-C21 or "
                             "come later in the generation order (ask about this player)",
                             player=f))
    members = set(trace.residents) | set(trace.movers)
    alternative = why.forced(f, members - {f})
    crit, text = why.compare(alternative, Message(
        N_("{player} meeting only players of this bracket"), {"player": f}))
    return Decision("float", (f,), crit,
                    Said("{player} floats down: {reason}", player=f, reason=text))


def _bye(why: _Why) -> Decision:
    """Why the bye went where it did (worked out once per pairing)."""
    if why.bye_decision is None:
        why.bye_decision = _bye_decision(why)
    return why.bye_decision


def _bye_decision(why: _Why) -> Decision:
    """The last player in order is the natural receiver; each player after the receiver is
    passed over by C2, C5 or C9, or else by what a forced bye for them would break."""
    result = why.result
    assert result.bye is not None
    bye = result.bye
    me = why.facts(bye)
    head = Message(N_("pairing-allocated bye: {player} ({points})"),
                   {"player": bye, "points": _points_word(me.real_score)})
    after = [p.tpn for p in why.players if why.later(p.tpn, bye)]
    if not after:
        return Decision("bye", (bye,), "natural",
                        Said("{head}: the last player in the pairing order (natural)", head=head),
                        (bye,))
    reasons: list[Message] = []
    criterion = ""
    tried = False  # one forced bye is enough to show the reason
    for t in after:
        other = why.facts(t)
        text: Message
        if not other.bye_eligible:
            text, crit = Message(N_("{player} already had a bye or a win without playing (C2)"),
                                 {"player": t}), "C2"
        elif other.score < me.score:
            text, crit = Message(N_("{player} has fewer points, but no complete pairing gives "
                                    "the bye below {points} (C5)"),
                                 {"player": t,
                                  "points": points(result.bye_score or me.score)}), "C5"
        elif result.bye_by_unplayed and why.unplayed(t) > why.unplayed(bye):
            text, crit = Message(N_("{player} has more unplayed rounds (C9)"),
                                 {"player": t}), "C9"
        elif why.detail and not tried:
            tried = True
            crit, said = why.compare(why.forced(t, set()), Message(
                N_("{player} receiving the bye"), {"player": t}))
            text = said.msg
        else:
            text, crit = Message(N_("{player} is paired instead (C4-C21 or the generation "
                                    "order)"), {"player": t}), "order"
        reasons.append(text)
        criterion = criterion or crit
    return Decision("bye", (bye,), criterion,
                    Said("{head}; {reasons}", head=head, reasons=joined(reasons)), (after[0],))


def decisions(result: DutchResult, state: SwissState, pair_round: PairRound,
              player: int | None = None) -> list[Decision]:
    """Every pair, floater and the bye with the criterion that decided it (only those
    involving `player` if given), top bracket first."""
    detail = player is not None or len(result.facts) <= DETAIL_LIMIT
    why = _Why(result, state, pair_round, detail)
    found = [d for trace in result.brackets for d in _bracket_decisions(why, trace, player)]
    if result.bye is not None and player in (None, result.bye):
        found.append(_bye(why))
    return found


def explain(result: DutchResult, state: SwissState, pair_round: PairRound,
            player: int | None = None) -> list[Said]:
    """The explanation lines of one pairing, top bracket first; with `player`, only what
    concerns that player (bracket, opponent or float or bye, colour)."""
    notes = decisions(result, state, pair_round, player)
    by_pair = {d.players: d for d in notes if d.kind == "pair"}
    by_float = {d.players[0]: d for d in notes if d.kind == "float"}
    lines: list[Said] = [] if player is None else _player_lines(result, state, player)
    for trace in result.brackets:
        members = (*trace.residents, *trace.movers)
        if not members or (player is not None and player not in members):
            continue
        if trace.movers:
            lines.append(Said("Bracket {score}: residents {residents}; moved down into it: "
                              "{movers}", score=points(trace.score),
                              residents=_ids(trace.residents), movers=_ids(trace.movers)))
        else:
            lines.append(Said("Bracket {score}: residents {residents}", score=points(trace.score),
                              residents=_ids(trace.residents)))
        for pair in trace.pairs:
            if pair in by_pair:
                lines.append(Said("  {a} - {b}: {reason}", a=pair[0], b=pair[1],
                                  reason=by_pair[pair].reason))
        for f in trace.floaters:
            if f in by_float:
                lines.append(Said("  {line}", line=by_float[f].reason))
    lines += [d.reason for d in notes if d.kind == "bye"]
    if result.bye is not None and result.bye_score is not None and player in (None, result.bye):
        if result.bye_by_unplayed:
            lines.append(Said(
                "  C5: the lowest score at which the bye leaves a complete pairing is {points}; "
                "C2: only players without an earlier bye or unplayed win may receive it; C9: "
                "among those, the fewest unplayed rounds", points=points(result.bye_score)))
        else:
            lines.append(Said(
                "  C5: the lowest score at which the bye leaves a complete pairing is {points}; "
                "C2: only players without an earlier bye or unplayed win may receive it",
                points=points(result.bye_score)))
    for board in result.boards:
        if player is not None and player not in (board.white, board.black):
            continue
        white, black = result.facts[board.white], result.facts[board.black]
        lines.append(Said(
            "Board {white} - {black}: {white} has white; {rule} ({article}); preferences: "
            "{white} {white_preference}, {black} {black_preference}",
            white=board.white, black=board.black,
            rule=Message(_COLOUR_RULES[board.colour_rule]), article=board.colour_rule,
            white_preference=_pref(white.preference), black_preference=_pref(black.preference),
        ))
    return lines


def _player_lines(result: DutchResult, state: SwissState, player: int) -> list[Said]:
    """Who the player is for this pairing: score, colour preference, recent floats."""
    me = result.facts.get(player)
    if me is None:
        if any(p.tpn == player for p in state.players):
            return [Said("Player {player} does not take part in this round.", player=player)]
        return [Said("Player {player} is not in this tournament.", player=player)]
    score = _points_word(me.real_score)
    if me.score != me.real_score:
        score = Message(N_("{points}, pairing score {pairing} with virtual points"),
                        {"points": score, "pairing": points(me.score)})
    strength = (Message(N_("absolute")) if me.absolute
                else Message(N_("strong")) if me.strong else Message(N_("mild")))
    pref = (_pref(None) if me.preference is None
            else Message(N_("{colour} ({strength})"),
                         {"colour": _pref(me.preference), "strength": strength}))
    floats = [_float_word(f.value, back) for back, f in enumerate(me.floats, 1)
              if f.value != "none"]
    return [Said("Player {player}: {score}; colour preference {preference}; earlier floats: "
                 "{floats}", player=player, score=score, preference=pref,
                 floats=joined(floats, ", ") if floats else Message(N_("none")))]


def _float_word(direction: str, back: int) -> Message:
    """"down 1 round ago", "up 2 rounds ago"."""
    up = direction == "up"
    if back == 1:
        return Message(N_("up 1 round ago") if up else N_("down 1 round ago"))
    return Message(N_("up {count} rounds ago") if up else N_("down {count} rounds ago"),
                   {"count": back})


def _pref(colour: Colour | None) -> Message:
    if colour is None:
        return Message(N_("none"))
    return Message(N_("white") if colour is Colour.WHITE else N_("black"))
