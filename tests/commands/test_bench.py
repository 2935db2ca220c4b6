"""`manage.py bench engine|ai|move|views` print their figures (no speed is asserted)."""

import io

from django.core.management import call_command

from games.ai import ALL_LEVELS
from games.models import Game


def test_bench_engine_prints_a_row_per_player_count():
    out = io.StringIO()
    call_command("bench", "engine", "--seconds", "0.05", stdout=out)
    rows = [line.split() for line in out.getvalue().splitlines()[2:]]
    assert [int(row[0]) for row in rows] == [3, 4, 5, 6]
    assert all(int(row[1]) >= 1 and float(row[2]) > 0 for row in rows)


def test_bench_ai_times_every_level_and_every_search_at_the_given_budget():
    out = io.StringIO()
    call_command("bench", "ai", "--seconds", "0.05", "--budget", "0.01", stdout=out)
    text = out.getvalue()
    rows = {line.split()[0]: line.split() for line in text.splitlines()[2 : 2 + len(ALL_LEVELS)]}
    searches = {"hard-v1", "hard-v2", "hard-net", "hard"}
    assert set(rows) == {"random", "easy", "normal", "swift", *searches}
    for level in searches:
        assert int(rows[level][1]) >= 30
        assert f"{level}: budget 0.01 s," in text
    (simulators,) = [line for line in text.splitlines() if line.startswith("simulators alone")]
    assert "hard-v1" in simulators and "hard " in simulators
    lines = text.splitlines()
    (six,) = [i for i, line in enumerate(lines) if "swift at 6 players" in line]
    assert lines[six + 1].split()[0] == "swift" and int(lines[six + 1].split()[1]) > 0


def test_bench_move_plays_moves_one_after_another_and_leaves_nothing_behind(
    transactional_db, memory_layer, django_user_model
):
    out = io.StringIO()
    call_command("bench", "move", "--seconds", "0.3", stdout=out)
    head, cpu, queries = out.getvalue().splitlines()
    assert int(head.split()[1]) >= 1
    assert float(cpu.split()[4]) > 0
    assert 3 <= float(queries.split()[-1]) <= 30
    assert not Game.objects.exists()
    assert not django_user_model.objects.exists()


def test_bench_views_weighs_the_views_as_sent_against_views_with_every_round():
    out = io.StringIO()
    call_command("bench", "views", "--seconds", "0.05", stdout=out)
    rows = [line.rsplit(maxsplit=4) for line in out.getvalue().splitlines()[2:]]
    assert [row[0] for row in rows] == ["as sent (last_round)", "with every round"]
    (sent, *sent_costs), (every, *every_costs) = [[float(x) for x in row[1:]] for row in rows]
    assert 0 < sent < every  # finished rounds are sent once: the views are smaller
    assert all(cost > 0 for cost in sent_costs + every_costs)
