PYTHON ?= python3
VENV = .venv
BIN = $(VENV)/bin

.PHONY: install run test lint fmt clean

install: $(VENV)/.installed

# Reinstalls only when pyproject.toml changes; an existing venv is reused.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver 127.0.0.1:8000

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
