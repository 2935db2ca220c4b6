from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matchmaking"

    def ready(self):
        # Matchmaking stands on games and moderation: it listens, they never import it.
        from games import outcome, signals
        from matchmaking import receivers, selectors
        from moderation.signals import user_shut_out

        signals.game_finished.connect(receivers.rate_finished_game, dispatch_uid="rate")
        user_shut_out.connect(receivers.drop_shut_out_user, dispatch_uid="leave-queue")
        outcome.read_ratings_with(selectors.game_rating_changes)
