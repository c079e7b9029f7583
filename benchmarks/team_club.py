"""Team events run in a club file, the way a TD runs them, checked against gacrux.

    .venv/bin/python benchmarks/team_club.py -n 40 [--seed 1] [--model A|B|none|all]
        [--max-teams 40] [--budget 1800] [--workdir /dev/shm]

`play_event(seed, model, workdir)` makes a club file and runs a generated team Swiss through
rochade's own commands and use cases: `tournament create --system team-swiss`, the rosters
from `player import` of a list with a team column (reserves included), then round by round
`export-trf` before the round, `pair`, lineups in roster order (`set_lineup`), board results
by rating with forfeited boards, whole-match forfeits (`team forfeit`) and now and then a
team that withdraws (`team withdraw`); 8-40 teams, 4-6 boards, 5-9 rounds, odd fields with
byes, game points primary or the Baku acceleration in some events. Each round rochade paired
must then be what `pair-trf -p` pairs on the export made before it; gacrux's `pairingchecker
-m fideteam[-typeb|-nocolor] -c` must accept every round of the final export; and the
standings' team tie-breaks must equal gacrux's tie-break checker on it. One line per
discrepancy names the seed that replays it; a JSON summary ends the run.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner
from team_swiss import (
    MODELS,
    TIEBREAKS,
    _printed,
    compare_direct_encounter,
    gacrux_json,
    gacrux_tiebreaks,
    method,
)

from rochade.cli import main
from rochade.cli.pair_trf import pair_trf
from rochade.core.teams.model import ColourModel, TeamEvent
from rochade.service import ClubService, ServiceError

COLOURS = {ColourModel.TYPE_A: "A", ColourModel.TYPE_B: "B", ColourModel.NONE: "none"}


@dataclass
class Outcome:
    """One event's run: rounds paired and compared, tie-break values compared, findings."""

    seed: int
    teams: int
    boards: int
    rounds: int
    tiebreak_values: int
    problems: list[str]
    byes: int = 0
    forfeited_boards: int = 0
    match_forfeits: int = 0
    withdrawals: int = 0


def _cli(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    if result.exit_code != 0:
        raise ServiceError("rochade {args}: {output}", args=" ".join(args),
                           output=result.output.strip()[-300:])
    return result.output


def _roster_list(rng: random.Random, count: int, boards: int) -> str:
    strengths = sorted((rng.randint(1400, 2500) for _ in range(count)), reverse=True)
    lines = ["name,rating,team"]
    for number, strength in enumerate(strengths, start=1):
        size = boards + rng.randint(0, 2)
        ratings = sorted((strength + rng.randint(-150, 150) for _ in range(size)), reverse=True)
        lines.extend(f"Player {number}.{i},{r},Team {number:02d}"
                     for i, r in enumerate(ratings, start=1))
    return "\n".join(lines) + "\n"


def _result(rng: random.Random, white: int | None, black: int | None, forfeit: float) -> str:
    if rng.random() < forfeit:
        return rng.choice(["+/-", "-/+"])
    expected = 1 / (1 + 10 ** (((black or 0) - (white or 0)) / 400))
    roll = rng.random()
    if roll < expected - 0.15:
        return "1-0"
    if roll < expected + 0.15:
        return "1/2"
    return "0-1"


def _play_round(rng: random.Random, svc: ClubService, club: Path, number: int,
                forfeit_first: bool = False) -> None:
    """Lineups, then every board's result (or a whole-match forfeit; `forfeit_first`: the
    first match's home team does not turn up)."""
    event = svc.team_event().event
    rnd = event.rounds[number - 1]
    for index, match in enumerate(rnd.matches, start=1):
        for side in (match.home, match.away):
            team = event.team(side)
            if len(team.members) > event.boards and rng.random() < 0.5:
                places = sorted(rng.sample(range(1, len(team.members) + 1), event.boards))
                svc.set_lineup(number, index, team.name, [str(p) for p in places])
        whole = 0.0 if forfeit_first and index == 1 else rng.random()
        if whole < 0.04:
            loser = event.team(match.home if whole < 0.02 else match.away).name
            _cli("team", "forfeit", str(club), str(number), str(index), loser)
            continue
        match = svc.team_event().event.rounds[number - 1].matches[index - 1]
        rating = {m.id: m.rating for t in event.teams for m in t.members}
        for board_number, board in enumerate(match.boards, start=1):
            result = _result(rng, rating[board.white], rating[board.black],
                             0.05 if board_number > 1 else 0.0)
            svc.enter_board_result(number, f"{index}.{board_number}", result)


def _pairs_of_round(event: TeamEvent, number: int) -> list[list[int]]:
    """A round as pair-trf lists it, by the export's team numbers: [home, away], [bye, 0]."""
    rnd = event.rounds[number - 1]
    pairs = [[m.home, m.away] for m in rnd.matches]
    return pairs + ([[rnd.bye, 0]] if rnd.bye else [])


def _pair_trf(path: Path) -> list[list[int]]:
    words = CliRunner().invoke(pair_trf, [str(path), "-p"]).output.split()
    return [[int(a), int(b)] for a, b in zip(words[1::2], words[2::2], strict=True)]


def _event_in_club(seed: int, rng: random.Random, model: ColourModel, teams: tuple[int, int],
                   workdir: Path, every_case: bool) -> Outcome:
    club = workdir / f"team-{seed}.rochade"
    club.unlink(missing_ok=True)
    count = rng.randint(*teams)
    boards = rng.randint(4, 6)
    total = min(rng.randint(5, 9), count - 3)
    baku = rng.random() < 0.2
    primary = "GP" if not baku and rng.random() < 0.2 else "MP"
    _cli("init", str(club))
    create = ["tournament", "create", str(club), f"Generated {seed}", "--system", "team-swiss",
              "--rounds", str(total), "--boards", str(boards), "--colours", COLOURS[model],
              "--primary", primary, "--tiebreaks", ",".join(TIEBREAKS)]
    _cli(*create, *(["--baku"] if baku else []))
    roster = workdir / f"team-{seed}.csv"
    roster.write_text(_roster_list(rng, count, boards), encoding="utf-8")
    _cli("player", "import", str(club), str(roster))
    svc = ClubService(club)
    problems: list[str] = []
    for number in range(1, total + 1):
        event = svc.team_event().event
        still = [t for t in event.teams if t.plays(number)]
        gone = any(t.withdrawn_after is not None for t in event.teams)
        if number > 1 and len(still) > total + 2 and (
                rng.random() < 0.15 or (every_case and number == 3 and not gone)):
            _cli("team", "withdraw", str(club), rng.choice(still).name)
        before = workdir / f"team-{seed}-r{number}.trf"
        _cli("export-trf", str(club), str(before))
        _cli("pair", str(club))
        ours = _pairs_of_round(svc.team_event().event, number)
        theirs = _pair_trf(before)
        if sorted(theirs) != sorted(ours):
            problems.append(f"seed {seed} round {number}: pair-trf -p pairs {theirs}, "
                            f"rochade paired {ours}")
        _play_round(rng, svc, club, number, every_case and number == 2)
    whole = workdir / f"team-{seed}.trf"
    _cli("export-trf", str(club), str(whole))
    event = svc.team_event().event
    answer = gacrux_json(whole, "-m", method(event), "-c")
    if isinstance(answer, str):
        problems.append(f"seed {seed} gacrux -c: {answer}")
    else:
        for checked in answer["pairingResult"]["roundpairing"]:  # type: ignore[index]
            if not checked.get("check"):
                problems.append(f"seed {seed} round {checked['round']}: gacrux -c rejects the "
                                f"round rochade paired")
    values, wrong = _compare_tiebreaks(seed, svc, whole)
    boards_out = [b for r in event.rounds for m in r.matches for b in m.boards]
    forfeits = sum(1 for r in event.rounds for m in r.matches
                   if not m.played and any(b.result for b in m.boards))
    return Outcome(seed, count, boards, total, values, problems + wrong,
                   byes=sum(1 for r in event.rounds if r.bye),
                   forfeited_boards=sum(1 for b in boards_out if b.result and b.result.is_forfeit),
                   match_forfeits=forfeits,
                   withdrawals=sum(1 for t in event.teams if t.withdrawn_after is not None))


def _compare_tiebreaks(seed: int, svc: ClubService, path: Path) -> tuple[int, list[str]]:
    """The standings' tie-break columns against gacrux's tie-break checker; DE as the order
    it gives teams equal on the primary score."""
    view, codes, lines = svc.team_standings()
    theirs = gacrux_tiebreaks(path, TIEBREAKS)
    problems, compared = [], 0
    for line in lines:
        for code, value in zip(codes, line.values, strict=True):
            compared += 1
            if not _printed(value, theirs[line.team.number][code]):
                problems.append(f"seed {seed} {code} team {line.team.number}: rochade {value}, "
                                f"gacrux {theirs[line.team.number][code]}")
    encounters, differ = compare_direct_encounter(seed, view.event, path)
    return compared + encounters, problems + differ


def play_event(seed: int, model: ColourModel, workdir: Path,
               teams: tuple[int, int] = (8, 40), every_case: bool = False) -> Outcome:
    """One generated event from `seed`, run in a club file and checked (`every_case`: with a
    whole-match forfeit in round 2 and a withdrawal before round 3 whatever the draw). A
    small field can run out of legal pairings (C.04.6 art. 3.3.3: the arbiter decides); the
    event is then drawn again from the seed's next draw."""
    for attempt in range(20):
        rng = random.Random(seed if attempt == 0 else f"{seed}/{attempt}")
        try:
            return _event_in_club(seed, rng, model, teams, workdir, every_case)
        except ServiceError as exc:
            if "legal pairing" not in str(exc) and "C.04.6" not in str(exc):
                raise
    raise ServiceError("seed {seed}: every draw ran out of legal pairings", seed=seed)


def main_run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=40, help="events per colour model")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", choices=[*MODELS, "all"], default="all")
    parser.add_argument("--max-teams", type=int, default=40)
    parser.add_argument("--budget", type=float, default=1800.0, help="seconds")
    parser.add_argument("--workdir", help="folder for the club files (e.g. /dev/shm)")
    args = parser.parse_args()
    from rochade.store import club

    club.SYNCHRONOUS = "OFF"  # as the tests do: the same facts, only not safe from a power cut
    models = list(MODELS.values()) if args.model == "all" else [MODELS[args.model]]
    start = time.monotonic()
    events = rounds = values = 0
    counts = dict.fromkeys(("byes", "forfeited_boards", "match_forfeits", "withdrawals"), 0)
    problems: list[str] = []
    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp:
        for offset in range(args.n):
            for model in models:
                if time.monotonic() - start > args.budget:
                    break
                outcome = play_event(args.seed + offset, model, Path(tmp), (8, args.max_teams))
                events, rounds = events + 1, rounds + outcome.rounds
                values += outcome.tiebreak_values
                for key in counts:
                    counts[key] += getattr(outcome, key)
                for line in outcome.problems:
                    print(f"[{model.value}] {line}", flush=True)
                problems.extend(outcome.problems)
    print(json.dumps({"events": events, "rounds": rounds, "tiebreak_values": values,
                      **counts, "discrepancies": len(problems),
                      "seconds": round(time.monotonic() - start)}))


if __name__ == "__main__":
    main_run()
