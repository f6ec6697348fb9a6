PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

# Top-level packages present now. An editable install only maps the packages that existed
# when it ran, so the venv is re-installed when this set changes as well as pyproject.toml.
PACKAGES := $(patsubst %/__init__.py,%,$(wildcard engine/__init__.py desktop/__init__.py \
	lessons/__init__.py replays/__init__.py))
ifneq ($(PACKAGES),$(strip $(shell cat $(VENV)/.stamp 2>/dev/null)))
STAMP_STALE := FORCE
endif

.PHONY: venv run test bench dist check-dist clean FORCE

venv: $(VENV)/.stamp

$(VENV)/.stamp: pyproject.toml $(STAMP_STALE)
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
		echo "chan-tutor needs Python 3.11 or newer; '$(PYTHON)' is $$($(PYTHON) --version 2>&1)." >&2; \
		echo "Run: make PYTHON=python3.11 (or newer)" >&2; exit 1; }
	@if [ ! -x $(BIN)/python ] || ! $(BIN)/python -m pip --version >/dev/null 2>&1; then \
		rm -rf $(VENV); \
		$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
			echo "Could not create $(VENV). On Debian/Ubuntu: sudo apt install python3-venv" >&2; \
			exit 1; }; \
	fi
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[dev]'
	@echo '$(PACKAGES)' > $@

run: venv
	$(BIN)/chan-tutor

test: venv
	$(BIN)/ruff check .
	$(BIN)/mypy --strict engine replays lessons desktop
	$(BIN)/python -m pytest

bench: venv
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/replays.py

# The bundle: built from a clean venv holding only the runtime dependencies (`pip install .`,
# no dev extras) and PyInstaller; re-made when pyproject.toml changes. The project itself is
# re-installed on every build so the bundled metadata (--version) follows pyproject.toml.
DIST_VENV := .venv-dist
DIST_BIN := $(DIST_VENV)/bin

$(DIST_VENV)/.stamp: pyproject.toml
	rm -rf $(DIST_VENV)
	$(PYTHON) -m venv $(DIST_VENV)
	$(DIST_BIN)/python -m pip install --upgrade pip
	$(DIST_BIN)/python -m pip install . pyinstaller
	@touch $@

dist: $(DIST_VENV)/.stamp
	$(DIST_BIN)/python -m pip install --no-deps --force-reinstall . >/dev/null
	rm -rf build/chan-tutor dist/chan-tutor
	$(DIST_BIN)/pyinstaller --noconfirm --clean --log-level WARN build.spec
	@du -sh dist/chan-tutor

check-dist:
	$(DIST_BIN)/python tools/check_bundle.py dist/chan-tutor

clean:
	rm -rf $(VENV) $(DIST_VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
