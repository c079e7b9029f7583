"""The docs as checks (Datasette's habit): what the docs show must work, and what rochade has
must be documented.

Both directions: every `rochade ...` line of docs/ and README.md names a command that exists,
with options it has; every command, option and setting key rochade has is in the command
reference, docs/commands.md; and the user guide's examples run in order against one club
file and say what the guide says they say. A command or option added without docs fails here
with its name."""

from __future__ import annotations

import re
import shlex
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from rochade.cli import main
from rochade.core.fide import EVENT_KEYS
from rochade.core.systems import SYSTEMS
from rochade.service import ClubService
from rochade.service.categories import KEYS as CATEGORY_KEYS
from rochade.service.players import RATING_KEYS
from rochade.service.roster import PLAYER_KEYS
from rochade.service.system_cases import BYE_VALUES
from rochade.service.tournament_settings import KEIZER_SETTINGS, PRESET

ROOT = Path(__file__).resolve().parent.parent
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
REFERENCE = ROOT / "docs" / "commands.md"


@dataclass(frozen=True)
class Shown:
    """A `rochade` command line as the docs show it."""

    where: str  # file:line
    line: str
    inline: bool  # in running text (`rochade ...`), often a fragment with `...`

    def words(self) -> list[str]:
        """The command's words after `rochade`, without `VAR=value` before it."""
        words = shlex.split(self.line, comments=not self.inline)
        while words and words[0] != "rochade":
            words.pop(0)
        return words[1:]


def _blocks(text: str) -> Iterator[tuple[int, str]]:
    """The lines of code blocks, numbered from 1: fenced, or indented by 4 spaces after a
    blank line that does not continue a list item; a line ending in a backslash is joined to
    the next."""
    fenced = indented = False
    pending = last = ""
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not line.strip():
            indented = False
        elif not fenced and line.startswith("    ") and not pending:
            indented = indented or not LIST_ITEM.match(last)
        else:
            last = line
        if fenced or indented or pending:
            line = pending + line.strip()
            if line.endswith("\\"):
                pending = line[:-1] + " "
                continue
            pending = ""
            yield number, line.removeprefix("$ ")


LIST_ITEM = re.compile(r"^(?:\s|[-*+] |\d+\. )")
"""A line of a list (or of its continuation), whose indented lines are no code block."""


COMMAND_LINE = re.compile(r"^(?:[A-Z_]+=\S+ )*rochade(?: |$)")


def shown_commands(path: Path) -> Iterator[Shown]:
    """Every `rochade` line of one doc: in its code blocks, and in backticks in its text."""
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT).as_posix()
    for number, line in _blocks(text):
        if COMMAND_LINE.match(line):
            yield Shown(f"{name}:{number}", line, inline=False)
    prose = re.sub(r"```.*?```", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    for match in re.finditer(r"`(rochade [^`]+)`", prose):
        number = prose.count("\n", 0, match.start()) + 1
        yield Shown(f"{name}:{number}", " ".join(match.group(1).split()), inline=True)


ALL_SHOWN = [shown for path in DOCS for shown in shown_commands(path)]


def command_tree() -> Iterator[tuple[str, click.Command]]:
    """Every command and group of `rochade`, by its path (`tournament set`)."""

    def walk(path: str, command: click.Command) -> Iterator[tuple[str, click.Command]]:
        yield path, command
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                yield from walk(f"{path} {name}".strip(), sub)

    yield from walk("", main)


COMMANDS = dict(command_tree())

PLACEHOLDER = re.compile(r"^(?:\.\.\.|…|[A-Z][A-Z0-9_.-]*(?:\.\.\.)?|<[^>]*>)$")
"""A word standing for something the reader fills in (CLUB, OUT.trf, `...`, <version>)."""


def resolve(words: list[str]) -> tuple[str, click.Command, list[str]]:
    """The command the words name, and the words left for it; AssertionError if none."""
    path, command = "", COMMANDS[""]
    while words and isinstance(command, click.Group) and not (
        words[0].startswith("-") or PLACEHOLDER.match(words[0])
    ):
        name = words[0].rstrip(":")
        if f"{path} {name}".strip() not in COMMANDS:
            raise AssertionError(f"there is no command `rochade {path} {name}`".replace("  ", " "))
        path = f"{path} {name}".strip()
        command = COMMANDS[path]
        words = words[1:]
    return path, command, words


def check_parses(shown: Shown) -> None:
    """The line's command exists and takes its options and arguments as written (parsed by
    click's own parser, values unchecked: a file name need not exist)."""
    words = shown.words()
    for redirect in (">", ">>", "|", "2>"):  # the shell's, not rochade's
        if redirect in words:
            words = words[: words.index(redirect)]
    words = [w.strip("[]") for w in words]
    words = [w for w in words if w]
    if words and PLACEHOLDER.match(words[0]):
        return  # `rochade COMMAND --help`
    path, command, rest = resolve(words)
    if isinstance(command, click.Group):
        if shown.inline or (rest and PLACEHOLDER.match(rest[0])):
            return  # `rochade player COMMAND ...`
        raise AssertionError(f"`rochade {path}` needs a subcommand")
    ctx = click.Context(command, info_name=path)
    parser = command.make_parser(ctx)
    try:
        values, extra, _ = parser.parse_args([w for w in rest if w not in ("...", "…")])
    except click.UsageError as exc:
        raise AssertionError(f"`rochade {path}`: {exc.format_message()}") from None
    if extra and not isinstance(command, click.Group):
        raise AssertionError(f"`rochade {path}` takes no more arguments than {values}: {extra}")
    if shown.inline or "--help" in rest or "-h" in rest:
        return
    missing = [p.human_readable_name for p in command.params
               if p.required and values.get(p.name) in (None, ())]
    if missing:
        raise AssertionError(f"`rochade {path}` misses {', '.join(missing)}")


@pytest.mark.parametrize("shown", ALL_SHOWN, ids=[s.where for s in ALL_SHOWN])
def test_every_command_in_the_docs_exists_with_its_options(shown: Shown) -> None:
    try:
        check_parses(shown)
    except AssertionError as exc:
        raise AssertionError(f"{shown.where}: {shown.line}\n  {exc}") from None


# The user guide, run in order against one club file -------------------------------------

GUIDE = ROOT / "docs" / "user-guide.md"

NOT_RUN = {
    'pair myclub.rochade --manual "1-9 4-7 3-2" --bye 5':
        "pairs by hand instead of the automatic pairing before it, for seven players present",
}
"""Guide lines parsed but not run in order, each with why (tests/cli covers them)."""

MORE_PLAYERS = ("Bert Brouwer", "Carla Cats", "Dirk Dam", "Eva Smit", "Frank Fens", "Greta Gans",
                "Hans Hof", "Ida Ijs", "Jan Jong", "Karin Lam", "Lena Mol", "Max Nes")
"""Who else plays: the guide's list shows three players; its evening needs sixteen members."""


def guide_files(folder: Path) -> None:
    """The input files the guide's commands read, as the guide describes them: its player
    list (as shown, and more players), a FIDE rating list (zipped) and a national one."""
    text = GUIDE.read_text(encoding="utf-8")
    shown = re.search(r"```\n(name,rating,fide_id\n.*?)```", text, flags=re.S)
    assert shown is not None, "the user guide no longer shows a player list"
    rows = "".join(f"{name},{1990 - 20 * i},\n" for i, name in enumerate(MORE_PLAYERS))
    (folder / "players.csv").write_text(shown[1] + rows, encoding="utf-8")
    xml = ("<?xml version='1.0' encoding='utf-8'?>\n<playerslist><player><fideid>4612345"
           "</fideid><name>Berg, Anna</name><rating>1861</rating></player></playerslist>\n")
    with zipfile.ZipFile(folder / "players_list_xml.zip", "w") as archive:
        archive.writestr("players_list_xml_foa.xml", xml)
    (folder / "dwz-liste.csv").write_text("Spielername;DWZ\nJürgen Weiß;1490\n", encoding="utf-8")


def play_until_round(folder: Path, number: int) -> None:
    """What the guide's evening presupposes: the earlier rounds played (white wins), and
    round `number` paired."""
    service = ClubService(folder / "myclub.rochade", "test")
    while True:
        t = service.tournament()
        for game in t.rounds[-1].games:
            if game.result is None and len(t.rounds) < number:
                service.enter_result(len(t.rounds), game.board, "1-0")
        if len(t.rounds) >= number:
            return
        service.pair()


BEFORE = {
    "result myclub.rochade 4 1 1-0": lambda folder: play_until_round(folder, 4),
}
"""What a guide line presupposes that the guide's own lines before it do not do."""


def guide_lines() -> list[Shown]:
    return [s for s in shown_commands(GUIDE) if not s.inline]


def rooted(word: str, folder: Path) -> str:
    """An absolute path of an example (a USB stick's folder) inside the test's folder, its
    folders made: the examples never write outside it."""
    if not word.startswith("/"):
        return word
    inside = folder / word.lstrip("/")
    (inside if word.endswith("/") else inside.parent).mkdir(parents=True, exist_ok=True)
    return f"{inside}/" if word.endswith("/") else str(inside)


def run_in_order(lines: list[Shown], folder: Path, not_run: dict[str, str],
                 before: dict[str, Callable[[Path], None]]) -> dict[str, str]:
    """Run the lines one after the other in `folder` (but those `not_run`), each after what
    `before` says it presupposes; each must succeed. Returns each line's output."""
    runner = CliRunner()
    outputs = {}
    for shown in lines:
        line = shown.line.partition(" #")[0].strip().removeprefix("rochade ")
        if line in not_run:
            continue
        if line in before:
            before[line](folder)
        words = [rooted(word, folder) for word in shown.words()]
        result = runner.invoke(main, words, env={"ROCHADE_WHO": "td"})
        assert result.exit_code == 0, f"{shown.where}: {shown.line}\n{result.output}"
        outputs[line] = result.output
    return outputs


def test_the_user_guide_runs_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    guide_files(tmp_path)
    lines = [s for s in shown_commands(GUIDE) if not s.inline]
    outputs = run_in_order(lines, tmp_path, NOT_RUN, BEFORE)
    assert len(outputs) == len(lines) - len(NOT_RUN)
    dry_run = outputs["tournament set myclub.rochade ratio=4 --dry-run"]
    assert "ratio: 3 -> 4" in dry_run and "Nothing saved (--dry-run)." in dry_run
    every_setting = outputs["tournament set myclub.rochade"]
    assert all(f"\n{s.key} = " in f"\n{every_setting}" for s in KEIZER_SETTINGS)
    assert "max_meetings: - -> 2" in outputs["tournament set myclub.rochade ratio=4 max_meetings=2"]


def test_the_readmes_club_evening_runs_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's first block, as a new TD types it (`serve` would not return: parsed only)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "players.csv").write_text(
        "name,rating,fide_id\nAnna,1900,\nBert,1800,\nCarla,1700,\nDirk,1600,\nEva,1500,\n",
        encoding="utf-8")
    first_block = []
    for shown in shown_commands(ROOT / "README.md"):
        if shown.inline or (first_block and int(shown.where.split(":")[1]) > int(
                first_block[-1].where.split(":")[1]) + 1):
            break
        first_block.append(shown)
    outputs = run_in_order(first_block, tmp_path, {"serve myclub.rochade": "serves"}, {})
    assert "Berthold" in outputs['player rename myclub.rochade "Bert" "Berthold"']
    assert outputs['redo myclub.rochade -t "Club championship"'].startswith("Redone #")


def transcripts(path: Path) -> Iterator[tuple[str, list[str], str]]:
    """What a doc shows a command print: a fenced block's `$ rochade ...` line and the lines
    after it (up to the next `$` line or the block's end)."""
    name = path.relative_to(ROOT).as_posix()
    for block in re.finditer(r"^```\n(.*?)^```", path.read_text(encoding="utf-8"),
                             flags=re.S | re.M):
        start = path.read_text(encoding="utf-8").count("\n", 0, block.start(1)) + 1
        for shown in re.finditer(r"^\$ (rochade .*)\n((?:(?!\$ ).*\n)*)", block[1], flags=re.M):
            number = start + block[1].count("\n", 0, shown.start())
            yield f"{name}:{number}", shlex.split(shown[1])[1:], shown[2]


TRANSCRIPTS = [shown for path in DOCS for shown in transcripts(path)]


@pytest.mark.parametrize(("where", "words", "output"), TRANSCRIPTS,
                         ids=[where for where, _, _ in TRANSCRIPTS])
def test_what_the_docs_show_a_command_print_is_what_it_prints(
    where: str, words: list[str], output: str
) -> None:
    result = CliRunner().invoke(main, words)
    assert (result.exit_code, result.stdout) == (0, output), where


# The command reference, docs/commands.md, against the program ----------------------------


def reference_sections() -> dict[str, str]:
    """docs/commands.md's sections (`## rochade tournament set`) by title."""
    parts = re.split(r"^## (.+)$", REFERENCE.read_text(encoding="utf-8"), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


COMMON = "Options of every command"
OPTION = re.compile(r"(?<![\w-])--?[a-z][a-z-]*")


def bullet_options(body: str) -> set[str]:
    """The options a section's bullets document (`- `--round K`: ...`)."""
    return {name for head in re.findall(r"^- `([^`]+)`", body, flags=re.M)
            for name in OPTION.findall(head)}


def option_names(command: click.Command) -> set[str]:
    return {name for param in command.get_params(click.Context(command))
            if isinstance(param, click.Option) for name in (*param.opts, *param.secondary_opts)}


def test_every_command_and_option_is_in_the_command_reference() -> None:
    sections = reference_sections()
    common = bullet_options(sections[COMMON])
    missing = []
    for path, command in COMMANDS.items():
        if not path:
            missing += [f"rochade {name}" for name in sorted(option_names(command))
                        if f"`rochade {name}`" not in REFERENCE.read_text(encoding="utf-8")]
            continue
        body = sections.get(f"rochade {path}")
        if body is None:
            missing.append(f"rochade {path} (a section `## rochade {path}`)")
            continue
        missing += [f"rochade {path} {name}" for name in sorted(option_names(command))
                    if name not in bullet_options(body) | common]
    assert not missing, "Not documented in docs/commands.md:\n  " + "\n  ".join(missing)


def test_the_command_reference_names_only_what_rochade_has() -> None:
    stale = []
    for title, body in reference_sections().items():
        if not title.startswith("rochade "):
            continue
        command = COMMANDS.get(title.removeprefix("rochade "))
        if command is None:
            stale.append(f"{title}: no such command")
            continue
        usage = re.search(r"^`(rochade [^`]+)`$", body, flags=re.M)
        assert usage is not None, f"{title}: no usage line"
        assert usage[1].startswith(title), f"{title}: its usage line is {usage[1]}"
        stale += [f"{title} {name}: no such option"
                  for name in sorted(bullet_options(body) - option_names(command))]
    assert not stale, "docs/commands.md names what rochade lacks:\n  " + "\n  ".join(stale)


def setting_keys() -> dict[str, tuple[str, ...]]:
    """Every key `tournament set KEY=VALUE` and `player set KEY=VALUE` take, by the reference's
    section that documents it."""
    return {
        "Setting keys": (
            PRESET.key, *(s.key for s in KEIZER_SETTINGS), *BYE_VALUES, "scoring", "tiebreaks",
            "fide_mode", *(key for system in SYSTEMS.values() for key in system.options),
            *CATEGORY_KEYS, *EVENT_KEYS, *RATING_KEYS,
        ),
        "Player keys": PLAYER_KEYS,
    }


def test_every_setting_key_is_in_the_command_reference() -> None:
    sections = reference_sections()
    for title, keys in setting_keys().items():
        documented = {key for head in re.findall(r"^- (`[^:]+`):", sections[title], flags=re.M)
                      for key in re.findall(r"`([a-z_.]+)`", head)}
        missing = sorted(set(keys) - documented)
        assert not missing, f"Not documented in docs/commands.md, {title}: {', '.join(missing)}"
        stale = sorted(documented - set(keys))
        assert not stale, f"docs/commands.md, {title}, names keys rochade lacks: {stale}"


@pytest.mark.parametrize("path", [path for path in COMMANDS if path])
def test_every_command_has_help(path: str) -> None:
    result = CliRunner().invoke(main, [*path.split(), "--help"], prog_name="rochade")
    assert result.exit_code == 0, result.output
    assert f"Usage: rochade {path}" in result.output
