"""The one error a use case raises for a request it cannot carry out."""

from __future__ import annotations


class ServiceError(Exception):
    """A TD's request that cannot be done as asked; the message says why and what to do."""
