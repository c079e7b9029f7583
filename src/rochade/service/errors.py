"""The one error a use case raises for a request it cannot carry out."""

from __future__ import annotations


class ServiceError(Exception):
    """A TD's request that cannot be done as asked; the message says why and what to do."""


class TournamentNeeded(ServiceError):
    """The club file holds several tournaments and the call did not say which one."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        super().__init__(f"this club file holds {len(names)} tournaments ({', '.join(names)})")
