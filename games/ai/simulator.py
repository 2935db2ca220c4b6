"""The new `hard` player's playouts: the rest of a round with the normal rules at every seat,
as one flat loop over bare sorted lists.

The same rules as `playout.play_out` (a test cross-checks the two on real positions, and
that one against the engine), but the normal lead and follow are inlined and a trick is
a handful of local ints instead of a dataclass and decision tuples: a playout is mostly
function calls otherwise, and this loop runs tens of thousands of times per decision.
The search tree walks down with the same loop (`stop`), so the trick's bookkeeping lives
in one place. A trick's `count` is 0 until the leader has played.
"""


def rollout(
    hands: list[list[int]],
    turn: int,
    count: int,
    top: int,
    winner: int,
    moves: int,
    unlocked: bool,
    forced: tuple | None = None,
    stop: int = -1,
    log: list | None = None,
) -> tuple:
    """Play on from the given trick with the normal rules (`hands` are mutated).

    `forced` is a decision made for the seat to move first (the move being judged).
    Returns (first, last cards by seat) at the round's end, `first` being the seat whose
    last card goes down first (`value.RoundValue.cost_at_end` scores them: the same last
    cards recur often, so they are judged once); or, when `stop` is a seat, the
    trick as it stands when that seat is next to move, (turn, count, top, winner, moves,
    unlocked), each move made meanwhile appended to `log` (`strength * 8 + count` for a
    play, `-count` for a tuck: the public record of what the seat saw).
    """
    n = len(hands)
    while True:
        hand = hands[turn]
        if forced is not None:
            if forced[0] == "tuck":
                del hand[:count]
                unlocked = True
            else:
                top, count = forced[1], forced[2]
                i = hand.index(top)
                del hand[i : i + count]
                winner = turn
            forced = None
        elif count == 0:
            h = len(hand)
            top = hand[-1]
            count = 1
            if h > 2 and unlocked:
                # The normal lead: the group with the largest strength x count, never
                # spending the lowest card (the safe last card); a lone top card otherwise.
                best = top
                safe = hand[0]
                i = 0
                while i < h - 1:
                    s = hand[i]
                    if hand[i + 1] != s:  # a lone card: never led here
                        i += 1
                        continue
                    j = i + 2
                    while j < h and hand[j] == s:
                        j += 1
                    k = j - i - (s == safe)
                    if k > h - 1:
                        k = h - 1
                    if k >= 2 and s * k > best:
                        best, top, count = s * k, s, k
                    i = j
            if count == 1:
                hand.pop()
            else:
                i = hand.index(top)
                del hand[i : i + count]
            winner = turn
        elif count == 1:
            if hand[-1] >= top:
                top = hand.pop()
                winner = turn
            else:
                del hand[0]
                unlocked = True
        else:
            # The normal follow: the highest strength held `count` times that may be played.
            i = len(hand) - 1
            while i >= count - 1:
                s = hand[i]
                if s < top:
                    break
                if hand[i - count + 1] == s:
                    del hand[i - count + 1 : i + 1]
                    top, winner = s, turn
                    break
                i -= 1
            if winner != turn:
                del hand[:count]
                unlocked = True
        if log is not None:
            # A seat that played leads the trick now (no seat moves twice in a trick).
            log.append(top * 8 + count if winner == turn else -count)
        moves += 1
        if moves < n:
            turn = turn + 1 if turn + 1 < n else 0
        elif len(hands[winner]) > 1:
            turn, count, moves = winner, 0, 0
        else:
            return winner, next(zip(*hands, strict=True))  # the one card left in each hand
        if turn == stop:
            return (turn, count, top, winner, moves, unlocked)
