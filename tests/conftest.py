"""Shared fixtures: where the project's shared conformance data lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The `shared/` folder beside the repository (override with ROCHADE_SHARED).

    Missing data skips the test on a developer machine but fails in CI, where it must exist.
    """
    path = Path(os.environ.get("ROCHADE_SHARED", REPO.parent / "shared"))
    if not (path / "spec").is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"shared data folder not found at {path}")
        pytest.skip(f"shared data folder not found at {path}")
    return path
