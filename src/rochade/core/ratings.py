"""A member's two ratings, FIDE's and a national one (DWZ, KNSB, ECF, USCF ...), and which of
them a tournament pairs by.

Each rating list fills its own rating: a FIDE list the FIDE rating, a national list the
national one, so that neither overwrites the other. A tournament takes one of them as its
pairing rating (the start order, Keizer's initial values, Swiss pairing numbers), the way
Swiss-Manager lets the TD choose Elo, the national rating or the higher of both; whatever it
pairs by, a FIDE rating report carries the FIDE rating.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass

from rochade.core.model import ModelError


class PairingRating(enum.Enum):
    """Which of a member's ratings a tournament pairs by. A player without that rating is
    paired by the other one (FIDE's pairing rules let an unrated player be given an estimate,
    and a national rating is the usual one)."""

    FIDE = "fide"
    NATIONAL = "national"
    HIGHEST = "highest"

    def of(self, fide: int | None, national: int | None) -> int | None:
        """The rating this choice pairs a player by (None: unrated in both)."""
        if self is PairingRating.HIGHEST:
            return max((r for r in (fide, national) if r is not None), default=None)
        first, second = (national, fide) if self is PairingRating.NATIONAL else (fide, national)
        return first if first is not None else second

    def from_fide(self, fide: int | None, national: int | None, fide_id: int | None) -> bool:
        """Whether the pairing rating is (or, for an unrated player, would be) the FIDE
        rating: a rating the TD corrects for pairing goes there."""
        if fide is None and national is None:
            return fide_id is not None and self is not PairingRating.NATIONAL
        if fide is None or national is None:
            return fide is not None
        if self is PairingRating.HIGHEST:
            return fide >= national
        return self is PairingRating.FIDE

    @classmethod
    def parse(cls, typed: str) -> PairingRating:
        try:
            return cls(typed.strip().lower())
        except ValueError:
            raise ModelError("the pairing rating is {choices}, not '{value}'",
                             choices=", ".join(c.value for c in cls), value=typed[:20]) from None


def single_rating(rating: int | None, fide_id: int | None) -> tuple[int | None, int | None]:
    """(FIDE, national) of a rating that names no system: that of a club file from before
    members had two ratings, a list's plain `Rating` column, a JSON file without a FIDE
    rating. It is the FIDE rating for a player with a FIDE id, else the national one: a
    rating report takes the first, and pairing by FIDE (else national) pairs by it as before."""
    return (rating, None) if fide_id is not None else (None, rating)


KEYS = ("pairing_rating",)
"""The keys of `RatingChoice.changed` (`rochade tournament set pairing_rating=national`)."""


@dataclass(frozen=True)
class RatingChoice:
    """A tournament's choice of its pairing rating; a tournament from before the choice
    existed pairs by FIDE, else national (the one rating each member then had)."""

    pairing: PairingRating = PairingRating.FIDE

    def changed(self, key: str, typed: str) -> RatingChoice:
        if key != "pairing_rating":
            raise ModelError("unknown key {key}; the keys are {keys}", key=key,
                             keys=", ".join(KEYS))
        return RatingChoice(PairingRating.parse(typed))

    def text(self, key: str) -> str:
        return self.pairing.value

    def to_json(self) -> str:
        return json.dumps({"pairing": self.pairing.value})

    @classmethod
    def from_json(cls, text: str | None) -> RatingChoice:
        """The stored choice; none stored: by FIDE, else national."""
        if text is None:
            return cls()
        data = json.loads(text)
        value = data.get("pairing") if isinstance(data, dict) else None
        if not isinstance(value, str):
            raise ModelError("the tournament's rating choice record is damaged")
        return cls(PairingRating.parse(value))
