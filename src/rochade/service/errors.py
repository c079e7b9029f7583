"""The errors a use case raises for a request it cannot carry out as asked."""

from __future__ import annotations

from collections.abc import Sequence

from rochade.core.checker import Finding


class ServiceError(Exception):
    """A TD's request that cannot be done as asked; the message says why and what to do."""


class TournamentNeeded(ServiceError):
    """The club file holds several tournaments and the call did not say which one."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        super().__init__(f"this club file holds {len(names)} tournaments ({', '.join(names)})")


class NeedsConfirmation(ServiceError):
    """A manual pairing that breaks rules the TD may knowingly override."""

    def __init__(self, warnings: Sequence[Finding]) -> None:
        self.warnings = tuple(warnings)
        super().__init__("; ".join(w.message for w in self.warnings))
