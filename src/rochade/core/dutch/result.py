"""What the Dutch engine's pairing of one round consists of: the boards, the bye, and per
bracket what happened, which the explanation reads back."""

from __future__ import annotations

from dataclasses import dataclass

from rochade.core.dutch.players import PlayerFacts


@dataclass(frozen=True, slots=True)
class DutchBoard:
    """A pair with the colours decided and the rule that decided them."""

    white: int
    black: int
    colour_rule: str


@dataclass(frozen=True)
class BracketTrace:
    """What happened in one bracket, for the explanation."""

    score: int
    residents: tuple[int, ...]
    movers: tuple[int, ...]  # MDPs: players moved down into this bracket
    pairs: tuple[tuple[int, int], ...]  # (higher, lower) in pairing order
    floaters: tuple[int, ...]  # left unpaired, moved down to the next bracket


@dataclass(frozen=True)
class DutchResult:
    """A round's pairing plus everything needed to explain it."""

    boards: tuple[DutchBoard, ...]
    bye: int | None
    brackets: tuple[BracketTrace, ...]
    bye_score: int | None
    bye_by_unplayed: bool  # C9 decided between bye candidates
    facts: dict[int, PlayerFacts]
