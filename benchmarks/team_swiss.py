"""Team Swiss (C.04.6) against gacrux: generated events, every round compared.

    .venv/bin/python benchmarks/team_swiss.py -n 30 [--seed 1] [--model A|B|none|all]
        [--max-teams 40] [--budget 1800]

`generated_event(seed, model)` plays a whole event with rochade's C.04.6 engine: 8-40
teams, 4-6 boards, 5-9 rounds, random lineups in roster order, results by rating, forfeited
boards, whole-match forfeits, now and then a team that withdraws, the Baku acceleration in
one event of five and game points as the primary score in some others. Each round is then
compared three ways: gacrux's `pairingchecker -m fideteam[-typeb|-nocolor] -p` on rochade's
TRF26 export of the rounds before it must pair the round rochade paired; `rochade pair-trf
-p` on that export likewise; and gacrux's `-c` on the whole event's export must accept every
round. The team tie-breaks (`TIEBREAKS` and DE, on match points or on game points as the
event says) must equal gacrux's tie-break checker on the same export. One line per
discrepancy names the seed that replays it; a JSON summary ends the run.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from rochade.cli.pair_trf import pair_trf
from rochade.core.teams.generator import Played, generated_event
from rochade.core.teams.model import (
    ColourModel,
    Primary,
    TeamEvent,
)
from rochade.core.teams.swiss import TeamPairing
from rochade.core.teams.tiebreaks import team_tiebreak
from rochade.formats.trf_teams import format_team_event
from rochade.service.rtg import gacrux_run

METHODS = {ColourModel.TYPE_A: "fideteam", ColourModel.TYPE_B: "fideteam-typeb",
           ColourModel.NONE: "fideteam-nocolor"}


def gacrux_json(path: Path, *args: str) -> dict[str, object] | str:
    """gacrux's pairing checker on FILE: its JSON answer, or the reason it failed."""
    printed = gacrux_run("pairingchecker", ["-i", str(path), *args])
    try:
        answer: dict[str, object] = json.loads(printed)
    except ValueError:
        return "gacrux printed no JSON: " + printed[-300:]
    return answer


def rochade_pairs(pairing: TeamPairing) -> list[list[int]]:
    """A round as gacrux lists it: [white, black] per match, then [bye, 0]."""
    pairs = [list(match) for match in pairing.matches]
    return pairs + ([[pairing.bye, 0]] if pairing.bye else [])


def method(event: TeamEvent) -> str:
    """gacrux's `-m` for the event: the colour model, then the scores (`-m fideteam` alone
    would make match points primary and game points secondary whatever the file says)."""
    scores = ["mp", "gp"] if event.primary is Primary.MATCH_POINTS else ["gp", "mp"]
    named = scores if event.secondary_used else scores[:1]
    return METHODS[event.colour_model] + "-" + "+".join(named)


def compare_event(played: Played, workdir: Path) -> tuple[int, list[str]]:
    """Rounds compared and the discrepancies of one event."""
    event = played.event
    problems: list[str] = []
    for pairing in played.pairings:
        number = pairing.round
        before = workdir / f"{played.seed}-r{number}.trf"
        before.write_text(format_team_event(event, number - 1))
        answer = gacrux_json(before, "-m", method(event), "-p", "-n", str(number))
        if isinstance(answer, str):
            problems.append(f"seed {played.seed} round {number} gacrux -p: {answer}")
            continue
        theirs = answer["pairingResult"]["pairs"]  # type: ignore[index]
        ours = rochade_pairs(pairing)
        if sorted(map(list, theirs)) != sorted(ours):
            problems.append(f"seed {played.seed} round {number} gacrux -p pairs {theirs}, "
                            f"rochade {ours}")
        answer_lines = CliRunner().invoke(pair_trf, [str(before), "-p"]).output.split()
        cli = [[int(a), int(b)] for a, b in zip(answer_lines[1::2], answer_lines[2::2],
                                                strict=True)]
        if sorted(cli) != sorted(ours):
            problems.append(f"seed {played.seed} round {number} pair-trf -p pairs {cli}, "
                            f"the engine {ours}")
    whole = workdir / f"{played.seed}.trf"
    whole.write_text(format_team_event(event))
    checked = CliRunner().invoke(pair_trf, [str(whole), "-c"])
    if checked.exit_code != 0:
        problems.append(f"seed {played.seed} pair-trf -c: {checked.output.strip()}")
    answer = gacrux_json(whole, "-m", method(event), "-c")
    if isinstance(answer, str):
        problems.append(f"seed {played.seed} gacrux -c: {answer}")
    else:
        for checked in answer["pairingResult"]["roundpairing"]:  # type: ignore[index]
            if not checked.get("check"):
                problems.append(f"seed {played.seed} round {checked['round']} gacrux -c "
                                f"rejects the round rochade paired")
    return len(played.pairings), problems


TIEBREAKS = ("MPTS", "GPTS", "BH", "BH/C1", "BH/M1", "SB", "SB/C1", "WON", "WIN", "PS", "AOB",
             "BPG", "BWG", "STD", "REP", "KS")
"""The team tie-breaks compared with gacrux's tie-break checker (DE gets a run of its own:
gacrux gives it as a place among the teams still tied)."""
def gacrux_tiebreaks(path: Path, codes: Sequence[str]) -> dict[int, dict[str, str]]:
    """`python -m gacrux.tiebreakchecker -i FILE -s -t CODES`: values per team."""
    printed = gacrux_run("tiebreakchecker", ["-i", str(path), "-s", "-t", *codes, "-F", "TXT",
                                             "-d", ";"])
    head, *rows = (line.split(";") for line in printed.strip().splitlines())
    return {int(row[0]): dict(zip(head, row, strict=True)) for row in rows}


def _printed(ours: Fraction, printed: str) -> bool:
    """Equal, or equal to the decimals gacrux printed (half a unit of its last place)."""
    places = len(printed.partition(".")[2])
    return abs(ours - Fraction(printed)) * 2 * 10**places <= 1


def compare_tiebreaks(played: Played, workdir: Path) -> tuple[int, list[str]]:
    """Values compared and the discrepancies of one event's team tie-breaks."""
    event = played.event
    path = workdir / f"{played.seed}-tb.trf"
    path.write_text(format_team_event(event))
    theirs = gacrux_tiebreaks(path, TIEBREAKS)
    problems, compared = [], 0
    for code in TIEBREAKS:
        for team, value in team_tiebreak(event, code).items():
            compared += 1
            if not _printed(value, theirs[team][code]):
                problems.append(f"seed {played.seed} {code} team {team}: rochade {value}, "
                                f"gacrux {theirs[team][code]}")
    encounters, differ = compare_direct_encounter(played.seed, event, path)
    return compared + encounters, problems + differ


def compare_direct_encounter(seed: int, event: TeamEvent, path: Path) -> tuple[int, list[str]]:
    """DE as the order it gives teams equal on the primary score (gacrux prints places, not
    values): pairs compared and the discrepancies."""
    primary = "MPTS" if event.primary is Primary.MATCH_POINTS else "GPTS"
    places = {team: Fraction(row["DE"]) for team, row in
              gacrux_tiebreaks(path, (primary, "DE")).items()}
    ours = team_tiebreak(event, "DE")
    points = team_tiebreak(event, primary)
    compared, problems = 0, []
    for a in ours:
        for b in ours:
            if a < b and points[a] == points[b]:
                compared += 1
                if (ours[a] > ours[b]) - (ours[a] < ours[b]) != (
                        (places[a] > places[b]) - (places[a] < places[b])):
                    problems.append(f"seed {seed} DE teams {a}/{b}: rochade "
                                    f"{ours[a]}/{ours[b]}, gacrux {places[a]}/{places[b]}")
    return compared, problems


MODELS = {"A": ColourModel.TYPE_A, "B": ColourModel.TYPE_B, "none": ColourModel.NONE}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=30, help="events per colour model")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", choices=[*MODELS, "all"], default="all")
    parser.add_argument("--max-teams", type=int, default=40)
    parser.add_argument("--budget", type=float, default=1800.0, help="seconds")
    args = parser.parse_args()
    models = list(MODELS.values()) if args.model == "all" else [MODELS[args.model]]
    start = time.monotonic()
    events = rounds = tiebreak_values = 0
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for offset in range(args.n):
            for model in models:
                if time.monotonic() - start > args.budget:
                    break
                seed = args.seed + offset
                played = generated_event(seed, model, (8, args.max_teams))
                count, found = compare_event(played, Path(tmp))
                events, rounds = events + 1, rounds + count
                values, wrong = compare_tiebreaks(played, Path(tmp))
                tiebreak_values += values
                found = found + wrong
                for line in found:
                    print(f"[{model.value}] {line}", flush=True)
                problems.extend(found)
    print(json.dumps({"events": events, "rounds": rounds, "tiebreak_values": tiebreak_values,
                      "discrepancies": len(problems),
                      "seconds": round(time.monotonic() - start)}))


if __name__ == "__main__":
    main()
