# Two entry points for a fresh machine with Python 3.11 and pip: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint install clean messages mutate dist

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

install: $(BIN)/.installed

demo: $(BIN)/.installed
	$(BIN)/rochade demo

# What a TD installs: the wheel (for pipx or uv tool) and dist/rochade.pyz, one file that any
# Python 3.11+ runs (`python3 rochade.pyz serve club.rochade`). See README.md.
dist: $(BIN)/.installed
	rm -rf dist
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	$(BIN)/python packaging/build_pyz.py --out dist

# The layers (pyproject.toml, [tool.importlinter]): lint-imports reads the import statements,
# tests/test_layers.py checks the same contracts with the imports made through importlib.
lint: $(BIN)/.installed
	$(BIN)/ruff check src tests benchmarks packaging
	$(BIN)/lint-imports --no-cache --no-logo
	$(BIN)/pytest -p no:cacheprovider tests/test_layers.py
	$(BIN)/mypy

# One worker per core; the browser tests in two groups, each on one worker (tests/conftest.py).
# Bytecode caching on for the run, whatever the shell says: the suite starts hundreds of
# Python processes (servers, writers killed at random, renderers), each of which would
# otherwise compile rochade from source again. A worker per core plus one for each of the two
# browser groups, which wait for pages most of their time (docs/testing.md).
test: lint
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -n $$(( $$(nproc) + 2 )) --dist loadgroup

# Mutation testing of core/, formats/trf*.py, store/ and web/security.py (config: pyproject.toml,
# [tool.mutmut]). Not in CI and not in `make test`: days of CPU in full. Narrow it by mutant
# names, e.g. `make mutate MUTANTS='rochade.web.security*'`, or check a seeded random sample of
# every package, e.g. `make mutate SAMPLE=50` (an hour or two). See docs/testing.md.
MUTANTS ?=
SAMPLE ?=
SEED ?= 2026
mutate: $(BIN)/.installed
	ROCHADE_SHARED=$${ROCHADE_SHARED:-$(CURDIR)/../shared} $(BIN)/python benchmarks/mutmut_run.py run $(MUTANTS) \
	  $(if $(SAMPLE),$$($(BIN)/python benchmarks/mutation_sample.py --per-package $(SAMPLE) --seed $(SEED)))
	$(BIN)/python benchmarks/mutation_scores.py

# After changing texts of the web pages: add the new messages to the .po files, then translate.
messages: $(BIN)/.installed
	$(BIN)/python -c "from rochade.i18n import update_catalogues; update_catalogues()"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache tests/e2e/artifacts mutants
