"""The lines every TRF file shares: a player's 001 line and its round blocks, points, errors.

Individual and team files read and write them alike (formats/trf.py, formats/trf_teams.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn

from rochade.core.dutch.state import Colour, Outcome, RoundRecord
from rochade.core.messages import Explained, message_of
from rochade.core.model import Result

ROUND_COLUMN = 91  # 0-based start of round 1 on a 001 line (TRF column 92)
ROUND_WIDTH = 10


class TrfError(Explained, ValueError):
    """A TRF file that cannot be read; the message names the line."""


def line_error(number: int, tag: str, exc: Exception) -> NoReturn:
    """Refuse a file at one line, saying why that line could not be read."""
    raise TrfError(
        "line {number} ({tag}): {exc}", number=number, tag=tag, exc=message_of(exc)
    ) from None


# -- points ---------------------------------------------------------------------------------
def parse_points(text: str) -> int:
    """'11.5' -> 115 (tenths)."""
    value = text.strip()
    if not re.fullmatch(r"\d{1,4}(\.\d)?", value):
        raise TrfError("{text} is not a score like 4.5", text=repr(text.strip()))
    whole, _, frac = value.partition(".")
    return int(whole) * 10 + int(frac or 0)


def format_points(tenths: int) -> str:
    """115 -> '11.5'."""
    return f"{tenths // 10}.{tenths % 10}"


RESULT_CODES = {  # result -> (white's code, black's code)
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_WINS_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_FORFEIT: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
    Result.WHITE_HALF: ("=", "0"),
    Result.BLACK_HALF: ("0", "="),
    Result.BOTH_LOSE: ("0", "0"),
    Result.ADJOURNED: ("?", "?"),  # gacrux's code for an unknown result (a draw for pairing)
}
"""The codes of each game result on the white and the black player's 001 lines."""


def points_error(tpn: int, points: int, results: int) -> TrfError:
    """The one refusal of a readable file: its points column contradicts its results."""
    return TrfError(
        "the file contradicts itself: player {tpn} has {points} points but the results add "
        "up to {sum}",
        tpn=tpn,
        points=format_points(points),
        sum=format_points(results),
    )


# -- round entries --------------------------------------------------------------------------
_WINS, _DRAWS, _LOSSES = set("+W1FU"), set("D=HX?"), set("-L0Z ")
"""X and ? (gacrux's codes): a game adjourned or postponed, a draw until it is known."""
_UNPLAYED = set("+-HFUZ ")


@dataclass(frozen=True, slots=True)
class TrfEntry:
    """One round block of a 001 line: `opponent colour result`, as written."""

    opponent: int  # 0 = no opponent
    colour: str  # 'w', 'b' or '-'
    result: str  # one character, upper case

    def record(self) -> RoundRecord:
        """The engine's view of this entry (which rounds count as played or paired)."""
        has_opponent = self.opponent != 0
        outcome = (
            Outcome.WIN if self.result in _WINS
            else Outcome.DRAW if self.result in _DRAWS
            else Outcome.LOSS
        )
        played = has_opponent and self.colour in "wb" and self.result not in _UNPLAYED
        colour = Colour(self.colour) if self.colour in ("w", "b") else None
        paired = has_opponent or self.result in ("U", "+")
        return RoundRecord(
            self.opponent if has_opponent else None, colour, outcome, played, paired
        )


def parse_entry(text: str) -> TrfEntry | None:
    """Read an 8-character round block; None for a blank one. Raises ValueError."""
    raw = text.ljust(8)
    if raw.strip() == "":
        return None
    opp_text, colour, result = raw[0:4], raw[5], raw[7].upper()
    if raw[4] != " " or raw[6] != " ":
        raise TrfError("round entry {text} is not laid out as 'NNNN c r'", text=repr(text))
    if opp_text.strip() == "":
        opponent = 0
    elif opp_text.strip().isdecimal():
        opponent = int(opp_text)
    else:
        raise TrfError("opponent {opponent} is not a number", opponent=repr(opp_text.strip()))
    if colour not in "wb- ":
        raise TrfError("colour {colour} must be w, b or -", colour=repr(colour))
    if result not in _WINS | _DRAWS | _LOSSES:
        raise TrfError("result {result} is not a TRF result code", result=repr(result))
    if result in _UNPLAYED and result not in "+- " and opponent:
        raise TrfError("result {result} cannot have an opponent", result=repr(result))
    if result not in _UNPLAYED and colour not in "wb" and not (result == "=" and not opponent):
        raise TrfError("a played result {result} needs the colour w or b", result=repr(result))
    if opponent == 0 and colour in "wb":
        raise TrfError("a round without opponent cannot have a colour")
    return TrfEntry(opponent, colour if colour != " " else "-", result)


def format_entry(entry: TrfEntry | None) -> str:
    if entry is None:
        return " " * 8
    return f"{entry.opponent:4d} {entry.colour} {entry.result}".replace("   0 ", "0000 ")


# -- player lines ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """A 001 line. Text fields are kept trimmed; `points` are tenths."""

    tpn: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: int = 0
    rank: int = 0
    entries: tuple[TrfEntry | None, ...] = ()


def parse_player(line: str) -> TrfPlayer:
    """Read a 001 line by its fixed columns. Raises ValueError with the reason."""
    if len(line) < 84:
        raise TrfError("the player line is too short (points end at column 84)")
    tpn_text = line[4:8].strip()
    if not tpn_text.isdecimal() or int(tpn_text) == 0:
        raise TrfError("pairing number {tpn} must be a number from 1 to 9999", tpn=repr(tpn_text))
    rating_text = line[48:52].strip()
    if rating_text and not rating_text.isdecimal():
        raise TrfError("rating {rating} is not a number", rating=repr(rating_text))
    rank_text = line[85:89].strip()
    entries: list[TrfEntry | None] = []
    start = ROUND_COLUMN
    while start < len(line):
        block = line[start:start + 8]
        if len(line) > start + 8 and line[start + 8:start + ROUND_WIDTH].strip():
            raise TrfError(
                "unexpected text after the round block at column {column}",
                column=start + 1,
            )
        try:
            entries.append(parse_entry(block))
        except ValueError as exc:
            raise TrfError(
                "round {round}: {exc}",
                round=len(entries) + 1,
                exc=message_of(exc),
            ) from None
        start += ROUND_WIDTH
    while entries and entries[-1] is None:
        entries.pop()
    return TrfPlayer(
        tpn=int(tpn_text),
        sex=line[9:10].strip(),
        title=line[10:13].strip(),
        name=line[14:47].strip(),
        rating=int(rating_text or 0),
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth=line[69:79].strip(),
        points=parse_points(line[80:84]),
        rank=int(rank_text) if rank_text.isdecimal() else 0,
        entries=tuple(entries),
    )


def format_player(player: TrfPlayer) -> str:
    head = (
        f"001 {player.tpn:4d} {player.sex:1.1}{player.title:>3.3} {player.name:<33.33} "
        f"{player.rating or '':>4} {player.federation:<3.3} {player.fide_id:>11.11} "
        f"{player.birth:<10.10} {format_points(player.points):>4} {player.rank or '':>4}"
    )
    blocks = "".join("  " + format_entry(e) for e in player.entries)
    return (head + blocks).rstrip()
