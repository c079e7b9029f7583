"""`rochade.core.model` checked directly where mutation testing found its other tests silent
(they sit outside mutmut's selection)."""

from __future__ import annotations

from rochade.core.model import Result


def test_a_colon_between_the_scores_reads_like_a_dash() -> None:
    assert Result.parse("1:0") is Result.WHITE_WINS
    assert Result.parse(" 0 : 1 ") is Result.BLACK_WINS
    assert Result.parse("½:½") is Result.DRAW
