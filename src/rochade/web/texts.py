"""Words the pages show for values of the model (statuses, reasons, presets, settings).

Marked with `N_` so that the message extraction finds them; the templates translate them
when they render (the `label` filter, `preset_help`, `setting_help`).
"""

from __future__ import annotations


def N_(text: str) -> str:
    return text


LABELS = {
    "present": N_("present"),
    "excused": N_("excused"),
    "unexcused": N_("unexcused"),
    "club_duty": N_("club duty"),
    "withdrawn": N_("withdrawn"),
    "preregistered": N_("preregistered"),
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
}

PRESET_HELP = {
    "classic": N_("values from 3× down to 1×, absences score a share of the own value"),
    "kfc": N_("the rules of KeizerForClubs, to continue a season started there"),
    "dutch-club": N_("top value 70, rematches only after 6 rounds, colours kept balanced"),
}

SETTING_HELP = {
    "top_value": (N_("Top value"), N_("Value of rank 1; the others step down by 1.")),
    "ratio": (N_("First-to-last ratio"), N_("How many times more rank 1 is worth than the last.")),
    "step": (N_("Value step"), N_("Difference in value between two neighbouring ranks.")),
    "rematch_gap": (
        N_("Rounds before a rematch"),
        N_("Two players meet again only after this many rounds."),
    ),
    "max_meetings": (N_("Meetings at most"), N_("How often two players may meet in a season.")),
    "max_colour_difference": (
        N_("Colour difference at most"),
        N_("Whites minus blacks a player may have."),
    ),
    "max_same_colour_run": (
        N_("Same colour in a row at most"),
        N_("Longest run of one colour for a player."),
    ),
}
