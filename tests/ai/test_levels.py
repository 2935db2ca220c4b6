"""The levels offered to players, and the ones kept for measurements only."""

import pytest

from games.ai import ALL_LEVELS, LEVELS, SEARCHING_LEVELS
from games.models import AI_LEVEL_CHOICES
from games.serializers import GameCreateSerializer


@pytest.mark.parametrize("level", ["hard-v1", "hard-v2", "hard-net"])
def test_earlier_hards_play_in_measurements_but_are_never_offered_to_players(level):
    assert level in ALL_LEVELS and level in SEARCHING_LEVELS
    assert list(LEVELS) == ["random", "easy", "normal", "swift", "hard"]  # weakest first
    assert level not in dict(AI_LEVEL_CHOICES)
    offered = GameCreateSerializer(data={"players": 3, "ai": [level]})
    assert not offered.is_valid()
    assert "ai" in offered.errors
    assert GameCreateSerializer(data={"players": 3, "ai": ["hard"]}).is_valid()


def test_swift_is_offered_to_players():
    assert "swift" in dict(AI_LEVEL_CHOICES)
    assert GameCreateSerializer(data={"players": 3, "ai": ["swift", "normal"]}).is_valid()
