"""`bench load`'s crowd, the people of every table split between two stacks.

At every table one person uses one stack and the other two the other stack, the stacks
taking turns to have the one (A at the first table, B at the second, ...): every table
has sockets on both, the two stacks carry the same load, and every move reaches sockets
on its own stack and on the other. People register on stack A; their tokens work on both
(one database). Each socket's `game` messages are kept, with the cards they showed, to be
checked afterwards (checks.py).
"""

from dataclasses import dataclass

from bench.load.people import SEATS, Crowd, Person, Player

STACKS = "AB"


@dataclass(frozen=True)
class Seen:
    """One `game` message on a socket, and what it showed its person of their own seat."""

    game: int
    username: str
    version: int
    answer: bool  # it answered the person's own move (sent on the socket)
    your_seat: int | None
    seat: int | None  # the view's own seat
    hand: list | None
    passed_cards: list | None
    received_cards: list | None


class TwoStackCrowd(Crowd):
    def __init__(self, bases: tuple[str, str], *args, **kwargs):
        super().__init__(bases[0], *args, **kwargs)
        self.bases = tuple(base.rstrip("/") for base in bases)
        self.stack_at: dict[tuple[int, int], int] = {}  # (game, seat) -> 0 (A) or 1 (B)
        self.seen: list[Seen] = []

    def stack_of(self, person: Person) -> int:
        """0 (A) or 1 (B): the table's first person one, the other two the other."""
        table, place = divmod(person.number, SEATS)
        first = table % 2
        return first if place == 0 else 1 - first

    def base_of(self, person: Person | None) -> str:
        return self.bases[self.stack_of(person)] if person else self.base

    async def seat_table(self, people: list[Person]) -> list[Player]:
        players = await super().seat_table(people)
        for player in players:
            self.stack_at[(player.game_id, player.seat)] = self.stack_of(player.person)
        return players

    def heard(self, player: Player, message: dict) -> None:
        game = message["game"]
        view = game["view"] or {}
        self.seen.append(
            Seen(
                player.game_id,
                player.person.username,
                message["version"],
                "request_id" in message,
                game["your_seat"],
                view.get("seat"),
                view.get("hand"),
                view.get("passed_cards"),
                view.get("received_cards"),
            )
        )
