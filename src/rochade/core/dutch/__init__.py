"""The FIDE Dutch Swiss system (2026 rules): engine, explanation, random event generator."""

from rochade.core.dutch.engine import DutchEngine, DutchResult
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
