"""Real TRF files written by other programs (tests/data/trf_real, sources in its README).

Every file is imported, exported, read back, checked and ranked without a crash, and the
three commands that read TRF (`import-trf`, `standings FILE.trf`, `pair-trf`) agree on the
rounds played, the byes and the start numbers. Files of kinds rochade does not support yet
are refused by name by all three.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rochade.cli import main
from rochade.core.tiebreaks import Kind
from rochade.formats.trf import TrfError, decode_trf, load_trf, recorded_pairing, rounds_recorded
from rochade.formats.trf_standings import trf_crosstable
from rochade.formats.trf_tournament import read_trf_tournament, write_trf_tournament
from rochade.service.errors import ServiceError
from rochade.service.system_cases import trf_standings

CORPUS = Path(__file__).parent.parent / "data" / "trf_real"
FILES = sorted(CORPUS.glob("*.trf"))
UNSUPPORTED = {  # file -> what the refusal names
    "sharly_bbp_team_240_bye.trf": "team tournaments are not supported yet",
    "sharly_bbp_team_utf8_names.trf": "team tournaments are not supported yet",
    "sharly_bbp_indiv_299_bonus.trf": "record 299",
}
READ = [f for f in FILES if f.name not in UNSUPPORTED]
BYE_KINDS = {"full_point_bye": Kind.FPB, "half_point_bye": Kind.HPB}


def check(path: Path, *options: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["pair-trf", str(path), "-c", *options])
    return result.exit_code, result.stdout, result.stderr


def test_the_corpus_is_small_and_every_file_has_its_source_named() -> None:
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    assert len(FILES) >= 15
    for path in FILES:
        assert path.stat().st_size < 16_000, path.name
        assert f"`{path.name}`" in readme, f"{path.name} has no source in the README"


@pytest.mark.parametrize("path", READ, ids=lambda p: p.name)
def test_imported_exported_and_read_back(path: Path) -> None:
    t, extras = read_trf_tournament(decode_trf(path.read_bytes()))
    again, _ = read_trf_tournament(write_trf_tournament(t, extras))
    assert again.rounds == t.rounds and again.entrants == t.entrants


@pytest.mark.parametrize("path", READ, ids=lambda p: p.name)
def test_checked_and_ranked(path: Path) -> None:
    code, out, err = check(path)
    rounds = rounds_recorded(load_trf(path.read_bytes()))
    match = re.search(r"(\d+) rounds checked, (\d+) differ", out)
    assert match is not None, err
    assert int(match[1]) == rounds and code == (1 if int(match[2]) else 0)
    standings = trf_standings(path, None)
    assert standings.after_round == rounds and len(standings.lines) == len(load_trf(
        path.read_bytes()).players)


@pytest.mark.parametrize("path", READ, ids=lambda p: p.name)
def test_three_readers_agree(path: Path) -> None:
    """Rounds, byes (pairing-allocated, full and half point) and start numbers per round."""
    raw = path.read_bytes()
    t, _ = read_trf_tournament(decode_trf(raw))
    trf = load_trf(raw)
    table = trf_crosstable(trf)
    played = rounds_recorded(trf)
    assert len(t.rounds) == played
    assert {len(p.rounds) for p in table.players} == {played}
    assert [e.id for e in t.entrants] == [p.id for p in table.players] == [
        p.tpn for p in trf.players]
    for rnd in t.rounds:
        imported = {a.player: BYE_KINDS[a.reason] for a in rnd.absences
                    if a.reason in BYE_KINDS}
        if rnd.bye is not None:
            imported[rnd.bye] = Kind.PAB
        ranked = {p.id: p.rounds[rnd.number - 1].kind for p in table.players
                  if p.rounds[rnd.number - 1].kind in (Kind.PAB, Kind.FPB, Kind.HPB)}
        assert imported == ranked, f"round {rnd.number}"
        assert recorded_pairing(trf, rnd.number)[1] == rnd.bye
        paired = {frozenset(pair) for pair in recorded_pairing(trf, rnd.number)[0]}
        assert {frozenset((g.white, g.black)) for g in rnd.games} == paired


@pytest.mark.parametrize("name", sorted(UNSUPPORTED))
def test_unsupported_kinds_are_refused_by_name_everywhere(name: str) -> None:
    path = CORPUS / name
    with pytest.raises(TrfError, match=UNSUPPORTED[name]):
        read_trf_tournament(decode_trf(path.read_bytes()))
    with pytest.raises(ServiceError, match=UNSUPPORTED[name]):
        trf_standings(path, None)
    code, out, err = check(path)
    if name.startswith("sharly_bbp_team"):  # pair-trf reads team files (the C.04.6 team Swiss)
        assert code in (0, 1) and "rounds checked" in out, err
        return
    assert code == 2 and out == "" and UNSUPPORTED[name] in err
