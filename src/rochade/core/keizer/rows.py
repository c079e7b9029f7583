"""The shape of every scoring row: which value it is priced on and with what factor.

A row's shape depends only on the facts and the settings, never on the values, so it is
worked out once and then priced by every recomputation pass (spec/keizer.md sections 3 and 6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from rochade.core.keizer.settings import KeizerSettings
from rochade.core.messages import N_, Message, Said
from rochade.core.model import (
    Absence,
    ExternalGame,
    ModelError,
    Outcome,
    PlayerId,
    Reason,
    Result,
    Round,
    Tournament,
)

CONSTANT = -1
"""`Shape.target` of a row whose basis is fixed (an external game), not a ranking value."""

_ZERO = Fraction(0)


class Shape(NamedTuple):
    """One row of an active entrant, with its credit rule `value(target) * factor`.

    `target` is the index of the active entrant whose value is the basis (the opponent, or the
    player themself for non-game rows and games against withdrawn entrants), or CONSTANT with
    the fixed `basis` of an external game. A NamedTuple: there are thousands of them.
    """

    round: int
    kind: str
    target: int
    factor: Fraction
    basis: Fraction = _ZERO
    opponent: PlayerId | None = None
    colour: str | None = None
    outcome: Outcome | None = None
    reason: str | None = None
    note: str = ""


def ordinal(m: int) -> Message:
    """1st, 2nd, 3rd, 4th ... (each language writes its own: 2., 2e). The first has a
    template of its own: French writes 1re ("1re fois", the noun of the absence notes is
    feminine) but 21e, where English writes 1st and 21st alike."""
    if m == 1:
        return Message(N_("{first}st"), {"first": m})
    if 10 <= m % 100 <= 20:
        return Message(N_("{n}th"), {"n": m})
    suffix = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}.get(m % 10, N_("{n}th"))
    return Message(suffix, {"n": m})


class ShapeBuilder:
    """Turns the rows of the active entrants into Shapes, counting absences for caps/halving.

    Rounds must be fed in order: the m-th absence with a reason is counted per season, or per
    period when the settings have periods.
    """

    def __init__(
        self,
        tournament: Tournament,
        settings: KeizerSettings,
        index: Mapping[PlayerId, int],
        ladder: Sequence[Fraction],
    ) -> None:
        self._tournament = tournament
        self._settings = settings
        self._index = index
        self._ladder = ladder  # the values of ranks 1..n: team boards priced by the ladder
        self._counts: dict[tuple[int, PlayerId, str], int] = {}
        # One Fraction object per outcome, shared by every row: pricing caches on identity.
        shares = {
            Outcome.WIN: settings.win_factor,
            Outcome.FORFEIT_WIN: settings.win_factor,
            Outcome.DRAW: settings.draw_factor,
            Outcome.LOSS: settings.loss_factor,
            Outcome.FORFEIT_LOSS: _ZERO,
        }
        withdrawn = settings.fraction("withdrawn")
        withdrawn_shares = {o: withdrawn * f for o, f in shares.items()}
        self._withdrawn_note = Said("opponent withdrawn: {share} of own value",
                                    share=str(withdrawn))
        self._by_result: dict[tuple[Result, str], tuple[Outcome, Fraction, Fraction, str]] = {}
        for result in Result:
            note = Said("double forfeit") if result is Result.DOUBLE_FORFEIT else ""
            for colour in ("w", "b"):
                outcome = result.outcome(colour == "w")
                self._by_result[result, colour] = (
                    outcome,
                    shares[outcome],
                    withdrawn_shares[outcome],
                    note,
                )

    def round_shapes(self, rnd: Round) -> list[tuple[int, Shape]]:
        """(active index, shape) for every row of `rnd` that belongs to an active entrant."""
        out: list[tuple[int, Shape]] = []
        index = self._index
        for game in rnd.games:
            for player, opponent, colour in (
                (game.white, game.black, "w"),
                (game.black, game.white, "b"),
            ):
                me = index.get(player)
                if me is None:
                    self._check_known(rnd.number, player)
                else:
                    out.append((me, self._game(rnd.number, game.result, me, opponent, colour)))
        for absence in rnd.absences:
            self._check_known(rnd.number, absence.player)
            if absence.player in index:
                out.append((index[absence.player], self._absence(rnd.number, absence)))
        if rnd.bye is not None:
            self._check_known(rnd.number, rnd.bye)
            if rnd.bye in index:
                bye = Absence(rnd.bye, Reason.BYE.value)
                out.append((index[rnd.bye], self._absence(rnd.number, bye)))
        for ext in rnd.externals:
            self._check_known(rnd.number, ext.player)
            if ext.player in index:
                out.append((index[ext.player], self._external(rnd.number, ext)))
        return out

    def _check_known(self, number: int, player: PlayerId) -> None:
        """Rows naming an unknown id are an error, never silently worth nothing."""
        if not self._tournament.has_entrant(player):
            raise ModelError("round {round}: unknown player id {id}", round=number, id=player)

    def _game(
        self, number: int, result: Result | None, me: int, opponent: PlayerId, colour: str
    ) -> Shape:
        opp_index = self._index.get(opponent)
        if opp_index is None:
            self._check_known(number, opponent)
        if result is None:
            target = me if opp_index is None else opp_index
            return Shape(
                number, "game", target, _ZERO, _ZERO, opponent, colour, None, None, "not played yet"
            )
        outcome, share, withdrawn_share, note = self._by_result[result, colour]
        if opp_index is None:
            return Shape(
                number,
                "game",
                me,
                withdrawn_share,
                _ZERO,
                opponent,
                colour,
                outcome,
                "withdrawn",
                note or self._withdrawn_note,
            )
        return Shape(number, "game", opp_index, share, _ZERO, opponent, colour, outcome, None, note)

    def _absence(self, number: int, absence: Absence) -> Shape:
        s = self._settings
        reason = absence.reason
        try:
            factor = s.fraction(reason)
        except ModelError:
            name = self._tournament.entrant(absence.player).name
            known = ", ".join(sorted(s.fractions))
            raise ModelError(
                "round {round}: {name} is absent for '{reason}', which has no share set "
                "(known reasons: {known})",
                round=number,
                name=name,
                reason=reason,
                known=known,
            ) from None
        # the part of the season by its first round, as the meetings limit counts it: rounds
        # before the first period are a part of their own
        key = (s.period_start(number), absence.player, reason)
        m = self._counts.get(key, 0) + 1
        self._counts[key] = m
        note = ""
        cap = s.caps.get(reason)
        word = Message(reason.replace("_", " "))  # the reasons rochade knows are translated
        if cap is not None and m > cap:
            factor = _ZERO
            note = Said("{nth} {reason}, over the limit of {cap}: no credit", nth=ordinal(m),
                        reason=word, cap=cap)
        elif reason in s.halving and m > 1:
            factor = factor / 2 ** (m - 1)
            note = Said("{nth} {reason}: share divided by {divisor}", nth=ordinal(m),
                        reason=word, divisor=2 ** (m - 1))
        kind = "bye" if reason == Reason.BYE.value else "absence"
        return Shape(number, kind, self._index[absence.player], factor, reason=reason, note=note)

    def _external(self, number: int, ext: ExternalGame) -> Shape:
        s = self._settings
        if ext.team in s.team_values:
            basis = s.team_values[ext.team] - (ext.board - 1) * s.board_step
        elif ext.team in s.team_shares:
            rank = min(ext.board, len(self._ladder))  # a board below the last rank: the last
            basis = s.team_shares[ext.team] * self._ladder[rank - 1]
        else:
            name = self._tournament.entrant(ext.player).name
            raise ModelError(
                "round {round}: {name} played for team {team}, which has no board value set",
                round=number,
                name=name,
                team=ext.team,
            )
        note = (
            Said("team {team} board {board}", team=ext.team, board=ext.board)
            if ext.replaces_row
            else Said("team {team} board {board}, in addition to the evening's row",
                      team=ext.team, board=ext.board)
        )
        return Shape(
            number,
            "external",
            CONSTANT,
            ext.score,
            basis=basis,
            reason=Reason.EXTERNAL.value,
            note=note,
        )
