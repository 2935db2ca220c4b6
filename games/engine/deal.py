"""The seeded deal: how a seed becomes each round's hands, set-aside cards and first starter.

Specified so anyone can re-deal a finished game in any language and check it was fair:

1. Random words. Round `r` (1-based) reads 32-bit words from SHA-256 blocks:
   block `k` (k = 0, 1, 2 ...) is `SHA-256(UTF-8("barkside/1:{seed}:{r}:{k}"))`, and each
   32-byte block gives 8 words, read as big-endian unsigned ints in order.
2. A uniform integer below `m`: take the next word `x`; if `x >= 2**32 - (2**32 mod m)`
   discard it and take another; the result is `x mod m`.
3. Shuffle. The pool (every card not in a doghouse) is sorted ascending, then shuffled by
   Fisher-Yates: for `i` from `len(pool) - 1` down to 1, `j` = uniform below `i + 1`,
   swap `pool[i]` and `pool[j]`.
4. Deal. With `h = min(10, len(pool) // players)`, seat `p` gets `pool[p*h:(p+1)*h]` and
   the rest `pool[players*h:]` is set aside (each sorted ascending for display).
5. Round 1's starter is the next uniform integer below `players` from the same words.
   Later rounds start with the previous round's loser.

The seed is shown to players only as `SHA-256(UTF-8(seed))` (hex) until the game ends.
"""

import hashlib

from .cards import deal_size

_WORD_LIMIT = 2**32
_WORD_MASK = _WORD_LIMIT - 1
_WORD_SHIFTS = range(0, 256, 32)  # a block's words from the last to the first


def seed_commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


class _Words:
    """The round's stream of 32-bit words (step 1 above)."""

    def __init__(self, seed: str, round_number: int):
        self._prefix = f"barkside/1:{seed}:{round_number}:"
        self._block = 0
        self._words: list[int] = []  # the current block's unread words, the next one last

    def _read_block(self) -> None:
        digest = hashlib.sha256(f"{self._prefix}{self._block}".encode()).digest()
        self._block += 1
        # The block as one big-endian int, cut into words from its low end: the last word
        # comes first, so `pop` takes them in order (and it is cheaper than 8 from_bytes).
        block = int.from_bytes(digest, "big")
        self._words = [block >> shift & _WORD_MASK for shift in _WORD_SHIFTS]

    def below(self, m: int) -> int:
        """A uniform integer below `m` (step 2 above); the deal draws about 50 per round."""
        limit = _WORD_LIMIT - _WORD_LIMIT % m
        while True:
            if not self._words:
                self._read_block()
            x = self._words.pop()
            if x < limit:
                return x % m


def deal(
    seed: str, round_number: int, pool: list[int], players: int
) -> tuple[list[list[int]], list[int], int]:
    """Return (hands, aside, random_starter) for a round; the starter only counts in round 1."""
    words = _Words(seed, round_number)
    cards = sorted(pool)
    for i in range(len(cards) - 1, 0, -1):
        j = words.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    h = deal_size(len(cards), players)
    hands = [sorted(cards[p * h : (p + 1) * h]) for p in range(players)]
    aside = sorted(cards[players * h :])
    return hands, aside, words.below(players)
