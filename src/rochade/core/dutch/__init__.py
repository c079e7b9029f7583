"""The FIDE Dutch Swiss system (2026 rules): engine, explanation, random event generator."""

from typing import TYPE_CHECKING

from rochade.core.dutch.state import (
    Colour,
    DutchError,
    Edition,
    NoValidPairing,
    Outcome,
    RoundRecord,
    Scoring,
    SwissPlayer,
    SwissState,
)

if TYPE_CHECKING:
    from rochade.core.dutch.engine import DutchEngine
    from rochade.core.dutch.result import DutchResult


def __getattr__(name: str) -> object:
    """The engine, imported on first use: reading or writing a TRF file needs only the state."""
    if name == "DutchEngine":
        from rochade.core.dutch.engine import DutchEngine

        return DutchEngine
    if name == "DutchResult":
        from rochade.core.dutch.result import DutchResult

        return DutchResult
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Colour",
    "DutchEngine",
    "DutchError",
    "DutchResult",
    "Edition",
    "NoValidPairing",
    "Outcome",
    "RoundRecord",
    "Scoring",
    "SwissPlayer",
    "SwissState",
]
