"""One seeded game's rows, computed in memory: what the write path would have stored.

A 3-person correspondence game is dealt from its seed (`engine.new_game`), then plays a
random number of random legal moves, each after a random share of the time left to the
seats to act, so nobody ever timed out. After each person's move, every forced move due
(a seat's only legal move: the default setting of correspondence seats) follows at the
same instant, as the commit makes it. The seats' clocks move with `games.clocks.step`,
the function the commit uses, so `to_act`, `turn_started`, `deadline` and `reserve` are
what a real game would hold. The game's own "now" falls at a random point of the turn
running (some turns just begun, some past half time, some in their last hour), and every
time is then moved so that this "now" is the moment of seeding.
"""

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from games import clocks, engine
from games.models import Game, Seat

PLAYERS = 3
TIME_PER_MOVE = 24 * 3600  # a day a move
MOVES_MAX = 60  # a game has played 0..MOVES_MAX moves: passes, tricks, a second round
# The shortest a running turn may have left: deadlines then pass during a long run only
# a few at a time, and the sweeper's timeouts stay the odd one, as in an idle site.
LEFT_MIN = timedelta(minutes=20)
EPOCH = datetime(2000, 1, 1, tzinfo=UTC)  # where a game's timeline is laid out, then moved


@dataclass
class Played:
    """The rows, each as its columns by attribute name (the seats as model instances,
    which the clocks move); the columns left out take their model's defaults."""

    game: dict
    seats: list[Seat]
    events: list[dict]
    doghouses: list[dict]


def play_out(rng: random.Random, game_id: int, users: list[int], now: datetime) -> Played:
    """The rows of game `game_id`, its seats taken by `users` in seat order, as they
    stand at `now`."""
    seed = f"{rng.getrandbits(128):032x}"
    state = engine.new_game(PLAYERS, seed, "auto")
    seats = [Seat(game_id=game_id, number=n, user_id=u) for n, u in enumerate(users)]
    t = EPOCH
    _clock(seats, None, state, None, "", t, starting=True)
    events = [_event(game_id, 1, "started", None, "", None, [{"type": "game_started"}], t)]
    last_move = t
    for _ in range(rng.randint(0, MOVES_MAX)):
        chain = _chain(rng, state)
        if chain is None:  # the next move would end the game: it stays running here
            break
        t += (_first_deadline(seats, state) - t) * rng.uniform(0.02, 0.8)
        for seat, by, move, payload, after in chain:
            _clock(seats, state, after, seat, by, t, starting=False)
            version = len(events) + 1
            events.append(_event(game_id, version, move["kind"], seat, by, move, payload, t))
            state = after
        last_move = t
    left = _first_deadline(seats, state) - t
    now_in_game = t + (left - LEFT_MIN) * rng.random()
    shift = now - now_in_game
    for seat in seats:
        if seat.turn_started is not None:
            seat.turn_started += shift
            seat.deadline += shift
    for event in events:
        event["created"] += shift
    started = EPOCH + shift
    game = {
        "id": game_id,
        "status": Game.Status.ACTIVE,
        "players": PLAYERS,
        "time_per_move": TIME_PER_MOVE,
        "seed": seed,
        "seed_sha256": engine.seed_commitment(seed),
        "state": state,
        "version": len(events),
        "turn_deadline": clocks.earliest(seats, set(engine.to_act(state))),
        "result": state["result"],
        "created": started,
        "started": started,
        "last_move": last_move + shift,
    }
    doghouses = [
        {"game_id": game_id, "seat": n, "cards": cards, "kinds": engine.kinds(cards)}
        for n, cards in enumerate(state["doghouses"])
    ]
    return Played(game, seats, events, doghouses)


def _chain(rng: random.Random, state: dict) -> list[tuple] | None:
    """A random person's random move and the forced moves that follow it, each as (seat,
    actor, move, engine events, state after); None if any of them ends the game."""
    seat = rng.choice(engine.to_act(state))
    move = rng.choice(engine.legal_moves(state, seat))
    chain, by = [], "player"
    while move is not None:
        after, payload = engine.apply(state, {"seat": seat, **move})
        if after["phase"] == engine.OVER:
            return None
        chain.append((seat, by, move, payload, after))
        state, by = after, "forced"
        seat, move = _forced(state)
    return chain


def _forced(state: dict) -> tuple[int | None, dict | None]:
    """The first seat to act with one legal move only, and that move (autoplay's rule)."""
    for seat in sorted(engine.to_act(state)):
        moves = engine.legal_moves(state, seat)
        if len(moves) == 1:
            return seat, moves[0]
    return None, None


def _clock(seats, before, after, mover, by, now, *, starting) -> None:
    clocks.step(
        seats,
        old_acting=set(engine.to_act(before)) if before else set(),
        acting=set(engine.to_act(after)),
        mover=mover,
        by=by,
        now=now,
        time_per_move=TIME_PER_MOVE,
        correspondence=True,
        starting=starting,
    )


def _first_deadline(seats: list[Seat], state: dict) -> datetime:
    return clocks.earliest(seats, set(engine.to_act(state)))


def _event(game_id, version, kind, seat, by, move, payload, at) -> dict:
    return {
        "game_id": game_id,
        "version": version,
        "seat": seat,
        "kind": kind,
        "actor": by,
        "move": move,
        "payload": list(payload),
        "created": at,
    }
