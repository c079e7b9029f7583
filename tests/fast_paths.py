"""The production settings the tests make cheaper, in the test process (tests/conftest.py's
fixtures) and in the rendering process the web tests' apps share (`rendering_process`).

Each is a setting whose cost is on purpose in production and proves nothing in a test: a PIN
hashed at the cheapest scrypt cost (a hash stores its cost, so a club file made here still logs
in on a `rochade serve` of its own), a page template compiled once per language and process
(not once per app: the web tests start an app per test), a club file committed without a disk
sync (the same data for every reader, only not safe from a power cut; the tests of durability
itself keep the sync)."""

from __future__ import annotations

import os
import tempfile
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache

TEST_PIN_COST = {"n": 2, "r": 1, "p": 1}
"""scrypt's cheapest cost, for the PINs the tests set and check (the production cost spends
tens of milliseconds on purpose, twice in every web test)."""


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates kept in memory (for one language of the web app)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


def compiled_once(original: Callable[[Any, str], Environment]
                  ) -> Callable[[Any, str], Environment]:
    """`Web.env` with each template compiled once per language in this process. Jinja checks
    the template's source against the compiled copy (a changed template is compiled again).
    One cache per language, since Jinja folds a filter of a constant (`{{ "FIDE id"|tr }}`)
    into the compiled code; an app's own values (its poll interval, its club file) are looked
    up as the page renders."""
    caches: defaultdict[str, CompiledTemplates] = defaultdict(CompiledTemplates)

    def env(self: Any, lang: str) -> Environment:
        environment = original(self, lang)
        environment.bytecode_cache = caches[lang]
        return environment

    return env


def rendering_process() -> None:
    """The web tests' rendering process made as cheap as the test process (it starts no
    durability test: its club files go unsynced), with a user folder of its own: it serves
    every test's app, so a test's own folder (`XDG_CONFIG_HOME`) cannot follow it there, and
    what it writes for the user (an upload's credentials) must not reach the real one."""
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="rochade-rendering-")
    from rochade.service import pin
    from rochade.store import club
    from rochade.web.base import Web

    pin.PIN_COST = TEST_PIN_COST
    club.SYNCHRONOUS = "OFF"
    Web.env = compiled_once(Web.env)  # type: ignore[method-assign]
