"""Why a move or a record was refused: a stable code a client can act on, and a detail."""


class IllegalMove(Exception):
    """A move the rules do not allow. `code` is stable; `detail` is for people."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail or code.replace("_", " ")


class RecordError(Exception):
    """A `barkside-record/1` record that is not a valid game.

    `round` and `move` are 0-based indexes into the record's `rounds` and that round's
    `moves` (None when the problem is not tied to one).
    """

    def __init__(self, code: str, detail: str, round: int | None = None, move: int | None = None):
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.round = round
        self.move = move

    def as_dict(self) -> dict:
        return {"code": self.code, "round": self.round, "move": self.move, "detail": self.detail}
