"""Live games for the fault tests, and the people who play theirs over HTTP.

Every move a person sends carries its own Idempotency-Key. A request that gets no answer or
a 5xx is sent again with the same key and body until it gets a real answer, as a client
should; every attempt is kept in a `Move`, to check afterwards that no move was lost or
applied twice and that a retry gets the first answer.
"""

import threading
import time
import uuid
from dataclasses import dataclass, field

from rest_framework.authtoken.models import Token

from games import services
from tests.realtime.processes import api

PACE = 0.3  # seconds between a table's moves, about the AI's pace
RETRY = 0.2  # seconds between the attempts of a move that got no answer
GIVE_UP = 60.0  # seconds after which a move that never got an answer is left


@dataclass
class Table:
    game_id: int
    kind: str  # "ai", "mixed" or "people"
    tokens: dict[int, str] = field(default_factory=dict)  # seat -> its person's API token


def ai_table() -> Table:
    game = services.game_start_seated(seats=[{"ai_level": "random"}] * 4, time_per_move=300)
    return Table(game.pk, "ai")


def mixed_table(person) -> Table:
    game = services.game_create(user=person, players=4, ai=["random"] * 3, time_per_move=300)
    return Table(game.pk, "mixed", {0: _token(person)})


def people_table(persons) -> Table:
    game = services.game_create(user=persons[0], players=4, time_per_move=300)
    for person in persons[1:]:
        services.game_join(game_id=game.pk, user=person)
    return Table(game.pk, "people", {n: _token(p) for n, p in enumerate(persons)})


def _token(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


@dataclass
class Move:
    """One move and every answer its attempts got (status None: no answer at all)."""

    game_id: int
    seat: int
    token: str
    body: dict
    key: str = field(default_factory=lambda: uuid.uuid4().hex)
    sent: float = 0.0  # time.monotonic() of the first attempt
    answers: list[tuple[int | None, object]] = field(default_factory=list)

    @property
    def answered(self) -> tuple[int | None, object]:
        return self.answers[-1] if self.answers else (None, None)

    @property
    def applied_at(self) -> int | None:
        """The version of the event this move must be, if its answer says it was applied:
        the answer is the game right after the move. (Not the move's own version + 1: a
        pass made from a view that only others' passes superseded lands later.)"""
        status, answer = self.answered
        return answer["version"] if status == 200 else None


class Players:
    """A thread per table with people: whoever is to act plays their first legal move."""

    def __init__(self, base: str, tables: list[Table]):
        self.base = base
        self.moves: list[Move] = []
        self.posting = threading.Event()  # set when a move is sent: one is in flight
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads = [
            threading.Thread(target=self._play, args=(t,), daemon=True) for t in tables if t.tokens
        ]

    def __enter__(self):
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        for thread in self._threads:
            thread.join(GIVE_UP + 10)

    def _play(self, table: Table) -> None:
        any_token = next(iter(table.tokens.values()))
        while not self._stop.is_set():
            status, game = request(self.base, "GET", f"/api/games/{table.game_id}", any_token)
            if status != 200:
                time.sleep(RETRY)
                continue
            if game["status"] != "active":
                return
            seat = next(
                (
                    s["number"]
                    for s in game["seats"]
                    if s["to_act"] and s["number"] in table.tokens and s["state"] == "playing"
                ),
                None,
            )
            if seat is None:  # the AI is to move
                time.sleep(RETRY)
                continue
            token = table.tokens[seat]
            status, mine = request(self.base, "GET", f"/api/games/{table.game_id}", token)
            if status != 200 or not mine["seats"][seat]["to_act"]:
                continue
            body = {**mine["view"]["legal_moves"][0], "version": mine["version"]}
            self.send(Move(table.game_id, seat, token, body))
            time.sleep(PACE)

    def send(self, move: Move) -> None:
        move.sent = time.monotonic()
        with self._lock:
            self.moves.append(move)
        self.posting.set()
        while True:
            answer = self.post(move)
            move.answers.append(answer)
            if answer[0] is not None and answer[0] < 500:
                return
            if time.monotonic() - move.sent > GIVE_UP:
                return
            time.sleep(RETRY)

    def post(self, move: Move) -> tuple[int | None, object]:
        path = f"/api/games/{move.game_id}/moves"
        return request(self.base, "POST", path, move.token, move.body, move.key)

    def sent_between(self, start: float, end: float) -> list[Move]:
        with self._lock:
            return [m for m in self.moves if start <= m.sent <= end]


def request(base, method, path, token, body=None, key=None) -> tuple[int | None, object]:
    """(status, body) of one API request; (None, the error) when no answer came."""
    headers = {"Idempotency-Key": key} if key else {}
    try:
        return api(base, method, path, token, body, headers)
    except (OSError, ValueError) as e:  # refused, reset, cut short: the server is down
        return None, repr(e)
