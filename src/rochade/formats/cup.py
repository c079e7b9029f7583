"""A knockout cup's lists: the bracket (every cup round, its matches, games and who went on)
and the finishing places, as neutral tables for text, CSV and the published HTML pages."""

from __future__ import annotations

from fractions import Fraction

from rochade.core.knockout import REGULAR, Bracket, Match, bracket
from rochade.core.messages import Said
from rochade.core.model import Game, PlayerId, Tournament
from rochade.core.systems.knockout import KNOCKOUT_SYSTEM
from rochade.formats.tables import Cell, Column, Row, Table


def cup_bracket(t: Tournament) -> Bracket:
    """The cup's bracket (seeds by rating while none are fixed)."""
    return bracket(t, KNOCKOUT_SYSTEM.settings_of(t))


def _half(value: Fraction) -> str:
    """Points as a match score writes them: 1½, ½, 2."""
    whole = value.numerator // value.denominator
    return f"{whole or ''}½" if value.denominator == 2 else str(whole)


def score_text(m: Match) -> str:
    """The match score, the first player's points first: `1½-½` ("" for a bye)."""
    if m.second is None:
        return ""
    return f"{_half(m.score(m.first))}-{_half(m.score(m.second))}"


def game_points(game: Game, player: PlayerId) -> str:
    """A game of a match from one player's side: 1, ½, 0, + or - (forfeits); … while it has
    no result."""
    if game.result is None or game.result.adjourned:
        return "…"
    outcome = game.result.outcome(game.white == player)
    if game.result.is_forfeit:
        return "+" if outcome.is_win else "-"
    return _half(game.result.points(game.white == player))


def place_text(span: tuple[int, int] | None) -> str:
    """`1`, `3-4`, `5-8`; "" for a player still in the cup."""
    if span is None:
        return ""
    return str(span[0]) if span[0] == span[1] else f"{span[0]}-{span[1]}"


def _seeded(t: Tournament, b: Bracket, player: PlayerId) -> str:
    seed = b.seeds.index(player) + 1 if player in b.seeds else 0
    return f"({seed}) {t.entrant(player).name}"


def _text(value: str, cls: str = "") -> Cell:
    return Cell(value, value, cls)


def bracket_table(t: Tournament) -> Table:
    """One row per match of every cup round: the two players with their seeds, the score,
    each game's result, who went on and how."""
    b = cup_bracket(t)
    kinds = {"rapid": Said("rapid"), "blitz": Said("blitz"), "armageddon": Said("Armageddon")}
    rows = []
    for cup in b.rounds:
        for m in cup.matches:
            games = " ".join(
                ("" if g.kind == REGULAR else f"{kinds.get(g.kind, g.kind)} ")
                + ("…" if g.game.result is None else str(g.game.result)) for g in m.games)
            name = Said("{round} (third place)", round=cup.name) if m.third_place else cup.name
            rows.append(Row((
                _text(name), Cell(m.number, str(m.number)),
                _text(_seeded(t, b, m.first), "name"),
                _text(Said("bye") if m.second is None else _seeded(t, b, m.second), "name"),
                _text(score_text(m)), _text(games),
                _text("" if m.winner is None else t.entrant(m.winner).name, "name"),
                _text("" if m.how is None else m.how),
            ), "bye" if m.second is None else ""))
    columns = (Column("round", Said("Round")), Column("match", Said("Match"), True),
               Column("first", Said("Player")), Column("second", Said("Opponent")),
               Column("score", Said("Score")), Column("games", Said("Games")),
               Column("winner", Said("Goes on")), Column("how", Said("How")))
    s = KNOCKOUT_SYSTEM.settings_of(t)
    lead = tuple(Said("Round {round} to be played by {date}", round=cup.number,
                      date=s.deadline(cup.number))
                 for cup in b.rounds if s.deadline(cup.number))
    return Table("bracket", Said("{name}: bracket", name=t.name), columns, tuple(rows),
                 lead=lead)


def places_table(t: Tournament) -> Table:
    """The finishing places: 1, 2, 3-4, 5-8 ...; those still in the cup without one."""
    b = cup_bracket(t)
    places = b.places()
    order = sorted(b.seeds, key=lambda p: (places.get(p, (0, 0))[0], b.seeds.index(p)))
    rows = tuple(Row((_text(place_text(places.get(p))), _text(t.entrant(p).name, "name"),
                      Cell(b.seeds.index(p) + 1, str(b.seeds.index(p) + 1))))
                 for p in order)
    columns = (Column("place", Said("Place")), Column("name", Said("Name")),
               Column("seed", Said("Seed no."), True))
    return Table("standings", Said("{name}: places", name=t.name), columns, rows)
