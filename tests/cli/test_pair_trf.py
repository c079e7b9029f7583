"""`rochade pair-trf`: the bbpPairings-compatible command line, its output and exit codes."""

from __future__ import annotations

import random
from pathlib import Path

from click.testing import CliRunner

from rochade.cli import main
from rochade.core.dutch.engine import DutchEngine
from rochade.core.dutch.generator import GeneratorSettings, SwissLog, random_tournament
from rochade.core.systems import SwissSettings
from rochade.formats.trf import format_state
from rochade.formats.trf_tournament import read_trf_tournament


def c5_file(tmp_path: Path) -> Path:
    log = SwissLog([2720, 2701, 2697, 2689, 2673, 2664], 3)
    log.add_round([(1, 4, "1"), (5, 2, "0"), (3, 6, "1")])
    log.add_round([(2, 1, "0"), (4, 3, "0"), (6, 5, "0")])
    path = tmp_path / "c5.trf"
    path.write_text(format_state(log.state(frozenset({4}))))
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["pair-trf", *args])
    return result.exit_code, result.stdout, result.stderr


def test_pairs_to_stdout(tmp_path: Path) -> None:
    code, out, _ = run("--dutch", str(c5_file(tmp_path)), "-p")
    assert code == 0
    assert out.splitlines()[0] == "3"
    assert set(out.splitlines()[1:]) == {"1 5", "3 2", "6 0"}


def test_pairs_to_file_with_explanation(tmp_path: Path) -> None:
    out_file = tmp_path / "out.txt"
    code, out, err = run("--dutch", str(c5_file(tmp_path)), "-p", str(out_file), "--explain")
    assert code == 0 and out == ""
    assert out_file.read_text().startswith("3\n")
    assert "pairing-allocated bye: 6" in err


def test_check_a_finished_tournament(tmp_path: Path) -> None:
    rng = random.Random(4)
    log = random_tournament(rng, GeneratorSettings(players=11, rounds=5), DutchEngine().pair)
    log.total_rounds += 1  # write it as "one more round to go", then mark it finished
    path = tmp_path / "event.trf"
    path.write_text(format_state(log.state()).replace("XXR 6", "XXR 5"))
    code, out, _ = run("--dutch", str(path), "-c")
    assert code == 0 and out.strip().endswith("5 rounds checked, 0 differ")
    # swap the colours of one game in round 1: the checker names that round
    text = path.read_text().splitlines()
    player_line = next(line for line in text if line.startswith("001    1"))
    swapped = player_line[:96] + ("b" if player_line[96] == "w" else "w") + player_line[97:]
    opponent = int(player_line[91:95])
    opp_line = next(line for line in text if line.startswith(f"001 {opponent:4d}"))
    opp_swapped = opp_line[:96] + ("b" if opp_line[96] == "w" else "w") + opp_line[97:]
    path.write_text("\n".join(
        swapped if line == player_line else opp_swapped if line == opp_line else line
        for line in text
    ))
    code, out, _ = run("--dutch", str(path), "-c")
    assert code == 1 and "round 1: the recorded pairing differs" in out  # scripts see it


def test_no_valid_pairing_exits_1(tmp_path: Path) -> None:
    log = SwissLog([2500, 2400, 2300, 2200], 4)
    log.add_round([(1, 3, "="), (2, 4, "=")])
    log.add_round([(1, 4, "="), (2, 3, "=")])
    path = tmp_path / "stuck.trf"
    path.write_text(format_state(log.state()))
    code, _, err = run("--dutch", str(path), "-p")
    assert code == 1 and "no pairing satisfies" in err and "Traceback" not in err


def test_bad_input_exits_3(tmp_path: Path) -> None:
    path = c5_file(tmp_path)
    path.write_text(path.read_text().replace(" 2.0 ", " 3.0 ", 1))
    code, _, err = run("--dutch", str(path), "-p")
    assert code == 3 and "points but the results add up to" in err
    path.write_text("012 x\nXXR 3\n001    1 garbage\n")
    assert run("--dutch", str(path), "-p")[0] == 3
    assert run("--dutch", str(path))[0] == 3  # neither -p nor -c


def test_missing_file_exits_5(tmp_path: Path) -> None:
    code, _, err = run("--dutch", str(tmp_path / "nope.trf"), "-p")
    assert code == 5 and "cannot read" in err


def with_type(path: Path, code: str) -> Path:
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], f"192 {code}", *lines[1:]]) + "\n")
    return path


def test_the_2017_edition_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    for code in ("FIDE_DUTCH_2017", "FIDE_DUTCH_2017_BAKU"):
        path = with_type(c5_file(tmp_path), code)
        for mode, exit_code in (("-p", 3), ("-c", 2)):
            status, out, err = run("--dutch", str(path), mode)
            assert status == exit_code and out == "" and "not supported yet" in err


def test_baku_code_accelerates_round_1(tmp_path: Path) -> None:
    path = tmp_path / "r1.trf"
    path.write_text(format_state(SwissLog([2800 - i for i in range(8)], 5).state()))
    plain = set(run("--dutch", str(path), "-p")[1].splitlines()[1:])
    with_type(path, "FIDE_DUTCH_2026_BAKU")
    code, out, _ = run("--dutch", str(path), "-p")
    assert code == 0
    assert plain == {"1 5", "6 2", "3 7", "8 4"}
    assert set(out.splitlines()[1:]) == {"1 3", "4 2", "5 7", "8 6"}


def test_explain_names_the_deciding_criteria(tmp_path: Path) -> None:
    code, out, err = run("--dutch", str(c5_file(tmp_path)), "-p", "--explain")
    assert code == 0 and out.splitlines()[0] == "3"
    assert "1 floats down: with 1 meeting only players of this bracket the bye would go to " \
        "a player on 1 instead of 0 (C5)" in err
    assert "1 - 5: not the natural 1 - 2: 1 and 2 met in round 2 (C1)" in err


def test_explain_one_player(tmp_path: Path) -> None:
    code, out, err = run("--dutch", str(c5_file(tmp_path)), "-p", "--player", "6")
    assert code == 0 and "6 0" in out.splitlines()
    lines = err.splitlines()
    assert lines[0].startswith("Player 6: 0 points;")
    assert any(line.startswith("pairing-allocated bye: 6") for line in lines)
    assert not any(line.startswith("Board") for line in lines)
    code, _, err = run("--dutch", str(c5_file(tmp_path)), "-p", "--player", "4")
    assert code == 0 and "Player 4 does not take part in this round." in err
    assert run("--dutch", str(c5_file(tmp_path)), "-c", "--player", "4")[0] == 2


def scrambled(text: str, rng: random.Random) -> str:
    """The file with `XXC rank` and its ids replaced by random ones, its line order kept: the
    pairing numbers are still the lines' order, the ids say nothing of it."""
    n = sum(1 for line in text.splitlines() if line.startswith("001"))
    new = dict(zip(range(1, n + 1), rng.sample(range(1, 3 * n), n), strict=True))
    out = []
    for line in text.splitlines():
        if line.startswith("XXC"):
            line += " rank"
        elif line.startswith("001"):
            blocks = [line[at:at + 10] for at in range(88, len(line), 10)]
            blocks = [b[:3] + (f"{new[int(b[3:7])]:4d}" if b[3:7].strip("0 ") else b[3:7])
                      + b[7:] for b in blocks]
            line = f"{line[:4]}{new[int(line[4:8])]:4d}{line[8:88]}" + "".join(blocks)
        out.append(line)
    return "\n".join(out) + "\n"


def test_xxc_rank_pairs_by_the_order_of_the_lines(tmp_path: Path) -> None:
    """JaVaFo's `XXC rank`, as bbpPairings reads it: the n-th player line has pairing number n
    whatever its id; the pairs are written and compared in the file's ids."""
    rng = random.Random(7)
    log = random_tournament(rng, GeneratorSettings(players=13, rounds=5), DutchEngine().pair)
    path = tmp_path / "rank.trf"
    path.write_text(scrambled(format_state(log.state()), rng))
    code, out, _ = run(str(path), "-c")
    assert code == 0 and out.strip().endswith("0 differ")
    t, _ = read_trf_tournament(path.read_text())  # an import pairs on in the same order
    assert isinstance(t.settings, SwissSettings)
    assert t.settings.numbers == tuple(int(line[4:8]) for line in path.read_text().splitlines()
                                       if line.startswith("001"))
    path.write_text(path.read_text().replace(" rank\n", "\n"))
    assert run(str(path), "-c")[0] == 1  # by id, rounds differ


def test_check_reads_round_one_colours_and_colourless_forfeits_off_the_file(
        tmp_path: Path) -> None:
    """Without XXC/152 the initial colour is the one the file gives round 1's top board
    (every colour flipped: Black), and a last-round forfeit written without colours
    (`   7 - +`) is that pairing either way round, as bbpPairings' checker reads them."""
    rng = random.Random(11)
    log = random_tournament(rng, GeneratorSettings(players=12, rounds=5), DutchEngine().pair)
    rows = []
    for row in format_state(log.state()).splitlines():
        if row.startswith("XXC"):
            continue
        if row.startswith("001"):
            row = row[:91] + "".join(
                block[:6] + {"w": "b", "b": "w"}.get(block[6], block[6]) + block[7:]
                for block in (row[at:at + 10] for at in range(91, len(row), 10)))
        rows.append(row)
    last = 91 + 10 * 4
    one = next(i for i, row in enumerate(rows) if row.startswith("001") and row[last:last + 4]
               .strip("0 "))
    other = next(i for i, row in enumerate(rows) if row.startswith(
        f"001 {int(rows[one][last:last + 4]):4d}"))
    rows[one] = rows[one][:last + 5] + "- +" + rows[one][last + 8:]
    rows[other] = rows[other][:last + 5] + "- -" + rows[other][last + 8:]
    path = tmp_path / "flipped.trf"
    path.write_text("\n".join(rows) + "\n")
    code, out, _ = run(str(path), "-c")
    assert code == 0 and out.strip().endswith("5 rounds checked, 0 differ"), out
