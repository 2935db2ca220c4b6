"""The planner alone: who sits with whom, on an injected clock (no database)."""

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from matchmaking.forming import Rules, Wish, plan_tables

T0 = datetime(2026, 3, 1, tzinfo=UTC)
RULES = Rules(
    gap_base=100,
    gap_per_second=10,
    gap_max=1500,
    ai_wait_live=60,
    ai_wait_correspondence=600,
    live_max_seconds=300,
)


def wish(i, *, sizes=(3, 4, 5, 6), tpm=60, rated=True, ai_fill=False, skill=1000.0, waited=0):
    return Wish(
        id=i,
        user_id=i,
        sizes=frozenset(sizes),
        time_per_move=tpm,
        rated=rated,
        ai_fill=ai_fill,
        skill=skill,
        joined=T0 - timedelta(seconds=waited),
    )


def seated(tables):
    return sorted(w.id for t in tables for w in t.wishes)


def test_three_compatible_players_sit_together():
    tables = plan_tables([wish(1), wish(2), wish(3)], T0, RULES)
    assert [(seated([t]), t.ai) for t in tables] == [([1, 2, 3], 0)]


def test_different_speeds_never_sit_together():
    assert plan_tables([wish(1), wish(2), wish(3, tpm=30)], T0, RULES) == []


def test_rated_and_casual_never_sit_together():
    assert plan_tables([wish(1), wish(2), wish(3, rated=False)], T0, RULES) == []


def test_a_size_someone_refuses_is_never_formed():
    players = [wish(1, sizes=(3,)), wish(2, sizes=(3,)), wish(3, sizes=(4, 5))]
    assert plan_tables(players, T0, RULES) == []


def test_the_gap_widens_with_waiting():
    players = [wish(1, skill=1000), wish(2, skill=1000), wish(3, skill=1400)]
    assert plan_tables(players, T0, RULES) == []  # gap 100
    assert plan_tables(players, T0 + timedelta(seconds=29), RULES) == []  # gap 390
    tables = plan_tables(players, T0 + timedelta(seconds=30), RULES)  # gap 400
    assert seated(tables) == [1, 2, 3]


def test_the_gap_is_capped():
    assert RULES.gap(0) == 100
    assert RULES.gap(10) == 200
    assert RULES.gap(10**6) == 1500


def test_the_longest_waiter_sets_the_gap():
    players = [wish(1, skill=1000, waited=50), wish(2, skill=1500), wish(3, skill=1200)]
    assert seated(plan_tables(players, T0, RULES)) == [1, 2, 3]  # gap 600 from wish 1


def test_closest_ratings_are_preferred():
    players = [wish(1, sizes=(3,), skill=1000)] + [
        wish(i, sizes=(3,), skill=s) for i, s in [(2, 1090), (3, 1010), (4, 1020)]
    ]
    assert seated(plan_tables(players, T0, RULES)) == [1, 3, 4]


def test_bigger_tables_when_enough_people_wait():
    tables = plan_tables([wish(i) for i in range(1, 8)], T0, RULES)
    assert [t.size for t in tables] == [6]


def test_two_tables_when_sizes_require():
    players = [wish(i, sizes=(3,)) for i in range(1, 7)]
    assert [t.size for t in plan_tables(players, T0, RULES)] == [3, 3]


def test_ai_seats_complete_a_table_after_the_wait():
    alone = [wish(1, ai_fill=True, sizes=(4, 5))]
    assert plan_tables(alone, T0 + timedelta(seconds=59), RULES) == []
    [table] = plan_tables(alone, T0 + timedelta(seconds=60), RULES)
    assert (table.size, table.ai) == (4, 3)


def test_ai_fill_waits_longer_for_correspondence():
    alone = [wish(1, ai_fill=True, tpm=86400)]
    assert plan_tables(alone, T0 + timedelta(seconds=599), RULES) == []
    assert len(plan_tables(alone, T0 + timedelta(seconds=600), RULES)) == 1


def test_ai_fill_takes_the_fewest_ai_seats():
    players = [wish(1, ai_fill=True, waited=60), wish(2, ai_fill=True)]
    [table] = plan_tables(players, T0, RULES)
    assert (seated([table]), table.size, table.ai) == ([1, 2], 3, 1)


def test_nobody_gets_ai_seats_without_asking():
    assert plan_tables([wish(1, waited=10**5)], T0, RULES) == []
    players = [wish(1, ai_fill=True, waited=60), wish(2, ai_fill=False)]
    [table] = plan_tables(players, T0, RULES)
    assert (seated([table]), table.ai) == ([1], 2)


wishes = st.lists(
    st.builds(
        wish,
        st.integers(),
        sizes=st.sets(st.integers(3, 6), min_size=1),
        tpm=st.sampled_from([30, 60, 86400]),
        rated=st.booleans(),
        ai_fill=st.booleans(),
        skill=st.floats(400, 1600),
        waited=st.integers(0, 1000),
    ),
    max_size=60,
    unique_by=lambda w: w.id,
)


@settings(max_examples=200, deadline=None)
@given(wishes)
def test_every_table_is_valid_and_nobody_sits_twice(queue):
    tables = plan_tables(queue, T0, RULES)
    ids = seated(tables)
    assert len(ids) == len(set(ids))
    for table in tables:
        anchor = table.wishes[0]
        assert 3 <= table.size <= 6
        assert all(table.size in w.sizes for w in table.wishes)
        assert len({(w.time_per_move, w.rated) for w in table.wishes}) == 1
        skills = [w.skill for w in table.wishes]
        assert max(skills) - min(skills) <= RULES.gap((T0 - anchor.joined).total_seconds())
        if table.ai:
            assert all(w.ai_fill for w in table.wishes)
            assert (T0 - anchor.joined).total_seconds() >= RULES.ai_wait(anchor.time_per_move)
