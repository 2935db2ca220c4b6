from django.contrib import admin

from barkside.admin import DeclaredFiltersOnly
from matchmaking.models import QueueEntry, Rating, RatingChange


@admin.register(QueueEntry)
class QueueEntryAdmin(DeclaredFiltersOnly, admin.ModelAdmin):
    list_display = ["user", "time_per_move", "rated", "sizes", "ai_fill", "skill", "joined"]
    list_filter = ["time_per_move", "rated", "ai_fill"]
    search_fields = ["user__username"]


@admin.register(Rating)
class RatingAdmin(DeclaredFiltersOnly, admin.ModelAdmin):
    list_display = ["user", "speed", "mu", "sigma", "games", "updated"]
    list_filter = ["speed"]
    search_fields = ["user__username"]


@admin.register(RatingChange)
class RatingChangeAdmin(DeclaredFiltersOnly, admin.ModelAdmin):
    list_display = ["game", "user", "speed", "place", "mu_before", "mu_after", "created"]
    list_filter = ["speed"]
    search_fields = ["user__username"]
    raw_id_fields = ["game", "user"]
