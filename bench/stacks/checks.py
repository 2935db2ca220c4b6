"""What `bench stacks` checks once the run is over, against the shared database.

- Versions: every socket saw every version of its game from its first message on, with
  no gap, up to the game's last version (`versions` says which skips are by design). One
  socket is let off that last version: the finishing move's own person's, whose socket
  the crowd closes as the game ends, maybe before that move's broadcast arrives (their
  reply carried it).
- Views: every `game` message a socket brought showed its own seat (the seat the database
  gives its person) and exactly that seat's cards at the message's version: its hand, its
  passed and received cards as the engine's view of that seat shows them, replayed from
  the game's seed and moves. A hand that travelled to another seat's socket, or a view
  built for the wrong seat or version, fails it.
"""

import bisect
from collections import defaultdict
from dataclasses import dataclass, field

from games import engine
from games.models import Game, GameEvent, Seat

from .crowd import Seen

HIDDEN = ("hand", "passed_cards", "received_cards")
EXAMPLES = 3  # wrong views described in the report


@dataclass
class Versions:
    sockets: int = 0
    delivered: int = 0  # (socket, version) pairs: each version once a socket
    lost: int = 0  # versions missing between a socket's first and last message
    short: int = 0  # sockets whose last version is not their game's last
    short_versions: int = 0  # the versions they lack
    # Skipped by design (`versions`): held in the answer to the socket's own move, or
    # published after a newer version, which the socket had sent by then.
    answered: int = 0
    overtaken: int = 0

    @property
    def gaps(self) -> int:
        return self.lost + self.short_versions


@dataclass
class Views:
    checked: int = 0
    wrong: int = 0
    examples: list[str] = field(default_factory=list)


def versions(seen: list[Seen], published: dict[tuple[int, int], list[int]]) -> Versions:
    """Each socket's versions, from its first message on; `published`: (game, user id) ->
    the versions of that person's views in the order Redis took them (published.py).

    A socket never sends a version older than one it sent (games/consumers.py), so two
    skips are by design, each with a newer view that holds the skipped change: a socket
    answers its own move before it passes on the broadcasts that came meanwhile, so
    others' passes committed while its pass waited for the game's lock come in its
    answer (`answered`); and a version published after a newer one (two changes a few
    milliseconds apart, the second's thread publishing first) is dropped (`overtaken`).
    Any other missing version is a gap: never published, or published and not delivered.
    """
    sockets = defaultdict(list)
    for s in seen:
        sockets[(s.game, s.username)].append(s)
    games = {game for game, _ in sockets}
    user_of = {
        (game, username): user
        for game, username, user in _seats(games).values_list(
            "game_id", "user__username", "user_id"
        )
    }
    last = dict(Game.objects.filter(pk__in=games).values_list("pk", "version"))
    finished = Game.objects.filter(pk__in=games, status=Game.Status.FINISHED)
    finisher = dict(  # the last event's seat wins
        GameEvent.objects.filter(game__in=finished)
        .order_by("game_id", "version")
        .values_list("game_id", "seat")
    )
    counts = Versions()
    for (game, username), messages in sockets.items():
        got = sorted({m.version for m in messages})
        answers = {m.version for m in messages if m.answer}
        order = published.get((game, user_of.get((game, username))), [])
        counts.sockets += 1
        counts.delivered += len(got)
        for before, after in zip(got, got[1:], strict=False):
            for version in range(before + 1, after):
                if after in answers:
                    counts.answered += 1
                elif _overtaken(order, version):
                    counts.overtaken += 1
                else:
                    counts.lost += 1
        lacking = last[game] - got[-1]
        if lacking > 0 and not (lacking == 1 and finisher.get(game) == messages[-1].your_seat):
            counts.short += 1
            counts.short_versions += lacking
    return counts


def _overtaken(order: list[int], version: int) -> bool:
    """Whether `version` was published after a newer version of the same person's view."""
    if version not in order:
        return False
    return any(v > version for v in order[: order.index(version)])


def views(seen: list[Seen]) -> Views:
    games = {s.game for s in seen}
    seat_of = {
        (game, username): number
        for game, username, number in _seats(games).values_list(
            "game_id", "user__username", "number"
        )
    }
    states = _states(games)
    counts = Views()
    for s in seen:
        counts.checked += 1
        seat = seat_of.get((s.game, s.username))
        expected = _hidden(states.get(s.game), s.version, seat)
        shown = (s.your_seat, s.seat, s.hand, s.passed_cards, s.received_cards)
        if shown != (seat, *expected):
            counts.wrong += 1
            if len(counts.examples) < EXAMPLES:
                counts.examples.append(
                    f"game {s.game} version {s.version}, {s.username} at seat {seat}: "
                    f"shown {shown}, the engine's {(seat, *expected)}"
                )
    return counts


def _seats(games: set[int]):
    return Seat.objects.filter(game_id__in=games, user__isnull=False)


def _hidden(states: tuple[list[int], list[dict]] | None, version: int, seat) -> tuple:
    """(seat, hand, passed, received) of `seat`'s view at `version`: Nones before the
    game started, or for a seat the database does not know."""
    versions, after = states or ([], [])
    i = bisect.bisect_right(versions, version)
    if i == 0 or seat is None:
        return (None, None, None, None)
    view = engine.view(after[i - 1], seat)
    return (view["seat"], *(view[k] for k in HIDDEN))


def _states(games: set[int]) -> dict[int, tuple[list[int], list[dict]]]:
    """Each game's engine state after each version from its start on, as (versions,
    states) in order: its first deal from the seed, then its moves (as
    games.selectors.state_from_events rebuilds the last one)."""
    moves = defaultdict(list)
    events = GameEvent.objects.filter(game_id__in=games).exclude(move=None)
    for game, version, seat, move in events.order_by("version").values_list(
        "game_id", "version", "seat", "move"
    ):
        moves[game].append((version, seat, move))
    states = {}
    for game in Game.objects.filter(pk__in=games).exclude(started=None):
        state = engine.new_game(game.players, game.seed, game.engine_deck)
        start = game.events.filter(kind="started").values_list("version", flat=True).get()
        versions, after = [start], [state]
        for version, seat, move in moves[game.pk]:
            state, _ = engine.apply(state, {"seat": seat, **move})
            versions.append(version)
            after.append(state)
        states[game.pk] = (versions, after)
    return states
