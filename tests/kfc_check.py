"""What the KfC tests share: comparing rochade's exact numbers with KfC's floats."""

from __future__ import annotations

from fractions import Fraction

TOLERANCE = 1e-4


class Deviation:
    """Counts the numbers compared and keeps the largest absolute deviation."""

    def __init__(self) -> None:
        self.count = 0
        self.max = 0.0

    def __call__(self, actual: Fraction, wanted: float, what: str) -> None:
        dev = abs(float(actual) - wanted)
        self.count += 1
        self.max = max(self.max, dev)
        assert dev <= TOLERANCE, f"{what}: rochade {float(actual)} != KfC {wanted}"
