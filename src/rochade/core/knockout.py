"""The knockout cup: seeding, the bracket, matches of several games and their play-off.

How a cup is kept: each stored round is one game of the matches still undecided in a cup
round, so a cup round of two-game matches that needed a rapid play-off is four stored rounds.
A match is the games one board number holds in the stored rounds of its cup round (the board
number is the match's place in the bracket), and where a cup round ends follows from the facts:
it ends when every match of it is decided. This keeps the facts the same facts as every other
system's (one game or one absence row per player and stored round): the club file, undo, the
pairing path, result entry and the lists need no special case, and nothing derived is stored.
A player without a game in a stored round has an absence row saying why: the bye of the
bracket, a match already decided while others play on, or out of the cup.

Winners are derived from the results as played (regular games, then each play-off block, then
Armageddon or the club's rule); the lots a cup draws (seeds, colours of the first game, the
rule "by lot") come from the settings' seed, so every draw can be replayed.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from rochade.core import limits
from rochade.core.messages import Said
from rochade.core.model import Absence, Game, ModelError, PlayerId, Round, Tournament
from rochade.core.pairing import Board, Pairing

KNOCKOUT = "knockout"

BYE = "bye"
"""The row of a player with a bye into the next cup round."""
DECIDED = "match_decided"
"""The row of a player whose match is decided while other matches of the cup round play on."""
OUT = "eliminated"
"""The row of a player who is out of the cup."""
CUP_ROWS = (BYE, DECIDED, OUT)

REGULAR = "regular"
ARMAGEDDON = "armageddon"
PLAYOFF_KINDS = ("rapid", "blitz")
"""The faster games a play-off block may be played at."""


class Seeding(enum.Enum):
    """How entrants are placed in the bracket."""

    RATING = "rating"  # seeds by rating, the standard bracket
    LOT = "lot"  # seeds drawn by lot (the seed recorded), the standard bracket
    FREE = "free"  # no bracket: a free draw among those left, every cup round


class Decider(enum.Enum):
    """What decides a match still drawn after the play-off blocks."""

    ARMAGEDDON = "armageddon"  # one more game: White must win, a draw sends Black on
    LOWER_RATED = "lower-rated"
    BLACK = "black"  # Black of the last game goes on
    LOT = "lot"


@dataclass(frozen=True)
class Playoff:
    """The stated procedure for a drawn match: blocks of faster games (rapid, blitz), each
    played only while the match is still drawn, then the decider."""

    blocks: tuple[tuple[str, int], ...] = (("rapid", 2),)
    decider: Decider = Decider.ARMAGEDDON

    @classmethod
    def parse(cls, text: object) -> Playoff:
        """`rapid2,blitz2,armageddon`, `lower-rated`, `rapid2,lot` ... (`rapid` alone: two
        games); raises ValueError on anything else."""
        items = [item.strip().lower() for item in str(text).split(",") if item.strip()]
        if not items:
            raise ValueError(text)
        decider = Decider(items[-1])
        blocks = []
        for item in items[:-1]:
            kind = item.rstrip("0123456789")
            games = int(item[len(kind):] or 2)
            if kind not in PLAYOFF_KINDS or not 1 <= games <= limits.ROUNDS.high:
                raise ValueError(item)
            blocks.append((kind, games))
        return cls(tuple(blocks), decider)

    def __str__(self) -> str:
        return ",".join([*(f"{kind}{games}" for kind, games in self.blocks), self.decider.value])


MAX_CONSOLATION = 2
"""A consolation cup takes the losers of cup round 1, or of rounds 1 and 2."""


@dataclass(frozen=True)
class KnockoutSettings:
    """A cup: games per match, the play-off, how seeds are given, a third-place match.

    `seeds[i]` is seed i + 1, fixed when the first cup round is paired; `deadlines[i]` the
    date (ISO) by which cup round i + 1 must be played ("" where none is set)."""

    games: int = 1
    playoff: Playoff = field(default_factory=Playoff)
    seeding: Seeding = Seeding.RATING
    third_place: bool = False
    seed: int = 0
    seeds: tuple[PlayerId, ...] = ()
    deadlines: tuple[str, ...] = ()
    consolation: int = 0
    """The losers of cup rounds 1 to this one play a consolation cup of their own (0: none)."""
    consolation_cup: str = ""
    """The name of that consolation cup once it is started ("": not yet)."""

    def __post_init__(self) -> None:
        limits.ROUNDS.check(self.games, "games")
        if not 0 <= self.consolation <= MAX_CONSOLATION:
            raise ModelError("consolation: the losers of cup round 1 (1) or of rounds 1 and 2 "
                             "(2), or none (0)")
        limits.SEED.check(self.seed, "seed")
        for player in self.seeds:
            limits.PLAYERS.check(player, "seeds")

    def deadline(self, cup_round: int) -> str:
        return self.deadlines[cup_round - 1] if cup_round <= len(self.deadlines) else ""


@dataclass(frozen=True)
class CupGame:
    """One game of a match: the stored round it is in, its kind (regular, rapid, blitz,
    armageddon) and the game itself."""

    round: int
    kind: str
    game: Game


@dataclass(frozen=True)
class Match:
    """A pairing of a cup round: `first` (the better seed, or White of game 1 in a free
    draw) against `second` (None: a bye), its games so far, and what the games decide."""

    cup_round: int
    number: int
    first: PlayerId
    second: PlayerId | None
    games: tuple[CupGame, ...] = ()
    winner: PlayerId | None = None
    how: Said | None = None
    """How the winner was decided (None while the match is open)."""
    next_kind: str | None = None
    """The kind of the next game to play (None: decided, or it depends on a result not in
    yet)."""
    waiting: bool = False
    """A result of the match is not in yet."""
    third_place: bool = False

    @property
    def loser(self) -> PlayerId | None:
        if self.winner is None or self.second is None:
            return None
        return self.second if self.winner == self.first else self.first

    def score(self, player: PlayerId) -> Fraction:
        """The player's points over the match's games."""
        return sum((_points(g.game, player) for g in self.games), Fraction(0))

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


@dataclass(frozen=True)
class CupRound:
    """A cup round: its stored rounds, its matches by number (byes included), and how many
    places of the bracket it has (its matches and byes; a final: 1)."""

    number: int
    rounds: tuple[int, ...]
    matches: tuple[Match, ...]
    slots: int

    @property
    def decided(self) -> bool:
        return all(m.winner is not None for m in self.matches)

    def match(self, number: int) -> Match | None:
        return next((m for m in self.matches if m.number == number), None)

    @property
    def name(self) -> Said:
        return round_name(self.number, self.slots)


def round_name(number: int, slots: int) -> Said:
    """The final, the semi-finals, the quarter-finals, or round N (of a cup round with
    `slots` matches and byes)."""
    return {1: Said("Final"), 2: Said("Semi-finals"), 4: Said("Quarter-finals")}.get(
        slots, Said("Round {number}", number=number))


@dataclass(frozen=True)
class Bracket:
    """The whole cup as the facts have it: the seeds, the cup rounds played or being played,
    the winner (None until the final is decided)."""

    seeds: tuple[PlayerId, ...]
    size: int
    """The bracket's places (a power of two; the field in a free draw)."""
    rounds: tuple[CupRound, ...]
    champion: PlayerId | None

    def places(self) -> dict[PlayerId, tuple[int, int]]:
        """Each player's finishing place as a range (1, 1), (2, 2), (3, 4), (5, 8) ...: the
        losers of a cup round share the places after those still in; a third-place match
        splits its two."""
        places: dict[PlayerId, tuple[int, int]] = {}
        for cup in self.rounds:
            losers = [m.loser for m in cup.matches if m.loser is not None and not m.third_place]
            left = sum(1 for m in cup.matches if not m.third_place)
            for player in losers:
                places[player] = (left + 1, left + len(losers))
            for m in cup.matches:
                if m.third_place and m.winner is not None and m.loser is not None:
                    places[m.winner], places[m.loser] = (3, 3), (4, 4)
        if self.champion is not None:
            places[self.champion] = (1, 1)
        return places


def bracket_order(size: int) -> tuple[int, ...]:
    """The seeds in bracket order for a power of two: 1 meets the lowest, and seeds 1 and 2
    can meet only in the final, 1-4 only in the semi-finals, and so on."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return tuple(order)


def bracket_size(players: int) -> int:
    """The smallest power of two that holds the field."""
    size = 1
    while size < players:
        size *= 2
    return size


def draw_seeds(t: Tournament, s: KnockoutSettings) -> tuple[PlayerId, ...]:
    """The seeds: by rating (then id), or in an order drawn by lot from the settings' seed."""
    by_rating = [e.id for e in sorted(t.active, key=lambda e: (-e.sort_rating, e.id))]
    if s.seeding is Seeding.LOT:
        random.Random(s.seed).shuffle(by_rating)
    return tuple(by_rating)


def _points(game: Game, player: PlayerId) -> Fraction:
    if game.result is None or game.result.adjourned:
        return Fraction(0)
    return game.result.points(game.white == player)


def _lot(s: KnockoutSettings, *where: int) -> random.Random:
    """The lot of one decision (colours of a match, a match decided by lot), from the seed."""
    return random.Random(":".join(map(str, (s.seed, *where))))


def _blocks(s: KnockoutSettings) -> list[tuple[str, int]]:
    armageddon = [(ARMAGEDDON, 1)] if s.playoff.decider is Decider.ARMAGEDDON else []
    return [(REGULAR, s.games), *s.playoff.blocks, *armageddon]


def _decide(match: Match, s: KnockoutSettings, t: Tournament) -> Match:
    """The match with its winner and how, or the kind of the game it needs next."""
    if match.second is None:
        return dataclasses.replace(match, winner=match.first, how=Said("bye"))
    a, b = match.first, match.second
    start = 0
    for kind, n in _blocks(s):
        block = [g.game for g in match.games[start:start + n]]
        if any(g.result is None or g.result.adjourned for g in block):
            # no result can decide a match before more than half its games are played:
            # its next regular game can be paired before the results are in
            ahead = REGULAR if len(match.games) <= s.games // 2 else None
            return dataclasses.replace(match, next_kind=ahead, waiting=True)
        ours = sum((_points(g, a) for g in block), Fraction(0))
        theirs = sum((_points(g, b) for g in block), Fraction(0))
        left = n - len(block)
        if abs(ours - theirs) > left:
            winner = a if ours > theirs else b
            how = (Said("won the regular games") if kind == REGULAR
                   else Said("won the play-off ({kind})", kind=kind))
            return dataclasses.replace(match, winner=winner, how=how)
        if kind == ARMAGEDDON and block:
            return dataclasses.replace(match, winner=block[0].black,
                                       how=Said("Armageddon drawn: Black goes on"))
        if left:
            return dataclasses.replace(match, next_kind=kind)
        start += n
    decider = s.playoff.decider
    if decider is Decider.LOWER_RATED and t.entrant(a).sort_rating != t.entrant(b).sort_rating:
        lower = min((a, b), key=lambda p: t.entrant(p).sort_rating)
        return dataclasses.replace(match, winner=lower,
                                   how=Said("drawn: the lower rated goes on"))
    if decider is Decider.BLACK and match.games:
        return dataclasses.replace(match, winner=match.games[-1].game.black,
                                   how=Said("drawn: Black of the last game goes on"))
    lot = _lot(s, match.cup_round, match.number).random() < 0.5
    return dataclasses.replace(match, winner=a if lot else b, how=Said("drawn: decided by lot"))


def drawn_winner(s: KnockoutSettings, match: Match) -> PlayerId:
    """The player the lot sends on when a match is decided by lot without being played (the
    same draw every time it is asked: the cup's seed, the cup round and the match)."""
    return _lot(s, match.cup_round, match.number, 0).choice(match.players)


def _kind_of(s: KnockoutSettings, index: int) -> str:
    """The kind of a match's game number `index` (0 based)."""
    for kind, n in _blocks(s):
        if index < n:
            return kind
        index -= n
    raise ModelError("a match has no game {number} under its rules", number=index + 1)


def bracket(t: Tournament, s: KnockoutSettings) -> Bracket:
    """The cup as the stored rounds have it (see the module's docstring): a stored round
    opens a new cup round when every match of the cup round before it is decided, else it
    holds the next games of that cup round's open matches."""
    seeds = s.seeds or draw_seeds(t, s)
    size = len(seeds) if s.seeding is Seeding.FREE else bracket_size(len(seeds))
    cups: list[CupRound] = []
    current: list[Match] = []
    rounds: list[int] = []
    for rnd in t.rounds:
        if not current or all(m.winner is not None for m in current):
            if current:
                cups.append(_cup_round(len(cups) + 1, rounds, current))
            before = cups[-1] if cups else None
            current, rounds = _opening(rnd, len(cups) + 1, seeds, s, before), []
        else:
            current = [_with_games(m, rnd, s) for m in current]
        current = [_decide(m, s, t) for m in current]
        rounds.append(rnd.number)
    if current:
        cups.append(_cup_round(len(cups) + 1, rounds, current))
    final = cups[-1] if cups else None
    champion = None
    if final is not None and final.slots == 1 and final.decided:
        champion = next(m.winner for m in final.matches if not m.third_place)
    return Bracket(seeds, size, tuple(cups), champion)


def _cup_round(number: int, rounds: list[int], matches: list[Match]) -> CupRound:
    slots = sum(1 for m in matches if not m.third_place)
    return CupRound(number, tuple(rounds), tuple(sorted(matches, key=lambda m: m.number)), slots)


def _opening(rnd: Round, cup_round: int, seeds: Sequence[PlayerId], s: KnockoutSettings,
             before: CupRound | None) -> list[Match]:
    """The matches of a cup round from its first stored round: a game per board, and a bye
    for every player the row `bye` names (its number: the bracket place it holds). After
    the semi-finals, board 2 between their two losers is the third-place match."""
    losers = set() if before is None or before.slots != 2 else {
        m.loser for m in before.matches if m.loser is not None}
    matches = [
        Match(cup_round, g.board, *_ordered(g, seeds), (CupGame(rnd.number, REGULAR, g),),
              third_place=g.board == 2 and {g.white, g.black} == losers)
        for g in rnd.games
    ]
    taken = {m.number for m in matches}
    place = _places(seeds, s)
    for absence in rnd.absences:
        if absence.reason == BYE:
            number = place.get((cup_round, absence.player)) or _free_number(taken)
            taken.add(number)
            matches.append(Match(cup_round, number, absence.player, None))
    return matches


def _free_number(taken: set[int]) -> int:
    return next(n for n in range(1, len(taken) + 2) if n not in taken)


def _places(seeds: Sequence[PlayerId], s: KnockoutSettings) -> dict[tuple[int, PlayerId], int]:
    """The match number of each seed's bye in the first cup round."""
    if s.seeding is Seeding.FREE:
        return {}
    order = bracket_order(bracket_size(len(seeds)))
    return {(1, seeds[seed - 1]): i // 2 + 1 for i, seed in enumerate(order)
            if seed <= len(seeds)}


def _ordered(game: Game, seeds: Sequence[PlayerId]) -> tuple[PlayerId, PlayerId]:
    """A match's two players, the better seed first."""
    rank = {p: i for i, p in enumerate(seeds)}
    a, b = game.white, game.black
    return (a, b) if rank.get(a, len(seeds)) <= rank.get(b, len(seeds)) else (b, a)


def _with_games(match: Match, rnd: Round, s: KnockoutSettings) -> Match:
    game = next((g for g in rnd.games if g.board == match.number), None)
    if game is None:
        return match
    if {game.white, game.black} != set(match.players):
        raise ModelError("round {round} board {board}: not the players of match {board}",
                         round=rnd.number, board=game.board)
    kind = _kind_of(s, len(match.games))
    return dataclasses.replace(match, games=(*match.games, CupGame(rnd.number, kind, game)))


def pair_next(t: Tournament, s: KnockoutSettings) -> Pairing:
    """The next stored round: the next game of every open match, or the next cup round's
    first games when every match is decided. Refused when the cup is over or a result is
    missing."""
    b = bracket(t, s)
    last = b.rounds[-1] if b.rounds else None
    if last is not None and not last.decided:
        return _next_games(t, s, b, last)
    if b.champion is not None:
        raise ModelError("the cup is over: {name} won it", name=t.entrant(b.champion).name)
    if last is None and len(b.seeds) < 2:
        raise ModelError("a cup needs at least 2 players; {name} has {count}",
                         name=t.name, count=len(b.seeds))
    return _new_cup_round(t, s, b)


def _kind_word(kind: str) -> Said:
    return {REGULAR: Said("regular"), "rapid": Said("rapid"), "blitz": Said("blitz")}.get(
        kind, Said("Armageddon"))


def round_titles(t: Tournament, s: KnockoutSettings) -> dict[int, tuple[str, Said]]:
    """What each stored round is in the cup: a short label, the cup round and the game of its
    matches ("2.3"; "2" for a cup round of one game played in one stored round), and a title
    ("Semi-finals, game 3 (rapid)"; the cup round's name alone for such a round)."""
    titles: dict[int, tuple[str, Said]] = {}
    for cup in bracket(t, s).rounds:
        for game, number in enumerate(cup.rounds, start=1):
            kinds = sorted({g.kind for m in cup.matches for g in m.games if g.round == number}
                           - {REGULAR})
            if kinds:
                titles[number] = (f"{cup.number}.{game}", Said(
                    "{cup_round}, game {game} ({kind})", cup_round=cup.name, game=game,
                    kind=_kind_word(kinds[0])))
            elif s.games == 1 and len(cup.rounds) == 1:
                titles[number] = (str(cup.number), cup.name)
            else:
                titles[number] = (f"{cup.number}.{game}", Said(
                    "{cup_round}, game {game}", cup_round=cup.name, game=game))
    return titles


def consolation_players(t: Tournament, s: KnockoutSettings) -> tuple[PlayerId, ...]:
    """The players of the consolation cup: the losers of cup rounds 1 to `s.consolation`, in
    the order they went out (by cup round, then match). Refused while one of those rounds is
    still open, or when the cup has no consolation cup."""
    if not s.consolation:
        raise ModelError("{name} has no consolation cup; it is chosen when the cup is created",
                         name=t.name)
    cups = bracket(t, s).rounds[:s.consolation]
    if len(cups) < s.consolation or not all(cup.decided for cup in cups):
        raise ModelError("the consolation cup starts when cup round {round} is decided",
                         round=s.consolation)
    losers = tuple(m.loser for cup in cups for m in cup.matches
                   if m.loser is not None and not m.third_place)
    if len(losers) < 2:
        raise ModelError("a cup needs at least 2 players; {name} has {count}",
                         name=t.name, count=len(losers))
    return losers


def pairs_ahead(t: Tournament, s: KnockoutSettings) -> bool:
    """Whether the next stored round can be paired before the last one is complete: every
    open match's next game is a regular game no result can make needless."""
    b = bracket(t, s)
    open_ = [m for m in b.rounds[-1].matches if m.winner is None] if b.rounds else []
    return bool(open_) and all(m.next_kind == REGULAR for m in open_)


def _next_games(t: Tournament, s: KnockoutSettings, b: Bracket, cup: CupRound) -> Pairing:
    open_ = [m for m in cup.matches if m.winner is None]
    missing = [str(m.number) for m in open_ if m.next_kind is None]
    if missing:
        raise ModelError("cup round {round} is not complete: matches {matches} need a result "
                         "before their next game", round=cup.number, matches=", ".join(missing))
    boards, lines = [], []
    for m in open_:
        last = m.games[-1].game
        white, black = last.black, last.white
        if m.next_kind == ARMAGEDDON:
            flip = _lot(s, cup.number, m.number, len(m.games)).random() < 0.5
            white, black = (black, white) if flip else (white, black)
        boards.append((m.number, Board(white, black)))
        lines.append(Said("match {match}: {white} - {black}, game {game} ({kind})",
                          match=m.number, white=t.entrant(white).name,
                          black=t.entrant(black).name, game=len(m.games) + 1,
                          kind=_kind_word(m.next_kind or REGULAR)))
    playing = {p for _, board in boards for p in (board.white, board.black)}
    head = Said("Cup round {round} ({name}): the next game of the matches still open",
                round=cup.number, name=cup.name)
    return _pairing(t, b, boards, playing, set(), (head, *lines))


def _new_cup_round(t: Tournament, s: KnockoutSettings, b: Bracket) -> Pairing:
    number = len(b.rounds) + 1
    if b.rounds:
        prev = b.rounds[-1]
        left = [m.winner for m in prev.matches if m.winner is not None and not m.third_place]
        positions: list[tuple[int, PlayerId | None]] = [
            (m.number, m.winner) for m in prev.matches
            if m.winner is not None and not m.third_place]
    else:
        left = list(b.seeds)
        order = bracket_order(b.size)
        positions = [(i + 1, b.seeds[seed - 1] if seed <= len(b.seeds) else None)
                     for i, seed in enumerate(order)]
    matches: list[tuple[int, PlayerId, PlayerId | None]] = []
    if s.seeding is Seeding.FREE:
        drawn = sorted(p for p in left if p is not None)
        _lot(s, number).shuffle(drawn)
        pairs = [(drawn[i], drawn[i + 1] if i + 1 < len(drawn) else None)
                 for i in range(0, len(drawn), 2)]
        matches = [(i, a, c) for i, (a, c) in enumerate(pairs, 1)]
    else:
        at = dict(positions)
        top = max(at) if at else 0
        for slot in range(1, (top + 1) // 2 + 1):
            a, c = at.get(2 * slot - 1), at.get(2 * slot)
            first, second = (a, c) if a is not None else (c, None)
            if first is not None:
                matches.append((slot, first, second))
    slots = len(matches)
    if s.third_place and slots == 1 and b.rounds:
        losers = [m.loser for m in b.rounds[-1].matches if m.loser is not None]
        if len(losers) == 2:
            matches.append((2, losers[0], losers[1]))
    boards, lines, byes = [], [], set()
    for slot, first, second in matches:
        if second is None:
            byes.add(first)
            lines.append(Said("match {match}: {player} has a bye", match=slot,
                              player=t.entrant(first).name))
            continue
        white, black = (first, second) if _lot(s, number, slot).random() < 0.5 else (
            second, first)
        boards.append((slot, Board(white, black)))
        lines.append(Said("match {match}: {white} - {black}", match=slot,
                          white=t.entrant(white).name, black=t.entrant(black).name))
    head = [Said("Cup round {round} ({name})", round=number, name=round_name(number, slots)),
            Said("Colours of each match's first game drawn by lot (seed {seed}).", seed=s.seed)]
    if not b.rounds and s.seeding is not Seeding.FREE:
        seeds = ", ".join(f"{i}. {t.entrant(p).name}" for i, p in enumerate(b.seeds, 1))
        head.insert(1, Said("Seeds by lot (seed {seed}): {seeds}", seed=s.seed, seeds=seeds)
                    if s.seeding is Seeding.LOT else Said("Seeds by rating: {seeds}",
                                                          seeds=seeds))
    playing = {p for _, board in boards for p in (board.white, board.black)}
    return _pairing(t, b, boards, playing, byes, (*head, *lines))


def _pairing(t: Tournament, b: Bracket, boards: list[tuple[int, Board]], playing: set[PlayerId],
             byes: set[PlayerId], lines: tuple[Said, ...]) -> Pairing:
    """The pairing with a row for everyone else: a bye, a decided match, or out."""
    still = set(b.seeds)
    for cup in b.rounds:
        still -= {m.loser for m in cup.matches if m.loser is not None and not m.third_place}
    rows = []
    for e in t.active:
        if e.id in playing:
            continue
        reason = BYE if e.id in byes else DECIDED if e.id in still else OUT
        rows.append(Absence(e.id, reason))
    return Pairing(tuple(b for _, b in sorted(boards, key=lambda x: x[0])), None,
                   tuple(str(line) for line in lines), rows=tuple(rows),
                   numbers=tuple(n for n, _ in sorted(boards, key=lambda x: x[0])))


def match_points_before(t: Tournament, s: KnockoutSettings, round_number: int
                        ) -> dict[PlayerId, Fraction]:
    """Each player's points in their match before stored round `round_number` (0 in a cup
    round's first games): what a cup's pairing list prints beside the names."""
    points: dict[PlayerId, Fraction] = {}
    for cup in bracket(t, s).rounds:
        if round_number in cup.rounds:
            for m in cup.matches:
                for player in m.players:
                    points[player] = sum((_points(g.game, player) for g in m.games
                                          if g.round < round_number), Fraction(0))
    return points


def locate(t: Tournament, s: KnockoutSettings, cup_round: int, match: int, game: int
           ) -> tuple[int, int]:
    """The stored round and board of game `game` of match `match` of cup round `cup_round`,
    refused in words when there is no such game."""
    b = bracket(t, s)
    if not 1 <= cup_round <= len(b.rounds):
        raise ModelError("the cup has no round {round} (rounds 1-{count} are paired)",
                         round=cup_round, count=len(b.rounds))
    cup = b.rounds[cup_round - 1]
    m = cup.match(match)
    numbers = ", ".join(str(x.number) for x in cup.matches if x.second is not None)
    if m is None or m.second is None:
        raise ModelError("cup round {round} has no match {match} (its matches: {numbers})",
                         round=cup_round, match=match, numbers=numbers)
    if not 1 <= game <= len(m.games):
        names = f"{t.entrant(m.first).name} - {t.entrant(m.second).name}"
        if m.winner is not None:
            raise ModelError(
                "match {match} of cup round {round} ({names}) was decided after {count} "
                "game(s): {winner} {how}; it has no game {game}",
                match=match, round=cup_round, names=names, count=len(m.games),
                winner=t.entrant(m.winner).name, how=m.how or "", game=game)
        raise ModelError(
            "match {match} of cup round {round} ({names}) has {count} game(s) paired; game "
            "{game} is not paired (rochade pair pairs the next games)",
            match=match, round=cup_round, names=names, count=len(m.games), game=game)
    chosen = m.games[game - 1]
    return chosen.round, chosen.game.board


def _outcomes(t: Tournament, s: KnockoutSettings) -> dict[tuple[int, int], Match]:
    return {(cup.number, m.number): m for cup in bracket(t, s).rounds for m in cup.matches}


def check_correction(before: Tournament, after: Tournament, s: KnockoutSettings,
                     round_number: int) -> None:
    """Refuse a result that changes how a match stands (its winner, whether it needs more
    games) when a later stored round was paired on it: a match with all its results in."""
    if round_number >= len(before.rounds):
        return
    old = _outcomes(before, s)
    try:
        new = _outcomes(after, s)
    except ModelError:  # the later rounds no longer fit the matches
        new = {}
    if any(not m.waiting and (key not in new or (m.winner, m.next_kind) != (
            new[key].winner, new[key].next_kind)) for key, m in old.items()):
        raise ModelError(
            "this result would change who goes on (or whether the match needs more games), "
            "and round {round} is already paired on it; undo the later rounds first",
            round=round_number + 1)
