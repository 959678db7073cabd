# Tarock-Turnier: everything a fresh machine needs goes through these targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Interpreter for the virtualenv: the newest pyenv 3.12+ if present (Django 6.x
# needs Python >= 3.12), else a python3.13/python3.12 that really runs (pyenv
# shims that only print an error don't count), else python3 (-> Django 5.2 LTS).
PYENV_PYTHON := $(shell ls -d /root/.pyenv/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -V | tail -n 1)
PATH_PYTHON := $(shell for p in python3.13 python3.12; do $$p -c 'import sys' >/dev/null 2>&1 && { echo $$p; break; }; done)
PYTHON ?= $(or $(PYENV_PYTHON),$(PATH_PYTHON),python3)

VENV := .venv
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po cups/locale/*/LC_MESSAGES/django.po hall/locale/*/LC_MESSAGES/django.po))
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# Coverage gate: the pure rules packages must stay at 100 % branch coverage.
COV_ARGS := --cov=rules/engine --cov=rules/rulesets --cov-branch \
	--cov-report=term-missing:skip-covered --cov-fail-under=100

# The 60 slowest steps (setup, call, teardown) of at least 2 s of each phase are listed at its end: where the
# time of `make test` goes is in every CI log.
DURATIONS ?= --durations=60 --durations-min=2

# The suite on every core (pytest-xdist; each worker has its own test database). XDIST= runs serially.
# worksteal: a worker that runs out takes pending tests from the other, so a run of long tests handed
# to one worker at the start does not leave the other core idle at the end.
XDIST ?= -n auto --dist worksteal

# The hall (`make serve`): where it listens, an optional backup loop (the server's own settings: website/serve.py).
HOST ?= 0.0.0.0
PORT ?= 8000
BACKUP_DIR ?= backups
BACKUP_EVERY_MINUTES ?= 0
BACKUP_KEEP ?= 48
export HOST PORT

# The demo (`make run`): debug on; the key is the installation's own (hall/secret.py), as for any start.
DEMO_ENV := DJANGO_DEBUG=1

.PHONY: help print-python venv messages run serve backup system-packages test test-slow lint typecheck test-sqlite test-postgres bench bench-hall bench-two docs clean

help:
	@echo "make run            virtualenv, install, migrate, demo data, serve on http://127.0.0.1:8000"
	@echo "make test           whole suite on SQLite (with coverage gate), then on a throwaway PostgreSQL"
	@echo "make serve          production server for the hall (waitress, debug off)"
	@echo "make backup         database and sheets into BACKUP_DIR (default backups/)"
	@echo "make lint           ruff over the whole tree"
	@echo "make typecheck      mypy (strict) over rules/engine"
	@echo "make test-slow      the slow browser tests (a whole event per rule set, a Tirol and a Hopfgarten venue day)"
	@echo "make test-sqlite    suite on SQLite; tests/rules with 100 % branch coverage of rules/engine and rules/rulesets"
	@echo "make test-postgres  suite on a throwaway PostgreSQL 15 cluster"
	@echo "make bench          run every bench/*.py"
	@echo "make bench-hall     60 tablets x 16 hands against make serve, kill -9 twice, SQLite and PostgreSQL"
	@echo "make bench-two      the same load through two make serve instances on one PostgreSQL (the hub)"
	@echo "make docs           render the rule documentation"
	@echo "make clean          remove the virtualenv, caches and the SQLite database"

print-python:
	@echo "$(PYTHON) ($$($(PYTHON) -c 'import sys; print(sys.version.split()[0])'))"

venv: $(STAMP) $(MO_FILES)

# Compiled translations are build output (gitignored), made from the committed .po files.
%/LC_MESSAGES/django.mo: %/LC_MESSAGES/django.po $(STAMP)
	@$(DEMO_ENV) $(VPY) manage.py compilemessages --ignore=$(VENV) >/dev/null

$(STAMP): pyproject.toml
	@echo "==> virtualenv with $$($(MAKE) -s --no-print-directory print-python)"
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	@$(VPY) -m pip install --quiet --upgrade pip
	@$(VPY) -m pip install --quiet -e '.[dev]'
	@$(VPY) -c 'import django; print("==> Django", django.get_version())'
	@touch $@

run: venv
	$(DEMO_ENV) $(VPY) manage.py migrate --noinput
	$(DEMO_ENV) $(VPY) manage.py createcachetable
	@if $(DEMO_ENV) $(VPY) manage.py help seed_demo >/dev/null 2>&1; then \
		echo "$(VPY) manage.py seed_demo --demo-cups --demo-director"; $(DEMO_ENV) $(VPY) manage.py seed_demo --demo-cups --demo-director; \
	else \
		echo "==> no seed_demo command yet: starting without demo data"; \
	fi
	@$(DEMO_ENV) $(VPY) manage.py lan_banner --host $(HOST) --port $(PORT)
	@# The players' messages: no mail server here, so the worker prints each one and keeps it for the
	@# director's page (/turniere/<slug>/nachrichten/); it stops with the server.
	$(DEMO_ENV) $(VPY) manage.py db_worker --no-reload --interval 1 --no-startup-delay & worker=$$!; \
		trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
		$(DEMO_ENV) $(VPY) manage.py runserver $(HOST):$(PORT)

# Production start in the hall: debug off (DJANGO_DEBUG unset), DJANGO_SECRET_KEY or the installation's own key,
# migrations and the cache table first, collectstatic for whitenoise, then waitress (website/serve.py: HOST, PORT,
# SERVER_PROCESSES, SERVER_THREADS, SERVER_CONNECTION_LIMIT, SERVER_CHANNEL_TIMEOUT; the players' messages' worker,
# MESSAGES_WORKER, with EMAIL_HOST/EMAIL_PORT/... for SMTP). BACKUP_EVERY_MINUTES=N runs
# `manage.py backup` every N
# minutes alongside into BACKUP_DIR (keeping BACKUP_KEEP copies); it stops with the server.
serve: venv
	$(VPY) manage.py migrate --noinput
	$(VPY) manage.py createcachetable
	$(VPY) manage.py collectstatic --noinput -v 0
	@$(VPY) manage.py lan_banner --host $(HOST) --port $(PORT)
	@if [ "$(BACKUP_EVERY_MINUTES)" -gt 0 ] 2>/dev/null; then \
		echo "==> backup every $(BACKUP_EVERY_MINUTES) min into $(BACKUP_DIR)/ (newest $(BACKUP_KEEP) kept)"; \
		( while sleep $$(( $(BACKUP_EVERY_MINUTES) * 60 )); do \
			$(VPY) manage.py backup --out $(BACKUP_DIR) --keep $(BACKUP_KEEP) || echo "backup failed" >&2; \
		done ) & loop=$$!; \
		trap 'kill $$loop 2>/dev/null' EXIT INT TERM; \
		$(VPY) -m website.serve; \
	else \
		exec $(VPY) -m website.serve; \
	fi

backup: venv
	$(VPY) manage.py backup --out $(BACKUP_DIR)

# Debian packages the tests need (chromium, poppler-utils, zbar-tools, fonts-dejavu-core, caddy).
system-packages:
	@scripts/system-packages.sh

test: system-packages venv
	$(MAKE) lint
	$(MAKE) typecheck
	$(MAKE) test-sqlite
	$(MAKE) test-postgres

# The slow tests: a whole 17-player event in the browser under each rule set, and the two venue days
# (tests/e2e/test_venue_day.py: no-show, late arrival, withdrawal, correction, penalty, annulled deal, final).
test-slow: venv
	@$(VENV)/bin/pytest -m slow -p no:cacheprovider

lint: venv
	@echo "==> ruff"
	@$(VENV)/bin/ruff check .

typecheck: venv
	@echo "==> mypy"
	@$(VENV)/bin/mypy rules/engine

# The coverage gate runs over the engine's own tests (tests/rules), the rest of the suite without coverage:
# on Python 3.13 coverage.py's tracer (sys.monitoring cannot measure branches before 3.14) slows every line
# of every test, nearly doubling the suite's CPU time, while tests/rules alone reach the 100 % (docs/benchmarks.md).
# pytest exits 5 when it collected no tests: that is a failure, never a silent pass.
test-sqlite: venv
	@echo "==> rules tests on SQLite with the coverage gate"
	@$(VENV)/bin/pytest $(XDIST) $(DURATIONS) $(COV_ARGS) tests/rules; gate=$$?; \
	if [ $$gate -eq 5 ]; then echo "ERROR: pytest collected no tests" >&2; fi; \
	echo "==> tests on SQLite"; \
	$(VENV)/bin/pytest $(XDIST) $(DURATIONS) --ignore=tests/rules; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no tests" >&2; fi; \
	[ $$gate -ne 0 ] && exit $$gate; exit $$rc

# The PostgreSQL phase runs what can differ between databases. The rule for `once` (docs/decisions.md): a test
# that asks for none of the suite's database fixtures (db, transactional_db, live_server, client, ...) and has no
# django_db mark is marked `once` by tests/conftest.py (pure code, a source scan, a command on an SQLite file of
# its own); a module marks itself `once` only where what it checks cannot depend on the database (a browser flow
# whose writes the services' tests cover on PostgreSQL, a reference schema built on an SQLite file); `postgres`
# tests are never `once`. Fuzzers and writes stay: PostgreSQL refuses what SQLite stores (NUL, lengths, types).
# The workers' test databases are cloned from the first one's migrated template (tests/postgres_template.py).
test-postgres: venv
	@echo "==> tests on PostgreSQL"
	@scripts/with-postgres.sh $(VENV)/bin/pytest $(XDIST) $(DURATIONS) -p no:cacheprovider -m "not slow and not once"; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no tests" >&2; fi; \
	exit $$rc

bench: venv
	@export DJANGO_SETTINGS_MODULE=website.settings DJANGO_DEBUG=1; \
	found=0; \
	for f in bench/*.py; do \
		[ -e "$$f" ] || continue; \
		found=1; \
		echo "==> $$f"; \
		$(VPY) "$$f" || exit $$?; \
	done; \
	[ $$found -eq 1 ] || echo "==> no bench/*.py files"

# The hall's load test alone (also part of `make bench`): exit 1 when anything is lost, duplicated, wrong or 5xx.
bench-hall: venv
	$(VPY) bench/hall.py

# The hub: two `make serve` instances on one PostgreSQL at once, a table's two devices on different ones,
# each instance killed -9 in turn; exit 1 when anything is lost, duplicated, wrong or 5xx.
bench-two: venv
	$(VPY) bench/hall.py --db postgres --instances 2

messages: venv
	$(DEMO_ENV) $(VPY) manage.py makemessages -l en --ignore=$(VENV) --ignore=docs --no-obsolete

docs: venv
	$(DEMO_ENV) $(VPY) manage.py render_rule_docs

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis .coverage .coverage.* htmlcov staticfiles db.sqlite3 db.sqlite3-wal db.sqlite3-shm
	find . -path ./.git -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +
