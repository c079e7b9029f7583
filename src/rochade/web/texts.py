"""Words the pages show for values of the model (statuses, reasons, presets, choices).

Marked with `N_` so that the message extraction finds them; the templates translate them
when they render (the `label` filter, `preset_help`). The settings' own names and
explanations live with the settings (`rochade.service.tournament_settings`).
"""

from __future__ import annotations

from rochade.core.model import STATUSES


def N_(text: str) -> str:
    return text


LABELS = {
    **STATUSES,
    "bye": N_("bye"),
    "late_start": N_("late start"),
    "half_point_bye": N_("half-point bye"),
    "zero_point_bye": N_("zero-point bye"),
    "external": N_("team match"),
    "win": N_("win"),
    "draw": N_("draw"),
    "loss": N_("loss"),
    "forfeit win": N_("forfeit win"),
    "forfeit loss": N_("forfeit loss"),
    # choices of the settings (rochade.service.tournament_settings)
    "yes": N_("yes"),
    "no": N_("no"),
    "fixed": N_("fixed top value"),
    "ratio": N_("ratio first to last"),
    "kfc_old": N_("older KeizerForClubs"),
    "normalised": N_("normalised (first = ratio, last = 1)"),
    "per_round": N_("per round, with the values after it"),
    "frozen": N_("frozen, with the values before it"),
    "fixed_point": N_("all rounds with the final values"),
    "lower_ranked_white": N_("lower-ranked player has white"),
    "seeded_random": N_("by lot"),
    "balance": N_("lower whites minus blacks"),
    "fewer_whites": N_("fewer whites"),
    "end": N_("at the end"),
    "none": N_("none"),
    "baku": N_("Baku"),
    "dutch": N_("Dutch system"),
    "random": N_("by lot"),
    "lot": N_("by lot"),
    "rating": N_("by rating"),
}

PRESET_HELP = {
    "classic": N_("values from 3× down to 1×, absences score a share of the own value"),
    "kfc": N_("the rules of KeizerForClubs, to continue a season started there"),
    "dutch-club": N_("top value 70, rematches only after 6 rounds, colours kept balanced"),
    "german-club": N_("first about three times the last (7 to 2 for 6 players), an evening "
                      "away a draw against oneself reduced by 2/3, white to whoever had it "
                      "less often"),
}
