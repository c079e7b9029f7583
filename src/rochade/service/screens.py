"""The hall's screens: saved views of a tournament, one per TV of the room, each at an address
of its own (`/t/N/screen/K`) that the TV's browser keeps open for the whole season.

A screen shows the pairings, the standings, "where do I play?" (everyone in alphabetical
order), or all three in turn; the pairings may be a range of boards (a TV by the top boards,
another by the rest), the alphabetical list a range of initials (A-K by the door, L-Z by the
bar). Its type is fitted to the TV by the page itself (auto), or fixed by the TD; what does
not fit at a readable size is shown in pages, turned every `seconds`.

The screens live in the tournament's `extras` row of kind `screens` (JSON), a fact like the
phone settings beside them: logged, undone, carried by backups, and every change moves the
public pages' version, so that the TVs take it up at their next poll. A screen's number is
never given again, so a deleted screen's address never shows another TV's view.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from rochade.core.collation import search_text
from rochade.core.messages import N_, Message
from rochade.service.clubfile import UseCases
from rochade.service.errors import ServiceError

SCREENS = "screens"
"""The kind of the tournament's extras row holding its screens."""
CONTENTS = ("pairings", "standings", "alphabetical", "rotation")
"""What a screen shows; a rotation shows the other three in turn."""
FONT_SIZES = range(12, 201)
"""A fixed type size (CSS pixels) the TD may set instead of auto-fit."""
SECONDS = range(3, 601)
"""How long a page (or a part of a rotation) stays before the next one."""
NAME_LENGTH = 40


@dataclass(frozen=True)
class Screen:
    """One TV's view. `boards`: first and last board of the pairings shown (None: all);
    `names`: first and last initials of the alphabetical list ("a", "k"; None: all);
    `font`: a fixed type size in pixels (None: the largest that fits)."""

    number: int
    name: str
    content: str = "pairings"
    boards: tuple[int, int] | None = None
    names: tuple[str, str] | None = None
    font: int | None = None
    seconds: int = 15

    @property
    def parts(self) -> tuple[str, ...]:
        """What the screen shows, in the order of its rotation."""
        return CONTENTS[:3] if self.content == "rotation" else (self.content,)

    def shows_board(self, board: int) -> bool:
        return self.boards is None or self.boards[0] <= board <= self.boards[1]

    def shows_name(self, name: str) -> bool:
        """Whether the name's initials lie in the range (accents and case aside: "Özil" is
        an O); a range's end of two letters ("Ma") compares the name's first two."""
        if self.names is None:
            return True
        first, last = self.names
        key = search_text(name).strip()
        return first <= key[:len(first)] and key[:len(last)] <= last

    @property
    def board_text(self) -> str:
        """The board range as the TD types it ("16-30"; "" for all)."""
        return "" if self.boards is None else "-".join(str(b) for b in self.boards)

    @property
    def name_text(self) -> str:
        """The name range as the TD types it ("A-K"; "" for all)."""
        return "" if self.names is None else "-".join(n.capitalize() for n in self.names)


def board_range(typed: str) -> tuple[int, int] | None:
    """The TD's "16-30" (or "5": that board alone; "": all boards), checked."""
    text = typed.strip()
    if not text:
        return None
    first, dash, last = (part.strip() for part in text.partition("-"))
    last = last if dash else first
    if not (first.isascii() and first.isdigit() and last.isascii() and last.isdigit()
            and 1 <= int(first) <= int(last) <= 9999):
        raise ServiceError("the boards must be a range such as 1-15 (the first board, then "
                           "the last), not '{typed}'", typed=typed)
    return int(first), int(last)


def name_range(typed: str) -> tuple[str, str] | None:
    """The TD's "A-K" (initials, one to three letters each; "M": that letter alone; "": all
    names), folded as names are compared."""
    text = typed.strip()
    if not text:
        return None
    first, dash, last = (search_text(part.strip()) for part in text.partition("-"))
    last = last if dash else first
    if not (0 < len(first) <= 3 and 0 < len(last) <= 3 and first.isalpha() and last.isalpha()
            and first <= last):
        raise ServiceError("the names must be a range of initials such as A-K (the first, "
                           "then the last), not '{typed}'", typed=typed)
    return first, last


def typed_screen(number: int, typed: Mapping[str, str]) -> Screen:
    """Screen `number` as the TD typed it (the form's fields: name, content, boards, names,
    font: "auto" or pixels, seconds), the ranges and numbers checked (`save_screen` checks
    the rest)."""
    font = typed.get("font", "").strip().lower()
    seconds = typed.get("seconds", "").strip()
    if font not in ("", "auto") and not (font.isascii() and font.isdigit()):
        raise _font_refused()
    if not (seconds.isascii() and seconds.isdigit()):
        raise _seconds_refused()
    return Screen(number, typed.get("name", ""), typed.get("content", "").strip(),
                  board_range(typed.get("boards", "")), name_range(typed.get("names", "")),
                  int(font) if font.isdigit() else None, int(seconds))


class HallScreens(UseCases):
    """The TD's screens of a tournament."""

    def screens(self, tournament: str | None = None) -> tuple[Screen, ...]:
        _, extras = self.tournament_extras(tournament)
        return _screens(extras.get(SCREENS))[1]

    def screen(self, number: int, tournament: str | None = None) -> Screen | None:
        """Screen `number`, or None when there is none (deleted, or never made)."""
        return next((s for s in self.screens(tournament) if s.number == number), None)

    def save_screen(self, screen: Screen, tournament: str | None = None) -> Screen:
        """Screen `screen.number` changed to `screen`, or (number 0) a new screen with the
        next number; checked first, so a refused screen saves nothing."""
        checked = _checked(screen)
        with self.file.change("settings", "hall screen") as (club, action):
            record, _ = self.file.load(club, tournament)
            following, kept = _screens(club.extras(record.id).get(SCREENS))
            if checked.number == 0:
                checked = replace(checked, number=following)
                following += 1
                kept = (*kept, checked)
            elif any(s.number == checked.number for s in kept):
                kept = tuple(checked if s.number == checked.number else s for s in kept)
            else:
                raise _missing(checked.number)
            club.set_extra(record.id, SCREENS, _json(following, kept))
            action.describe(Message(N_("hall screen {number} saved"),
                                    {"number": checked.number}), record)
        return checked

    def delete_screen(self, number: int, tournament: str | None = None) -> None:
        with self.file.change("settings", "hall screen") as (club, action):
            record, _ = self.file.load(club, tournament)
            following, kept = _screens(club.extras(record.id).get(SCREENS))
            gone = next((s for s in kept if s.number == number), None)
            if gone is None:
                raise _missing(number)
            club.set_extra(record.id, SCREENS,
                           _json(following, tuple(s for s in kept if s is not gone)))
            action.describe(Message(N_("hall screen {number} deleted"), {"number": number}),
                            record)


def _missing(number: int) -> ServiceError:
    return ServiceError("there is no hall screen {number}", number=number)


def _checked(screen: Screen) -> Screen:
    name = " ".join(screen.name.split())
    if len(name) > NAME_LENGTH:
        raise ServiceError("a screen's name has at most {limit} characters", limit=NAME_LENGTH)
    if screen.content not in CONTENTS:
        raise ServiceError("a screen shows pairings, standings, alphabetical or rotation, "
                           "not '{content}'", content=screen.content)
    if screen.font is not None and screen.font not in FONT_SIZES:
        raise _font_refused()
    if screen.seconds not in SECONDS:
        raise _seconds_refused()
    return replace(screen, name=name)


def _font_refused() -> ServiceError:
    return ServiceError("the type size must be {low} to {high} pixels, or auto",
                        low=FONT_SIZES.start, high=FONT_SIZES.stop - 1)


def _seconds_refused() -> ServiceError:
    return ServiceError("the rotation time must be {low} to {high} seconds",
                        low=SECONDS.start, high=SECONDS.stop - 1)


def _screens(data: str | None) -> tuple[int, tuple[Screen, ...]]:
    """The next screen's number and the screens, as stored."""
    raw: dict[str, Any] = json.loads(data) if data else {}
    screens = tuple(
        Screen(int(s["number"]), str(s["name"]), str(s["content"]),
               None if s.get("boards") is None else (int(s["boards"][0]), int(s["boards"][1])),
               None if s.get("names") is None else (str(s["names"][0]), str(s["names"][1])),
               None if s.get("font") is None else int(s["font"]), int(s["seconds"]))
        for s in raw.get("screens", ())
    )
    return int(raw.get("next", 1)), screens


def _json(following: int, screens: tuple[Screen, ...]) -> str:
    return json.dumps({"next": following, "screens": [asdict(s) for s in screens]},
                      ensure_ascii=False, sort_keys=True)
