"""Plain text for the terminal and printouts: the fixed-width layout every neutral table of
`rochade.formats.tables` is printed through (`layout`), the words, the number formats, and the
cell helpers those tables share (`progress_cell`, `meetings`, `without_game` ...), so the
terminal, CSV and HTML show the same.

Nothing here computes a score: what a TD reads is what the engine decided. Columns are measured
in terminal cells (wide CJK characters and emoji take two, combining marks none), and long
names are cut with an ellipsis. Text stays plain (no bidi isolate marks), so it can be copied,
diffed and printed as it is. Every word shown to a user is in the WORDS section below, ready
for translation.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from rochade.core.keizer.scoring import KeizerStandings
from rochade.core.messages import N_, Said
from rochade.core.model import Outcome, PlayerId, Result, Round, Tournament
from rochade.core.rating_change import RatingChange
from rochade.core.standings import Standings
from rochade.core.systems import SWISS_ABSENCES, TournamentSystem
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.core.tiebreaks import Kind

# --- WORDS: everything a user reads -----------------------------------------------------------

WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "standings_title": N_("{name}: standings after round {round}"),
        "not_converged": N_("Note: the values did not settle after {iterations} iterations; "
        "the last ranking is shown."),
        "pairings_title": N_("{name}: round {round}"),
        "pairings_title_date": N_("{name}: round {round}, {date}"),
        "cup_pairings_title": N_("{name}: {cup_round}"),
        "cup_pairings_title_date": N_("{name}: {cup_round}, {date}"),
        "participants_title": N_("{name}: participants"),
        "breakdown_title": N_("{player}: Keizer score {total}"),
        "progress_title": N_("{name}: progress"),
        "progress_legend": N_("R1, R2 ...: the opponent's rank at the time, colour (w/b) and "
        "result (1 ½ 0, + - for forfeits);"),
        "progress_legend_rank": N_("#: rank after the round."),
        "crosstable_title": N_("{name}: crosstable"),
        "crosstable_legend": N_("Numbers follow the start order (rating, then id); "
        "points are from the games in this table."),
        "crosstable_legend_points": N_("Numbers are the start numbers; points and tie-breaks as "
        "in the standings."),
        "rounds_legend": N_("R1, R2 ...: the opponent's start number, colour (w/b) and result "
        "(1 ½ 0, + - for forfeits); PAB: pairing-allocated bye; FPB, HPB, ZPB: full-, half- "
        "and zero-point bye; rest: a round robin's free round."),
        "tiebreaks_legend": N_("Equal points are separated by {tiebreaks}, in this order."),
        "card_title": N_("{player}: {points} points after round {round}"),
        "fide_id": "FIDE id",
        "rest": N_("rest"),
        "rank": "Rank",
        "no": "No.",
        "id": "Id",
        "name": "Name",
        "score": "Score",
        "points": "Points",
        "games": "Games",
        "value": "Value",
        "note": "Note",
        "rating": "Rating",
        "status": "Status",
        "board": "Board",
        "white": "White",
        "black": "Black",
        "white_points": "White's points",
        "black_points": "Black's points",
        "result": "Result",
        "round": "Round",
        "row": "Row",
        "opponent": "Opponent or reason",
        "colour": "Colour",
        "outcome": "Outcome",
        "basis": "Basis",
        "factor": "Factor",
        "credit": "Credit",
        "total": N_("Total"),
        "own": N_("own"),
        "own_value": N_("own value"),
        "withdrawn": "withdrawn",
        "not_playing": N_("Without a game"),
        "external": "team {team}, board {board}: {score}",
        "external_extra": "team {team}, board {board}: {score} (in addition)",
        "round_short": "R{round}",
        "rank_short": "#",
        "points_short": "Pts",
        "k_factor": "K",
        "performance": "Perf",
        "rating_change": "Rtg+/-",
        "rating_change_title": "{player}: performance {performance}",
        "rating_change_k": "K {k} ({rule}), rating change {change}",
        "rating_change_unrated": "unrated: no rating change",
        "rating_change_none": "{player}: no game against a rated opponent counts yet",
        "match": "Match",
        "date": "Date",
        "team": "Team",
        "opponent_club": "Opponent",
        "venue": "Venue",
        "match_score": "Score",
        "player": "Player",
        "keizer": "Counts in",
        "rating_change_legend": "Games over the board against rated opponents (FIDE B.02); "
        "We: expected score, a rating difference above 400 counting as 400.",
        "opponent_rating": "Rating",
        "rated_opponent": "Opponent",
        "score_short": "Score",
        "expected": "We",
        "change": "Change",
        "game_points_short": "GP",
        "buchholz_short": "BH",
        "progress_legend_detail": "Pts: Keizer points after the round; GP: game points so far; "
        "BH: Buchholz, the opponents' game points added up (a bye or absence adds nothing).",
        "no_rounds": N_("No rounds yet."),
        "category_title": N_("{standings}, category {category}"),
        "category_conditions": N_("Category {conditions}"),
        "category_unknown": N_("Not placed, their birth date or sex is not known: {names}."),
        "prizes_title": N_("{name}: prize list"),
        "prizes_one": N_("One prize per player: each takes the highest prize open to them (the "
        "higher amount; without amounts the category written first, then the better place). "
        "Ties are not shared: the standings' order decides. Withdrawn players take none."),
        "prizes_each": N_("A player may take a prize in each of their categories. Ties are not "
        "shared: the standings' order decides. Withdrawn players take none."),
        "place": "Place",
        "category_place": "Cat. place",
        "overall_rank": "Overall rank",
        "category": "Category",
        "prize": "Prize",
        "alphabetical_title": N_("{name}: round {round}, players in alphabetical order"),
        "notice_title": N_("{name}: round {round}"),
        "slips_title": N_("{name}: result slips, round {round}"),
        "start_rank_title": N_("{name}: start-rank list"),
        "slip_head": N_("{name} · round {round} · board {board}"),
        "slip_result": N_("Result:  [ ] 1-0   [ ] ½-½   [ ] 0-1"),
        "slip_white": N_("White: {name}"),
        "slip_black": N_("Black: {name}"),
        "slip_signatures": N_("Signature white: {line}   Signature black: {line}"),
        "title": "Title",
        "federation": "Fed.",
        "club": "Club",
    }
)

REASONS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "bye": N_("bye"),
        "excused": N_("excused"),
        "unexcused": N_("unexcused"),
        "club_duty": N_("club duty"),
        "late_start": N_("late start"),
        "external": N_("external game"),
        "withdrawn": N_("withdrawn"),
    }
)
"""Reasons as words; a club's own reasons are shown with underscores as spaces."""

REASON_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "bye": "bye",
        "excused": "exc",
        "unexcused": "abs",
        "club_duty": "club",
        "late_start": "late",
        "external": "ext",
    }
)
"""Short forms for the progress chart's cells; others are cut to four characters."""

OUTCOMES: Final[Mapping[Outcome, str]] = MappingProxyType(
    {
        Outcome.WIN: N_("win"),
        Outcome.DRAW: N_("draw"),
        Outcome.LOSS: N_("loss"),
        Outcome.FORFEIT_WIN: N_("forfeit win"),
        Outcome.FORFEIT_LOSS: N_("forfeit loss"),
    }
)
COLOURS: Final[Mapping[str, str]] = MappingProxyType({"w": N_("white"), "b": N_("black")})
RESULTS: Final[Mapping[Result, str]] = MappingProxyType(
    {
        Result.WHITE_WINS: "1-0",
        Result.DRAW: "½-½",
        Result.BLACK_WINS: "0-1",
        Result.WHITE_WINS_FORFEIT: "+/-",
        Result.BLACK_WINS_FORFEIT: "-/+",
        Result.DOUBLE_FORFEIT: "-/-",
        Result.WHITE_HALF: "½-0",
        Result.BLACK_HALF: "0-½",
        Result.BOTH_LOSE: "0-0",
        Result.ADJOURNED: "?",
    }
)
CELL_SCORES: Final[Mapping[Outcome, str]] = MappingProxyType(
    {
        Outcome.WIN: "1",
        Outcome.DRAW: "½",
        Outcome.LOSS: "0",
        Outcome.FORFEIT_WIN: "+",
        Outcome.FORFEIT_LOSS: "-",
    }
)
RESTS: Final = N_("rests (round robin bye)")
"""A round robin's free round, in a pairing list."""
UNPLAYED: Final = "*"
SELF: Final = "×"
ELLIPSIS: Final = "…"
NAME_WIDTH: Final = 28
"""Names longer than this many terminal cells are cut in tables (never in JSON)."""


def _w(key: str, **values: object) -> str:
    return WORDS[key].format(**values)


def said(key: str, **values: object) -> Said:
    """A WORDS entry with its values, as the neutral tables (`rochade.formats.tables`) title
    and annotate their lists: the English text that keeps its template, so a translated page
    or export words it in its language (`rochade.i18n.say`)."""
    return Said(WORDS[key], **values)


def reason_text(reason: str) -> str:
    return REASONS.get(reason, reason.replace("_", " "))


def _row_text(reason: str, system: TournamentSystem[Any]) -> str:
    """A non-game row as words, with what it counts as in a Swiss or a round robin."""
    if system.fixed_schedule and reason == "bye":
        return RESTS
    if system.absence_byes:
        kind = Kind.PAB if reason == "bye" else SWISS_ABSENCES.get(reason, Kind.ZPB)
        return f"{reason_text(reason)} ({kind.value})"
    return reason_text(reason)


# --- numbers ----------------------------------------------------------------------------------


def _round_half_up(value: Fraction, scale: int = 1) -> int:
    """`value` times `scale` to the nearest integer, halves away from zero (what people
    expect: 0.125 -> 0.13). In integers: a big list writes thousands, and the same in
    `Fraction` arithmetic cost more than the rest of the list."""
    twice, denominator = 2 * abs(value.numerator) * scale, 2 * value.denominator
    magnitude = (twice + value.denominator) // denominator
    return -magnitude if value.numerator < 0 else magnitude


def cents_text(cents: int) -> str:
    """Whole cents as a decimal: -5 -> "-0.05"."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def decimal_text(value: Fraction) -> str:
    """Two decimals, rounded half up from the exact fraction: 61/3 -> "20.33", 20 -> "20.00"."""
    return cents_text(_round_half_up(value, 100))


def points_text(value: Fraction) -> str:
    """Game points: whole and half points exactly ("3", "3.5"), anything else with 2 decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{'-' if value.numerator < 0 else ''}{abs(value.numerator) // 2}.5"
    return decimal_text(value)


def change_text(value: Fraction) -> str:
    """A rating change with its sign and one decimal, half away from zero: "+7.2", "-4.2",
    "0.0" (FIDE's reports print it so)."""
    tenths = abs(_round_half_up(value, 10))
    sign = "" if tenths == 0 else "-" if value.numerator < 0 else "+"
    return f"{sign}{tenths // 10}.{tenths % 10}"


WHOLE, HALVES, DECIMALS = "whole", "halves", "decimals"


def number_style(values: Iterable[Fraction | int | None], halves: bool = True) -> str:
    """The one format a list's column of numbers is written in, so its numbers read alike:
    all whole numbers plain (`WHOLE`); game points that are all whole or half (`HALVES`,
    "4½" or "4.5") when `halves`; else every number with two decimals (`DECIMALS`: "4.75",
    "4.50", "4.00")."""
    denominators = {v.denominator for v in values if v is not None}  # (an int's is 1)
    if denominators <= {1}:
        return WHOLE
    return HALVES if halves and denominators <= {1, 2} else DECIMALS


def styled_text(value: Fraction | int, style: str) -> str:
    """A number in its column's `number_style`, with a decimal point."""
    return decimal_text(Fraction(value)) if style == DECIMALS else points_text(Fraction(value))


def apportion_cents(values: Sequence[Fraction]) -> list[int]:
    """Round each value to cents so that the rounded values add up to the rounded sum.

    Largest remainder: every value is floored, and the cents still missing go to the values
    that lost most. A breakdown printed this way adds up to its printed total, exactly.
    """
    scaled = [v * 100 for v in values]
    cents = [math.floor(s) for s in scaled]
    missing = _round_half_up(sum(scaled, Fraction(0))) - sum(cents)
    by_loss = sorted(range(len(values)), key=lambda i: (-(scaled[i] - cents[i]), i))
    for i in by_loss[:missing]:
        cents[i] += 1
    return cents


# --- cells and tables ---------------------------------------------------------------------------


def _char_width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Terminal cells `text` takes."""
    return sum(_char_width(ch) for ch in text)


_BIDI_CONTROLS: Final = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def visible(text: str) -> str:
    """Control characters (tabs, line breaks) would break the table and bidi controls could
    reorder the rest of the line: each is shown as U+FFFD, so the TD sees something is there."""
    return "".join(
        "\ufffd"
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp")
        or unicodedata.bidirectional(ch) in _BIDI_CONTROLS
        else ch
        for ch in text
    )


def fit(text: str, width: int) -> str:
    """`text` cut to at most `width` cells, with an ellipsis when something was cut."""
    text = visible(text)
    if display_width(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = _char_width(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + ELLIPSIS


@dataclass(frozen=True, slots=True)
class _Column:
    header: str
    right: bool = False
    max_width: int | None = None


def _table(
    columns: Sequence[_Column], rows: Sequence[Sequence[str]], footer: Sequence[str] = ()
) -> list[str]:
    """Lines of a fixed-width table: header, rule, rows, and a footer under a second rule."""
    body = [
        [
            fit(c, col.max_width) if col.max_width else visible(c)
            for c, col in zip(row, columns, strict=True)
        ]
        for row in rows
    ]
    foot = [list(footer)] if footer else []
    widths = [
        max(display_width(r[i]) for r in [[c.header for c in columns], *body, *foot])
        for i in range(len(columns))
    ]

    def line(cells: Sequence[str]) -> str:
        parts = []
        for cell, col, width in zip(cells, columns, widths, strict=True):
            pad = " " * (width - display_width(cell))
            parts.append(pad + cell if col.right else cell + pad)
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    lines = [line([c.header for c in columns]), rule, *(line(r) for r in body)]
    if footer:
        lines += [rule, line(footer)]
    return lines


def _text(*blocks: Sequence[str]) -> str:
    """Blocks of lines, separated by a blank line, ending in a newline; a name in a title
    cannot break a line either."""
    return "\n\n".join("\n".join(visible(line) for line in b) for b in blocks if b) + "\n"


def _name_column() -> _Column:
    return _Column(_w("name"), max_width=NAME_WIDTH)


def layout(
    title: str,
    columns: Sequence[tuple[str, bool, bool]],
    rows: Sequence[Sequence[str]],
    footer: Sequence[str] = (),
    notes: Sequence[str] = (),
    others: Sequence[tuple[str, str]] = (),
    lead: Sequence[str] = (),
) -> str:
    """A titled table in the terminal's layout: `columns` are (header, right-aligned, holds
    names); name columns are cut to `NAME_WIDTH`; without columns (no rounds yet) only the
    title and the notes. `others` (name, why) are those without a game, in a table of their
    own under the boards (a pairing list's); `lead` lines follow the title. The neutral tables
    of `rochade.formats.tables` are printed through this."""
    cols = [_Column(h, right, NAME_WIDTH if names else None) for h, right, names in columns]
    table = _table(cols, rows, footer) if cols and (rows or not others) else []
    rest = [_w("not_playing") + ":", *_table([_name_column(), _Column(_w("row"))], others)]
    return _text([title, *lead], table, rest if others else [], notes)


# --- standings ------------------------------------------------------------------------------


def standings_json(standings: Standings) -> list[dict[str, object]]:
    """Machine-readable standings, values as exact decimal strings. Keizer's: rank (null when
    withdrawn), id, name, score and value with two decimals (half up), points like "3.5". A
    round robin's or Swiss's: `{"rank", "start_number", "name", "points", "tiebreaks":
    {"BH-C1": "12.5", ...}}`, two decimals when not whole or half."""
    if standings.numbered:
        return [
            {
                "rank": line.rank,
                "start_number": line.number,
                "name": line.entrant.name,
                "points": points_text(line.total),
                "tiebreaks": {
                    tb.key: points_text(v)
                    for tb, v in zip(standings.tiebreaks, line.scores[1:], strict=True)
                },
            }
            for line in standings.lines
        ]
    points, value = standings.scores("points"), standings.scores("value")
    return [
        {
            "rank": line.rank,
            "id": line.entrant.id,
            "name": line.entrant.name,
            "score": decimal_text(line.total),
            "points": points_text(points[line.entrant.id]),
            "value": decimal_text(value[line.entrant.id]),
        }
        for line in standings.lines
    ]


def rating_change_json(change: RatingChange) -> dict[str, object]:
    """A player's K, performance and rating change for machines (null where none; the change
    as a signed one-decimal string)."""
    return {"k": change.k, "performance": change.performance,
            "rating_change": None if change.change is None else change_text(change.change)}


# --- pairings and participants ----------------------------------------------------------------


def external_text(team: int, board: int, score: Fraction, replaces_row: bool) -> str:
    key = "external" if replaces_row else "external_extra"
    return _w(key, team=team, board=board, score=_team_score(score))


def _team_score(score: Fraction) -> str:
    return "½" if score == Fraction(1, 2) else str(score)


def without_game(round: Round, system: TournamentSystem[Any] = KEIZER_SYSTEM
                 ) -> list[tuple[PlayerId, str, str]]:
    """Who has no game in `round` and why, in words (with what the row counts as in `system`),
    with the kind of row (absent, bye, external): the absences, the bye, then external games."""
    rows = [(a.player, _row_text(a.reason, system), "absent") for a in round.absences]
    if round.bye is not None:
        rows.append((round.bye, _row_text("bye", system), "bye"))
    rows += [
        (x.player, external_text(x.team, x.board, x.score, x.replaces_row), "external")
        for x in round.externals
    ]
    return rows


# --- progress chart and crosstable ----------------------------------------------------------


PRINT_ROUNDS = 12
"""Rounds of a progress table on one printed part: more would shrink the type below 7 pt
on A4 landscape (tests/e2e/test_print_wide.py reads the sizes off the PDF)."""


def progress_cell(round: Round, player: PlayerId, label: Mapping[PlayerId, str]) -> str:
    """One chart cell: "5w1" (opponent 5th then, white, won), "exc", "ext½"; an external game
    played in addition follows after a space ("5w1 ext½")."""
    game = round.game_of(player)
    if game is not None:
        colour = game.colour_of(player)
        outcome = None if game.result is None else game.result.outcome(colour == "w")
        opponent = game.opponent_of(player)
        score = "" if outcome is None else CELL_SCORES[outcome]
        cell = label.get(opponent, f"#{opponent}") + colour + score
    elif round.bye == player:
        cell = REASON_CODES["bye"]
    else:
        reasons = [a.reason for a in round.absences if a.player == player]
        cell = REASON_CODES.get(reasons[0], reasons[0][:4]) if reasons else ""
    for x in round.externals:
        if x.player == player:
            gap = "" if x.replaces_row else " "
            cell += gap + REASON_CODES["external"] + _team_score(x.score)
    return cell


def rank_labels(
    round_number: int, after: Mapping[int, KeizerStandings], tournament: Tournament
) -> dict[PlayerId, str]:
    """Who was which rank when a round was paired: the start order for round 1, else the
    standings after the round before (players without one are shown by id)."""
    if round_number == 1:
        return {e.id: str(i) for i, e in enumerate(tournament.start_order(), start=1)}
    before = after.get(round_number - 1)
    rows = before.rows if before else ()
    return {r.entrant.id: str(r.rank) for r in rows if r.rank is not None}


def meetings(
    tournament: Tournament,
) -> tuple[dict[tuple[PlayerId, PlayerId], list[Outcome | None]], dict[PlayerId, Fraction]]:
    """What a crosstable shows: the outcomes of each (player, opponent) in round order (None:
    not played yet), and each player's game points."""
    outcomes: dict[tuple[PlayerId, PlayerId], list[Outcome | None]] = {}
    points: dict[PlayerId, Fraction] = {e.id: Fraction(0) for e in tournament.entrants}
    for rnd in tournament.rounds:
        for g in rnd.games:
            for player, white in ((g.white, True), (g.black, False)):
                outcome = None if g.result is None else g.result.outcome(white)
                outcomes.setdefault((player, g.opponent_of(player)), []).append(outcome)
                if g.result is not None:
                    points[player] = points.get(player, Fraction(0)) + g.result.points(white)
    return outcomes, points


def meeting_text(outcomes: Sequence[Outcome | None]) -> str:
    """A crosstable cell: "1½" after two games, "*" for one not played yet."""
    return "".join(UNPLAYED if o is None else CELL_SCORES[o] for o in outcomes)


__all__ = [
    "NAME_WIDTH",
    "WORDS",
    "apportion_cents",
    "cents_text",
    "change_text",
    "decimal_text",
    "display_width",
    "external_text",
    "fit",
    "layout",
    "meeting_text",
    "meetings",
    "number_style",
    "points_text",
    "progress_cell",
    "rank_labels",
    "rating_change_json",
    "said",
    "standings_json",
    "styled_text",
    "visible",
    "without_game",
]
