"""What the CLI prints and writes of a tournament is the same whether or not the club file
holds another tournament before it (`other_season.alone_and_beside`: other member ids, the
other tournament's numbers 1, 2 ... the same as this one's): a command that reads a row of
the other tournament, or takes a member id for a number, does not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from other_season import NAME, alone_and_beside

Run = Callable[..., Result]

SHOWN: list[tuple[str, ...]] = [
    ("standings",), ("standings", "--round", "1"), ("crosstable",),
    ("participants",), *(("pairings", "--round", str(k)) for k in (1, 2, 3)),
    *(("explain", player) for player in ("1", "Yara", "Lena")),
    ("explain", "Bo", "--rating-change"),
    *(("export-list", kind) for kind in ("standings", "crosstable", "slips", "start-rank",
                                         "prizes")),
    ("export-list", "breakdown", "--player", "Yara"),
    ("export-list", "standings", "--format", "csv"),
    ("export-list", "standings", "--category", "U1800"),
    ("export-list", "alphabetical", "--round", "3"),
]
KEIZER_ONLY = [("progress", "--detail")]
WRITTEN = ["export", "export-trf", "rating-report"]


@pytest.mark.parametrize("system", ["keizer", "swiss"])
def test_the_cli_says_the_same_beside_another_tournament(run: Run, tmp_path: Path,
                                                         system: str) -> None:
    alone, beside = alone_and_beside(tmp_path, system)
    for command in SHOWN + (KEIZER_ONLY if system == "keizer" else []):
        said = [run(command[0], club, *command[1:], "-t", NAME, ok=False)
                for club in (alone, beside)]
        assert said[0].exit_code == said[1].exit_code == 0, (command, said[0].output)
        assert said[0].output == said[1].output, command
    for command in WRITTEN:
        files = [tmp_path / f"{command}-{club.stem}" for club in (alone, beside)]
        said = [run(command, club, out, "-t", NAME, ok=False).output.replace(str(out), "OUT")
                for club, out in zip((alone, beside), files, strict=True)]
        assert said[0] == said[1], command
        assert files[0].read_bytes() == files[1].read_bytes(), command
