"""Tables through the API: create, join, leave, list, and what a game looks like to whom."""

import pytest

from games import services
from games.models import Game
from tests.helpers import client_for

from .conftest import create, get, human_table, open_table, pass_first

# --- creating a table -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": 2}, "players"),
        ({"players": 7}, "players"),
        ({"players": "3"}, "players"),
        ({"players": 3.0}, "players"),
        ({"players": True}, "players"),
        ({"players": None}, "players"),
        ({}, "players"),
        ({"players": 3, "ai": ["genius"]}, "ai"),
        ({"players": 3, "ai": "random"}, "ai"),
        ({"players": 3, "ai": [1]}, "ai"),
        ({"players": 3, "ai": ["random", "random", "random"]}, "ai"),
        ({"players": 6, "ai": ["random"] * 6}, "ai"),
        ({"players": 3, "deck": "40"}, "deck"),
        ({"players": 3, "deck": ""}, "deck"),
        ({"players": 3, "deck": None}, "deck"),
        ({"players": 3, "time_per_move": 14}, "time_per_move"),
        ({"players": 3, "time_per_move": 301}, "time_per_move"),
        ({"players": 3, "time_per_move": 3599}, "time_per_move"),
        ({"players": 3, "time_per_move": 259201}, "time_per_move"),
        ({"players": 3, "time_per_move": 0}, "time_per_move"),
        ({"players": 3, "time_per_move": -60}, "time_per_move"),
        ({"players": 3, "time_per_move": "60"}, "time_per_move"),
        ({"players": 3, "time_per_move": 60.0}, "time_per_move"),
        ({"players": 3, "time_per_move": True}, "time_per_move"),
        ({"players": 3, "rated": "true"}, "rated"),
        ({"players": 3, "rated": 1}, "rated"),
        ({"players": 3, "rated": None}, "rated"),
        ({"players": 3, "private": "false"}, "private"),
        ({"players": 3, "private": 0}, "private"),
    ],
)
def test_creating_a_table_refuses_an_invalid_field(requester, body, field):
    response = client_for(requester).post("/api/games", body, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()
    assert error["code"] == "invalid"
    assert {name.split(".")[0] for name in error["fields"]} == {field}  # ai.0: the first level
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 3},
        {"players": 6, "ai": ["random", "easy", "normal", "hard"]},
        {"players": 4, "deck": "auto"},
        {"players": 4, "deck": "50"},
        {"players": 4, "deck": "60"},
        {"players": 3, "time_per_move": 15},
        {"players": 3, "time_per_move": 300},
        {"players": 3, "time_per_move": 3600},
        {"players": 3, "time_per_move": 259200},
        {"players": 3, "rated": True},
        {"players": 3, "private": True},
        {"players": 3, "rated": False, "private": False},
    ],
)
def test_creating_a_table_accepts_every_valid_value(alice, fields):
    game = create(client_for(alice), **fields)
    for name, value in fields.items():
        if name != "ai":
            assert game[name] == value
    assert [s["ai_level"] for s in game["seats"][1:]] == fields.get("ai", [])


def test_creating_a_table_refuses_unknown_fields_naming_each(alice):
    response = client_for(alice).post(
        "/api/games", {"players": 3, "colour": "red", "seats": 4}, format="json"
    )
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "invalid"
    assert set(error["fields"]) == {"colour", "seats"}
    assert error["detail"]


def test_a_table_filled_with_ai_seats_starts_at_once(alice):
    game = create(client_for(alice), players=3, ai=["random", "easy"])
    assert game["status"] == "active"
    assert game["started"] is not None
    assert [s["ai_level"] for s in game["seats"]] == [None, "random", "easy"]
    assert game["your_seat"] == 0
    assert len(game["view"]["hand"]) == 10
    assert game["view"]["legal_moves"]


def test_a_table_with_free_seats_waits_for_people(alice):
    game = create(client_for(alice), players=4, ai=["random"])
    assert game["status"] == "open"
    assert game["view"] is None
    assert game["started"] is None
    assert [(s["number"], s["username"], s["ai_level"]) for s in game["seats"]] == [
        (0, "alice", None),
        (3, None, "random"),
    ]


# --- joining and leaving ----------------------------------------------------------------


def test_joining_a_public_table_takes_the_next_free_seat(alice, bob):
    game = create(client_for(alice), players=4)
    response = client_for(bob).post(f"/api/games/{game['id']}/join", {}, format="json")
    assert response.status_code == 200, response.json()
    joined = response.json()
    assert joined["your_seat"] == 1
    assert joined["status"] == "open"
    assert joined["version"] == game["version"] + 1


def test_joining_a_private_table_without_its_invite_code_is_not_found(alice, bob):
    game_id = open_table(alice, private=True)
    response = client_for(bob).post(f"/api/games/{game_id}/join", {}, format="json")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_joining_a_private_table_with_a_wrong_invite_code_is_not_found(alice, bob):
    game_id = open_table(alice, private=True)
    response = client_for(bob).post(
        f"/api/games/{game_id}/join", {"invite_code": "wrong"}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_joining_a_private_table_with_its_invite_code_takes_a_seat(alice, bob):
    game = create(client_for(alice), players=3, private=True)
    response = client_for(bob).post(
        f"/api/games/{game['id']}/join", {"invite_code": game["invite_code"]}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["your_seat"] == 1
    assert response.json()["invite_code"] == game["invite_code"]


def test_joining_a_table_twice_is_a_conflict(alice, bob):
    game_id = open_table(alice, bob, players=4)
    response = client_for(bob).post(f"/api/games/{game_id}/join", {}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "already_seated"


def test_joining_a_started_table_is_a_conflict(alice, bob, carol, outsider):
    game_id = open_table(alice, bob, carol)
    response = client_for(outsider).post(f"/api/games/{game_id}/join", {}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "not_open"


def test_joining_a_table_that_does_not_exist_is_not_found(alice):
    response = client_for(alice).post("/api/games/999999/join", {}, format="json")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_joining_refuses_unknown_fields(alice, bob):
    game_id = open_table(alice)
    response = client_for(bob).post(f"/api/games/{game_id}/join", {"seat": 2}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert set(response.json()["fields"]) == {"seat"}


def test_joining_the_last_seat_starts_the_game(alice, bob, carol):
    game_id = open_table(alice, bob)
    response = client_for(carol).post(f"/api/games/{game_id}/join", {}, format="json")
    assert response.status_code == 200
    game = response.json()
    assert game["status"] == "active"
    assert game["your_seat"] == 2
    assert len(game["view"]["hand"]) == 10
    assert game["view"]["phase"] == "passing"
    assert game["view"]["to_act"] == [0, 1, 2]


def test_leaving_before_the_start_frees_the_seat(alice, bob):
    game_id = open_table(alice, bob, players=4)
    response = client_for(bob).post(f"/api/games/{game_id}/leave")
    assert response.status_code == 204
    assert response.content == b""
    game = get(client_for(alice), game_id)
    assert game["status"] == "open"
    assert [s["username"] for s in game["seats"]] == ["alice"]


def test_the_last_person_leaving_aborts_the_table(alice):
    game_id = open_table(alice)
    response = client_for(alice).post(f"/api/games/{game_id}/leave")
    assert response.status_code == 204
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.ABORTED
    assert game.ended is not None


def test_the_last_person_leaving_a_table_with_ai_seats_aborts_it(alice):
    game = create(client_for(alice), players=4, ai=["random", "easy"])
    assert client_for(alice).post(f"/api/games/{game['id']}/leave").status_code == 204
    assert Game.objects.get(pk=game["id"]).status == Game.Status.ABORTED


def test_the_creator_leaving_does_not_abort_a_table_others_sit_at(alice, bob):
    game_id = open_table(alice, bob, players=4)
    assert client_for(alice).post(f"/api/games/{game_id}/leave").status_code == 204
    assert Game.objects.get(pk=game_id).status == Game.Status.OPEN


def test_leaving_a_started_game_is_a_conflict(alice, bob, carol):
    game_id = open_table(alice, bob, carol)
    response = client_for(bob).post(f"/api/games/{game_id}/leave")
    assert response.status_code == 409
    assert response.json()["code"] == "not_open"


# --- lists ------------------------------------------------------------------------------


def _ids(response) -> list[int]:
    assert response.status_code == 200, response.json()
    return [g["id"] for g in response.json()["results"]]


def test_my_games_lists_only_the_games_i_sit_at(alice, bob):
    mine = open_table(alice)
    open_table(bob)
    assert _ids(client_for(alice).get("/api/games")) == [mine]


@pytest.mark.parametrize("status", ["open", "active", "aborted"])
def test_my_games_can_be_filtered_by_status(alice, bob, carol, status):
    games = {
        "open": open_table(alice),
        "active": open_table(alice, bob, carol),
        "aborted": open_table(alice, bob, carol),
    }
    aborted = Game.objects.get(pk=games["aborted"])
    services.game_abort(game_id=aborted.pk, version=aborted.version, reason="idle")
    response = client_for(alice).get("/api/games", {"status": status})
    assert _ids(response) == [games[status]]
    assert all(g["status"] == status for g in response.json()["results"])


def test_my_games_refuses_an_unknown_status(alice):
    response = client_for(alice).get("/api/games", {"status": "won"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert set(response.json()["fields"]) == {"status"}


def test_my_games_lists_those_waiting_on_me_first(alice, bob, carol):
    waiting, _ = human_table([alice, bob, carol])
    done, clients = human_table([alice, bob, carol])
    pass_first(clients[0], done)
    games = client_for(alice).get("/api/games").json()["results"]
    assert [(g["id"], g["your_turn"]) for g in games] == [(waiting, True), (done, False)]


def test_open_tables_lists_public_tables_waiting_for_players(alice, bob, carol):
    waiting = open_table(alice)
    open_table(bob, private=True)
    open_table(alice, bob, carol)  # started
    aborted = open_table(carol)
    client_for(carol).post(f"/api/games/{aborted}/leave")
    assert _ids(client_for(carol).get("/api/games/open")) == [waiting]


def test_private_tables_are_never_listed_as_open(alice, outsider):
    open_table(alice, private=True)
    assert _ids(client_for(outsider).get("/api/games/open")) == []
    assert _ids(client_for(alice).get("/api/games/open")) == []


# --- one game ---------------------------------------------------------------------------


def test_a_player_sees_their_hand_and_legal_moves(alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    game = get(clients[1], game_id)
    assert game["your_seat"] == 1
    view = game["view"]
    assert view["seat"] == 1
    assert view["hand"] == Game.objects.get(pk=game_id).state["hands"][1]
    assert view["legal_moves"]
    assert all(m["kind"] == "pass" for m in view["legal_moves"])
    assert view["seed"] is None


def test_a_non_player_sees_only_the_public_view_of_a_public_game(alice, bob, carol, outsider):
    game_id, _ = human_table([alice, bob, carol])
    game = get(client_for(outsider), game_id)
    assert game["your_seat"] is None
    assert game["invite_code"] is None
    view = game["view"]
    for private in ("seat", "hand", "passed_cards", "received_cards", "legal_moves"):
        assert private not in view
    assert view["hand_sizes"] == [10, 10, 10]


def test_a_non_player_gets_404_for_a_private_game(alice, bob, carol, outsider):
    game_id, _ = human_table([alice, bob, carol], private=True)
    response = client_for(outsider).get(f"/api/games/{game_id}")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_the_invite_code_of_a_private_game_is_shown_to_its_players(alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol], private=True)
    code = Game.objects.get(pk=game_id).invite_code
    assert [get(c, game_id)["invite_code"] for c in clients] == [code] * 3


def test_a_game_that_does_not_exist_is_not_found(alice):
    response = client_for(alice).get("/api/games/999999")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_a_game_id_beyond_the_database_integer_range_is_not_found(alice):
    response = client_for(alice).get(f"/api/games/{2**70}")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
