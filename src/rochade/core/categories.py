"""Categories and prizes of one tournament: rating bands, age groups, women, unrated players,
and any combination of these, each with its own standings and prizes.

A TD writes them in one line (`rochade tournament set CLUB categories=...`, the Categories
page), categories separated by ";", each its name, a colon and its conditions, all of which
must hold:

    Overall: places=3; U1600: rating=-1599 prizes=50,30; Women: sex=w; U12: age=-11

`rating=A-B` (the tournament's rating, both ends included, either may be left out),
`unrated`, `age=A-B` (full years on the tournament's start date), `born=A-B` (the year of
birth), `sex=w` or `sex=m`; `places=N` (N prizes without amounts) or `prizes=X,Y,...` (their
amounts, highest first). A player may be in several categories. Where a condition needs what
is not known (no birth date, no sex; a birth year alone when the age depends on the day) the
player is neither in nor out: "unknown", listed under the category's standings, never placed.
Pure: the service supplies the players' details and the start date.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rochade.core import fide
from rochade.core.fide import PlayerDetails
from rochade.core.limits import BIRTH_YEAR, RATING, Bound, check_name, check_text
from rochade.core.messages import N_, Message
from rochade.core.model import Entrant, ModelError, PlayerId
from rochade.core.standings import Standing, Standings

AGE = Bound(0, 150)
"""Ages in years, as a category's bounds."""
PLACES = Bound(1, 1000)
"""Prizes of one category."""
AMOUNT = Bound(0, 1_000_000_000)
"""A prize's amount (whole money units)."""
CATEGORIES = 100
"""The most categories of one tournament."""
NAME_LENGTH = 40
"""The most characters of a category's name."""
EXAMPLE = "U1600: rating=-1599 places=3; Women: sex=w; Seniors: age=65-"

Span = tuple[int | None, int | None]
"""Both ends included; None: open at that end."""
OPEN: Span = (None, None)


@dataclass(frozen=True, slots=True)
class Category:
    """One category: its name, its conditions (all must hold; none: everyone) and prizes."""

    name: str
    rating: Span = OPEN
    unrated: bool = False
    age: Span = OPEN
    born: Span = OPEN
    sex: str = ""
    places: int = 0
    amounts: tuple[int, ...] = ()

    @property
    def prizes(self) -> int:
        return len(self.amounts) or self.places

    def text(self) -> str:
        """As the TD writes it (`parse` reads it back to the same category)."""
        words = [f"{key}={_span_text(span)}" for key, span in
                 (("rating", self.rating), ("age", self.age), ("born", self.born))
                 if span != OPEN]
        if self.unrated:
            words.append("unrated")
        if self.sex:
            words.append(f"sex={self.sex}")
        if self.amounts:
            words.append("prizes=" + ",".join(map(str, self.amounts)))
        elif self.places:
            words.append(f"places={self.places}")
        return " ".join([f"{self.name}:", *words])

    def holds(self, entrant: Entrant, details: PlayerDetails, day: str) -> bool | None:
        """Whether the player is in the category on `day` (the start date, YYYY-MM-DD);
        None when it depends on what is not known (a birth date, the sex)."""
        answers: list[bool | None] = [
            _within(entrant.rating, self.rating) if self.rating != OPEN else True]
        answers.append(entrant.rating is None if self.unrated else True)
        if self.sex:
            answers.append(details.sex == self.sex if details.sex else None)
        if self.born != OPEN:
            year = details.birth_year
            answers.append(None if year is None else _within(year, self.born))
        if self.age != OPEN:
            ages = ages_on(details.birth, day)
            inside = {_within(age, self.age) for age in ages}
            answers.append(inside.pop() if len(inside) == 1 else None)
        if False in answers:
            return False
        return None if None in answers else True


def _within(value: int | None, span: Span) -> bool:
    low, high = span
    return value is not None and (low is None or low <= value) and (high is None or value <= high)


def _span_text(span: Span) -> str:
    low, high = span
    if low is not None and low == high:
        return str(low)
    return f"{'' if low is None else low}-{'' if high is None else high}"


def ages_on(birth: str, day: str) -> tuple[int, ...]:
    """The player's possible ages in full years on `day`: one for a birth date, two for a
    year alone (before or after the birthday), none when nothing is known."""
    if not birth:
        return ()
    on = datetime.date.fromisoformat(day)
    years = on.year - int(birth[:4])
    if len(birth) == 4:
        return (years - 1, years)
    born = datetime.date.fromisoformat(birth)
    return (years - ((on.month, on.day) < (born.month, born.day)),)


# -- reading what the TD wrote ------------------------------------------------------------

_WORD = re.compile(r"(rating|age|born|sex|places|prizes)=(.*)|(unrated)", re.IGNORECASE)
_SPAN = re.compile(r"(\d{1,10})?-(\d{1,10})?|(\d{1,10})")


def parse(typed: str) -> tuple[Category, ...]:
    """The categories the TD wrote (`text` writes them back); a refusal says which category
    and what is wrong. Empty: none."""
    out: list[Category] = []
    seen: set[str] = set()
    for part in typed.split(";"):
        if not part.strip():
            continue
        name, colon, rest = part.partition(":")
        name = " ".join(name.split())
        if not colon:
            raise ModelError(
                "categories: '{part}' has no colon after the name; write them like {example}",
                part=part.strip(), example=EXAMPLE)
        _check_name(name)
        if name.casefold() in seen:
            raise ModelError("categories: the name '{name}' is used twice", name=name)
        seen.add(name.casefold())
        out.append(_category(name, rest.split()))
    if len(out) > CATEGORIES:
        raise ModelError("at most {count} categories", count=CATEGORIES)
    return tuple(out)


def _check_name(name: str) -> None:
    what = N_("a category's name")
    if not name:
        raise ModelError("categories: a category needs a name before its colon")
    check_name(name, what)
    check_text(name, what)
    if len(name) > NAME_LENGTH:
        raise ModelError("{what} may have at most {count} characters", what=Message(what),
                         count=NAME_LENGTH)


def _category(name: str, words: Sequence[str]) -> Category:
    fields: dict[str, object] = {}
    for word in words:
        match = _WORD.fullmatch(word)
        if match is None:
            raise ModelError(
                "category {name}: cannot read '{word}'; the conditions are rating=A-B, "
                "unrated, age=A-B, born=A-B, sex=w or sex=m, then places=N or prizes=X,Y",
                name=name, word=word)
        key = (match.group(1) or match.group(3)).lower()
        if key in fields:
            raise ModelError("category {name}: {key} is given twice", name=name, key=key)
        value = match.group(2) or ""
        if key == "unrated":
            fields[key] = True
        elif key == "sex":
            sex = fide.sex(value)
            if not sex:
                raise ModelError("category {name}: write sex=w or sex=m", name=name)
            fields[key] = sex
        elif key == "places":
            fields[key] = _whole(value, name, key, PLACES)
        elif key == "prizes":
            fields["amounts"] = _amounts(value, name)
        else:
            fields[key] = _span(value, name, key)
    if "places" in fields and "amounts" in fields:
        raise ModelError("category {name}: write places=N or prizes=X,Y, not both", name=name)
    if fields.get("unrated") and "rating" in fields:
        raise ModelError("category {name}: unrated players have no rating; leave out one of "
                         "rating and unrated", name=name)
    return Category(name, **fields)  # type: ignore[arg-type]  # the keys are the fields'


def _whole(text: str, name: str, key: str, bound: Bound) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 10):
        raise ModelError("category {name}: {key} must be a whole number, not '{value}'",
                         name=name, key=key, value=text)
    value = int(text)
    bound.check(value, Message(N_("category {name}: {key}"), {"name": name, "key": key}))
    return value


def _amounts(text: str, name: str) -> tuple[int, ...]:
    amounts = tuple(_whole(item, name, "prizes", AMOUNT) for item in text.split(","))
    if len(amounts) > PLACES.high:
        raise ModelError("category {name}: at most {count} prizes", name=name,
                         count=PLACES.high)
    if list(amounts) != sorted(amounts, reverse=True):
        raise ModelError("category {name}: write the prizes highest first, as the places "
                         "go", name=name)
    return amounts


def _span(text: str, name: str, key: str) -> Span:
    match = _SPAN.fullmatch(text)
    if match is None or text == "-":
        raise ModelError(
            "category {name}: cannot read {key}={value}; write from-to, e.g. {key}=1600-1799, "
            "{key}=-1599 (up to) or {key}=2000- (from)", name=name, key=key, value=text)
    bound = {"rating": RATING, "age": AGE, "born": BIRTH_YEAR}[key]
    what = Message(N_("category {name}: {key}"), {"name": name, "key": key})
    if match.group(3) is not None:
        value = int(match.group(3))
        bound.check(value, what)
        return (value, value)
    low, high = (None if g is None else int(g) for g in match.group(1, 2))
    for end in (low, high):
        bound.optional(end, what)
    if low is not None and high is not None and low > high:
        raise ModelError("category {name}: {key} from {low} to {high} holds nobody; write "
                         "the lower end first", name=name, key=key, low=low, high=high)
    return (low, high)


def text(categories: Sequence[Category]) -> str:
    """The categories as the TD writes them (`parse` reads them back)."""
    return "; ".join(c.text() for c in categories)


# -- who is in, the category standings, the prizes --------------------------------------

@dataclass(frozen=True, slots=True)
class Placed:
    """A player of a category's standings: the place there, the rank overall."""

    place: int
    rank: int
    player: PlayerId


def members(
    category: Category, entrants: Sequence[Entrant], details: Mapping[PlayerId, PlayerDetails],
    day: str,
) -> tuple[frozenset[PlayerId], tuple[PlayerId, ...]]:
    """Who is in the category, and who may be but cannot be placed (in `entrants`' order)."""
    answers = {e.id: category.holds(e, details.get(e.id, fide.UNKNOWN), day) for e in entrants}
    return (frozenset(p for p, a in answers.items() if a),
            tuple(p for p, a in answers.items() if a is None))


def standings(order: Sequence[tuple[int, PlayerId]], inside: Collection[PlayerId]
              ) -> tuple[Placed, ...]:
    """The category's standings: the overall standings (rank, player; best first) with only
    its members, in the same order. Players tied overall share their place in the category:
    a place is 1 + the members ranked strictly better overall."""
    kept = [(rank, player) for rank, player in order if player in inside]
    return tuple(Placed(1 + sum(r < rank for r, _ in kept), rank, player) for rank, player in kept)


def placed(overall: Standings, inside: Collection[PlayerId]) -> tuple[Placed, ...]:
    """The category's standings (`standings`) of the overall standings of any system; a
    player without a rank (withdrawn from a Keizer season) has no place."""
    order = [(line.rank, line.entrant.id) for line in overall.lines if line.rank is not None]
    return standings(order, inside)


@dataclass(frozen=True)
class CategoryStandings:
    """A category's standings: the overall standings' lines of its players, in the same
    order, each with its place in the category (None: withdrawn from a Keizer season, no
    rank), and who may be in it but cannot be placed (no birth date or sex known)."""

    category: Category
    overall: Standings
    lines: tuple[tuple[int | None, Standing], ...]
    unknown: tuple[Entrant, ...]


@dataclass(frozen=True, slots=True)
class Prize:
    """One prize: its category, place and amount (None: no amount given), who takes it (None:
    nobody left to take it)."""

    category: Category
    place: int
    amount: int | None
    player: PlayerId | None


def prizes(
    categories: Sequence[Category], placed: Sequence[Sequence[Placed]],
    withdrawn: Collection[PlayerId] = (), one_prize: bool = False,
) -> tuple[Prize, ...]:
    """Who takes each prize, given each category's standings (`placed`, in the categories'
    order). A withdrawn player takes none. Ties are not shared: the standings' order decides.

    With `one_prize`, a player takes one prize only, the highest: the prizes are given out
    highest first (by amount; without amounts, or equal ones, in the order the categories are
    written, then by place), each to the best-placed player of its category who has none yet.
    Without it, place N of a category goes to its Nth player. Listed by category and place."""
    out: dict[tuple[int, int], Prize] = {}
    taken: set[PlayerId] = set()
    every = [(c, place) for c in categories for place in range(1, c.prizes + 1)]
    index = {c.name: i for i, c in enumerate(categories)}
    if one_prize:
        every.sort(key=lambda cp: (-_amount(cp[0], cp[1]), index[cp[0].name], cp[1]))
    for category, place in every:
        candidates = [p.player for p in placed[index[category.name]] if p.player not in withdrawn]
        if one_prize:
            candidates = [p for p in candidates if p not in taken]
            winner = candidates[0] if candidates else None
        else:
            winner = candidates[place - 1] if place <= len(candidates) else None
        if winner is not None:
            taken.add(winner)
        amount = category.amounts[place - 1] if category.amounts else None
        out[(index[category.name], place)] = Prize(category, place, amount, winner)
    return tuple(out[key] for key in sorted(out))


@dataclass(frozen=True)
class PrizeList:
    """Who takes each prize (`prizes`), from these overall standings, under the one-prize
    rule or not."""

    prizes: tuple[Prize, ...]
    overall: Standings
    one_prize: bool


def _amount(category: Category, place: int) -> int:
    return category.amounts[place - 1] if category.amounts else 0


__all__ = ["AGE", "Category", "Placed", "Prize", "ages_on", "members", "parse", "prizes",
           "standings", "text"]
