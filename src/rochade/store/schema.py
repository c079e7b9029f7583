"""The club file's schema: migrations by `PRAGMA user_version` and the undo triggers.

A club file is marked by `PRAGMA application_id` so that rochade never mistakes (or damages)
another program's SQLite file. Each migration moves the schema one version up; an old file is
upgraded in one transaction when it is opened. Facts only: no table stores a score.
"""

from __future__ import annotations

import sqlite3

APPLICATION_ID = 0x526F6368  # "Roch"
"""Written into every club file's header; any other value means "not a rochade file"."""

FACT_TABLES = (
    "members", "tournaments", "entrants", "rounds", "games", "absences", "externals", "extras",
    "league_teams", "league_matches", "league_boards",
    "teams", "team_members", "team_rounds", "team_matches", "team_boards",
)
"""Tables whose every change is recorded for undo (the action log itself is not a fact)."""

_V1 = """
CREATE TABLE members (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    rating INTEGER,
    fide_id INTEGER
);
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    system TEXT NOT NULL,
    settings TEXT NOT NULL
);
CREATE TABLE entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    id INTEGER NOT NULL,
    member_id INTEGER NOT NULL REFERENCES members (id),
    rating INTEGER,
    status TEXT NOT NULL,
    PRIMARY KEY (tournament_id, id),
    UNIQUE (tournament_id, member_id)
);
CREATE TABLE rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    bye INTEGER,
    PRIMARY KEY (tournament_id, number),
    FOREIGN KEY (tournament_id, bye) REFERENCES entrants (tournament_id, id)
);
CREATE TABLE games (
    tournament_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL CHECK (board >= 1),
    white INTEGER NOT NULL,
    black INTEGER NOT NULL,
    result TEXT,
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number),
    FOREIGN KEY (tournament_id, white) REFERENCES entrants (tournament_id, id),
    FOREIGN KEY (tournament_id, black) REFERENCES entrants (tournament_id, id)
);
CREATE TABLE absences (
    tournament_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    player INTEGER NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, player),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number),
    FOREIGN KEY (tournament_id, player) REFERENCES entrants (tournament_id, id)
);
CREATE TABLE externals (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    player INTEGER NOT NULL,
    team INTEGER NOT NULL,
    board INTEGER NOT NULL,
    score TEXT NOT NULL,
    replaces_row INTEGER NOT NULL,
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number),
    FOREIGN KEY (tournament_id, player) REFERENCES entrants (tournament_id, id)
);
CREATE TABLE actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    who TEXT NOT NULL,
    kind TEXT NOT NULL,
    description TEXT NOT NULL,
    undone_by INTEGER REFERENCES actions (id)
);
CREATE TABLE undo_steps (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    action_id INTEGER NOT NULL REFERENCES actions (id),
    statement TEXT NOT NULL
);
CREATE INDEX undo_steps_by_action ON undo_steps (action_id, seq);
"""

# Version 2 keeps the pairing engine's explanation with each round, so that
# `rochade explain --round K` can say later why a round was paired as it was.
_V2 = """
ALTER TABLE rounds ADD COLUMN explanation TEXT NOT NULL DEFAULT '[]';
ALTER TABLE rounds ADD COLUMN paired_by TEXT NOT NULL DEFAULT 'auto';
"""

# Version 3 keeps what a foreign file says beyond rochade's facts (a TRF's header lines, its
# players' federation, title and birth date ...), so that exporting gives the file back.
_V3 = """
CREATE TABLE extras (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (tournament_id, kind)
);
"""

# Version 4 keeps settings that are not tournament facts (the web app's TD PIN hash and its
# session key): no undo trigger and no action log entry, since changing the PIN is no club
# decision. The web app of version 3 created the same table on first use, hence IF NOT EXISTS.
_V4 = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

# Version 5 makes undo per tournament and its log readable in every language: each action
# names its tournament (NULL: a club-wide change such as a member) and keeps its line as a
# message template with values (JSON, `description` keeps the English text); each undo step
# names the row it touches, so that undoing an older action can see whether a newer one
# touched the same rows. Old steps get their row from their statement (text values are blob
# literals there, so "WHERE rowid = " and "VALUES (" occur once, before any value). An old
# action gets the one tournament all its steps (members aside) belong to, else NULL: a step's
# tournament is in its statement (an update's or a delete's inverse names the row's values),
# else (an insert's inverse) in the next step of the same row, else in the row as it is now.
_V5 = """
ALTER TABLE actions ADD COLUMN tournament_id INTEGER;
ALTER TABLE actions ADD COLUMN message TEXT;
ALTER TABLE undo_steps ADD COLUMN row_table TEXT;
ALTER TABLE undo_steps ADD COLUMN row_id INTEGER;
UPDATE undo_steps SET
    row_table = substr(statement, instr(statement, '"') + 1,
                       instr(substr(statement, instr(statement, '"') + 1), '"') - 1),
    row_id = CASE WHEN statement LIKE 'INSERT%'
        THEN CAST(substr(statement, instr(statement, 'VALUES (') + 8) AS INTEGER)
        ELSE CAST(substr(statement, instr(statement, 'WHERE rowid = ') + 14) AS INTEGER) END;
CREATE INDEX undo_steps_by_row ON undo_steps (row_table, row_id);
CREATE TEMP TABLE v5_steps AS
    SELECT seq, action_id, row_table, row_id, CASE
        WHEN row_table = 'tournaments' THEN row_id
        WHEN statement LIKE 'UPDATE%' THEN CAST(substr(statement,
            instr(statement, '"tournament_id" = ') + 18) AS INTEGER)
        WHEN statement LIKE 'INSERT%' AND row_table = 'externals' THEN CAST(substr(
            substr(statement, instr(statement, 'VALUES (') + 8),
            instr(substr(statement, instr(statement, 'VALUES (') + 8), ', ') + 2
            + instr(substr(substr(statement, instr(statement, 'VALUES (') + 8),
                instr(substr(statement, instr(statement, 'VALUES (') + 8), ', ') + 2),
                ', ') + 1) AS INTEGER)
        WHEN statement LIKE 'INSERT%' THEN CAST(substr(
            substr(statement, instr(statement, 'VALUES (') + 8),
            instr(substr(statement, instr(statement, 'VALUES (') + 8), ', ') + 2) AS INTEGER)
    END AS t
    FROM undo_steps WHERE row_table != 'members';
CREATE INDEX temp.v5_steps_by_row ON v5_steps (row_table, row_id, seq);
UPDATE v5_steps SET t = coalesce(
    (SELECT later.t FROM v5_steps later
     WHERE later.row_table = v5_steps.row_table AND later.row_id = v5_steps.row_id
     AND later.seq > v5_steps.seq AND later.t IS NOT NULL ORDER BY later.seq LIMIT 1),
    CASE row_table
        WHEN 'entrants' THEN (SELECT tournament_id FROM entrants WHERE rowid = row_id)
        WHEN 'rounds' THEN (SELECT tournament_id FROM rounds WHERE rowid = row_id)
        WHEN 'games' THEN (SELECT tournament_id FROM games WHERE rowid = row_id)
        WHEN 'absences' THEN (SELECT tournament_id FROM absences WHERE rowid = row_id)
        WHEN 'externals' THEN (SELECT tournament_id FROM externals WHERE rowid = row_id)
        WHEN 'extras' THEN (SELECT tournament_id FROM extras WHERE rowid = row_id)
    END)
WHERE t IS NULL;
UPDATE actions SET tournament_id = (
    SELECT CASE WHEN count(*) > 0 AND count(t) = count(*) AND min(t) = max(t) THEN min(t) END
    FROM v5_steps WHERE v5_steps.action_id = actions.id
);
DROP TABLE temp.v5_steps;
"""

# Version 6 keeps each round's date (ISO, "2026-12-01"), for the pairing list's heading (seed
# 001's published lists); NULL for rounds stored before, which are shown without a date.
_ROUND_DATES = """
ALTER TABLE rounds ADD COLUMN date TEXT;
"""

# Version 7 keeps what a rating report says about a member beyond name, rating and FIDE id
# (rochade.core.fide.PlayerDetails); '' where not known, as for every member of older files.
_MEMBER_DETAILS = """
ALTER TABLE members ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN sex TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN federation TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN birth TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN club TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN national_id TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN national_kind TEXT NOT NULL DEFAULT '';
"""

# Version 8 keeps the K-factor a TD set for a member's rating changes ('' where not set: it
# follows from the rating and age, rochade.core.rating_change).
_K_FACTOR = """
ALTER TABLE members ADD COLUMN k TEXT NOT NULL DEFAULT '';
"""

# Version 9 keeps a mark of the file's state, renewed by every change (an undo and a restore
# too, `Club._transaction`): the public pages' version follows it (rochade.web.base
# `Web.last_change`). It followed the newest action's id before, which a restore brings back
# lower: the phones were told "unchanged" while they showed other facts. A random mark never
# names two states: a restore gets a new one, a backup put in place brings back the mark of
# the very facts it holds, and every other file has marks of its own. No fact: not undone,
# not restored, never in the action log.
_STATE_MARK = """
CREATE TABLE state (one INTEGER PRIMARY KEY CHECK (one = 1), mark TEXT NOT NULL);
INSERT INTO state (one, mark) VALUES (1, lower(hex(randomblob(16))));
"""

# Version 10 gives each member two ratings: `rating` is from now on the FIDE rating, and
# `national_rating` (digits, '' where none) in `national_system` (DWZ, KNSB ...; '' where not
# known) the national one (rochade.core.ratings). A member's one rating of an older file is
# read as FIDE's when the member has a FIDE id, else as the national one of an unknown system
# (`single_rating`): pairing by FIDE, else national, pairs by it as before. Each entrant keeps
# the FIDE rating its tournament holds (`fide_rating`, for the rating report) beside the
# rating it pairs by, the same where the member has a FIDE id. The undo triggers are dropped
# while a migration runs, so that this move is no part of the last action.
_TWO_RATINGS = """
ALTER TABLE members ADD COLUMN national_rating TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN national_system TEXT NOT NULL DEFAULT '';
ALTER TABLE entrants ADD COLUMN fide_rating INTEGER;
UPDATE entrants SET fide_rating = rating
    WHERE member_id IN (SELECT id FROM members WHERE fide_id IS NOT NULL);
UPDATE members SET national_rating = CAST(rating AS TEXT), rating = NULL
    WHERE fide_id IS NULL AND rating IS NOT NULL;
"""

OLD_ROW_RATINGS = {
    "members": ('"national_rating"', """UPDATE members SET
        national_rating = CASE WHEN fide_id IS NULL THEN coalesce(CAST(rating AS TEXT), '')
                          ELSE '' END,
        national_system = '',
        rating = CASE WHEN fide_id IS NULL THEN NULL ELSE rating END
        WHERE rowid = ?"""),
    "entrants": ('"fide_rating"', """UPDATE entrants SET fide_rating = CASE WHEN member_id IN
        (SELECT id FROM members WHERE fide_id IS NOT NULL) THEN rating END WHERE rowid = ?"""),
}
"""Per table: the column that undo steps from version 10 on name, and the statement that
moves the ratings of a row as `_TWO_RATINGS` moved them. An undo step recorded before the
upgrade names the one rating only: replayed as it is, a member's national rating would come
back into the FIDE column, beside the national rating the upgrade had moved there. Undo
(`Club._replay`) follows such a step by this statement, so the row comes back as the upgrade
would have made it of the old row."""

# Version 11 keeps the club's teams in an external league and their matches (rochade.core.league):
# a team's season and the Keizer competition and team number its games count for, each match
# once (date, opponent club, home or away) with who played which board in which colour and the
# board's result as the club's player scored it (NULL: not in yet). A Keizer competition's
# league games follow from these; none is stored as an external game.
_LEAGUE = """
CREATE TABLE league_teams (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    league TEXT NOT NULL DEFAULT '',
    season TEXT NOT NULL DEFAULT '',
    keizer_team INTEGER NOT NULL CHECK (keizer_team >= 1),
    tournament_id INTEGER REFERENCES tournaments (id),
    UNIQUE (name, season)
);
CREATE TABLE league_matches (
    id INTEGER PRIMARY KEY,
    team_id INTEGER NOT NULL REFERENCES league_teams (id),
    date TEXT NOT NULL,
    opponent TEXT NOT NULL CHECK (length(trim(opponent)) > 0),
    home INTEGER NOT NULL CHECK (home IN (0, 1))
);
CREATE TABLE league_boards (
    match_id INTEGER NOT NULL REFERENCES league_matches (id),
    board INTEGER NOT NULL CHECK (board >= 1),
    member_id INTEGER NOT NULL REFERENCES members (id),
    white INTEGER NOT NULL CHECK (white IN (0, 1)),
    result TEXT CHECK (result IN ('1', '1/2', '0', '+', '-')),
    PRIMARY KEY (match_id, board),
    UNIQUE (match_id, member_id)
);
"""

# Version 12 keeps team events (rochade.core.teams): a team tournament's teams with their
# roster in board order (the first places are the regular boards, the rest reserves; each
# member in one team of the event, with the rating the event pairs and ranks by), the round
# after which a team withdrew, each round's pairing-allocated bye and teams not paired, its
# matches (the home team has White on board 1) and each board's players and result (NULL: not
# in yet). Match and game points, standings and tie-breaks follow from these.
_TEAMS = """
CREATE TABLE teams (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    withdrawn_after INTEGER CHECK (withdrawn_after >= 0),
    PRIMARY KEY (tournament_id, number),
    UNIQUE (tournament_id, name)
);
CREATE TABLE team_members (
    tournament_id INTEGER NOT NULL,
    team INTEGER NOT NULL,
    place INTEGER NOT NULL CHECK (place >= 1),
    member_id INTEGER NOT NULL REFERENCES members (id),
    rating INTEGER,
    PRIMARY KEY (tournament_id, team, place),
    UNIQUE (tournament_id, member_id),
    FOREIGN KEY (tournament_id, team) REFERENCES teams (tournament_id, number)
);
CREATE TABLE team_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    bye INTEGER,
    absent TEXT NOT NULL DEFAULT '',
    explanation TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (tournament_id, number),
    FOREIGN KEY (tournament_id, bye) REFERENCES teams (tournament_id, number)
);
CREATE TABLE team_matches (
    tournament_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    number INTEGER NOT NULL CHECK (number >= 1),
    home INTEGER NOT NULL,
    away INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, number),
    FOREIGN KEY (tournament_id, round) REFERENCES team_rounds (tournament_id, number),
    FOREIGN KEY (tournament_id, home) REFERENCES teams (tournament_id, number),
    FOREIGN KEY (tournament_id, away) REFERENCES teams (tournament_id, number)
);
CREATE TABLE team_boards (
    tournament_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    match INTEGER NOT NULL,
    board INTEGER NOT NULL CHECK (board >= 1),
    white INTEGER NOT NULL REFERENCES members (id),
    black INTEGER NOT NULL REFERENCES members (id),
    result TEXT,
    PRIMARY KEY (tournament_id, round, match, board),
    FOREIGN KEY (tournament_id, round, match)
        REFERENCES team_matches (tournament_id, round, number)
);
"""

MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4, _V5, _ROUND_DATES, _MEMBER_DETAILS,
                               _K_FACTOR, _STATE_MARK, _TWO_RATINGS, _LEAGUE, _TEAMS)
"""MIGRATIONS[i] moves a file from schema version i to i + 1. Append only, never edit."""

SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
    """Apply the missing migrations up to `target`; the caller holds the transaction."""
    current = conn.execute("PRAGMA user_version").fetchone()[0]
    drop_undo_triggers(conn)  # a migration's own changes are no part of any action
    for version in range(current, target):
        for statement in _statements(MIGRATIONS[version]):
            conn.execute(statement)
    install_undo_triggers(conn)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {target}")


def _statements(script: str) -> list[str]:
    """Split a migration into statements (no migration has `;` inside a string)."""
    return [s.strip() for s in script.split(";") if s.strip()]


RENEW_MARK = "UPDATE state SET mark = lower(hex(randomblob(16)))"
"""Gives the file's state a new mark (`_STATE_MARK`): the last statement of every change."""


def install_undo_triggers(conn: sqlite3.Connection) -> None:
    """(Re)create, for every fact table, triggers that record each change's inverse statement.

    The inverse goes into `undo_steps` under the newest action (every change happens inside an
    action, see `Club.action`). Undo replays an action's steps newest first. Triggers are
    derived from the current columns, so they are rebuilt after every migration.
    """
    drop_undo_triggers(conn)
    steps = [row[1] for row in conn.execute('PRAGMA main.table_info("undo_steps")')]
    rows = "row_id" in steps  # version 5 on: each step names its row
    for table in FACT_TABLES:
        columns = [row[1] for row in conn.execute(f'PRAGMA main.table_info("{table}")')]
        if not columns:  # an older schema version, from before this table
            continue
        conn.execute(_trigger(table, "INSERT", _inverse_of_insert(table), "NEW", rows))
        changed = " OR ".join(f'OLD."{c}" IS NOT NEW."{c}"' for c in ("rowid", *columns))
        conn.execute(_trigger(table, "UPDATE", _inverse_of_update(table, columns), "NEW", rows,
                              f"WHEN {changed} " if rows else ""))
        conn.execute(_trigger(table, "DELETE", _inverse_of_delete(table, columns), "OLD", rows))


def drop_undo_triggers(conn: sqlite3.Connection) -> None:
    """Remove the undo triggers (to replace whole tables without recording it, as a restore
    does; `install_undo_triggers` puts them back)."""
    existing = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'undo_%'"
    ).fetchall()
    for (name,) in existing:
        conn.execute(f'DROP TRIGGER "{name}"')


def _trigger(
    table: str, event: str, inverse_sql: str, row: str, rows: bool, when: str = ""
) -> str:
    """The trigger recording `inverse_sql` (and, with `rows`, the table and rowid touched).

    From version 5 on, an update that changes nothing (a member's rating set to what it was)
    records nothing: it needs no undo, and it must not look as if it touched the row (which
    would keep an older change of that row from being undone)."""
    names, values = ("", "") if not rows else (", row_table, row_id", f", '{table}', {row}.rowid")
    return (
        f'CREATE TRIGGER "undo_{table}_{event.lower()}" AFTER {event} ON "{table}" {when}BEGIN '
        f"INSERT INTO undo_steps (action_id, statement{names}) "
        f"VALUES ((SELECT max(id) FROM actions), {inverse_sql}{values}); END"
    )


def _inverse_of_insert(table: str) -> str:
    return f"'DELETE FROM \"{table}\" WHERE rowid = ' || NEW.rowid"


def _inverse_of_update(table: str, columns: list[str]) -> str:
    assignments = " || ', ' || ".join(f"'\"{c}\" = ' || {_literal(c)}" for c in columns)
    return (
        f"'UPDATE \"{table}\" SET rowid = ' || OLD.rowid || ', ' || {assignments}"
        " || ' WHERE rowid = ' || NEW.rowid"
    )


def _inverse_of_delete(table: str, columns: list[str]) -> str:
    names = ", ".join(f'"{c}"' for c in columns)
    values = " || ', ' || ".join(_literal(c) for c in columns)
    return (
        f"'INSERT INTO \"{table}\" (rowid, {names}) VALUES (' || OLD.rowid || ', ' || "
        f"{values} || ')'"
    )


def _literal(column: str) -> str:
    """SQL that renders OLD.column as an exact SQL literal.

    `quote()` cuts text at a NUL character, so text goes through a blob literal instead.
    """
    old = f'OLD."{column}"'
    return (
        f"CASE typeof({old}) WHEN 'text' THEN 'CAST(' || quote(CAST({old} AS BLOB)) || ' AS TEXT)'"
        f" ELSE quote({old}) END"
    )
