"""Categories: what a TD writes, who is in, the category standings and the prize list."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rochade.core import categories
from rochade.core.categories import Category, Placed, ages_on, members, parse, prizes, standings
from rochade.core.fide import PlayerDetails
from rochade.core.model import Entrant, ModelError

DAY = "2026-03-01"


def test_the_documented_example_reads_and_writes_back() -> None:
    typed = ("Overall: places=3; U1600: rating=-1599 prizes=50,30; Women: sex=F; "
             "U12: age=-11; Seniors: born=-1961; 1600-1799: rating=1600-1799; Unrated: unrated")
    cats = parse(typed)
    assert [c.name for c in cats] == ["Overall", "U1600", "Women", "U12", "Seniors",
                                      "1600-1799", "Unrated"]
    assert cats[1] == Category("U1600", rating=(None, 1599), amounts=(50, 30))
    assert cats[2].sex == "w"
    shown = categories.text(cats)
    assert shown == ("Overall: places=3; U1600: rating=-1599 prizes=50,30; Women: sex=w; "
                     "U12: age=-11; Seniors: born=-1961; 1600-1799: rating=1600-1799; "
                     "Unrated: unrated")
    assert parse(shown) == cats
    assert categories.text(parse(shown)) == shown


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("U1600 rating=-1599", "no colon"),
        (": rating=-1599", "needs a name"),
        ("A: places=1; a: places=2", "used twice"),
        ("A: rating=1800-1600", "holds nobody"),
        ("A: rating=-4001", "from 0 to 4000"),
        ("A: age=151-", "from 0 to 150"),
        ("A: born=1700-", "from 1850 to 2199"),
        ("A: places=0", "from 1 to 1000"),
        ("A: places=1001", "from 1 to 1000"),
        ("A: places=3 prizes=3,2,1", "not both"),
        ("A: prizes=10,20", "highest first"),
        ("A: unrated rating=1000-", "unrated players have no rating"),
        ("A: sex=x", "no sex"),
        ("A: rating=-", "cannot read"),
        ("A: elo=1500", "cannot read 'elo=1500'"),
        ("A: age=1-2 age=3-4", "twice"),
        ("A" * 41 + ": places=1", "at most 40"),
        (";".join(f"C{i}:" for i in range(101)), "at most 100"),
    ],
)
def test_bad_categories_are_refused_saying_why(typed: str, says: str) -> None:
    with pytest.raises(ModelError, match=says):
        parse(typed)


def test_bounds_at_their_limits_are_kept() -> None:
    typed = ("A: rating=0-4000 age=0-150 born=1850-2199 prizes=1000000000,0; "
             + "; ".join(f"C{i}: places=1000" for i in range(99)))
    cats = parse(typed)
    assert len(cats) == 100
    assert parse(categories.text(cats)) == cats
    assert parse("") == () == parse(" ; ")


def test_ages_from_a_birth_date_or_a_year() -> None:
    assert ages_on("2014-03-01", DAY) == (12,)  # the birthday itself
    assert ages_on("2014-03-02", DAY) == (11,)
    assert ages_on("2014", DAY) == (11, 12)
    assert ages_on("", DAY) == ()


def test_membership_with_unknown_details() -> None:
    u12 = Category("U12", age=(None, 11))
    women = Category("Women", sex="w")
    born = Category("Born 2015+", born=(2015, None))
    kid = Entrant(1, "Kid", 1200)
    assert u12.holds(kid, PlayerDetails(birth="2014-03-02"), DAY) is True
    assert u12.holds(kid, PlayerDetails(birth="2014-03-01"), DAY) is False
    assert u12.holds(kid, PlayerDetails(birth="2014"), DAY) is None  # 11 or 12
    assert u12.holds(kid, PlayerDetails(birth="2016"), DAY) is True  # 9 or 10
    assert u12.holds(kid, PlayerDetails(), DAY) is None
    assert women.holds(kid, PlayerDetails(), DAY) is None
    assert women.holds(kid, PlayerDetails(sex="m"), DAY) is False
    assert born.holds(kid, PlayerDetails(birth="2015"), DAY) is True
    both = Category("Girls U12", age=(None, 11), sex="w")
    assert both.holds(kid, PlayerDetails(sex="m"), DAY) is False  # out, whatever the age


def test_rating_bands_and_unrated() -> None:
    band = Category("1600-1799", rating=(1600, 1799))
    unrated = Category("Unrated", unrated=True)
    players = [Entrant(1, "A", 1600), Entrant(2, "B", 1799), Entrant(3, "C", 1800),
               Entrant(4, "D", None)]
    assert members(band, players, {}, DAY) == (frozenset({1, 2}), ())
    assert members(unrated, players, {}, DAY) == (frozenset({4}), ())
    assert members(Category("All"), players, {}, DAY) == (frozenset({1, 2, 3, 4}), ())


def test_category_standings_keep_the_overall_order_and_share_tied_places() -> None:
    order = [(1, 10), (2, 11), (2, 12), (4, 13), (5, 14)]
    assert standings(order, {11, 12, 14}) == (
        Placed(1, 2, 11), Placed(1, 2, 12), Placed(3, 5, 14))
    assert standings(order, set()) == ()


@given(st.lists(st.integers(1, 5), max_size=30), st.sets(st.integers(0, 29)))
def test_category_standings_are_the_filtered_overall_standings(
    steps: list[int], inside: set[int]
) -> None:
    ranks = [sum(s > 1 for s in steps[: i + 1]) + 1 for i in range(len(steps))]
    order = list(zip(ranks, range(len(steps)), strict=True))
    placed = standings(order, inside)
    assert [(p.rank, p.player) for p in placed] == [o for o in order if o[1] in inside]
    places = [p.place for p in placed]
    assert places == sorted(places)
    assert all(p.place <= i + 1 for i, p in enumerate(placed))


def _placed(*players: int) -> tuple[Placed, ...]:
    return tuple(Placed(i, i, p) for i, p in enumerate(players, start=1))


def test_prizes_without_the_one_prize_rule_go_down_each_category() -> None:
    overall, u1600 = Category("Overall", places=2), Category("U1600", places=2)
    won = prizes([overall, u1600], [_placed(1, 2, 3, 4), _placed(2, 4)])
    assert [(p.category.name, p.place, p.player) for p in won] == [
        ("Overall", 1, 1), ("Overall", 2, 2), ("U1600", 1, 2), ("U1600", 2, 4)]


def test_one_prize_per_player_by_category_order_without_amounts() -> None:
    overall, u1600 = Category("Overall", places=2), Category("U1600", places=2)
    won = prizes([overall, u1600], [_placed(1, 2, 3, 4), _placed(2, 4)], one_prize=True)
    assert [(p.category.name, p.place, p.player) for p in won] == [
        ("Overall", 1, 1), ("Overall", 2, 2), ("U1600", 1, 4), ("U1600", 2, None)]


def test_one_prize_per_player_takes_the_higher_amount() -> None:
    # Player 2 is second overall (60) and first in U1600 (80): takes the 80.
    overall = Category("Overall", amounts=(100, 60))
    u1600 = Category("U1600", amounts=(80, 20))
    won = prizes([overall, u1600], [_placed(1, 2, 3, 4), _placed(2, 4, 5)], one_prize=True)
    assert [(p.category.name, p.place, p.amount, p.player) for p in won] == [
        ("Overall", 1, 100, 1), ("Overall", 2, 60, 3), ("U1600", 1, 80, 2),
        ("U1600", 2, 20, 4)]


def test_a_withdrawn_player_takes_no_prize() -> None:
    won = prizes([Category("Overall", places=2)], [_placed(1, 2, 3)], withdrawn={1})
    assert [p.player for p in won] == [2, 3]


def test_an_empty_category_has_its_prizes_untaken() -> None:
    won = prizes([Category("Nobody", places=2)], [()], one_prize=True)
    assert [p.player for p in won] == [None, None]


def _spans(low: int, high: int) -> st.SearchStrategy[tuple[int | None, int | None]]:
    ends = st.one_of(st.none(), st.integers(low, high))
    return st.tuples(ends, ends).map(
        lambda s: s if None in s else (min(s), max(s)))  # type: ignore[type-var]


_names_ = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zs", "Zl",
                                                                      "Zp")),
                  min_size=1, max_size=40).filter(
    lambda n: ";" not in n and ":" not in n and n == " ".join(n.split()) and n.strip())


@st.composite
def _categories(draw: st.DrawFn) -> tuple[Category, ...]:
    names = draw(st.lists(_names_, max_size=6, unique_by=str.casefold))
    out = []
    for name in names:
        unrated = draw(st.booleans())
        amounts = tuple(sorted(draw(st.lists(st.integers(0, 10**9), max_size=4)),
                               reverse=True))
        out.append(Category(
            name,
            rating=(None, None) if unrated else draw(_spans(0, 4000)),
            unrated=unrated,
            age=draw(_spans(0, 150)),
            born=draw(_spans(1850, 2199)),
            sex=draw(st.sampled_from(("", "w", "m"))),
            places=0 if amounts else draw(st.integers(0, 1000)),
            amounts=amounts,
        ))
    return tuple(out)


@given(_categories())
def test_any_categories_read_back_as_written(cats: tuple[Category, ...]) -> None:
    shown = categories.text(cats)
    try:
        back = parse(shown)
    except ModelError as exc:  # a name no one could read (only marks): refused, saying so
        assert "name" in str(exc)
        return
    assert back == cats
    assert categories.text(back) == shown


def test_a_birth_year_condition_without_a_birth_date_is_unknown() -> None:
    born = Category("Born 2015+", born=(2015, None))
    assert born.holds(Entrant(1, "Kid", 1200), PlayerDetails(), DAY) is None


def test_members_read_each_players_own_details_on_the_day() -> None:
    # 1 is a woman, 2 a man, 3 has no details at all (neither in nor out); the age of 4
    # depends on the day: 12 on DAY, 11 the day before.
    women = Category("Women", sex="w")
    players = [Entrant(i, f"P{i}", 1500) for i in (1, 2, 3)]
    details = {1: PlayerDetails(sex="w"), 2: PlayerDetails(sex="m")}
    assert members(women, players, details, DAY) == (frozenset({1}), (3,))
    u12 = Category("U12", age=(None, 11))
    kid = [Entrant(4, "Kid", 1200)]
    birth = {4: PlayerDetails(birth="2014-03-01")}
    assert members(u12, kid, birth, DAY) == (frozenset(), ())
    assert members(u12, kid, birth, "2026-02-28") == (frozenset({4}), ())


def test_more_prizes_than_players_leave_the_last_ones_untaken() -> None:
    won = prizes([Category("Overall", places=3)], [_placed(1, 2)])
    assert [(p.place, p.player) for p in won] == [(1, 1), (2, 2), (3, None)]


def test_one_prize_rule_a_prize_with_an_amount_goes_before_one_without() -> None:
    # Player 1 leads both; the U1600 prize has an amount (a token 1), Overall's none: by
    # amount U1600's goes out first, so 1 takes it and Overall's goes to 2.
    overall, u1600 = Category("Overall", places=1), Category("U1600", amounts=(1,))
    won = prizes([overall, u1600], [_placed(1, 2), _placed(1, 3)], one_prize=True)
    assert [(p.category.name, p.player) for p in won] == [("Overall", 2), ("U1600", 1)]


def test_more_prizes_than_places_are_refused_whole() -> None:
    """1 000 prizes are the most (`PLACES`); the 1 001st is refused, the text checked whole."""
    assert len(parse("A: prizes=" + ",".join(["1"] * 1000))[0].amounts) == 1000
    with pytest.raises(ModelError) as refused:
        parse("A: prizes=" + ",".join(["1"] * 1001))
    assert str(refused.value) == "category A: at most 1000 prizes"
