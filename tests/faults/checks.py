"""What must hold after every fault: the games move again, no move is lost or applied
twice, the logs rebuild the states, and a retried move gets its first answer."""

import time

from games import engine, selectors
from games.models import Game

from .tables import Move, Players, Table

RECOVERY = 10.0  # seconds within which every game must move again


def versions(tables: list[Table]) -> dict[int, tuple[int, str]]:
    games = Game.objects.filter(pk__in=[t.game_id for t in tables])
    return {
        pk: (version, status)
        for pk, version, status in games.values_list("pk", "version", "status")
    }


def seconds_until_all_moved(tables: list[Table], since: float, timeout: float = RECOVERY) -> float:
    """Seconds from `since` (a time.monotonic()) until every running game has moved past
    the version it had when this was called."""
    before = versions(tables)
    deadline = since + timeout
    while True:
        waiting = [
            pk
            for pk, (version, status) in versions(tables).items()
            if status == Game.Status.ACTIVE and version <= before[pk][0]
        ]
        if not waiting:
            return time.monotonic() - since
        if time.monotonic() > deadline:
            raise AssertionError(f"games {waiting} did not move within {timeout}s")
        time.sleep(0.05)


def retries_get_the_first_answer(players: Players, start: float, end: float) -> int:
    """Sends again every answered move first sent between `start` and `end` with its key:
    each must get exactly its first 200 answer. Returns how many were sent again."""
    answered = [m for m in players.sent_between(start, end) if m.answered[0] == 200]
    for move in answered:
        again = players.post(move)
        assert again == move.answered, f"{move.key}: {move.answered} then {again}"
    return len(answered)


def check_games(tables: list[Table], moves: list[Move]) -> tuple[list, list]:
    """Asserts every game's log and state; returns the moves answered 200 but missing from
    the log (lost) and the people's events no 200 answer accounts for (applied twice, or
    applied though their answer said otherwise)."""
    lost, unaccounted = [], []
    for table in tables:
        game = Game.objects.get(pk=table.game_id)
        events = {e.version: e for e in game.events.all()}
        versions = sorted(events)
        assert versions == list(range(1, game.version + 1)), f"game {game.pk}: {versions}"
        assert selectors.state_from_events(game) == game.state, f"game {game.pk}: log != state"
        engine.from_record(engine.to_record(game.state, reveal_seed=True))  # raises if invalid
        answered = {m.applied_at: m for m in moves if m.game_id == game.pk and m.applied_at}
        lost += [m for v, m in answered.items() if not _is(events.get(v), m)]
        unaccounted += [e for v, e in events.items() if e.actor == "player" and v not in answered]
    return lost, unaccounted


def _is(event, move: Move) -> bool:
    return (
        event is not None
        and event.actor == "player"
        and event.seat == move.seat
        and event.move["kind"] == move.body["kind"]
        and sorted(event.move.get("cards") or []) == sorted(move.body.get("cards") or [])
    )
