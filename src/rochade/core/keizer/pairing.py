"""Keizer pairing: top-down neighbours with a completion look-ahead (spec/keizer.md section 7)."""

from __future__ import annotations

from dataclasses import dataclass

from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import PlayerId, Tournament
from rochade.core.pairing import Pairing


@dataclass(frozen=True)
class KeizerState:
    """What the Keizer engine needs to pair round `round_number`.

    `ranking` lists the present players best first (the current standings, or the start order
    in round 1); `tournament.rounds` holds the rounds already played (the history).
    """

    tournament: Tournament
    settings: KeizerSettings
    round_number: int
    ranking: tuple[PlayerId, ...]


class KeizerEngine:
    """The `PairingEngine` for Keizer competitions."""

    name = "keizer"

    def pair(self, state: KeizerState) -> Pairing:
        raise NotImplementedError
