"""`rochade rtg`: random tournaments per system, every round checked by rochade's checker
and by the oracles installed (gacrux is, in the test environment); a discrepancy names its
seed, keeps its file and sets the exit code; a new system is one registry entry."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from rochade.cli import main
from rochade.service import rtg
from rochade.service.rtg import GACRUX, ROCHADE, Checked, RtgEvent, Tools


def invoke(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["rtg", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


def test_dutch_and_team_events_pass_rochade_and_gacrux() -> None:
    code, out, err = invoke("--system", "dutch", "--system", "teams", "-n", 2, "--seed", 5,
                            "--max-players", 24)
    assert "dutch: checked by rochade, gacrux" in err and "teams: checked by rochade, gacrux" in err
    assert code == 0, out + err
    assert "dutch: 2 events" in out and "teams: 2 events" in out
    assert out.count("gacrux: 0 rounds differ") == 2 and out.count("rochade: 0 rounds differ") == 2
    assert out.rstrip().splitlines()[-1].startswith("0 discrepancies in")


def test_burstein_events_pass_rochades_burstein_checker() -> None:
    code, out, _ = invoke("--system", "burstein", "-n", 3, "--max-players", 20, "--no-oracles")
    assert code == 0, out
    assert "burstein: 3 events" in out and "rochade: 0 rounds differ" in out


def test_json_summary_counts_events_rounds_and_checkers() -> None:
    code, out, _ = invoke("--system", "dutch", "-n", 3, "--max-players", 16, "--no-oracles",
                          "--json")
    assert code == 0
    summary = json.loads(out)
    (dutch,) = summary["systems"]
    assert dutch["checkers"] == ["rochade"] and dutch["events"] + dutch["dropped"] == 3
    assert dutch["rounds"] >= 5 * dutch["events"] and summary["discrepancies"] == 0


def test_a_seed_gives_the_same_event_and_accelerations_come_up() -> None:
    dutch = rtg.RTG_SYSTEMS["dutch"]
    events = [dutch.generate(seed, 30) for seed in range(1, 13)]
    assert dutch.generate(3, 30) == events[2]
    labels = [e.label for e in events if e is not None]
    assert any(", Baku" in label for label in labels), labels
    assert any(", virtual points" in label for label in labels), labels
    accelerated = next(e for e in events if e is not None and "virtual points" in e.label)
    assert "\n250 " in accelerated.trf and "_BAKU" not in accelerated.trf


@dataclass
class Broken:
    """A system whose generator writes a round the engine pairs otherwise: the Dutch event
    of the seed with the colours of a game of round 1 swapped."""

    name: str = "broken"
    oracles: tuple[str, ...] = (GACRUX,)

    def generate(self, seed: int, max_players: int) -> RtgEvent | None:
        event = rtg.DutchRtg().generate(seed, max_players)
        assert event is not None
        lines = event.trf.splitlines()
        rows = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001")}
        first = next(i for i in rows.values() if lines[i][91:95].strip() not in ("", "0000"))
        second = rows[int(lines[first][91:95])]
        for i in (first, second):
            flipped = {"w": "b", "b": "w"}[lines[i][96]]
            lines[i] = lines[i][:96] + flipped + lines[i][97:]
        return RtgEvent(seed, "crossed", "\n".join(lines) + "\n")

    def check(self, event: RtgEvent, path: Path, checker: str, tools: Tools) -> Checked:
        if checker == ROCHADE:
            return rtg.rochade_check(path)
        return Checked(1, failed="no such oracle here")


def test_a_discrepancy_names_its_seed_keeps_the_file_and_fails(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(rtg.RTG_SYSTEMS, "broken", Broken())
    run = rtg.run_rtg(["broken"], 1, seed=7, max_players=12, tools=Tools(gacrux=True),
                      keep=tmp_path / "kept")
    (found,) = run.systems
    assert found.checkers == (ROCHADE, GACRUX)
    assert found.events == 1 and found.failed[GACRUX] == [7]
    assert found.differing[ROCHADE] and found.differing[ROCHADE][0][0] == 7
    assert (tmp_path / "kept" / "rtg-broken-7.trf").exists()
    assert run.discrepancies == len(found.differing[ROCHADE]) + 1
    assert "rochade: " in "\n".join(rtg.summary_lines(run))


def test_the_exit_code_is_one_when_a_round_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(rtg.RTG_SYSTEMS, "dutch", Broken(name="dutch"))
    result = CliRunner().invoke(main, ["rtg", "--system", "dutch", "-n", "1", "--seed", "2",
                                       "--no-oracles", "--max-players", "12"])
    assert result.exit_code == 1, result.output
    assert "dutch seed 2 (crossed): round 1 differs for rochade" in result.output
    assert "  rochade: 0 rounds differ" not in result.stdout and "  rochade: " in result.stdout


def test_a_missing_oracle_is_left_out() -> None:
    tools = rtg.find_tools(bbp=None, gacrux=False)
    assert not tools.has(GACRUX) and tools.has(ROCHADE)
    code, _, err = invoke("--system", "teams", "-n", 1, "--no-oracles", "--max-players", 8)
    assert code == 0 and "teams: checked by rochade\n" in err


def test_double_swiss_events_pass_the_double_swiss_checker() -> None:
    code, out, err = invoke("--system", "double-swiss", "-n", 3, "--max-players", 24)
    assert "double-swiss: checked by rochade" in err
    assert code == 0, out + err
    assert "double-swiss: 3 events" in out and "rochade: 0 rounds differ" in out


def test_a_double_swiss_event_with_a_second_game_changed_is_caught(tmp_path: Path) -> None:
    double = rtg.RTG_SYSTEMS["double-swiss"]
    event = double.generate(4, 16)
    assert event is not None and event == double.generate(4, 16)
    assert "192 FIDE_DOUBLESWISS" in event.trf.upper().replace("-", "")
    lines = event.trf.splitlines()

    def block(line: str) -> str:  # round 2: the first match's second game
        return line[101:111]

    first = next(i for i, line in enumerate(lines)
                 if line.startswith("001") and block(line)[:4].strip().isdigit())
    opponent = int(block(lines[first])[:4])
    second = next(i for i, line in enumerate(lines)
                  if line.startswith("001") and int(line[4:8]) == opponent)
    for i in (first, second):  # the pair's colours of game 2 swapped back
        swapped = block(lines[i])[:5] + {"w": "b", "b": "w"}[block(lines[i])[5]] + block(
            lines[i])[6:]
        lines[i] = lines[i][:101] + swapped + lines[i][111:]
    path = tmp_path / "changed.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = double.check(replace_trf(event, path.read_text()), path, ROCHADE, Tools())
    assert checked.differing == frozenset({2}), checked


def replace_trf(event: RtgEvent, trf: str) -> RtgEvent:
    return RtgEvent(event.seed, event.label, trf)
