"""A block keeps two people apart at matchmaking, whoever of them blocked."""

from datetime import UTC, datetime

from matchmaking import services as matchmaking
from matchmaking.forming import Rules, Wish, plan_tables
from matchmaking.models import QueueEntry
from moderation import services
from moderation.models import Block
from tests.helpers import client_for

T0 = datetime(2026, 3, 1, tzinfo=UTC)
RULES = Rules(
    gap_base=100,
    gap_per_second=10,
    gap_max=1500,
    ai_wait_live=60,
    ai_wait_correspondence=600,
    live_max_seconds=300,
)


def wish(i, avoid=()):
    return Wish(
        id=i,
        user_id=i,
        sizes=frozenset({3}),
        time_per_move=60,
        rated=True,
        ai_fill=False,
        skill=1000.0,
        joined=T0,
        avoid=frozenset(avoid),
    )


def test_the_planner_never_seats_a_blocker_with_the_blocked():
    wishes = [wish(1, avoid={2}), wish(2, avoid={1}), wish(3), wish(4)]
    [table] = plan_tables(wishes, T0, RULES)
    users = {w.user_id for w in table.wishes}
    assert not {1, 2} <= users


def test_without_a_block_the_same_queue_seats_the_first_three():
    [table] = plan_tables([wish(1), wish(2), wish(3), wish(4)], T0, RULES)
    assert {w.user_id for w in table.wishes} == {1, 2, 3}


def queue(user):
    return QueueEntry.objects.create(
        user=user, sizes=[3], time_per_move=60, rated=True, ai_fill=False, skill=1000, joined=T0
    )


def test_queued_wishes_carry_blocks_both_ways(alice, bob, carol):
    for user in (alice, bob, carol):
        queue(user)
    assert client_for(alice).post("/api/blocks/bob").status_code == 204
    avoid = {w.user_id: w.avoid for w in matchmaking.queued_wishes()}
    assert avoid == {alice.pk: {bob.pk}, bob.pk: {alice.pk}, carol.pk: frozenset()}
    assert plan_tables(matchmaking.queued_wishes(), T0, RULES) == []


def test_blocking_twice_keeps_one_block_and_unblocking_removes_it(alice, bob):
    services.block_add(user=alice, username="bob")
    services.block_add(user=alice, username="BOB")
    assert Block.objects.count() == 1
    services.block_remove(user=alice, username="bob")
    assert not Block.objects.exists()
