"""The errors a use case raises for a request it cannot carry out as asked.

Each carries its message as a template and values (`rochade.core.messages`): raise
`ServiceError("there is no round {number}", number=n)`; the CLI prints the English text,
the web app the TD's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from rochade.core.checker import Finding
from rochade.core.messages import Explained, Message, joined


class ServiceError(Explained):
    """A TD's request that cannot be done as asked; the message says why and what to do."""


class TournamentNeeded(ServiceError):
    """The club file holds several tournaments and the call did not say which one."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        super().__init__(
            Message(
                "this club file holds {count} tournaments ({names})",
                {"count": len(names), "names": ", ".join(names)},
            )
        )


class NeedsConfirmation(ServiceError):
    """A manual pairing that breaks rules the TD may knowingly override."""

    def __init__(self, warnings: Sequence[Finding]) -> None:
        self.warnings = tuple(warnings)
        super().__init__(joined([w.msg for w in self.warnings]))
