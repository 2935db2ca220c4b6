"""Request and response bodies of the auth API. Shape and format only; rules live in services."""

from rest_framework import serializers

from accounts.models import User, username_validator
from barkside.serializers import StrictCharField, StrictSerializer

# Generous, but a bound: hashing a megabyte-long password is a cheap way to burn our CPU.
PASSWORD_MAX_LENGTH = 256


def _password_field() -> StrictCharField:
    return StrictCharField(
        max_length=PASSWORD_MAX_LENGTH,
        trim_whitespace=False,
        write_only=True,
        style={"input_type": "password"},
    )


class UserSerializer(serializers.ModelSerializer):
    email = serializers.CharField(read_only=True, help_text="empty when none was given")
    guest = serializers.BooleanField(
        source="is_guest", read_only=True, help_text="a guest: no rated play nor chat until claimed"
    )

    class Meta:
        model = User
        fields = ["id", "username", "email", "date_joined", "guest"]
        read_only_fields = fields


class AuthSerializer(serializers.Serializer):
    """A signed-in user and the token other clients send as `Authorization: Token <token>`."""

    user = UserSerializer()
    token = serializers.CharField(source="token.key")


class CsrfSerializer(serializers.Serializer):
    signed_in = serializers.BooleanField(help_text="this session is signed in")


class RegisterSerializer(StrictSerializer):
    username = StrictCharField(
        validators=[username_validator],
        help_text="3 to 20 characters: letters, digits, _ or -. Unique regardless of case.",
    )
    password = _password_field()
    email = serializers.EmailField(
        required=False,
        allow_blank=True,
        default="",
        max_length=User._meta.get_field("email").max_length,  # the column's width
    )


class ClaimSerializer(RegisterSerializer):
    """A guest's chosen name and password: the fields of registering."""


class LoginSerializer(StrictSerializer):
    # Any length the user table could hold and more; only the credentials check can fail it.
    username = StrictCharField(max_length=150)
    password = _password_field()


class PasswordChangeSerializer(StrictSerializer):
    old_password = _password_field()
    new_password = _password_field()
