"""A person's game socket offers no move at a seat the AI plays: neither the view pushed
when the AI takes the seat nor the one a new socket gets first (REST: tests/api/
test_handed_over_views.py). The AI's turns are queued, not played, so the seat stays to
act with moves the engine gives it."""

import pytest
from channels.db import database_sync_to_async

from games import engine, services
from games.models import Game

from .sockets import connected, run, session_cookie, socket

ALICE = 0


def resign(game, alice):
    services.game_resign(game_id=game.pk, user=alice)


def by_a_moderator(game, alice):
    assert services.seats_to_autopilot(user=alice) == 1


@pytest.mark.parametrize("hand_over", [resign, by_a_moderator], ids=["resigned", "moderator"])
def test_a_seat_the_ai_plays_gets_no_legal_moves_on_its_persons_socket(table, alice, hand_over):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        first = await connected(ws)
        assert first["game"]["view"]["legal_moves"]  # passing: hers to choose
        await database_sync_to_async(hand_over)(table, alice)
        pushed = await ws.receive_json_from()
        assert pushed["version"] == table.version + 1
        assert pushed["game"]["seats"][ALICE]["handover"] is not None
        assert pushed["game"]["view"]["legal_moves"] == []
        await ws.disconnect()

        again = socket(f"/ws/games/{table.pk}/", cookie)
        assert (await connected(again))["game"]["view"]["legal_moves"] == []
        await again.disconnect()

    run(scenario)
    after = Game.objects.get(pk=table.pk)
    assert engine.legal_moves(after.state, ALICE)  # the engine still gives them: the AI's
