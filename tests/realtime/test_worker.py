"""A real Celery worker and real daphne servers on real Redis and the test database."""

from django.db import connection
from rest_framework.authtoken.models import Token

from games import services
from games.models import Game

from .processes import api, next_game, wait_until, ws_connect


def to_act(game: dict) -> list[int]:
    return [s["number"] for s in game["seats"] if s["to_act"]]


def only_mine_to_act(message: dict) -> bool:
    game = message["game"]
    return game["status"] == "active" and to_act(game) == [game["your_seat"]]


def play_first_legal(base: str, token: str, game_id: int, message: dict) -> dict:
    """POST the first legal move of a socket's `game` message, naming its version."""
    move = message["game"]["view"]["legal_moves"][0]
    status, answer = api(
        base, "POST", f"/api/games/{game_id}/moves", token, {**move, "version": message["version"]}
    )
    assert status == 200, answer
    return answer


def test_an_ai_only_game_plays_itself_to_the_end(worker, transactional_db):
    seats = [{"ai_level": "random"}] * 3
    game = services.game_start_seated(seats=seats, time_per_move=300)

    def finished():
        return Game.objects.get(pk=game.pk).status == Game.Status.FINISHED

    wait_until(finished, 90, what="the AI-only game to finish")
    game.refresh_from_db()
    assert game.result is not None
    assert game.events.filter(actor="ai").count() == game.version - 1  # every move but the start


def test_a_move_handing_the_turn_to_the_ai_returns_at_once_and_the_ai_moves_arrive(
    alice, worker, server
):
    base = server(AI_MOVE_DELAY="0.5")  # the web process queues the AI's task with this delay
    token = Token.objects.create(user=alice).key
    game = services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=300)
    with ws_connect(base, f"/ws/games/{game.pk}/", token) as ws:
        for _ in range(30):
            answer = play_first_legal(base, token, game.pk, next_game(ws, only_mine_to_act))
            if any(s["ai_level"] for s in answer["seats"] if s["to_act"]):
                break  # the answer came before the AI's move
        else:
            raise AssertionError("the turn never passed to an AI seat")
        moved = next_game(ws, lambda m: m["version"] > answer["version"])
        assert moved["game"]["view"]["version"] == moved["version"]


def test_a_move_posted_to_one_server_reaches_a_socket_on_another(alice, worker, server):
    first, second = server(), server()
    token = Token.objects.create(user=alice).key
    game = services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=300)
    with ws_connect(second, f"/ws/games/{game.pk}/", token) as ws:
        answer = play_first_legal(first, token, game.pk, next_game(ws, only_mine_to_act))
        pushed = next_game(ws, lambda m: m["version"] >= answer["version"])
        assert pushed["game"]["view"]["moves"] or pushed["game"]["view"]["passed"][0]


def test_an_ai_turn_that_meets_a_database_error_is_tried_again(
    processes, stack_env, database_switch
):
    """A worker whose database refuses it retries the AI turn (OperationalError, backoff)."""
    worker = processes.worker({**stack_env, "DATABASE_URL": database_switch.url})
    log = next(path for _, proc, path in processes.procs if proc is worker)
    connection.ensure_connection()  # this test's own connection outlives the switch
    with database_switch.off():
        # Queues the first AI turn on commit.
        game = services.game_start_seated(seats=[{"ai_level": "random"}] * 3, time_per_move=300)
        wait_until(lambda: b"retry: Retry in" in log.read_bytes(), 30, worker, log, "a retry")
    started = game.version + 1

    def ai_moved():
        return Game.objects.get(pk=game.pk).version > started

    wait_until(ai_moved, 60, worker, log, "the retried AI turn")
    assert "OperationalError" in log.read_text(errors="replace")
