"""Matchmaking, ratings and player profiles.

- The queue: `services.queue_join / queue_leave / can_queue`; `services.form_tables`
  (Celery `tasks.form_tables`, run by beat and on join) seats tables planned by the pure
  `forming.plan_tables`.
- Ratings: `services.rate_game(game)` once a rated game finishes (OpenSkill
  Plackett-Luce, per speed class; arithmetic in `ratings`), in the transaction that
  finishes it: `games.signals.game_finished` calls it (receivers.py, connected in apps.py).
- Reads: `selectors.queue_status`, `player_profile`, `leaderboard`.
- Matchmaking stands on games and moderation (blocks, standing) and changes games only
  through `games.services` (`game_start_seated`).
"""
