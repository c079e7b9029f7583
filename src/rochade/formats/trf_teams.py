"""TRF26 team events: the team records, written and read.

A team file is a TRF file whose players' 001 lines hold the board games (opponent = the
other player) and whose teams are `310` records (TPN, name, match and game points, the
roster in board order). The rules travel in `192` (`FIDE_TEAM_TYPEA_MP_GP` and its
siblings), `352` (the board colours of the team with White on board 1: `WBWB...`), `362`
(match points for a won, drawn, lost match), `320` (what the pairing-allocated bye gives,
and to whom, round by round), `240` (teams not paired in a round) and `250` (virtual match
points of an acceleration). Files with the TRF16 team record `013` are read as well.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rochade.core.teams.model import (
    Board,
    ColourModel,
    Member,
    Primary,
    Team,
    TeamEvent,
    TeamMatch,
    TeamRound,
    TeamScoring,
    TeamSystem,
    round_results,
)
from rochade.core.teams.state import baku_points
from rochade.core.teams.swiss import NoTeamPairing, TeamPairing, pair_team_round
from rochade.formats.trf_lines import (
    RESULT_CODES,
    TrfEntry,
    TrfError,
    TrfPlayer,
    format_player,
    line_error,
    parse_player,
    points_error,
)

_TEAM_TAGS = re.compile(r"013|310")

_RESULT_OF = {codes: result for result, codes in RESULT_CODES.items()}


def is_team_file(text: str) -> bool:
    """Whether the TRF text describes a team event (it has `310` or `013` records)."""
    return any(_TEAM_TAGS.fullmatch(line[:3]) for line in re.split(r"\r\n|\r|\n", text))


_ROUND_ROBIN_CODES = {TeamSystem.ROUND_ROBIN: "FIDE_ROUNDROBIN",
                      TeamSystem.DOUBLE_ROUND_ROBIN: "FIDE_DOUBLEROUNDROBIN"}


def team_code(event: TeamEvent) -> str:
    """The `192` code of the event's pairing rules (ETT26)."""
    if event.system in _ROUND_ROBIN_CODES:
        return _ROUND_ROBIN_CODES[event.system]
    parts = ["FIDE_TEAM"]
    if event.colour_model is ColourModel.TYPE_A:
        parts.append("TYPEA")
    elif event.colour_model is ColourModel.TYPE_B:
        parts.append("TYPEB")
    scores = ["MP", "GP"] if event.primary is Primary.MATCH_POINTS else ["GP", "MP"]
    parts.extend(scores if event.secondary_used else scores[:1])
    if event.baku:
        parts.append("BAKU")
    return "_".join(parts)


def rules_of_code(code: str) -> dict[str, Any]:
    """The rules a `192` team code states (the inverse of `team_code`)."""
    for system, name in _ROUND_ROBIN_CODES.items():
        if code.strip().upper() == name:
            return {"system": system}
    tokens = code.strip().upper().split("_")
    if tokens[:2] != ["FIDE", "TEAM"]:
        raise TrfError("{code} is not a FIDE team code", code=code)
    rest = tokens[2:]
    baku = "BAKU" in rest
    rest = [t for t in rest if t != "BAKU"]
    model = ColourModel.NONE
    if rest and rest[0] in ("TYPEA", "TYPEB"):
        model = ColourModel.TYPE_A if rest.pop(0) == "TYPEA" else ColourModel.TYPE_B
    elif not rest:
        model = ColourModel.TYPE_A  # FIDE_TEAM alone: type A, MP then GP
    primary = Primary.GAME_POINTS if rest[:1] == ["GP"] else Primary.MATCH_POINTS
    return {"colour_model": model, "primary": primary,
            "secondary_used": len(rest) != 1, "baku": baku, "system": TeamSystem.SWISS}


def _points(value: Fraction, width: int) -> str:
    return f"{float(value):{width}.1f}"


def _tenths(value: Fraction) -> int:
    return int(value * 10)


def format_team_event(event: TeamEvent, rounds: int | None = None,
                      absent_next: Iterable[int] = ()) -> str:
    """The event as a TRF26 team file with its first `rounds` rounds (all by default).

    `absent_next` are teams not to pair in the round after them (a `240` record), so the
    file can be handed to a pairing program for that round."""
    kept = event.rounds[: len(event.rounds) if rounds is None else rounds]
    cut = replace(event, rounds=kept)
    results = round_results(cut)
    lines = [
        f"012 {event.name}",
        f"142 {event.total_rounds}",
        f"152 {event.initial_colour}",
        f"192 {team_code(event)}",
        "352 " + "".join("WB"[i % 2] for i in range(event.boards)),
        f"362 TW{_points(event.scoring.win, 4)}   TD{_points(event.scoring.draw, 4)}"
        f"   TL{_points(event.scoring.loss, 4)}",
    ]
    bye_mp, bye_gp = event.scoring.bye_points(event.boards)
    lines.append(f"320 {_points(bye_mp, 4)} {_points(bye_gp, 4)}"
                 + "".join(f" {rnd.bye:3d}" if rnd.bye else "    " for rnd in kept).rstrip())
    absences: list[tuple[int, list[int]]] = [
        (rnd.number, sorted(set(rnd.absent) | {t.number for t in event.teams
                                                if not t.plays(rnd.number)}))
        for rnd in kept
    ]
    following = len(kept) + 1
    if following <= event.total_rounds:
        absences.append((following, sorted(set(absent_next) | {
            t.number for t in event.teams if not t.plays(following)})))
    for number, teams in absences:
        if teams:
            lines.append(f"240 Z {number:3d} " + " ".join(f"{t:4d}" for t in teams))
    if event.baku:
        lines.extend(_acceleration_records(event))
    lines.extend(format_player(p) for p in _players(event, kept))
    for team in event.teams:
        mp = sum((r.match_points for r in results[team.number]), Fraction(0))
        gp = sum((r.game_points for r in results[team.number]), Fraction(0))
        ids = " ".join(f"{m.id:4d}" for m in team.members)
        lines.append(f"310 {team.number:3d} {team.name:<32.32} {'':5} {'':6} "
                     f"{_points(mp, 6)} {_points(gp, 6)} {'':3}  {ids}".rstrip())
    return "\n".join(lines) + "\n"


def _acceleration_records(event: TeamEvent) -> list[str]:
    """`250` records: one per run of rounds with the same virtual points for group A."""
    records: list[str] = []
    group = [t.number for t in event.teams if baku_points(event, t.number, 1)]
    if not group:
        return records
    runs: list[tuple[Fraction, int, int]] = []
    for rnd in range(1, event.total_rounds + 1):
        value = baku_points(event, group[0], rnd)
        if not value:
            continue
        if runs and runs[-1][0] == value and runs[-1][2] == rnd - 1:
            runs[-1] = (value, runs[-1][1], rnd)
        else:
            runs.append((value, rnd, rnd))
    for value, first, last in runs:
        records.append(f"250 {_points(value, 4)} {0.0:4.1f} {first:3d} {last:3d} "
                       f"{min(group):4d} {max(group):4d}")
    return records


def _players(event: TeamEvent, rounds: Iterable[TeamRound]) -> list[TrfPlayer]:
    entries: dict[int, list[TrfEntry | None]] = {
        m.id: [] for team in event.teams for m in team.members}
    points: dict[int, Fraction] = dict.fromkeys(entries, Fraction(0))
    for rnd in rounds:
        for match in rnd.matches:
            for board in match.boards:
                if board.result is None:
                    continue
                chars = RESULT_CODES[board.result]
                entries[board.white].append(TrfEntry(board.black, "w", chars[0]))
                entries[board.black].append(TrfEntry(board.white, "b", chars[1]))
                points[board.white] += board.result.points(True)
                points[board.black] += board.result.points(False)
        for row in entries.values():
            if len(row) < rnd.number:
                row.append(None)
    players = []
    for team in event.teams:
        for member in team.members:
            players.append(TrfPlayer(
                tpn=member.id, name=member.name, rating=member.rating or 0,
                points=_tenths(points[member.id]), entries=tuple(entries[member.id])))
    return sorted(players, key=lambda p: p.tpn)


def parse_team_event(text: str, name: str = "") -> TeamEvent:
    """Read a TRF team file (TRF26 `310` or TRF16 `013` teams). Raises TrfError."""
    players: dict[int, TrfPlayer] = {}
    teams: list[Team] = []
    members_of: list[tuple[int, str, list[int]]] = []
    boards = 0
    total = 0
    initial = "W"
    code = "FIDE_TEAM_TYPEA_MP_GP"
    scoring = TeamScoring()
    byes: dict[int, int] = {}
    absent: dict[int, set[int]] = {}
    title = name
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        tag = line[:3]
        try:
            if tag == "001":
                player = parse_player(line)
                players[player.tpn] = player
            elif tag == "012" and not name:
                title = line[4:].strip()
            elif tag == "142":
                total = int(line[4:].strip())
            elif tag == "152":
                initial = line[4:].strip().upper()[:1] or "W"
            elif tag == "192":
                code = line[4:].strip()
            elif tag == "352":
                boards = len(line[4:].strip())
            elif tag == "362":
                values = {kind: Fraction(points) for kind, points in
                          re.findall(r"T([WDL])\s*(\d+(?:\.\d+)?)", line[4:])}
                scoring = TeamScoring(values.get("W", Fraction(2)), values.get("D", Fraction(1)),
                                      values.get("L", Fraction(0)), scoring.bye_game_points)
            elif tag == "320":
                scoring = TeamScoring(scoring.win, scoring.draw, scoring.loss,
                                      Fraction(line[9:13].strip() or "0"))
                for rnd, pos in enumerate(range(14, len(line), 4), start=1):
                    if line[pos:pos + 3].strip():
                        byes[rnd] = int(line[pos:pos + 3])
            elif tag == "240":
                rnd = int(line[6:9])
                absent.setdefault(rnd, set()).update(int(t) for t in line[10:].split())
            elif tag == "310":
                ids = [int(t) for t in line[73:].split()]
                members_of.append((int(line[4:7]), line[8:40].strip(), ids))
            elif tag == "013":
                ids = [int(t) for t in line[36:].split()]
                members_of.append((len(members_of) + 1, line[4:36].strip(), ids))
        except (ValueError, ArithmeticError) as exc:
            line_error(number, tag, exc)
    if not members_of:
        raise TrfError("the file has no team records (310 or 013)")
    for tpn, team_name, ids in members_of:
        missing = [i for i in ids if i not in players]
        if missing:
            raise TrfError("team {team} lists player {player}, who has no 001 line",
                           team=team_name, player=missing[0])
        teams.append(Team(tpn, team_name, tuple(
            Member(i, players[i].name, players[i].rating or None) for i in ids)))
    _check_points(players)
    team_of = {m.id: t.number for t in teams for m in t.members}
    place = {m.id: i for t in teams for i, m in enumerate(t.members)}
    played_rounds = max((len(p.entries) for p in players.values()), default=0)
    if not boards:
        boards = max((len(t.members) for t in teams), default=1)
    rounds = []
    for rnd in range(1, played_rounds + 1):
        games: dict[tuple[int, int], list[tuple[int, int, str, str]]] = {}
        for pid, player in players.items():
            entry = player.entries[rnd - 1] if rnd <= len(player.entries) else None
            if entry is None or not entry.opponent or entry.colour != "w":
                continue
            opponent = players[entry.opponent]
            other = opponent.entries[rnd - 1]
            a, b = sorted((team_of[pid], team_of[entry.opponent]))
            games.setdefault((a, b), []).append(
                (pid, entry.opponent, entry.result, other.result if other else "-"))
        matches = []
        for (a, b), rows in sorted(games.items()):
            rows.sort(key=lambda r: min(place[r[0]], place[r[1]]))
            first = min(rows, key=lambda r: place[r[0]] if team_of[r[0]] == a else place[r[1]])
            home = team_of[first[0]]
            away = b if home == a else a
            rows.sort(key=lambda r: place[r[0]] if team_of[r[0]] == home else place[r[1]])
            board_values = []
            for white, black, wres, bres in rows:
                result = _RESULT_OF.get((_norm(wres), _norm(bres)))
                if result is None:
                    raise TrfError("round {round}: the results of players {white} and {black} "
                                   "do not fit together", round=rnd, white=white, black=black)
                board_values.append(Board(white, black, result))
            matches.append(TeamMatch(home, away, tuple(board_values)))
        rounds.append(TeamRound(rnd, tuple(matches), byes.get(rnd),
                                tuple(sorted(absent.get(rnd, set())))))
    event = TeamEvent(
        name=title, teams=tuple(teams), boards=boards, total_rounds=max(total, played_rounds),
        rounds=tuple(rounds), scoring=scoring, initial_colour=initial,
    )
    return replace(event, **rules_of_code(code))


def _check_points(players: dict[int, TrfPlayer]) -> None:
    """A file whose points column contradicts its games is refused (as the individual
    reader refuses it)."""
    worth = {"1": 10, "+": 10, "W": 10, "=": 5, "D": 5}
    for player in players.values():
        results = sum(worth.get(e.result, 0) for e in player.entries if e is not None)
        if player.points != results:
            raise points_error(player.tpn, player.points, results)


def _norm(result: str) -> str:
    return {"W": "1", "L": "0", "D": "="}.get(result, result)


def absent_in(text: str, round_number: int) -> tuple[int, ...]:
    """Teams a file's `240` records keep out of a round."""
    teams: set[int] = set()
    for line in re.split(r"\r\n|\r|\n", text):
        if line[:3] == "240" and line[6:9].strip() and int(line[6:9]) == round_number:
            teams.update(int(t) for t in line[10:].split())
    return tuple(sorted(teams))


def _played_teams(rnd: TeamRound) -> list[int]:
    teams = [t for match in rnd.matches for t in (match.home, match.away)]
    return sorted(teams + ([rnd.bye] if rnd.bye else []))


def format_team_pairing(pairing: TeamPairing) -> str:
    """The engine protocol's answer: the number of lines, then `home away` per match (the
    home team has White on board 1) and `bye 0` for the pairing-allocated bye."""
    rows = [f"{home} {away}" for home, away in pairing.matches]
    rows += [f"{pairing.bye} 0"] if pairing.bye else []
    return "\n".join([str(len(rows)), *rows]) + "\n"


def explain_team_pairing(pairing: TeamPairing) -> list[str]:
    """Why the round came out so: each bracket's residents and upfloaters (C.04.6 art.
    3.5) and each match's colour rule (art. 4.3)."""
    lines = []
    for trace in pairing.brackets:
        ups = ", ".join(map(str, trace.upfloaters)) or "none"
        lines.append(
            f"bracket {trace.score}: teams {', '.join(map(str, trace.residents))}, "
            f"upfloaters {ups} ([C6] {'met' if trace.c6 else 'not met'}, [C7] {trace.c7}); "
            + ", ".join(f"{a}-{b}" for a, b in trace.pairs))
    for (home, away), rule in zip(pairing.matches, pairing.colour_rules, strict=True):
        lines.append(f"{home}-{away}: colours by art. {rule}")
    if pairing.bye:
        lines.append(f"bye {pairing.bye}: art. 3.4 (lowest score, most matches, largest TPN)")
    return lines


def pair_team_file(text: str) -> TeamPairing:
    """Pair the round after the last one a team file records. Raises TrfError on a file
    that cannot be read, NoTeamPairing when no legal pairing exists."""
    event = parse_team_event(text)
    number = len(event.rounds) + 1
    if number > event.total_rounds:
        raise TrfError("the file records all its {rounds} rounds; there is none to pair",
                       rounds=event.total_rounds)
    kept_out = set(absent_in(text, number))
    return pair_team_round(event, number, [t.number for t in event.teams
                                           if t.number not in kept_out])


def check_team_file(text: str) -> tuple[list[str], int]:
    """Re-pair every recorded round of a team file from the rounds before it: the report
    lines and the number of rounds that differ."""
    event = parse_team_event(text)
    lines, differ = [], 0
    for rnd in event.rounds:
        before = replace(event, rounds=event.rounds[: rnd.number - 1])
        recorded = sorted((m.home, m.away) for m in rnd.matches)
        try:
            pairing = pair_team_round(before, rnd.number, _played_teams(rnd))
        except NoTeamPairing:
            lines.append(f"round {rnd.number}: no valid pairing exists, but the file pairs it")
            differ += 1
            continue
        if sorted(pairing.matches) != recorded or pairing.bye != rnd.bye:
            differ += 1
            lines.append(f"round {rnd.number}: the recorded pairing differs from the engine's")
            lines.append("  recorded: " + _shown(recorded, rnd.bye))
            lines.append("  engine:   " + _shown(sorted(pairing.matches), pairing.bye))
    lines.append(f"{len(event.rounds)} rounds checked, {differ} differ")
    return lines, differ


def _shown(matches: Iterable[tuple[int, int]], bye: int | None) -> str:
    return ", ".join(f"{a}-{b}" for a, b in matches) + (f", bye {bye}" if bye else "")


def team_pairing_text(text: str) -> tuple[str | None, list[str]]:
    """`pair-trf -p` on a team file: the engine protocol's answer and the explanation, or
    None and the reason when no legal pairing exists. Raises TrfError on a bad file."""
    try:
        pairing = pair_team_file(text)
    except NoTeamPairing as exc:
        return None, [str(exc)]
    return format_team_pairing(pairing), explain_team_pairing(pairing)
