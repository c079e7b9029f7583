"""Read a KeizerForClubs (KfC) tournament file (`.s3db`, SQLite) into rochade's model.

Clubs switching from KfC keep their season: players, their sticky states, every round's rows and
the settings of `ConfigTab`, mapped onto the `kfc` preset. KfC's stored Keizer numbers
(`Pts_*`, `Keizer_*`, `rank`) are outputs; they are read only so that an import can be checked
against them (`KfcImport.stored_totals`, `stored_credits`), never used as facts. The file is
opened read-only and every problem is a one-line `KfcError` naming the table and the row (see
docs/formats.md).
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType

from rochade.core import limits
from rochade.core.keizer.settings import KeizerSettings, Ladder, preset
from rochade.core.messages import N_, Message, message_of
from rochade.core.model import (
    Absence,
    Entrant,
    Game,
    ModelError,
    PlayerId,
    Reason,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.store.club import StoreError

NO_OPPONENT = -1
"""`PID_B` of a single-player row (bye or absence)."""

GAME_CODES: Mapping[int, Result | None] = {
    -1: None,  # not yet played
    1: Result.WHITE_WINS,
    2: Result.DRAW,
    3: Result.BLACK_WINS,
    8: Result.WHITE_WINS_FORFEIT,
    9: Result.BLACK_WINS_FORFEIT,
    10: Result.DOUBLE_FORFEIT,
    11: Result.ADJOURNED,  # adjourned: KfC scores it as a draw; rochade keeps it open (?)
}
ADJOURNED = 11
SINGLE_CODES: Mapping[int, str] = {
    4: Reason.BYE.value,
    5: Reason.CLUB_DUTY.value,
    6: Reason.EXCUSED.value,
    7: Reason.UNEXCUSED.value,
    12: Reason.LATE_START.value,
}
STATES: Mapping[int, Status] = {
    1: Status.PRESENT,
    5: Status.CLUB_DUTY,
    6: Status.EXCUSED,
    7: Status.UNEXCUSED,
    9: Status.WITHDRAWN,
    12: Status.PREREGISTERED,
}
INTERNAL_STATES = frozenset({2, 8, 11})
"""States KfC sets only while it works (e.g. during a pairing); a saved one means present."""
DELETED = 10

PERCENT_KEYS: Mapping[str, tuple[str, ...]] = {
    "BONUS.Excused": ("excused",),
    "BONUS.Unexcused": ("unexcused", "late_start"),  # KfC scores a late start as unexcused
    "BONUS.Clubgame": ("club_duty",),
    "BONUS.Retired": ("withdrawn",),
    "BONUS.Freilos": ("bye",),
}
IGNORED_KEYS = frozenset(
    {
        "LANGCODE",
        "OPTION.Html",
        "OPTION.Xml",
        "OPTION.Txt",
        "OPTION.Csv",
        "OPTION.ShowOnlyPlayed",
        "OPTION.FirstRoundRandom",  # only round 1's order and colours
        "OPTION.NovusRandom",
    }
)
"""ConfigTab keys that do not change a number or a pairing after round 1 (plus `WIN.*`)."""

SHIPPED_SHARES: Mapping[str, float] = MappingProxyType(
    {
        "BONUS.Excused": 35,
        "BONUS.Unexcused": 35,
        "BONUS.Clubgame": 70,
        "BONUS.Retired": 75,
        "BONUS.Freilos": 50,
        "BONUS.Verlust": 0,
    }
)
"""The shares KfC scored a file without `ConfigTab` with. Until March 2023 KfC kept its settings
in the program's own configuration, not in the tournament, and shipped these: unexcused as much
as excused; a bye always earned half the own value and a loss nothing. The file names none of
it, so the shipped shares are the best reading, and its stored totals check them
(docs/formats.md)."""


class KfcError(StoreError):
    """A file rochade cannot import as a KfC tournament; the message names the table and row."""


@dataclass(frozen=True)
class KfcImport:
    """What a KfC file holds, as rochade facts, plus what the reader had to assume.

    `notes` lists every default used and every setting left out, in words for the TD.
    `stored_totals` are KfC's own `Keizer_SumPts` per player (empty if the column is missing);
    `stored_credits` what KfC's rows (`Pts_W`, `Pts_B`) gave each player in each round, so that a
    differing total can be traced to its rounds (empty if the columns are missing).
    """

    tournament: Tournament
    settings: KeizerSettings
    notes: tuple[str, ...]
    stored_totals: Mapping[PlayerId, float]
    stored_credits: Mapping[tuple[PlayerId, int], float]


def read_kfc(path: Path, name: str | None = None) -> KfcImport:
    """Read `path` (read-only); the tournament is named `name` or after the file."""
    if not path.is_file():
        raise KfcError("{path}: no such file", path=path)
    if path.stat().st_size > limits.FILE_BYTES:  # KfC files are kilobytes; all rows are read
        raise KfcError(
            "{path}: too large for a KeizerForClubs file (more than {megabytes} MB)",
            path=path,
            megabytes=limits.FILE_BYTES >> 20,
        )
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise KfcError(
            "{path}: cannot open the file ({exc})",
            path=path,
            exc=message_of(exc),
        ) from None
    con.text_factory = _utf8  # text that is not UTF-8 refused below, as a damaged file
    try:
        return _Reader(con, path).read(name or path.stem)
    except sqlite3.DatabaseError as exc:
        raise KfcError(
            "{path}: not a readable KeizerForClubs file ({exc})",
            path=path,
            exc=message_of(exc),
        ) from None
    except UnicodeDecodeError:  # a damaged file: its text is not in the encoding it declares
        raise KfcError(
            "{path}: not a readable KeizerForClubs file (it is damaged: it holds text that "
            "is not UTF-8, its encoding); import an earlier copy of the file, or correct the "
            "garbled names in KeizerForClubs first",
            path=path,
        ) from None
    finally:
        con.close()


def _utf8(raw: bytes) -> str:
    return raw.decode("utf-8")


class _Reader:
    def __init__(self, con: sqlite3.Connection, path: Path) -> None:
        self.con = con
        self.path = path
        self.notes: list[str] = []
        tables = {
            row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        for needed in ("Player", "Pairing"):
            if needed not in tables:
                raise KfcError(
                    "{path}: not a KeizerForClubs file (it has no table {needed})",
                    path=path,
                    needed=needed,
                )
        self.has_config = "ConfigTab" in tables

    def columns(self, table: str) -> set[str]:
        return {row[1].lower() for row in self.con.execute(f"PRAGMA table_info({table})")}

    def require(self, table: str, have: set[str], needed: Sequence[str]) -> None:
        missing = [c for c in needed if c.lower() not in have]
        if missing:
            lacks = (
                N_(
                    "{path}: table {table} lacks the columns {columns}; "
                    "is this a KeizerForClubs file?"
                )
                if len(missing) > 1
                else N_(
                    "{path}: table {table} lacks the column {columns}; "
                    "is this a KeizerForClubs file?"
                )
            )
            raise KfcError(
                lacks,
                path=self.path,
                table=table,
                columns=", ".join(missing),
            )

    def read(self, name: str) -> KfcImport:
        entrants, stored = self.players()
        rounds = self.rounds({e.id: e for e in entrants})
        tournament = Tournament(name, tuple(entrants), tuple(rounds))
        try:
            tournament.validate()
        except ModelError as exc:
            raise KfcError(
                "{path}: table Pairing: {exc}",
                path=self.path,
                exc=message_of(exc),
            ) from None
        settings = self.settings()
        if not self.has_config and any(e.withdrawn for e in entrants):
            self.notes.append(
                "KfC of that time scored games with a withdrawn player otherwise than rochade and "
                "KfC since July 2023 (a loss against one earned the withdrawn share, the withdrawn "
                "player's last value stayed in their total, a bye or absence after their board "
                "could count as a game against them): see docs/formats.md"
            )
        return KfcImport(
            dataclasses.replace(tournament, settings=settings),
            settings,
            tuple(self.notes),
            stored,
            MappingProxyType(self.credits()),
        )

    def players(self) -> tuple[list[Entrant], dict[PlayerId, float]]:
        have = self.columns("Player")
        self.require("Player", have, ("id", "name"))
        rating = "rating" if "rating" in have else "NULL"
        state = "state" if "state" in have else "1"
        total = "Keizer_SumPts" if "keizer_sumpts" in have else "NULL"
        if "rating" not in have:
            self.notes.append("table Player has no rating column: all players are unrated")
        if "state" not in have:
            self.notes.append("table Player has no state column: all players are present")
        for extra in ("Categories", "RatingWDelta"):
            if extra.lower() in have:
                continue
            self.notes.append(
                f"table Player has no {extra} column (an older KfC version); "
                "rochade does not need it"
            )
        rows = self.con.execute(
            f"SELECT id, name, {rating}, {state}, {total} FROM Player ORDER BY id"
        ).fetchall()
        entrants: list[Entrant] = []
        stored: dict[PlayerId, float] = {}
        internal: list[str] = []
        taken: dict[str, PlayerId] = {}  # a club file tells players apart by name
        for pid, pname, prating, pstate, ptotal in rows:
            where = Message("table Player, id {pid}", {"pid": pid})
            if not isinstance(pid, int) or pid < 1:
                raise KfcError(
                    "{path}: {where}: the id must be a positive whole number",
                    path=self.path,
                    where=where,
                )
            if not isinstance(pname, str) or not pname.strip():
                raise KfcError(
                    "{path}: {where}: the player has no name",
                    path=self.path,
                    where=where,
                )
            if pstate == DELETED:
                continue
            if pstate in INTERNAL_STATES:
                internal.append(pname.strip())
                status = Status.PRESENT
            elif pstate in STATES:
                status = STATES[pstate]
            else:
                raise KfcError("{path}: {where} ({name}): unknown state {state}",
                    path=self.path,
                    where=where,
                    name=pname.strip(),
                    state=repr(pstate),)
            if isinstance(prating, float) and prating.is_integer():
                prating = int(prating)
            if prating is not None and not isinstance(prating, int):
                raise KfcError(
                    "{path}: {where} ({name}): the rating {rating} is not a whole number",
                    path=self.path,
                    where=where,
                    name=pname.strip(),
                    rating=repr(prating),
                )
            name = " ".join(pname.split())
            if name in taken:
                self.notes.append(
                    f"two players are named {name!r} (ids {taken[name]} and {pid}): "
                    f"id {pid} is imported as '{name} ({pid})'"
                )
                name = f"{name} ({pid})"
            taken.setdefault(name, pid)
            entrants.append(Entrant(pid, name, prating or None, status))
            if isinstance(ptotal, int | float):
                stored[pid] = float(ptotal)
        if internal:
            self.notes.append(f"KfC's working state of {', '.join(internal)} was read as present")
        return entrants, stored

    def credits(self) -> dict[tuple[PlayerId, int], float]:
        """KfC's credits per player and round; a row without opponent credits only `PID_W`
        (older versions wrote a number into its `Pts_B` too, which counted for no one)."""
        if not {"pts_w", "pts_b"} <= self.columns("Pairing"):
            return {}
        credits: dict[tuple[PlayerId, int], float] = {}
        for rnd, white, black, pts_white, pts_black in self.con.execute(
            "SELECT Rnd, PID_W, PID_B, Pts_W, Pts_B FROM Pairing"
        ):
            for pid, pts in ((white, pts_white), (black, pts_black)):
                if pid != NO_OPPONENT and isinstance(pts, int | float):
                    credits[pid, rnd] = credits.get((pid, rnd), 0.0) + float(pts)
        return credits

    def rounds(self, entrants: Mapping[PlayerId, Entrant]) -> list[Round]:
        have = self.columns("Pairing")
        self.require("Pairing", have, ("Rnd", "board", "PID_W", "PID_B", "Result"))
        rows = self.con.execute(
            "SELECT Rnd, board, PID_W, PID_B, Result FROM Pairing ORDER BY Rnd, board"
        ).fetchall()
        games: dict[int, list[Game]] = {}
        absences: dict[int, list[Absence]] = {}
        byes: dict[int, PlayerId] = {}
        for rnd, board, white, black, code in rows:
            where = Message(
                "{path}: table Pairing, round {round} board {board}",
                {"path": self.path, "round": rnd, "board": board},
            )
            if not isinstance(rnd, int) or rnd < 1:
                raise KfcError("{where}: the round must be a positive whole number", where=where)
            for pid in (white,) if black == NO_OPPONENT else (white, black):
                if pid not in entrants:
                    raise KfcError(
                        "{where}: no player with id {pid} in table Player",
                        where=where,
                        pid=pid,
                    )
            games.setdefault(rnd, [])
            if black == NO_OPPONENT:
                reason = SINGLE_CODES.get(code)
                if reason is None:
                    raise KfcError(
                        "{where}: result code {code} is not a bye or absence code ({codes})",
                        where=where,
                        code=repr(code),
                        codes=_codes(SINGLE_CODES),
                    )
                if reason != Reason.BYE.value:
                    absences.setdefault(rnd, []).append(Absence(white, reason))
                elif rnd in byes:
                    raise KfcError("{where}: a second bye in round {rnd}", where=where, rnd=rnd)
                else:
                    byes[rnd] = white
            elif code in GAME_CODES:
                games[rnd].append(Game(white, black, GAME_CODES[code], board))
                if code == ADJOURNED:
                    self.notes.append(
                        f"round {rnd} board {board}: an adjourned game, imported as adjourned "
                        "(?): it counts as a draw, as in KfC, until its result is entered"
                    )
            else:
                raise KfcError(
                    "{where}: result code {code} is not a game result ({codes})",
                    where=where,
                    code=repr(code),
                    codes=_codes(GAME_CODES),
                )
        self.late_starts(entrants, sorted(games), games, absences, byes)
        return [
            Round(k, tuple(games[k]), tuple(absences.get(k, ())), byes.get(k))
            for k in sorted(games)
        ]

    def late_starts(
        self,
        entrants: Mapping[PlayerId, Entrant],
        numbers: Sequence[int],
        games: Mapping[int, list[Game]],
        absences: dict[int, list[Absence]],
        byes: Mapping[int, PlayerId],
    ) -> None:
        """Older KfC versions write no rows for the rounds before a player joined; rochade
        needs one per round, so those rounds become late starts (and the TD is told)."""
        seen: dict[int, set[PlayerId]] = {
            k: {p for g in games[k] for p in (g.white, g.black)}
            | {a.player for a in absences.get(k, [])}
            | ({byes[k]} if k in byes else set())
            for k in numbers
        }
        for entrant in entrants.values():
            if entrant.withdrawn:
                continue
            missing = []
            for k in numbers:
                if entrant.id in seen[k]:
                    break
                missing.append(k)
            for k in missing:
                absences.setdefault(k, []).append(Absence(entrant.id, Reason.LATE_START.value))
            if missing:
                rounds = (
                    f"round {missing[0]}"
                    if len(missing) == 1
                    else (f"rounds {missing[0]}-{missing[-1]}")
                )
                self.notes.append(
                    f"{entrant.name} has no row in {rounds} (joined later): imported as a late "
                    "start"
                )

    def config(self) -> dict[str, float]:
        """The file's ConfigTab numbers that can change a number or a pairing."""
        config: dict[str, float] = {}
        for key, _text, value in self.con.execute(
            "SELECT CfgKey, CfgText, CfgValue FROM ConfigTab"
        ):
            if not isinstance(key, str) or key in IGNORED_KEYS or key.upper().startswith("WIN."):
                continue
            if not isinstance(value, int | float):
                self.notes.append(f"ConfigTab {key} has no number ({value!r}): ignored")
                continue
            config[key] = float(value)
        return config

    def settings(self) -> KeizerSettings:
        base = preset("kfc")
        if self.has_config:
            config = self.config()
        else:
            self.notes.append(
                "the file has no ConfigTab table (KfC before March 2023, which kept its settings "
                "in the program): the shares KfC shipped with then are used (unexcused 35 %, as "
                "much as excused), the kfc preset's other settings"
            )
            config = dict(SHIPPED_SHARES)
        fractions = dict(base.fractions)
        changes: dict[str, object] = {}
        for key, reasons in PERCENT_KEYS.items():
            if key not in config:
                self.notes.append(f"ConfigTab has no {key}: the kfc preset's value is used")
                continue
            share = _percent(config.pop(key))
            for reason in reasons:
                fractions[reason] = share
        changes["fractions"] = MappingProxyType(fractions)
        if "BONUS.Verlust" in config:
            changes["loss_factor"] = _percent(config.pop("BONUS.Verlust"))
        if "OPTION.RatioFirst2Last" in config:
            changes["ratio"] = _exact(config.pop("OPTION.RatioFirst2Last"))
        if "OPTION.GameRepeat" in config:
            changes["rematch_gap"] = round(config.pop("OPTION.GameRepeat"))
        if "OPTION.DistBye" in config:
            changes["byes_evenly"] = config.pop("OPTION.DistBye") != 0
        if config.pop("OPTION.WickerNormalization", 0) != 0:
            changes["ladder"] = Ladder.NORMALISED
            self.notes.append(
                "KfC's normalisation is on: read as rochade's normalised ladder (first value "
                "= the ratio, last = 1)"
            )
        for key in sorted(config):
            self.notes.append(f"ConfigTab {key} = {config[key]:g} is not used by rochade")
        try:
            return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
        except ModelError as exc:
            raise KfcError(
                "{path}: table ConfigTab: {exc}",
                path=self.path,
                exc=message_of(exc),
            ) from None


def _percent(value: float) -> Fraction:
    return _exact(value) / 100


def _exact(value: float) -> Fraction:
    """KfC stores single-precision floats: 2.4999999 was typed as 2.5."""
    return Fraction(str(round(value, 4)))


def _codes(codes: Mapping[int, object]) -> str:
    return "known codes: " + ", ".join(str(c) for c in sorted(codes))


__all__ = ["KfcError", "KfcImport", "read_kfc"]
