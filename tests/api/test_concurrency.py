"""Many identical moves at once: exactly one is applied.

Without a key the others are told it is stale; with one Idempotency-Key they all get
the first one's reply. Runs on the suite's database: SQLite in `make test` (a file
database whose writers take the lock with BEGIN IMMEDIATE) and PostgreSQL in CI
(DATABASE_URL).
"""

from dataclasses import dataclass

import pytest

from games.models import GameEvent
from tests.helpers import at_once, client_for

from .conftest import human_table, move, pass_all, state, version

THREADS = 50


@dataclass
class Lead:
    """A game in its tricks where `seat` alone may act: nobody else moves meanwhile."""

    game_id: int
    user: object
    seat: int
    hand: list[int]
    version: int
    events: int

    @property
    def card(self) -> int:
        return self.hand[0]

    def play_at_once(self, **headers) -> list:
        """The seat's play of its lowest card, THREADS times at once from as many clients."""

        def submit():  # a client per request: test clients are not shared between threads
            client = client_for(self.user)
            return move(client, self.game_id, "play", [self.card], version=self.version, **headers)

        responses = at_once(*[submit] * THREADS)
        assert not [r for r in responses if isinstance(r, Exception)], responses
        return responses

    def assert_applied_once(self) -> None:
        assert version(self.game_id) == self.version + 1
        assert GameEvent.objects.filter(game_id=self.game_id).count() == self.events + 1
        hand = state(self.game_id)["hands"][self.seat]
        assert hand.count(self.card) == self.hand.count(self.card) - 1


@pytest.fixture
def lead(alice, bob, carol) -> Lead:
    users = [alice, bob, carol]
    game_id, clients = human_table(users)
    pass_all(game_id, clients)
    s = state(game_id)
    seat = s["turn"]
    events = GameEvent.objects.filter(game_id=game_id).count()
    return Lead(game_id, users[seat], seat, s["hands"][seat], version(game_id), events)


def test_fifty_identical_moves_at_once_apply_exactly_once(lead):
    responses = lead.play_at_once()
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (THREADS - 1), statuses
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"stale_version"}
    assert {r.json()["version"] for r in responses if r.status_code == 409} == {lead.version + 1}
    lead.assert_applied_once()


def test_fifty_moves_at_once_with_one_key_all_get_the_first_reply(lead):
    """The twins wait for the first on the key, then read the reply it stored."""
    responses = lead.play_at_once(HTTP_IDEMPOTENCY_KEY="one-key")
    statuses = [r.status_code for r in responses]
    assert statuses == [200] * THREADS, {r.status_code: r.json() for r in responses}
    bodies = [r.json() for r in responses]
    assert all(body == bodies[0] for body in bodies)
    assert bodies[0]["version"] == lead.version + 1
    lead.assert_applied_once()
