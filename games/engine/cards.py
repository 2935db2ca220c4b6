"""Cards are strengths (ints); a deck is five of each strength from 1 to `max_strength`."""

COPIES = 5
MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_HAND = 10
MIN_HAND = 5  # a round that would deal fewer cards per player is never dealt
PASS_SIZE = 2
SEVEN_KINDS = 7
DECK_STRENGTHS = {50: 10, 60: 12}  # deck size -> highest strength


def max_strength_for(players: int, deck: str | int = "auto") -> int:
    """The highest strength of the deck: by player count, or a 50/60-card house rule."""
    if deck == "auto":
        return 10 if players <= 4 else 12
    if deck in (50, 60, "50", "60"):
        return DECK_STRENGTHS[int(deck)]
    raise ValueError(f"deck must be 'auto', 50 or 60, not {deck!r}")


def full_deck(max_strength: int) -> list[int]:
    return sorted([*range(1, max_strength + 1)] * COPIES)  # list ops in C: no Python loop


def kinds(cards: list[int]) -> int:
    """How many different dogs (strengths) a pile holds."""
    return len(set(cards))


def without(hand: list[int], cards: list[int]) -> list[int] | None:
    """`hand` minus the multiset `cards`, or None when `cards` is not in `hand`."""
    rest = list(hand)
    try:
        for card in cards:
            rest.remove(card)
    except ValueError:
        return None
    return rest


def deal_size(pool: int, players: int) -> int:
    return min(MAX_HAND, pool // players)
