"""The modules of benchmarks/ (scripts, not a package) and of shared/tools/, for tests that
run their short runs."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """benchmarks/NAME.py as module NAME (loaded once)."""
    return load_file(name, BENCHMARKS / f"{name}.py")


def load_file(name: str, path: Path) -> ModuleType:
    """The script at `path` as module NAME (loaded once). Its folder goes on sys.path (last)
    for the scripts it imports in turn."""
    if name in sys.modules:
        return sys.modules[name]
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
