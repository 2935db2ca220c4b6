"""Engine test fixtures: whole games played with random legal moves from fixed seeds.

Builders for hand-made positions live in `positions.py`. Nothing here imports Django.
"""

import pytest

from tests.engine.positions import final_state, play_until


@pytest.fixture(scope="session")
def finished_game() -> dict:
    """A four-player game played to its end."""
    return final_state(4, "finished-game")


@pytest.fixture(scope="session")
def running_game() -> dict:
    """A five-player game in the middle of a trick of its second round."""
    return play_until(
        5,
        "running-game",
        lambda s: (
            len(s["rounds"]) == 2 and s["phase"] == "tricks" and len(s["rounds"][-1]["moves"]) >= 7
        ),
    )
