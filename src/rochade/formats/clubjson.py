"""The whole club file as one JSON document: the backup format (`rochade backup-json`).

Members, every tournament (settings, players, rounds with their pairing notes, kept file
details) and the action log, nested the way a TD reads them. Ids are kept, so a restored club
file has the same facts under the same numbers. Reading is strict and names the field of the
first problem (`tournaments[0].rounds[2].games[1].white: ...`); the store then refuses any
reference that points nowhere. docs/formats.md describes the keys.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from rochade.core.fide import PlayerDetails
from rochade.core.jsonvalues import (
    FormatError,
    load_json,
    read_any_str,
    read_bool,
    read_enum,
    read_int,
    read_list,
    read_obj,
    read_opt_int,
    read_str,
)
from rochade.core.league import SCORES
from rochade.core.messages import (
    UnreadableData,
    message_data,
    message_from_data,
    message_of,
)
from rochade.core.model import Result, Status
from rochade.core.ratings import single_rating
from rochade.core.systems import find_system
from rochade.formats.trf_tournament import TrfExtras

FORMAT = "rochade-club/3"
_FORMAT_RE = re.compile(r"rochade-club/(\d+)")
_VERSION = 3
_DETAILS = tuple(f.name for f in dataclasses.fields(PlayerDetails))
"""The members' rating-report fields."""
"""Version 2 adds each action's `tournament` (null: club-wide) and `message` (the log line as
a template with values); a version-1 backup has neither (its lines are shown as they are).
Version 3 gives each member two ratings (`rating` is FIDE's, `national_rating` in
`national_system` the national one) and each player the FIDE rating their tournament holds
(`fide_rating`); an older backup's one rating is read as a club file of that time is
(`rochade.core.ratings.single_rating`)."""

Rows = dict[str, list[dict[str, Any]]]
"""Table name -> rows by column name, as `Club.dump` gives them and `Club.restore` takes."""


def _settings_text(value: object) -> str:
    """Settings or kept data as the club file holds them: keys in the backup's order, which
    is the file's own (not sorted: a second backup must be the same bytes, whatever order
    the data was stored in)."""
    return json.dumps(value, ensure_ascii=False)


def format_club(rows: Rows) -> str:
    """The backup document of a club file's rows (canonical: same rows, same bytes)."""
    by_tournament: dict[int, dict[str, Any]] = {}
    tournaments = []
    for t in rows["tournaments"]:
        out = {
            "id": t["id"],
            "name": t["name"],
            "system": t["system"],
            "settings": json.loads(t["settings"]),
            "players": [],
            "rounds": [],
            "extras": {},
        }
        by_tournament[t["id"]] = out
        tournaments.append(out)
    for e in rows["entrants"]:
        by_tournament[e["tournament_id"]]["players"].append(
            {"id": e["id"], "member": e["member_id"], "rating": e["rating"],
             "fide_rating": e["fide_rating"], "status": e["status"]})
    rounds: dict[tuple[int, int], dict[str, Any]] = {}
    for r in rows["rounds"]:
        out = {"number": r["number"], "bye": r["bye"], "paired_by": r["paired_by"],
               "date": r["date"], "explanation": json.loads(r["explanation"]), "games": [],
               "absent": [], "external": []}
        rounds[(r["tournament_id"], r["number"])] = out
        by_tournament[r["tournament_id"]]["rounds"].append(out)
    for g in rows["games"]:
        rounds[(g["tournament_id"], g["round"])]["games"].append(
            {"board": g["board"], "white": g["white"], "black": g["black"],
             "result": g["result"]})
    for a in rows["absences"]:
        rounds[(a["tournament_id"], a["round"])]["absent"].append(
            {"player": a["player"], "reason": a["reason"]})
    for x in rows["externals"]:
        rounds[(x["tournament_id"], x["round"])]["external"].append(
            {"id": x["id"], "player": x["player"], "team": x["team"], "board": x["board"],
             "score": x["score"], "replaces_row": bool(x["replaces_row"])})
    for x in rows["extras"]:
        by_tournament[x["tournament_id"]]["extras"][x["kind"]] = json.loads(x["data"])
    document = {
        "format": FORMAT,
        "members": rows["members"],
        "tournaments": tournaments,
        **_league(rows),
        **_teams(rows),
        "actions": [_action(a) for a in rows["actions"]],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _league(rows: Rows) -> dict[str, Any]:
    """The club's league teams and matches (schema 11), as the key `league`; none: no key,
    so the backup of a club without league teams is what it was before."""
    teams = rows.get("league_teams", [])
    if not teams:
        return {}
    boards: dict[int, list[dict[str, Any]]] = {}
    for b in rows.get("league_boards", []):
        boards.setdefault(b["match_id"], []).append(
            {"board": b["board"], "member": b["member_id"], "white": bool(b["white"]),
             "result": b["result"]})
    return {"league": {
        "teams": [{"id": t["id"], "name": t["name"], "league": t["league"],
                   "season": t["season"], "keizer_team": t["keizer_team"],
                   "tournament": t["tournament_id"]} for t in teams],
        "matches": [{"id": m["id"], "team": m["team_id"], "date": m["date"],
                     "opponent": m["opponent"], "home": bool(m["home"]),
                     "boards": boards.get(m["id"], [])}
                    for m in rows.get("league_matches", [])],
    }}


def _parse_league(value: object, rows: Rows) -> None:
    """The rows of the `league` key (`_league`)."""
    d = _fields(value, "league", {"teams": read_list, "matches": read_list})
    for i, t in enumerate(d["teams"]):
        row = _fields(t, f"league.teams[{i}]", {
            "id": _id, "name": read_str, "league": read_any_str, "season": read_any_str,
            "keizer_team": _id, "tournament": _opt_id})
        row["tournament_id"] = row.pop("tournament")
        rows["league_teams"].append(row)
    for i, m in enumerate(d["matches"]):
        where = f"league.matches[{i}]"
        row = _fields(m, where, {"id": _id, "team": _id, "date": read_str,
                                 "opponent": read_str, "home": read_bool, "boards": read_list})
        for j, b in enumerate(row.pop("boards")):
            board = _fields(b, f"{where}.boards[{j}]", {
                "board": _id, "member": _id, "white": read_bool, "result": _league_result},
                {"match_id": row["id"]})
            board["member_id"] = board.pop("member")
            board["white"] = int(board["white"])
            rows["league_boards"].append(board)
        row["team_id"] = row.pop("team")
        row["home"] = int(row["home"])
        rows["league_matches"].append(row)


def _league_result(value: object, where: str) -> str | None:
    if value is None:
        return None
    result = read_str(value, where)
    if result not in SCORES:
        raise FormatError("{where}: {value} is not one of {choices}", where=where,
                          value=repr(value), choices=", ".join(SCORES))
    return result


def _team_tables() -> dict[str, tuple[str, dict[str, Reader]]]:
    """The key `teams` (schema 12): its lists, the table each fills and the readers of a
    row's fields (`tournament` and `member` are the columns `tournament_id` and
    `member_id`)."""
    return {
        "teams": ("teams", {"tournament": _id, "number": _id, "name": read_str,
                            "withdrawn_after": _opt_count}),
        "members": ("team_members", {"tournament": _id, "team": _id, "place": _id,
                                     "member": _id, "rating": _rating}),
        "rounds": ("team_rounds", {"tournament": _id, "number": _id, "bye": _opt_id,
                                   "absent": read_any_str, "explanation": _explanation}),
        "matches": ("team_matches", {"tournament": _id, "round": _id, "number": _id,
                                     "home": _id, "away": _id}),
        "boards": ("team_boards", {"tournament": _id, "round": _id, "match": _id,
                                   "board": _id, "white": _id, "black": _id,
                                   "result": _result}),
    }


def _opt_count(value: object, where: str) -> int | None:
    return read_opt_int(value, where, 0)


_COLUMN = {"tournament": "tournament_id", "member": "member_id"}


def _teams(rows: Rows) -> dict[str, Any]:
    """The team events' rows, as the key `teams`; none: no key (a club file without team
    events backs up as before)."""
    if not rows.get("teams"):
        return {}
    out: dict[str, Any] = {}
    for key, (table, readers) in _team_tables().items():
        out[key] = [{name: row[_COLUMN.get(name, name)] for name in readers}
                    for row in rows.get(table, [])]
        if key == "rounds":
            for row in out[key]:
                row["explanation"] = json.loads(row["explanation"])
    return {"teams": out}


def _parse_teams(value: object, rows: Rows) -> None:
    """The rows of the `teams` key (`_teams`)."""
    d = _fields(value, "teams", dict.fromkeys(_team_tables(), read_list))
    for key, (table, readers) in _team_tables().items():
        for i, item in enumerate(d[key]):
            row = _fields(item, f"teams.{key}[{i}]", readers)
            if key == "rounds":
                row["explanation"] = json.dumps(row["explanation"], ensure_ascii=False)
            rows[table].append({_COLUMN.get(name, name): v for name, v in row.items()})


def parse_club(text: str) -> Rows:
    """The rows of a backup document; raises FormatError naming the field of a problem."""
    data = load_json(text)
    if not isinstance(data, dict) or "format" not in data:
        raise FormatError('not a rochade club backup (missing "format")')
    match = _FORMAT_RE.fullmatch(data["format"]) if isinstance(data["format"], str) else None
    if match is None:
        raise FormatError(
            "not a rochade club backup (format {format})",
            format=repr(data['format']),
        )
    if int(match[1]) > _VERSION:
        raise FormatError(
            "format {format} is newer than this rochade understands",
            format=data['format'],
        )
    d = read_obj(data, "file", ("format", "members", "tournaments", "league", "teams",
                                "actions"))
    rows: Rows = {name: [] for name in ("members", "tournaments", "entrants", "rounds", "games",
                                        "absences", "externals", "extras", "league_teams",
                                        "league_matches", "league_boards", "teams",
                                        "team_members", "team_rounds", "team_matches",
                                        "team_boards", "actions")}
    for i, m in enumerate(read_list(d.get("members", []), "members")):
        # rating-report data (schema 6 on): absent in older backups, '' there
        details = {key: "" for key in _DETAILS} | (m if isinstance(m, dict) else {})
        member = _fields(details, f"members[{i}]", {
            "id": _id, "name": read_str, "rating": _rating, "fide_id": _opt_id,
            **{key: read_any_str for key in _DETAILS}})
        if int(match[1]) < 3:
            fide, national = single_rating(member["rating"], member["fide_id"])
            member |= {"rating": fide, "national_rating": "" if national is None else str(
                national)}
        rows["members"].append(member)
    fide_ids = {m["id"]: m["fide_id"] for m in rows["members"]}
    for i, t in enumerate(read_list(d.get("tournaments", []), "tournaments")):
        _tournament(t, f"tournaments[{i}]", rows, fide_ids if int(match[1]) < 3 else None)
    if "league" in d:
        _parse_league(d["league"], rows)
    if "teams" in d:
        _parse_teams(d["teams"], rows)
    since_2 = {"tournament": _opt_id, "message": _log_line} if int(match[1]) >= 2 else {}
    for i, a in enumerate(read_list(d.get("actions", []), "actions")):
        row = _fields(a, f"actions[{i}]", {
            "id": _id, "at": read_str, "who": read_any_str, "kind": read_str,
            "description": read_any_str, "undone_by": _opt_id, **since_2})
        if since_2:
            row["tournament_id"] = row.pop("tournament")
            row["message"] = None if row["message"] is None else json.dumps(
                row["message"], ensure_ascii=False)
        rows["actions"].append(row)
    return rows


def _action(row: dict[str, Any]) -> dict[str, Any]:
    """An action-log row as the backup writes it (its message as an object, not JSON text)."""
    out = {k: v for k, v in row.items() if k not in ("tournament_id", "message")}
    out["tournament"] = row.get("tournament_id")
    out["message"] = None if row.get("message") is None else json.loads(row["message"])
    return out


def _log_line(value: object, where: str) -> object:
    """A log line's message: null, or what `message_data` writes (a template with its values),
    read by the log's own reader so that every value the log holds comes back; kept as
    `message_data` writes it again."""
    if value is None:
        return None
    try:
        data = message_data(message_from_data(value))
    except UnreadableData as exc:
        raise FormatError(
            "{where}: expected {expected}", where=where + exc.where, expected=exc.expected
        ) from None
    read_any_str(json.dumps(data, ensure_ascii=False), where)  # no lone surrogate anywhere in it
    return data


Reader = Callable[[object, str], object]


def _id(value: object, where: str) -> int:
    return read_int(value, where, 1)


def _opt_id(value: object, where: str) -> int | None:
    return read_opt_int(value, where, 1)


def _rating(value: object, where: str) -> int | None:
    return read_opt_int(value, where, 0)


def _status(value: object, where: str) -> str:
    return read_enum(value, where, Status).value


def _result(value: object, where: str) -> str | None:
    return None if value is None else read_enum(value, where, Result).value


def _fields(value: object, where: str, readers: dict[str, Reader],
            extra: Mapping[str, object] | None = None) -> dict[str, Any]:
    """An object with exactly these keys, each read by its reader (plus fixed `extra`)."""
    d = read_obj(value, where, readers)
    missing = [k for k in readers if k not in d]
    if missing:
        raise FormatError("{where}: missing {key}", where=where, key=repr(missing[0]))
    unknown = [k for k in d if k not in readers]
    if unknown:
        raise FormatError("{where}: unknown key {key}", where=where, key=repr(unknown[0]))
    return {**(extra or {}), **{k: read(d[k], f"{where}.{k}") for k, read in readers.items()}}


def _tournament(value: object, where: str, rows: Rows,
                fide_ids: Mapping[int, int | None] | None) -> None:
    """One tournament's rows; `fide_ids` (member -> FIDE id) for a backup from before the
    players' `fide_rating`, which their rating is then taken as where the member has one."""
    keys = ("id", "name", "system", "settings", "players", "rounds", "extras")
    d = read_obj(value, where, keys)
    for name in keys:
        if name not in d:
            raise FormatError("{where}: missing {name}", where=where, name=repr(name))
    tid = _id(d["id"], f"{where}.id")
    system = read_str(d["system"], f"{where}.system")
    find_system(system).from_dict(d["settings"], f"{where}.settings")
    rows["tournaments"].append({"id": tid, "name": read_str(d["name"], f"{where}.name"),
                                "system": system, "settings": _settings_text(d["settings"])})
    key = {"tournament_id": tid}
    for i, e in enumerate(read_list(d["players"], f"{where}.players")):
        fide_rating = {"fide_rating": _rating} if fide_ids is None else {}
        row = _fields(e, f"{where}.players[{i}]", {
            "id": _id, "member": _id, "rating": _rating, **fide_rating, "status": _status}, key)
        row["member_id"] = row.pop("member")
        if fide_ids is not None:
            row["fide_rating"] = single_rating(row["rating"], fide_ids.get(row["member_id"]))[0]
        rows["entrants"].append(row)
    for i, r in enumerate(read_list(d["rounds"], f"{where}.rounds")):
        _round(r, f"{where}.rounds[{i}]", tid, rows)
    for kind, data in read_obj(d["extras"], f"{where}.extras").items():
        text = _settings_text(data)
        if kind == "trf":
            try:
                TrfExtras.from_json(text)
            except FormatError as exc:
                raise FormatError(
                    "{where}.extras.trf: {exc}",
                    where=where,
                    exc=message_of(exc),
                ) from None
        rows["extras"].append({**key, "kind": kind, "data": text})


def _round(value: object, where: str, tid: int, rows: Rows) -> None:
    readers: dict[str, Reader] = {"number": _id, "bye": _opt_id, "paired_by": read_str,
                                  "explanation": _explanation, "games": read_list,
                                  "absent": read_list, "external": read_list}
    date = value.get("date") if isinstance(value, dict) else None  # since schema version 6
    if date is not None and not isinstance(date, str):
        raise FormatError("{where}.date: expected a string", where=where)
    if isinstance(value, dict):
        value = {key: v for key, v in value.items() if key != "date"}
    r = _fields(value, where, readers, {"tournament_id": tid, "date": date})
    number = r["number"]
    key = {"tournament_id": tid, "round": number}
    for i, g in enumerate(r.pop("games")):
        rows["games"].append(_fields(g, f"{where}.games[{i}]", {
            "board": _id, "white": _id, "black": _id, "result": _result}, key))
    for i, a in enumerate(r.pop("absent")):
        rows["absences"].append(_fields(a, f"{where}.absent[{i}]", {
            "player": _id, "reason": read_str}, key))
    for i, x in enumerate(r.pop("external")):
        row = _fields(x, f"{where}.external[{i}]", {
            "id": _id, "player": _id, "team": _id, "board": _id, "score": read_str,
            "replaces_row": read_bool}, key)
        row["replaces_row"] = int(row["replaces_row"])
        rows["externals"].append(row)
    r["explanation"] = json.dumps(r["explanation"], ensure_ascii=False)
    rows["rounds"].append(r)


def _explanation(value: object, where: str) -> list[object]:
    """The pairing's lines: text (older files), or each as a log line's message."""
    return [read_any_str(line, f"{where}[{i}]") if isinstance(line, str)
            else _log_line(line, f"{where}[{i}]") for i, line in enumerate(read_list(value, where))]


__all__ = ["FORMAT", "Rows", "format_club", "parse_club"]
