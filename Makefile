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

.PHONY: venv run test bench clean FORCE

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
	$(BIN)/mypy --strict engine
	$(BIN)/python -m pytest

bench: venv
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/replays.py

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
