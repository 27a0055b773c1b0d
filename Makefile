# `make play` and `make test` work on a fresh machine: they create .venv when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready

.PHONY: play test lint long-test bench

$(READY): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(READY)

play: $(READY)
	$(PY) -m sim play

lint: $(READY)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

test: lint
	$(VENV)/bin/pytest -n 2 -q

# The long runs behind docs/BENCHMARKS.md (not in CI).
long-test: $(READY)
	$(PY) -m tests.prover_cases 100000 1

bench: $(READY)
	$(PY) -m sim.bench
