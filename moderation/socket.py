"""The table chat on a game's socket: a handler games' socket calls by its kind, `chat`
(games/socket_handlers.py), registered in apps.py.

A player sends `{"type": "chat", "text", "request_id"}`: the same service as `POST
/api/games/<id>/chat`, refused as a move is (the API's error shape, its status and the
`request_id`). Everyone's sockets at the table, the sender's too, then get `{"type":
"chat", "id", "user", "text", "created"}` (not from people this user muted or blocked),
and `{"type": "chat_hidden", "id"}` when a moderator hides one.
"""

from barkside import database_threads
from barkside.serializers import validated
from games.socket_handlers import SocketHandler
from moderation import selectors, services
from moderation.serializers import ChatPostSerializer

MESSAGE_FIELDS = ("id", "user", "text", "created")  # selectors.chat_message_payload's


class Chat(SocketHandler):
    events = ("chat.message", "chat.hidden")  # sent by services.chat_post, message_hide

    def run(self, user, game_id: int, fields: dict) -> None:
        text = validated(ChatPostSerializer, fields)["text"]
        services.chat_post(game_id=game_id, user=user, text=text)

    async def forward(self, user, event: dict) -> dict | None:
        if event["type"] == "chat.hidden":
            return {"type": "chat_hidden", "id": event["id"]}
        ignores = database_threads.apart(selectors.ignores)  # a read on any free thread
        if await ignores(user.pk, event["user_id"]):
            return None
        return {"type": "chat", **{k: event[k] for k in MESSAGE_FIELDS}}
