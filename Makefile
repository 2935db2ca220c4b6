PYTHON ?= python3
VENV = .venv
BIN = $(VENV)/bin
# `make run PORT=8123` (or PORT/HOST in the environment) moves the app.
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test lint fmt clean

install: $(VENV)/.installed

# Reinstalls only when pyproject.toml changes; an existing venv is reused.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

# The whole stack: ASGI server, Celery worker and beat, and a private Redis unless
# REDIS_URL is set (barkside/stack.py). One Ctrl-C stops everything.
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python -m barkside.stack --host $(HOST) --port $(PORT)

test: install
	$(MAKE) lint
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

fmt: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .ruff_cache .hypothesis staticfiles
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
