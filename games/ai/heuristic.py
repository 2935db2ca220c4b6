"""The rule-based players (`normal`, `easy`) as small functions over a sorted hand.

They read raw hands rather than views so the `hard` player's playouts can run the very
same rules at speed; `policies.py` wraps them for views. A decision is a tuple:
`("play", strength, count)` or `("tuck", count)`; a pass is a sorted pair of cards.

Why these rules: a round is lost by the seat whose last card is highest, so every card a
seat plays is risk gone, and every tail-tuck throws away its lowest cards, the very cards
that make a safe last card. Hence: pass the highest cards, climb with the highest cards
that may be played, tuck only when nothing may be played, and lead high (a high lead
makes the other seats climb higher or tuck their own safe cards).
"""

import random

Decision = tuple  # ("play", strength, count) | ("tuck", count)


def group_counts(hand: list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    return counts


# --- normal --------------------------------------------------------------------------


def normal_pass(hand: list[int]) -> list[int]:
    """Pass the two highest cards: the doghouse risk lies in high cards held at the end.

    One exception: a card of the hand's highest strength that comes with 2+ copies may be
    unloaded as a set once sets unlock, so a lone card of the next strength goes first
    when the top group is a set of 3 or more.
    """
    counts = group_counts(hand)
    order = sorted(hand, reverse=True)
    top = order[0]
    if counts[top] >= 3:
        singles = [c for c in order if counts[c] == 1 and c >= top - 2]
        if len(singles) >= 2:
            return sorted(singles[:2])
    return sorted(order[:2])


def normal_lead(hand: list[int], sets_unlocked: bool) -> Decision:
    """Lead the group that sheds the most risk, always keeping the lowest card as last card."""
    h = len(hand)
    if h <= 2 or not sets_unlocked:
        return ("play", hand[-1], 1)
    safe = hand[0]
    best, best_score = ("play", hand[-1], 1), hand[-1]
    for strength, count in group_counts(hand).items():
        # The lowest card is the seat's safe last card: never spend it in a set.
        k = min(count - (strength == safe), h - 1)
        if k >= 2 and strength * k > best_score:
            best, best_score = ("play", strength, k), strength * k
    return best


def normal_follow(hand: list[int], count: int, top: int) -> Decision:
    """Climb with the highest strength that may be played; tail-tuck only when none may."""
    for i in range(len(hand) - 1, -1, -1):
        strength = hand[i]
        if strength < top:
            break
        if i - count + 1 >= 0 and hand[i - count + 1] == strength:
            return ("play", strength, count)
    return ("tuck", count)


# --- easy ----------------------------------------------------------------------------

# How often the beginner sees the good move anyway; the rest of the time it plays the
# intuitive but losing habit of other climbing games: save high cards, spend low ones.
EASY_INSIGHT = 0.35


def easy_pass(hand: list[int], rng: random.Random) -> list[int]:
    """Two cards picked at random among the four highest: roughly right, never sharp."""
    top = sorted(hand, reverse=True)[:4]
    return sorted(rng.sample(top, 2))


def easy_lead(hand: list[int], sets_unlocked: bool, rng: random.Random) -> Decision:
    if rng.random() < EASY_INSIGHT:
        return normal_lead(hand, sets_unlocked)
    return ("play", hand[0], 1)


def easy_follow(hand: list[int], count: int, top: int, rng: random.Random) -> Decision:
    if rng.random() < EASY_INSIGHT:
        return normal_follow(hand, count, top)
    counts = group_counts(hand)
    for strength in sorted(counts):
        if strength >= top and counts[strength] >= count:
            return ("play", strength, count)
    return ("tuck", count)
