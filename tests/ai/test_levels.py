"""The levels offered to players, and the ones kept for measurements only."""

from games.ai import ALL_LEVELS, LEVELS
from games.models import AI_LEVEL_CHOICES
from games.serializers import GameCreateSerializer


def test_hard_v1_plays_in_measurements_but_is_never_offered_to_players():
    assert "hard-v1" in ALL_LEVELS
    assert list(LEVELS) == ["random", "easy", "normal", "swift", "hard"]  # weakest first
    assert "hard-v1" not in dict(AI_LEVEL_CHOICES)
    offered = GameCreateSerializer(data={"players": 3, "ai": ["hard-v1"]})
    assert not offered.is_valid()
    assert "ai" in offered.errors
    assert GameCreateSerializer(data={"players": 3, "ai": ["hard"]}).is_valid()


def test_swift_is_offered_to_players():
    assert "swift" in dict(AI_LEVEL_CHOICES)
    assert GameCreateSerializer(data={"players": 3, "ai": ["swift", "normal"]}).is_valid()
