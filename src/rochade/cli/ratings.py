"""`rochade ratings`: what a downloaded rating list changes, shown first and written with
`--apply`."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import club_argument, echo_rating_sources, service
from rochade.service.players import EntrantRating, RatingReport
from rochade.service.rating_lists import (
    LIST_FORMATS,
    RATING_KINDS,
    RatingUpdate,
    list_rating_sources,
    open_rating_list,
    rating_entries,
)


@click.command()
@club_argument
@click.argument("listfile", metavar="LIST", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--list-format", "fmt", type=click.Choice(LIST_FORMATS), default="auto",
              show_default=True, help="FIDE XML, FIDE TXT or a national CSV list.")  # fmt: skip
@click.option("--kind", type=click.Choice(RATING_KINDS), default="standard", show_default=True)
@click.option("--rating-column", metavar="HEADER", help="CSV: which rating column (e.g. DWZ).")
@click.option("-t", "--tournament", metavar="NAME", help="Only this tournament's players.")
@click.option("--apply", is_flag=True,
              help="Write the changes (after a backup; `rochade undo` takes them back).")
@click.option("--take-list-data", "take_list", is_flag=True,
              help="Where the list's title, sex, federation, birth or K differ from the club's, "
              "take the list's (without it the club's stay and the differences are listed).")
def ratings(
    club: Path,
    who: str | None,
    listfile: Path,
    fmt: str,
    kind: str,
    rating_column: str | None,
    tournament: str | None,
    apply: bool,
    take_list: bool,
) -> None:
    """Update ratings from a rating list: shows the changes, --apply writes them.

    Members are matched by FIDE id, else national id (of a known kind: a DSB Mgl-Nr only
    with its club's ZPS), else a name found exactly once (a name found several times is
    listed and left alone); an entry with another birth year or sex than the member is
    someone else and is left alone. A FIDE list changes the FIDE rating, a national list
    the national rating (DWZ, KNSB ...; an Elo column the FIDE one): neither overwrites the
    other. A FIDE id a member lacks is added; so are the title, sex, federation, birth and
    K-factor the list gives where the member has none. Where the club has another value
    than the list, the club's stays and the difference is listed (--take-list-data takes
    the list's).
    Tournaments not started yet take the new ratings (the one each pairs by, and the FIDE
    one); tournaments under way keep the ratings they were paired with. LIST may be FIDE's
    XML or TXT list (also as the downloaded .zip) or a national list as CSV.
    """
    with open_rating_list(listfile) as stream:
        echo_rating_sources(list_rating_sources(stream, fmt, kind, rating_column))
        entries = rating_entries(stream, fmt, kind, rating_column)
        report = service(club, who).update_ratings(entries, tournament, apply, take_list)
    for line in _report_lines(report, take_list):
        click.echo(line)


def _change(u: RatingUpdate) -> str:
    def shown(value: int | None) -> str:
        return "none" if value is None else str(value)

    parts = []
    if "rating" in u.changes:
        old = "unrated" if u.player.rating is None else str(u.player.rating)
        parts.append(f"FIDE rating {old} -> {shown(u.rating)}")
    if "national rating" in u.changes:
        old = u.player.details.national_text or "unrated"
        parts.append(f"national rating {old} -> {u.details.national_text or 'none'}")
    if "FIDE id" in u.changes:
        parts.append(f"FIDE id {shown(u.player.fide_id)} -> {shown(u.fide_id)}")
    parts += [f"{key} {getattr(u.player.details, key) or 'none'} -> {getattr(u.details, key)}"
              for key in u.filled]
    return f"  {u.player.name}: {', '.join(parts)} (matched by {u.matched_by})"


def _refused(u: RatingUpdate) -> str:
    said = ", ".join(f"{'birth year' if key == 'birth' else key} {ours} (the list: {listed})"
                     for key, ours, listed in u.differences)
    return f"  {u.player.name}: {said} (matched by {u.matched_by} as {u.listed_as})"


def _differences(u: RatingUpdate) -> str:
    said = ", ".join(f"{key} {ours} (the list: {listed})" for key, ours, listed in u.differences)
    return f"  {u.player.name}: {said}"


def _by_tournament(rows: tuple[EntrantRating, ...], new: bool) -> str:
    groups: dict[str, list[str]] = {}
    for r in rows:
        old = "unrated" if r.enrolment.rating is None else str(r.enrolment.rating)
        if new and r.new == r.enrolment.rating:  # only the FIDE rating its report carries
            fide = "unrated" if r.enrolment.fide_rating is None else r.enrolment.fide_rating
            groups.setdefault(r.enrolment.tournament, []).append(
                f"{r.name} FIDE {fide} -> {r.fide}")
            continue
        groups.setdefault(r.enrolment.tournament, []).append(
            f"{r.name} {old} -> {r.new}" if new else f"{r.name} {old}")
    return "; ".join(f"{name} ({', '.join(players)})" for name, players in groups.items())


def _report_lines(report: RatingReport, take_list: bool) -> list[str]:
    match = report.match
    lines = []
    if match.updates:
        verb = "changed" if report.applied else "would change"
        lines.append(f"{len(match.updates)} player(s) {verb}:")
        lines += [_change(u) for u in match.updates]
    else:
        lines.append("Nothing would change.")
    if report.entrants:
        lines.append("Tournaments not started yet take the new ratings: "
                     f"{_by_tournament(report.entrants, True)}.")
    if report.kept:
        lines.append("Tournaments under way keep the ratings they were paired with: "
                     f"{_by_tournament(report.kept, False)}.")
    if match.unchanged:
        lines.append(f"Unchanged: {len(match.unchanged)}.")
    if match.differing:
        taken = "taken" if report.applied else "to be taken"
        lines.append("The list says otherwise than the club, " + (
            f"the list's values {taken}:" if take_list
            else "the club's values kept (--take-list-data takes the list's):"))
        lines += [_differences(u) for u in match.differing]
    if match.refused:
        lines.append("Someone else, left alone (another birth year or sex than the member):")
        lines += [_refused(u) for u in match.refused]
    lines += [f"Ambiguous, left alone: {p.name} ({'; '.join(candidates)})."
              for p, candidates in match.ambiguous]
    if match.unrated:
        lines.append("Listed without a rating, rating kept: "
                     + ", ".join(p.name for p in match.unrated) + ".")
    if match.not_found:
        lines.append("Not in the list: " + ", ".join(p.name for p in match.not_found) + ".")
    if match.updates and not report.applied:
        lines.append("Nothing is written yet: run again with --apply to write these changes.")
    elif report.applied:
        lines.append("Written after a backup; `rochade undo` takes the update back.")
    return lines


COMMANDS = (ratings,)
