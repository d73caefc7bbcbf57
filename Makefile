# Developer and CI entry points. `make test` is what .ci/run calls.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Two installs into one venv: the test extra (everything, for `make test`) and the lab extra
# (only what the tutorials need, for `make lab`). The test extra holds the lab extra, so an
# up-to-date test install stands for a lab install too.
STAMP := $(VENV)/.stamp
LAB_STAMP := $(VENV)/.stamp-lab
# Where `make student-notebooks` writes the tutorials without their solution cells.
STUDENT_DIR ?= build/student-notebooks
# Where `make lab` lands in JupyterLab (a folder or a notebook, relative to the repo root).
LAB_PATH ?= tutorials/00_welcome.ipynb
LAB_ARGS ?=
# Jupyter refuses to run as root unless told to (containers and CI machines run as root).
LAB_ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Extra pytest arguments, e.g. make test PYTEST_ARGS='-x -m "not slow"'.
PYTEST_ARGS ?=
# The suite runs on every core (pytest-xdist); a test module stays on one worker, so its
# fixtures (a JupyterLab, a browser, a built site) start once. PYTEST_WORKERS=0 runs it serially.
PYTEST_WORKERS ?= auto
PYTEST_RUN := -q --nbval-lax --nbval-current-env -n $(PYTEST_WORKERS) --dist loadscope

# The classroom site (JupyterLite, `make lite`): its own venv of build tools, and a stamp newer
# than every file it is made of. PYODIDE_DIST: a full Pyodide distribution (folder or archive)
# to take instead of the npm package's core (see scripts/build_lite.py).
LITE_DIR ?= build/lite
LITE_VENV := build/lite-venv
LITE_STAMP := $(LITE_DIR)/.built
PYODIDE_DIST ?=
LITE_SOURCES := lite/build.txt lite/kernel.txt scripts/build_lite.py pyproject.toml setup.py \
	$(wildcard $(shell git ls-files alhambra_nb tutorials 2>/dev/null))

.PHONY: help venv browser test lint pytest lab lite student-notebooks bench format messages

help:
	@echo "make lab      set up (the lab extra only) and open the tutorials in JupyterLab"
	@echo "make student-notebooks  write the tutorials without solutions to $(STUDENT_DIR)/"
	@echo "make lite     build the classroom site (JupyterLite, no server needed) in $(LITE_DIR)/"
	@echo "make test     set up, install Chromium if missing, run lint + the whole test suite"
	@echo "make venv     create .venv and install the package with its test extras"
	@echo "make browser  install Debian's chromium and axe-core for the browser tests, if missing"
	@echo "make bench    run every benchmarks/*.py"
	@echo "make format   ruff format + ruff check --fix"
	@echo "make messages bring every language's catalogue in step with the English texts"

venv: $(STAMP)

# The message catalogues that the build compiles (a changed translation means building again).
CATALOGUES := $(wildcard alhambra_nb/locale/*/LC_MESSAGES/*.po)

# Re-install only when the build files or the catalogues are newer than the stamp.
$(STAMP): pyproject.toml setup.py $(CATALOGUES)
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q -e '.[test]'
	@touch $@

# The lab alone: installs '.[lab]' unless a test install newer than every build file is there.
$(LAB_STAMP): pyproject.toml setup.py $(CATALOGUES)
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@if [ -f $(STAMP) ] && [ -z "$$(find $^ -newer $(STAMP))" ]; then \
		echo "lab: the test install is up to date and holds everything the lab needs"; \
	else \
		echo "+ pip install -e '.[lab]'"; \
		$(PY) -m pip install --disable-pip-version-check -q -e '.[lab]'; \
	fi
	@touch $@

browser:
	bash scripts/install-browser.sh
	bash scripts/install-axe.sh

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# One pytest run: the unit/browser tests and the tutorials (nbval collects every
# .ipynb under the paths given). Exit code 5 ("no tests collected") is not a failure.
pytest: venv
	@paths="tests"; if [ -d tutorials ]; then paths="$$paths tutorials"; fi; \
	echo "+ pytest $(PYTEST_RUN) $$paths $(PYTEST_ARGS)"; \
	rc=0; $(PY) -m pytest $(PYTEST_RUN) $$paths $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest: no tests were collected"; exit 0; fi; \
	exit $$rc

# Lint and tests both run, so one run reports every problem; any failure fails the target.
test: venv browser lite
	@rc=0; \
	$(MAKE) --no-print-directory lint || rc=1; \
	$(MAKE) --no-print-directory pytest || rc=1; \
	if [ $$rc -ne 0 ]; then echo "make test: FAILED (see above)"; fi; \
	exit $$rc

lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter lab --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/$(LAB_PATH) \
		$(LAB_ROOT_FLAG) $(LAB_ARGS)

# The tutorials, the package and Pyodide in one folder that any static host serves; rebuilt only
# when a file it is made of changed (`make -B lite` forces it).
lite: $(LITE_STAMP)

$(LITE_STAMP): $(LITE_SOURCES)
	@test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/pip install --disable-pip-version-check -q -r lite/build.txt
	$(LITE_VENV)/bin/python scripts/build_lite.py --output $(LITE_DIR) \
		$(if $(PYODIDE_DIST),--pyodide $(PYODIDE_DIST))
	@touch $@

# The tutorials without the cells tagged `solution` (and their outputs), for a class.
student-notebooks: $(LAB_STAMP)
	@for dir in tutorials tutorials/*/; do \
		set -- $$dir/*.ipynb; [ -e "$$1" ] || continue; \
		out=$(STUDENT_DIR)/$${dir#tutorials}; mkdir -p $$out; \
		echo "+ jupyter nbconvert --to notebook $$dir/*.ipynb --output-dir $$out"; \
		$(VENV)/bin/jupyter nbconvert --to notebook "$$@" --output-dir $$out --log-level WARN \
			--TagRemovePreprocessor.enabled=True --TagRemovePreprocessor.remove_cell_tags solution; \
	done

bench: venv
	@shopt -s nullglob; files=(benchmarks/*.py); \
	if [ $${#files[@]} -eq 0 ]; then echo "bench: no benchmarks/*.py yet"; exit 0; fi; \
	for f in "$${files[@]}"; do echo "== $$f"; $(PY) "$$f"; done

format: venv
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# The English texts changed: write the template and merge it into every language's .po (new
# texts arrive untranslated; `python scripts/messages.py status` counts them).
messages: venv
	$(PY) scripts/messages.py extract
	$(PY) scripts/messages.py update
