# `make play` and `make test` work on a fresh machine: they create .venv when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready

.PHONY: play test lint check-syntax long-test bench bundle deploy

$(READY): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(READY)

play: $(READY)
	$(PY) -m sim play

lint: $(READY)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

check-syntax: $(READY)
	$(PY) -m sim.bundle --check-syntax

test: lint check-syntax
	$(VENV)/bin/pytest -n 2

# The long runs behind docs/BENCHMARKS.md (not in CI): the rest of the samples whose first part
# `make test` runs (pytest --long, tests marked long: random play, the AI's legal games), and
# the prover's differential checks.
long-test: $(READY)
	$(VENV)/bin/pytest -n 2 --long -m long
	$(PY) -m tests.prover_cases 100000 1
	$(PY) -m tests.tprover_cases 100000 1
	$(PY) -m tests.st2_prover_cases 100000 1
	$(PY) -m tests.st2_prover_cases 20000 2 all
	$(PY) -m tests.st2_tprover_cases 100000 1

bench: $(READY)
	$(PY) -m sim.bench --game st1 --variant base

# The device bundle (docs/DEVICE.md): .mpy compiled by ../shared/tools/cp-mpy-cross where it is
# (`make bundle MPY_CROSS=/path/to/circuitpython/mpy-cross` for another), else .py.
bundle: $(READY)
	$(PY) -m sim.bundle

deploy: $(READY)
	@test -n "$(CIRCUITPY)" || { echo "usage: make deploy CIRCUITPY=/media/$$USER/CIRCUITPY"; exit 2; }
	$(PY) -m sim.bundle --deploy "$(CIRCUITPY)"
