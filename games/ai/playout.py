"""A fast private simulator of the rest of one round, for the `hard` player's playouts.

It follows the engine's rules (tests cross-check it move by move against
`games.engine.apply`) on bare sorted lists instead of state dicts: copying and checking
a whole game state per move would cost most of the search budget.
"""

from dataclasses import dataclass

from games.engine.cards import COPIES, MIN_HAND, SEVEN_KINDS

from .heuristic import normal_follow, normal_lead, normal_pass


@dataclass
class Trick:
    """The trick in progress: `count` is None until the leader has played."""

    leader: int
    count: int | None = None
    top: int | None = None
    winner: int | None = None
    moves: int = 0


def exchange_passes(hands: list[list[int]], passes: list[list[int]]) -> list[list[int]]:
    """Seat i gives `passes[i]` to seat i-1, all at once (hands are not mutated)."""
    n = len(hands)
    new = []
    for seat in range(n):
        hand = list(hands[seat])
        for card in passes[seat]:
            hand.remove(card)
        new.append(sorted(hand + passes[(seat + 1) % n]))
    return new


def apply_decision(hand: list[int], decision: tuple) -> list[int]:
    """Remove a decision's cards from a sorted hand in place; returns the cards removed."""
    if decision[0] == "tuck":
        k = decision[1]
        removed = hand[:k]
        del hand[:k]
        return removed
    strength, k = decision[1], decision[2]
    i = hand.index(strength)
    del hand[i : i + k]
    return [strength] * k


def play_out(
    hands: list[list[int]], turn: int, trick: Trick, sets_unlocked: bool, first=None
) -> tuple[int, list[int]]:
    """Play the round to its last cards with the normal rules at every seat.

    `hands` (mutated) are the current hands, `turn` the seat to move. `first` is an
    optional decision forced on that first move (the move the search is judging).
    Returns (loser, caught cards) as the engine computes them.
    """
    n = len(hands)
    count, top, winner, moves = trick.count, trick.top, trick.winner, trick.moves
    while True:
        hand = hands[turn]
        if first is not None:
            decision, first = first, None
        elif count is None:
            decision = normal_lead(hand, sets_unlocked)
        else:
            decision = normal_follow(hand, count, top)
        apply_decision(hand, decision)
        if decision[0] == "play":
            top, count, winner = decision[1], decision[2], turn
        else:
            sets_unlocked = True
        moves += 1
        if moves < n:
            turn = (turn + 1) % n
            continue
        if len(hands[winner]) > 1:
            turn, count, top, moves = winner, None, None, 0
            continue
        return last_cards(hands, winner)


def last_cards(hands: list[list[int]], first: int) -> tuple[int, list[int]]:
    """ "Your owner comes back": the highest last card loses (a tie: the later card)."""
    n = len(hands)
    order = [(first + i) % n for i in range(n)]
    top = max(hands[s][0] for s in order)
    loser = [s for s in order if hands[s][0] == top][-1]
    others = sorted(hands[s][0] for s in order if s != loser)
    return loser, sorted([top] + others[:2])


def play_out_from_pass(
    dealt: list[list[int]], seat: int, given: list[int], starter: int
) -> tuple[int, list[int]]:
    """A whole round from the pass: `seat` gives `given`, every other seat passes by rule."""
    passes = [given if s == seat else normal_pass(hand) for s, hand in enumerate(dealt)]
    hands = exchange_passes(dealt, passes)
    return play_out(hands, starter, Trick(leader=starter), sets_unlocked=False)


# --- what a round cost -------------------------------------------------------------------

LOSS_COST = 25.0  # losing the game outweighs any round's cards
WIN_BONUS = 4.0  # another seat ends the game by losing it: this seat is safe
KIND_COST = 1.5  # a new kind in the doghouse is a step towards seven kinds


def round_cost(
    seat: int, loser: int, caught: list[int], doghouses: list[list[int]], max_strength: int
) -> float:
    """What a round's outcome costs `seat`: cards caught, new kinds, and a game lost or won."""
    n = len(doghouses)
    after = [d if s != loser else d + caught for s, d in enumerate(doghouses)]
    kinds = [len(set(d)) for d in after]
    if kinds[loser] >= SEVEN_KINDS:
        return LOSS_COST if loser == seat else -WIN_BONUS
    pool = COPIES * max_strength - sum(len(d) for d in after)
    if min(10, pool // n) < MIN_HAND:  # the deck is exhausted: most kinds, then most cards
        score = [(kinds[s], len(after[s])) for s in range(n)]
        worst = max(score)
        if score[seat] == worst:
            return LOSS_COST if score.count(worst) < n else 0.0
        return -WIN_BONUS
    if loser != seat:
        return 0.0
    new_kinds = kinds[seat] - len(set(doghouses[seat]))
    # Each new kind costs more the closer the doghouse is to seven.
    return len(caught) + KIND_COST * new_kinds * (1 + kinds[seat] / SEVEN_KINDS)
