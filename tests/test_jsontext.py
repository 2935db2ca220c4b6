"""JSON text by orjson (barkside/jsontext.py): it reads as the API renders it, and the
game's state comes back from the database as it went in."""

import json
from datetime import UTC, datetime
from decimal import Decimal

from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer

from barkside import jsontext
from games.models import Game


def test_a_view_reads_as_the_api_renders_it():
    view = {
        "turn_deadline": datetime(2026, 12, 3, 16, 5, 7, 123456, tzinfo=UTC),
        "created": datetime(2026, 12, 3, 16, 5, 7, tzinfo=UTC),
        "username": "Zoë 🐕",
        "detail": gettext_lazy("Not found."),
        "rating": Decimal("1500.5"),
        "legal_moves": [{"kind": "play", "cards": [3, 3]}, {"kind": "pass"}],
        "seat": None,
        "rated": False,
    }
    api = json.loads(JSONRenderer().render(view))
    assert json.loads(jsontext.dumps(view)) == api
    assert api["turn_deadline"] == "2026-12-03T16:05:07.123456Z"


def test_the_games_state_comes_back_as_it_went_in(table):
    state = {**table.state, "note": "Zoë 🐕", "by_seat": {0: [1, 2], 2: []}}
    Game.objects.filter(pk=table.pk).update(state=state)
    table.refresh_from_db()
    assert table.state == json.loads(json.dumps(state))  # integer keys as text, as before
    assert table.state["by_seat"] == {"0": [1, 2], "2": []}


def test_text_in_the_field_that_is_not_json_stays_text():
    field = Game._meta.get_field("state")
    assert field.from_db_value("not json", None, None) == "not json"
    assert field.from_db_value('{"a": [1]}', None, None) == {"a": [1]}
    assert field.from_db_value(None, None, None) is None
