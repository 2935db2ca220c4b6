"""What one person may ask of the sockets (games/socket_limits.py): messages per socket,
the size of a message, sockets per person; and unknown paths refused cleanly.

In process (the consumers on the real routing stack) for the rules; real uvicorn
processes, started as the Procfile starts them, where the server takes part: its own
frame limit, a flood beside another player, a cap shared by two web processes.
"""

import asyncio
import contextlib
import json
import logging
import threading

import pytest
import time_machine
from channels.layers import get_channel_layer
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from barkside import error_texts, stack
from barkside.stack import free_port
from games import fanout, socket_limits
from games.consumers import CLOSE_TOO_BIG, CLOSE_TOO_MANY
from games.socket_limits import MessageBudget, Verdict

from .processes import api, http_ok, wait_until, ws_connect
from .sockets import connected, run, session_cookie, socket
from .test_procfile import procfile_web

# --- messages per socket --------------------------------------------------------------------


class Clock:
    """time.monotonic for a budget, moved by hand."""

    def __init__(self):
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(socket_limits, "time", clock)
    return clock


def spend(budget: MessageBudget, messages: int) -> list[Verdict]:
    return [budget.spend() for _ in range(messages)]


def test_a_budget_takes_a_burst_then_refuses_then_closes(clock):
    budget = MessageBudget(4, 8)
    verdicts = spend(budget, 8)
    assert verdicts == [Verdict.TAKEN] * 4 + [Verdict.REFUSED] * 3 + [Verdict.CLOSE]


def test_a_budget_refills_at_its_pace(clock):
    budget = MessageBudget(4, 8)  # a message every 2 s
    assert spend(budget, 4) == [Verdict.TAKEN] * 4
    clock.now += 1.5
    assert budget.spend() is Verdict.REFUSED
    clock.now += 0.5 + 2  # 2 s since the first 1.5 s: that part token counts
    assert spend(budget, 2) == [Verdict.TAKEN, Verdict.REFUSED]


def test_a_refused_message_counts_so_a_client_that_stops_awhile_is_served_again(clock):
    budget = MessageBudget(4, 8)
    assert spend(budget, 6)[-1] is Verdict.REFUSED  # two in debt
    clock.now += 4  # pays the debt off, no more
    assert budget.spend() is Verdict.REFUSED
    clock.now += 100  # a full bucket again, never more than full
    assert spend(budget, 5) == [Verdict.TAKEN] * 4 + [Verdict.REFUSED]


def sync(request_id) -> dict:
    return {"type": "sync", "request_id": request_id}


def test_a_socket_over_its_budget_is_answered_then_closed(table, alice, settings):
    settings.SOCKET_RATE_MESSAGES, settings.SOCKET_RATE_SECONDS = 5, 10**6  # no refill now
    cookie = session_cookie(alice)
    refusal = {
        "type": "error",
        "code": "too_many_messages",
        "detail": error_texts.DETAILS["too_many_messages"].format(messages=5, seconds=10**6),
        "fields": {},
        "status": 429,
        "request_id": None,  # the message was not read
        "messages": 5,
        "seconds": 10**6,
    }

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        for n in range(5):
            await ws.send_json_to(sync(n))
            assert (await ws.receive_json_from())["request_id"] == n
        for n in range(5, 9):
            await ws.send_json_to(sync(n))
            assert await ws.receive_json_from() == refusal
        await ws.send_json_to(sync(9))
        closed = await ws.receive_output()
        assert closed == {
            "type": "websocket.close",
            "code": CLOSE_TOO_MANY,
            "reason": "too_many_messages",
        }
        assert await ws.receive_nothing()
        await ws.disconnect()

    run(scenario)


# --- the size of a message ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("frame", "closes"),
    [
        ({"text_data": "x" * 1024}, False),
        ({"text_data": "x" * 1025}, True),
        ({"text_data": "é" * 513}, True),  # 513 characters, 1,026 bytes
        ({"bytes_data": b"x" * 1025}, True),
    ],
)
def test_a_message_over_socket_max_bytes_closes_the_socket_unread(
    table, alice, settings, frame, closes
):
    """The consumer's own check, for servers started without uvicorn's limit."""
    settings.SOCKET_MAX_BYTES = 1024
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        await ws.send_to(**frame)
        if closes:
            assert await ws.receive_output() == {"type": "websocket.close", "code": CLOSE_TOO_BIG}
        else:
            assert (await ws.receive_json_from())["code"] == "malformed"
        await ws.disconnect()

    run(scenario)


def test_make_run_and_the_procfile_give_uvicorn_the_same_limit(monkeypatch, settings):
    monkeypatch.delenv("SOCKET_MAX_BYTES", raising=False)

    def limit(argv: list[str]) -> str:
        return argv[argv.index("--ws-max-size") + 1]

    assert limit(stack.web_command("uvicorn", "127.0.0.1", 8000)) == str(stack.SOCKET_MAX_BYTES)
    assert limit(procfile_web(8000)) == str(stack.SOCKET_MAX_BYTES)
    assert stack.SOCKET_MAX_BYTES == settings.SOCKET_MAX_BYTES  # the settings' default
    monkeypatch.setenv("SOCKET_MAX_BYTES", "2048")
    assert limit(stack.web_command("uvicorn", "127.0.0.1", 8000)) == "2048"


# --- sockets per person ---------------------------------------------------------------------


def test_one_socket_more_than_sockets_per_person_is_refused(table, alice, bob, settings, any_cache):
    settings.SOCKETS_PER_PERSON = 2
    game = f"/ws/games/{table.pk}/"
    alices, bobs = session_cookie(alice), session_cookie(bob)

    async def scenario():
        first, second = socket("/ws/me/", alices), socket(game, alices)
        assert (await first.connect())[0]
        await connected(second)
        third = socket(game, alices)
        assert (await third.connect())[0]
        answer = await third.receive_json_from()
        assert (answer["code"], answer["status"], answer["limit"]) == ("too_many_sockets", 429, 2)
        assert answer["detail"] == error_texts.DETAILS["too_many_sockets"].format(limit=2)
        assert await third.receive_output() == {
            "type": "websocket.close",
            "code": CLOSE_TOO_MANY,
            "reason": "too_many_sockets",
        }
        await third.disconnect()
        bobs_socket = socket(game, bobs)  # a person's cap, not the table's
        await connected(bobs_socket)
        await second.disconnect()  # gives its slot back
        fourth = socket(game, alices)
        assert (await connected(fourth))["type"] == "game"
        for ws in (first, fourth, bobs_socket):
            await ws.disconnect()

    run(scenario)


def test_a_slot_left_by_a_process_that_died_is_free_after_a_lease(alice, settings):
    """The local-memory cache, whose clock time_machine moves (Redis expires by its own)."""
    settings.SOCKETS_PER_PERSON = 1
    with time_machine.travel(0, tick=False) as traveller:
        assert socket_limits.claim(alice.pk, "a socket of a process that died")
        assert socket_limits.claim(alice.pk, "another") is None
        traveller.shift(socket_limits.LEASE_SECONDS + 1)
        assert socket_limits.claim(alice.pk, "another")


def test_an_open_socket_renews_its_slot(alice, settings):
    settings.SOCKETS_PER_PERSON = 1
    with time_machine.travel(0, tick=False) as traveller:
        slot = socket_limits.claim(alice.pk, "open")
        for _ in range(4):  # well past one lease
            traveller.shift(socket_limits.RENEW_SECONDS)
            socket_limits.renew(slot, "open")
        assert socket_limits.claim(alice.pk, "another") is None
        socket_limits.release(slot, "open")
        assert socket_limits.claim(alice.pk, "another")


def test_closed_sockets_leave_nothing_behind(table, alice, settings):
    """No per-socket state outlives its socket: slots, the games kept for it, its groups,
    its lease's renewals."""
    settings.SOCKETS_PER_PERSON = 3
    cookie = session_cookie(alice)
    slots = [socket_limits._slot(alice.pk, n) for n in range(3)]
    left = {}

    async def scenario():
        for _ in range(5):  # each round takes every slot, and gives them back
            sockets = [socket(f"/ws/games/{table.pk}/", cookie) for _ in range(2)]
            for ws in sockets:
                await connected(ws)
            me = socket("/ws/me/", cookie)
            assert (await me.connect())[0]
            assert len(cache.get_many(slots)) == 3
            for ws in [*sockets, me]:
                await ws.disconnect()
        left["renewals"] = [
            t for t in asyncio.all_tasks() if "Lease._renew" in repr(t.get_coro()) and not t.done()
        ]
        left["groups"] = dict(get_channel_layer().groups)

    run(scenario)
    assert left == {"renewals": [], "groups": {}}
    assert cache.get_many(slots) == {}
    assert (fanout._watchers, fanout._games) == ({}, {})


# --- unknown paths --------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/ws/nope", "/ws/games/abc/", "/ws/games/1/more/", "/"])
def test_an_unknown_path_is_refused_at_the_handshake_quietly(table, alice, path, caplog):
    caplog.set_level(logging.DEBUG)
    cookie = session_cookie(alice)
    answers = []

    async def scenario():
        ws = socket(path, cookie)
        answers.append(await ws.connect())
        await ws.disconnect()

    run(scenario)
    assert answers == [(False, 1000)]  # closed before accepting: HTTP 403
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


# --- real uvicorn processes, as the Procfile starts them ------------------------------------


def uvicorn(processes, env: dict, **variables: str) -> tuple[str, object]:
    """One Procfile web process (its base URL, its log), the Procfile's variables as given."""
    port = free_port()
    argv = procfile_web(port, WEB_PROCESSES="1", **variables)
    proc, log = processes.start("web", argv, env)
    base = f"http://127.0.0.1:{port}"
    wait_until(lambda: http_ok(base + "/"), 30, proc, log, "the Procfile's web process")
    return base, log


def test_a_flooder_is_closed_and_another_player_is_served_meanwhile(
    table, alice, bob, processes, stack_env
):
    budget = 200
    env = {**stack_env, "SOCKET_RATE_MESSAGES": str(budget), "SOCKET_RATE_SECONDS": "1000000"}
    base, _ = uvicorn(processes, env)
    path = f"/ws/games/{table.pk}/"
    alices, bobs = Token.objects.create(user=alice).key, Token.objects.create(user=bob).key
    answers, closed, served = {}, [], []

    with ws_connect(base, path, alices) as flooder, ws_connect(base, path, bobs) as player:
        assert json.loads(flooder.recv(timeout=10))["type"] == "game"
        assert json.loads(player.recv(timeout=10))["type"] == "game"

        def flood():
            with contextlib.suppress(ConnectionClosed):
                for _ in range(50 * budget):  # far more than it may: the server closes it first
                    flooder.send("junk")

        def hear():
            try:
                while True:
                    code = json.loads(flooder.recv(timeout=60))["code"]
                    answers[code] = answers.get(code, 0) + 1
            except ConnectionClosed as e:
                closed.append(e.rcvd.code if e.rcvd else None)

        flooding = [threading.Thread(target=flood), threading.Thread(target=hear)]
        for thread in flooding:
            thread.start()
        for n in range(20):  # the other player, meanwhile: every message and request answered
            player.send(json.dumps(sync(n)))
            answer = json.loads(player.recv(timeout=10))
            served.append((answer["type"], answer["request_id"]))
            served.append(api(base, "GET", f"/api/games/{table.pk}", token=bobs)[0])
        for thread in flooding:
            thread.join(60)

    assert closed == [CLOSE_TOO_MANY]
    assert answers == {"malformed": budget, "too_many_messages": budget - 1}
    assert served == [item for n in range(20) for item in (("game", n), 200)]


def test_uvicorn_refuses_a_message_over_its_limit_before_the_app_sees_it(
    table, alice, processes, stack_env
):
    # The app would take up to 1 MiB: only the server's --ws-max-size refuses 2 KiB.
    env = {**stack_env, "SOCKET_MAX_BYTES": str(1 << 20)}
    base, _ = uvicorn(processes, env, SOCKET_MAX_BYTES="1024")
    token = Token.objects.create(user=alice).key
    with ws_connect(base, f"/ws/games/{table.pk}/", token) as ws:
        ws.recv(timeout=10)
        ws.send("x" * 1024)
        assert json.loads(ws.recv(timeout=10))["code"] == "malformed"
        ws.send("x" * 1025)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd.code == CLOSE_TOO_BIG


def test_the_cap_on_sockets_is_shared_by_two_web_processes(
    alice, bob, processes, stack_env, redis_url
):
    env = {**stack_env, "CACHE": "redis", "CACHE_URL": redis_url, "SOCKETS_PER_PERSON": "2"}
    one, two = uvicorn(processes, env)[0], uvicorn(processes, env)[0]
    alices, bobs = Token.objects.create(user=alice).key, Token.objects.create(user=bob).key

    with ws_connect(one, "/ws/me/", alices) as first, ws_connect(two, "/ws/me/", alices):
        with ws_connect(two, "/ws/me/", alices) as third:
            answer = json.loads(third.recv(timeout=10))
            with pytest.raises(ConnectionClosed) as closed:
                third.recv(timeout=10)
        assert (answer["code"], closed.value.rcvd.code) == ("too_many_sockets", CLOSE_TOO_MANY)
        assert stays_open(one, bobs)  # someone else's sockets are not counted

        first.close()  # in process one: process two may open one again
        wait_until(lambda: stays_open(two, alices), 10, what="a slot given back")


def stays_open(base: str, token: str) -> bool:
    """Whether a `/ws/me/` socket stays open: one refused answers and closes at once
    (an open one sends nothing). Closes it either way."""
    with ws_connect(base, "/ws/me/", token) as ws:
        try:
            ws.recv(timeout=1)
        except TimeoutError:
            return True
        except ConnectionClosed:
            pass
    return False


def test_an_unknown_path_answers_403_with_no_traceback(alice, processes, stack_env):
    base, log = uvicorn(processes, stack_env)
    token = Token.objects.create(user=alice).key
    for path in ("/ws/nope", "/ws/games/abc/"):
        with pytest.raises(InvalidStatus) as refused:
            connect(
                base.replace("http", "ws", 1) + path, origin=base, subprotocols=["token", token]
            )
        assert refused.value.response.status_code == 403
    assert http_ok(base + "/")  # a traceback would have been written before the answer
    written = log.read_text(errors="replace")
    assert "Traceback" not in written and "ERROR" not in written, written
