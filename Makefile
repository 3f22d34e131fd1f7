# Two commands a newcomer needs: `make run` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 0.0.0.0
WORKERS ?= 2
CONNECTIONS ?= 1000
# pytest processes for `make test` (pytest-xdist; 0 runs it in one process, as a debugger wants).
TEST_PROCESSES ?= 2

.PHONY: run test lint openapi lexicon messages messages-check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# `make run` installs the scan extra too: a photographed Bresk! card is read on this machine (docs/SCANNING.md).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[scan]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

run: $(VENV)/.installed
	$(BIN)/flask --app scorekeeper db upgrade
	$(BIN)/python -m scorekeeper.serve --host $(HOST) --port $(PORT) --workers $(WORKERS) --connections $(CONNECTIONS) $(if $(TLS),--tls)

test: $(VENV)/.installed-dev
	$(BIN)/ruff check scorekeeper tests bench
	$(BIN)/python -m pytest -n $(TEST_PROCESSES) --dist worksteal $(PYTEST_ARGS)

openapi: $(VENV)/.installed
	$(BIN)/flask --app scorekeeper openapi write --format yaml openapi.yaml

# The API's message catalogs (scorekeeper/translations/<language>/LC_MESSAGES/messages.po): after changing a
# message, `make messages` adds new sentences (untranslated) and drops unused ones; translate the new
# entries, then `make messages-check` (also a test) says what is still missing. Nothing is compiled: the
# app reads the .po files (scorekeeper/i18n.py).
messages: $(VENV)/.installed
	$(BIN)/python -m scorekeeper.catalogs update

messages-check: $(VENV)/.installed
	$(BIN)/python -m scorekeeper.catalogs check

# Rebuild the committed word lists (scorekeeper/lexicon/data) from the Debian package scowl and the
# npm package word-list, and the meanings from the Debian package wordnet-base, and print the words added and removed. Only for changing the lists:
# `make run` and `make test` read the committed files and need neither.
lexicon: $(VENV)/.installed
	@dpkg -s scowl wordnet-base >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends scowl wordnet-base; }
	$(BIN)/python -m scorekeeper.lexicon.build

clean:
	rm -rf $(VENV) .pytest_cache
