"""The simulated people of `bench load`: real HTTP and WebSocket clients on one asyncio loop.

One `Crowd` holds one HTTP session (keep-alive connections, no cookie jar: every request
signs in with its API token, as a phone app does) and the figures. Each person is a
`Player` at a table: the game socket brings every new version, and whenever the newest
view offers legal moves the player sends a random one, over REST or over the socket.
"""

import asyncio
import contextlib
import json
import random
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field

import aiohttp
import orjson

from games.models import LIVE_SECONDS

MOVE_TIMEOUT = 30.0  # a reply slower than this counts as an error (`timeout`)
STALL = 5.0  # seconds without a new version before a player asks for the game again
SETUP_TRIES = 5  # GETs of a first view before a player gives up its table
POLL = 0.5  # how often a waiting player looks at the clock (and a socketless one GETs)
# Live tables have the longest live clock: no seat times out while the tables are set up
# (100 tables take about a minute). Correspondence tables have a day a move, the app's
# default. A mix alternates the two, table by table.
TIME_PER_MOVE = LIVE_SECONDS[1]
CORRESPONDENCE_TIME_PER_MOVE = 24 * 3600
SPEEDS = {
    "live": (TIME_PER_MOVE,),
    "correspondence": (CORRESPONDENCE_TIME_PER_MOVE,),
    "mix": (TIME_PER_MOVE, CORRESPONDENCE_TIME_PER_MOVE),
}
# Every person's forced-move settings: `default` leaves the app's (on for correspondence,
# off for live); with it on, the server makes a seat's only legal move itself, and the
# person, whose view offered that move too, may send it as well and be refused.
FORCED_MOVES = {"default": None, "on": True, "off": False}
SEATS = 3


@dataclass
class Person:
    username: str
    token: str
    number: int = 0  # in the crowd: people 3n to 3n + 2 sit at table n


@dataclass
class Figures:
    """What the report is made of; times are `time.perf_counter()` seconds."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {"rest": [], "socket": []})
    by_kind: dict[str, list[float]] = field(default_factory=dict)  # pass, play, tuck
    errors: Counter = field(default_factory=Counter)  # what failed, refusals apart
    refusals: Counter = field(default_factory=Counter)  # (code, channel) of refused moves
    handshake_failures: Counter = field(default_factory=Counter)
    stalls: int = 0
    # (game, version) -> (reply time, seat that moved): moves applied in the window
    replies: dict[tuple[int, int], tuple[float, int]] = field(default_factory=dict)
    # (game, seat) -> [(version, arrival time)] of every `game` socket message
    received: dict[tuple[int, int], list[tuple[int, float]]] = field(default_factory=dict)
    games: dict[int, Person] = field(default_factory=dict)  # game -> a seated person
    sockets_opened: int = 0
    sockets_deflated: int = 0  # of those, how many the server agreed to compress


class Crowd:
    def __init__(
        self,
        base: str,
        session: aiohttp.ClientSession,
        socket_share: float,
        think: float = 0.0,
        seed=None,
        speed: str = "live",
        forced_moves: str = "default",
    ):
        self.base = base.rstrip("/")
        self.session = session
        self.socket_share = socket_share
        self.think = think
        self.speeds = SPEEDS[speed]
        self.forced_moves = FORCED_MOVES[forced_moves]
        self.rng = random.Random(seed)
        self.figures = Figures()
        self.prefix = "ld" + secrets.token_hex(4)
        self.measuring = False  # moves sent now count in the figures
        self.stop = asyncio.Event()  # players send no new moves once set

    # --- HTTP ------------------------------------------------------------------------

    def base_of(self, person: Person | None) -> str:
        """The stack a person talks to, over REST and the socket: the crowd's one here
        (`bench stacks` seats each table's people on two)."""
        return self.base

    async def api(self, method: str, path: str, person: Person | None = None, body=None):
        """(status, JSON body); a failure to talk at all raises aiohttp.ClientError."""
        headers = {"Authorization": f"Token {person.token}"} if person else {}
        async with self.session.request(
            method, self.base_of(person) + path, json=body, headers=headers
        ) as response:
            body = await response.read()
        try:
            return response.status, orjson.loads(body) if body else None
        except ValueError:  # an error page from a server that failed (a 500 says which)
            return response.status, {"code": "not_json"}

    async def register(self, number: int) -> Person:
        username = f"{self.prefix}{number}"
        body = {"username": username, "password": secrets.token_urlsafe(16)}
        status, answer = await self.api("POST", "/api/auth/register", body=body)
        if status != 201:
            raise RuntimeError(f"registering {username}: HTTP {status} {answer}")
        person = Person(username, answer["token"], number)
        if self.forced_moves is not None:
            body = {"forced_moves_live": self.forced_moves}
            body["forced_moves_correspondence"] = self.forced_moves
            status, answer = await self.api("PATCH", "/api/games/settings", person, body)
            if status != 200:
                raise RuntimeError(f"forced moves of {username}: HTTP {status} {answer}")
        return person

    def time_per_move(self, people: list[Person]) -> int:
        """The table's seconds a move: the same for every game of the same people."""
        return self.speeds[people[0].number // SEATS % len(self.speeds)]

    async def open_socket(self, person: Person, game_id: int):
        """The game socket, or None after counting why the handshake failed."""
        base = self.base_of(person)
        try:
            ws = await self.session.ws_connect(
                f"{base.replace('http', 'ws', 1)}/ws/games/{game_id}/",
                protocols=("token", person.token),
                origin=base,
                timeout=aiohttp.ClientWSTimeout(ws_close=5),
                max_msg_size=0,
                compress=15,  # permessage-deflate, as browsers offer it: the server deflates
            )
        except aiohttp.WSServerHandshakeError as e:
            self.figures.handshake_failures[f"HTTP {e.status}"] += 1
            return None
        except (TimeoutError, aiohttp.ClientError, OSError) as e:
            self.figures.handshake_failures[type(e).__name__] += 1
            return None
        self.figures.sockets_opened += 1
        self.figures.sockets_deflated += bool(ws.compress)
        return ws

    # --- tables ------------------------------------------------------------------------

    async def new_table(self, people: list[Person]) -> int:
        """A private table of `people`: the first opens it, the others join by invite code."""
        body = {"players": SEATS, "private": True, "time_per_move": self.time_per_move(people)}
        status, game = await self.api("POST", "/api/games", people[0], body)
        if status != 201:
            raise RuntimeError(f"creating a table: HTTP {status} {game}")
        for person in people[1:]:
            path = f"/api/games/{game['id']}/join"
            status, answer = await self.api(
                "POST", path, person, {"invite_code": game["invite_code"]}
            )
            if status != 200:
                raise RuntimeError(f"joining table {game['id']}: HTTP {status} {answer}")
        self.figures.games[game["id"]] = people[0]
        return game["id"]

    async def try_seat_table(self, people: list[Person]) -> list["Player"] | None:
        """A table ready to play, or None after counting why it could not be set up."""
        try:
            return await self.seat_table(people)
        except (aiohttp.ClientError, OSError, RuntimeError) as e:
            self.figures.errors[f"table not set up: {type(e).__name__}"] += 1
            return None

    async def seat_table(self, people: list[Person]) -> list["Player"]:
        game_id = await self.new_table(people)
        sockets = await asyncio.gather(*(self.open_socket(p, game_id) for p in people))
        players = [Player(self, p, game_id, ws) for p, ws in zip(people, sockets, strict=True)]
        await asyncio.gather(*(p.ready() for p in players))
        return players

    async def play_table(
        self, players: list["Player"], until_over: bool = False, after: float = 0.0
    ) -> None:
        """Play the table's games, from `after` seconds on; until the stop, a finished
        game is followed by a new one, so the load stays the same all along the run. A
        failure the server caused ends the table and is counted; it never ends the run."""
        await asyncio.sleep(after)
        try:
            await self._play_table(players, until_over)
        except (aiohttp.ClientError, OSError, RuntimeError) as e:
            self.figures.errors[f"table stopped: {type(e).__name__}"] += 1

    async def _play_table(self, players: list["Player"], until_over: bool) -> None:
        while True:
            await asyncio.gather(*(p.play(until_over) for p in players))
            over = players[0].latest["status"] != "active"
            if not over or self.stop.is_set():
                return
            await close_all(players)
            players[:] = await self.seat_table([p.person for p in players])

    def thinking_time(self) -> float:
        """How long a person looks at the table before a move: `think` seconds on average,
        from half to one and a half of it, so that tables do not move in step."""
        return self.think * self.rng.uniform(0.5, 1.5)

    def heard(self, player: "Player", message: dict) -> None:
        """A `game` message on a player's socket, as sent (its `game` view, and the
        `request_id` of the player's move it answers, if any): nothing more to note here
        (`bench stacks` checks each socket's versions and cards)."""

    def record_error(self, channel: str, status, code) -> None:
        if self.measuring:
            self.figures.errors[f"{channel} {status} {code}"] += 1

    def record_unapplied_move(self, channel: str, status, code) -> None:
        """A move the server refused (it answered with a 4xx code), or an error."""
        if isinstance(status, int) and 400 <= status < 500:
            if self.measuring:
                self.figures.refusals[(code, channel)] += 1
        else:
            self.record_error(channel, status, code)


class Player:
    """One person at one table: reads its socket, moves when its view offers moves."""

    def __init__(self, crowd: Crowd, person: Person, game_id: int, ws):
        self.crowd, self.person, self.game_id, self.ws = crowd, person, game_id, ws
        self.latest: dict | None = None
        self.seat: int | None = None
        self.changed = asyncio.Event()
        self.pending: dict[str, asyncio.Future] = {}
        self.reader: asyncio.Task | None = None
        self.received: list[tuple[int, float]] = []
        self.quiet_since = time.perf_counter()

    async def ready(self) -> None:
        """The first view: the socket's greeting, or a GET for a player without socket."""
        if self.ws is not None:
            self.reader = asyncio.create_task(self._read())
            try:
                await asyncio.wait_for(self.changed.wait(), MOVE_TIMEOUT)
            except TimeoutError:
                self.crowd.figures.handshake_failures["no first message"] += 1
        for _ in range(SETUP_TRIES):
            if self.latest is not None:
                break
            await self._fetch()
        else:
            raise RuntimeError(f"no view of game {self.game_id} for {self.person.username}")
        self.seat = self.latest["your_seat"]
        self.crowd.figures.received[(self.game_id, self.seat)] = self.received

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            now = time.perf_counter()
            data = orjson.loads(message.data)
            future = self.pending.pop(data.get("request_id"), None)
            if data["type"] == "game":
                self.received.append((data["version"], now))
                self.crowd.heard(self, data)
                self._offer(data["game"])
                if future:
                    future.set_result((200, data["game"]))
            elif data["type"] == "error" and future:
                future.set_result((data["status"], data))
        for future in self.pending.values():  # the socket closed under a move
            future.set_result(("closed", {"code": f"socket closed {self.ws.close_code}"}))
        self.pending.clear()
        self.ws = None

    def _offer(self, game: dict) -> None:
        if self.latest is None or game["version"] > self.latest["version"]:
            self.latest = game
            self.quiet_since = time.perf_counter()
            self.changed.set()

    async def _fetch(self) -> None:
        try:
            status, game = await self.crowd.api("GET", f"/api/games/{self.game_id}", self.person)
        except (aiohttp.ClientError, OSError) as e:
            status, game = "connection", {"code": type(e).__name__}
        if status == 200:
            self._offer(game)
        else:
            self.crowd.record_error("rest-get", status, (game or {}).get("code"))

    async def play(self, until_over: bool) -> None:
        crowd, tried = self.crowd, -1
        while until_over or not crowd.stop.is_set():
            game = self.latest
            if game["status"] != "active":
                return
            moves = game["view"]["legal_moves"] if game["view"] else []
            if not moves or game["version"] <= tried:
                await self._wait_for_news()
                continue
            tried = game["version"]
            if crowd.think:
                await asyncio.sleep(crowd.thinking_time())
                if self.latest is not game:  # news while thinking: look again
                    continue
            await self._move(crowd.rng.choice(moves), game["version"])

    async def _wait_for_news(self) -> None:
        """Wait a little for a new version (short waits, so a stop is seen at once); after
        STALL seconds of silence ask for the game, as a client seeing no news would."""
        self.changed.clear()
        try:
            await asyncio.wait_for(self.changed.wait(), POLL)
            return
        except TimeoutError:
            pass
        if self.ws is None:
            await self._fetch()
        elif time.perf_counter() - self.quiet_since > STALL:
            self.crowd.figures.stalls += 1
            self.quiet_since = time.perf_counter()
            with contextlib.suppress(aiohttp.ClientError, OSError):  # the reader sees it closed
                await self.ws.send_str(json.dumps({"type": "sync"}))

    async def _move(self, move: dict, version: int) -> None:
        crowd = self.crowd
        by_socket = self.ws is not None and crowd.rng.random() < crowd.socket_share
        channel = "socket" if by_socket else "rest"
        measured = crowd.measuring
        body = {"kind": move["kind"], "cards": move["cards"], "version": version}
        sent = time.perf_counter()
        try:
            send = self._by_socket if by_socket else self._by_rest
            status, answer = await asyncio.wait_for(send(body), MOVE_TIMEOUT)
        except TimeoutError:
            status, answer = "timeout", {}
        except (aiohttp.ClientError, OSError) as e:
            status, answer = "connection", {"code": type(e).__name__}
        replied = time.perf_counter()
        if status != 200:
            # Not applied. The play loop looks again: the newer version the socket brings,
            # or (without a socket) a GET of the game when none came.
            if measured:
                crowd.record_unapplied_move(channel, status, (answer or {}).get("code"))
            return
        self._offer(answer)
        if measured:
            crowd.figures.latencies[channel].append(replied - sent)
            crowd.figures.by_kind.setdefault(move["kind"], []).append(replied - sent)
            crowd.figures.replies[(self.game_id, answer["version"])] = (replied, self.seat)

    async def _by_rest(self, body: dict):
        return await self.crowd.api("POST", f"/api/games/{self.game_id}/moves", self.person, body)

    async def _by_socket(self, body: dict):
        request_id = secrets.token_hex(6)
        future = asyncio.get_running_loop().create_future()
        self.pending[request_id] = future
        await self.ws.send_str(json.dumps({"type": "move", "request_id": request_id, **body}))
        try:
            return await future
        finally:
            self.pending.pop(request_id, None)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await self.reader


async def close_all(players: list[Player]) -> None:
    await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
