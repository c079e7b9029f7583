"""The architecture of DEVELOPERS.md, read from the source: the web app (and the CLI) talk to
`rochade.service` only, never to `rochade.store`, and the web modules import each other
without a circle (a circle makes the import order decide what works)."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

import rochade

SRC = Path(rochade.__file__).parent
CLI_STORE_IMPORTS = {
    ("rochade.cli.serve", "rochade.store"),
    ("rochade.cli.serve", "rochade.store.club"),
}
"""The CLI's direct store imports still there (StoreError, `check_header`), kept from growing
until they move behind the service."""


def modules(package: str) -> dict[str, Path]:
    """Module name -> file, for every module of `package` (its `__init__` as the package)."""
    folder = SRC / package
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imported(module: str, path: Path) -> Iterator[str]:
    """Every module `module` imports, anywhere in its body (a late import counts too); for
    `from a import b`, `a.b` when that is a module of rochade, else `a`."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                is_module = (SRC.parent / sub.replace(".", "/")).with_suffix(".py").exists() or (
                    SRC.parent / sub.replace(".", "/") / "__init__.py"
                ).exists()
                yield sub if is_module else base


def store_imports(package: str) -> set[tuple[str, str]]:
    return {
        (module, target)
        for module, path in modules(package).items()
        for target in imported(module, path)
        if target == "rochade.store" or target.startswith("rochade.store.")
    }


def cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One import circle in `graph` (module -> modules it imports), or None."""
    done: set[str] = set()

    def visit(node: str, trail: list[str]) -> list[str] | None:
        if node in trail:
            return [*trail[trail.index(node) :], node]
        if node in done:
            return None
        for target in sorted(graph.get(node, ())):
            found = visit(target, [*trail, node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_the_web_app_never_imports_the_store() -> None:
    assert store_imports("web") == set()


def test_the_cli_imports_the_store_no_more_than_it_did() -> None:
    assert store_imports("cli") == CLI_STORE_IMPORTS


def test_the_web_modules_import_each_other_without_a_circle() -> None:
    web = modules("web")
    graph = {
        module: {target for target in imported(module, path) if target in web and target != module}
        for module, path in web.items()
    }
    assert graph["rochade.web.app"] >= {"rochade.web.public", "rochade.web.systems"}
    assert cycle(graph) is None


@pytest.mark.parametrize(
    ("graph", "found"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
        ({"a": {"b", "c"}, "b": {"c"}, "c": set()}, None),
    ],
)
def test_a_circle_is_found(graph: dict[str, set[str]], found: list[str] | None) -> None:
    assert cycle(graph) == found
