"""The errors a use case raises for a request it cannot carry out as asked.

Each carries its message as a template and values (`rochade.core.messages`): raise
`ServiceError("there is no round {number}", number=n)`; the CLI prints the English text,
the web app the TD's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from rochade.core.checker import Finding
from rochade.core.messages import N_, Explained, Message, joined
from rochade.core.model import Result
from rochade.core.tiebreaks import TieBreakError as TieBreakError  # a file's crosstable refused


class ServiceError(Explained):
    """A TD's request that cannot be done as asked; the message says why and what to do."""


class NameTaken(ServiceError):
    """The club file already has a tournament of the imported one's name."""


class NeedsConfirmation(ServiceError):
    """A manual pairing that breaks rules the TD may knowingly override."""

    def __init__(self, warnings: Sequence[Finding], also: Sequence[Message] = ()) -> None:
        self.warnings = tuple(warnings)
        self.messages = (*(w.msg for w in self.warnings), *also)
        """What the TD confirms: the rules broken, and what FIDE mode asks (`also`)."""
        super().__init__(joined(self.messages))


class ResultConflict(ServiceError):
    """A result entered over another one than the TD saw: another device, the CLI or an
    undo changed the board meanwhile (or the same post came twice). Nothing was saved; the
    TD keeps what is there or enters again, now expecting `current`."""

    def __init__(
        self, round_number: int, board: int, current: Result | None, seen: Result | None,
        wanted: Result,
    ) -> None:
        self.round_number, self.board, self.wanted = round_number, board, wanted
        self.current, self.seen = current, seen
        nothing = Message(N_("no result"))
        super().__init__(
            Message(
                N_("round {round} board {board} was changed meanwhile to {now} (you saw "
                   "{seen}); nothing was saved"),
                {"round": round_number, "board": board, "now": current or nothing,
                 "seen": seen or nothing},
            )
        )
