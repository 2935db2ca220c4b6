"""The documented seeded deal (games/engine/deal.py), re-implemented from its text alone."""

import hashlib

import pytest

from games.engine import new_game, seed_commitment
from games.engine.deal import deal
from tests.engine.positions import deck_of, play_until


def words(seed: str, round_number: int):
    """Step 1: 32-bit big-endian words of SHA-256("barkside/1:{seed}:{r}:{k}"), k = 0, 1, ..."""
    block = 0
    while True:
        digest = hashlib.sha256(f"barkside/1:{seed}:{round_number}:{block}".encode()).digest()
        for i in range(8):
            yield int.from_bytes(digest[4 * i : 4 * i + 4], "big")
        block += 1


def uniform_below(stream, m: int) -> int:
    """Step 2: reject words at or above 2**32 - (2**32 mod m), then take the rest mod m."""
    while True:
        x = next(stream)
        if x < 2**32 - (2**32 % m):
            return x % m


def documented_deal(seed: str, round_number: int, pool: list[int], players: int):
    stream = words(seed, round_number)
    cards = sorted(pool)
    for i in range(len(cards) - 1, 0, -1):  # step 3: Fisher-Yates
        j = uniform_below(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    h = min(10, len(cards) // players)  # step 4
    hands = [sorted(cards[p * h : (p + 1) * h]) for p in range(players)]
    aside = sorted(cards[players * h :])
    starter = uniform_below(stream, players)  # step 5
    return hands, aside, starter


CASES = [("alpha", 3, "auto"), ("bravo", 4, "auto"), ("charlie", 5, 60), ("δέλτα", 6, 50)]


@pytest.mark.parametrize("seed, players, deck", CASES)
def test_round_one_follows_the_documented_deal(seed, players, deck):
    state = new_game(players, seed, deck)
    rnd = state["rounds"][0]
    hands, aside, starter = documented_deal(seed, 1, deck_of(state["max_strength"]), players)
    assert rnd["hands"] == hands
    assert rnd["aside"] == aside
    assert rnd["starter"] == starter


@pytest.mark.parametrize("seed, players, deck", CASES)
def test_a_later_round_follows_the_documented_deal_from_the_pool(seed, players, deck):
    state = play_until(players, seed, lambda s: len(s["rounds"]) == 3, deck)
    rest = deck_of(state["max_strength"])
    for card in (c for d in state["doghouses"] for c in d):
        rest.remove(card)
    hands, aside, _ = documented_deal(seed, 3, rest, players)
    rnd = state["rounds"][2]
    assert (rnd["hands"], rnd["aside"]) == (hands, aside)
    assert rnd["starter"] == state["rounds"][1]["loser"]


@pytest.mark.parametrize("round_number", [1, 2, 7])
def test_the_deal_function_matches_the_documented_deal(round_number):
    pool = deck_of(10)[7:]
    for seed in ("", "x", "a longer seed with spaces", "42"):
        assert deal(seed, round_number, pool, 4) == documented_deal(seed, round_number, pool, 4)


def test_the_seed_commitment_is_the_sha256_hex_of_the_seed():
    assert seed_commitment("abc") == hashlib.sha256(b"abc").hexdigest()
    assert (
        seed_commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )


def test_a_game_commits_to_its_seed():
    state = new_game(3, "commit")
    assert state["seed_sha256"] == hashlib.sha256(b"commit").hexdigest()


def test_different_seeds_deal_different_hands():
    assert new_game(3, "one")["rounds"][0]["hands"] != new_game(3, "two")["rounds"][0]["hands"]


def test_different_rounds_of_one_seed_shuffle_differently():
    pool = deck_of(10)
    assert deal("same", 1, pool, 3)[0] != deal("same", 2, pool, 3)[0]
