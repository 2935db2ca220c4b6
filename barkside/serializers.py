"""Request-body building blocks shared by every app's API: strict about what they accept.

A client that sends a field we don't know, or a number where text belongs, gets a 400
naming the field, instead of having it silently ignored or coerced.
"""

from collections.abc import Mapping

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

# Blank text is caught (and worded) by DRF before this runs; it only documents the rule.
NOT_BLANK = RegexValidator(r"\S")


def validated(serializer_class, data) -> dict:
    """`data` checked by `serializer_class`: its validated data, or a 400 `invalid`."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class StrictCharField(serializers.CharField):
    """A CharField that refuses numbers instead of turning them into text.

    Unless `allow_blank`, it refuses "" (and, when trimming, only whitespace): the schema
    says so too (`minLength: 1`, a `pattern` needing a non-space), so no request the
    schema calls valid is refused for being blank.
    """

    default_error_messages = {"not_a_string": _("Not a valid string.")}

    def __init__(self, **kwargs):
        if not kwargs.get("allow_blank", False):
            kwargs.setdefault("min_length", 1)
            if kwargs.get("trim_whitespace", True):
                # First, so a field's own pattern (a username's) is the one documented.
                kwargs["validators"] = [NOT_BLANK, *kwargs.get("validators", [])]
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_a_string")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """An integer that is an integer: no "5" strings, no booleans, no 5.0."""

    def to_internal_value(self, data):
        if type(data) is not int:
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data):
        if type(data) is not bool:
            self.fail("invalid", input=data)
        return data


class StrictSerializer(serializers.Serializer):
    """A request-body serializer that refuses unknown fields, naming each one.

    Its fields are built once per class, not for every body: DRF deep-copies the declared
    fields for each serializer, which re-runs every field's `__init__` (and its
    validators'), most of the CPU of checking a move. Validating keeps nothing in a field
    (the errors and data are the serializer's), and these serializers take no context
    and are never partial, so every request and thread can share one set.
    """

    _fields: dict[type, serializers.BindingDict] = {}  # class -> its fields, bound once

    @property
    def fields(self):
        fields = self._fields.get(type(self))
        if fields is None:  # two threads may both build it: either set will do
            fields = serializers.BindingDict(self)
            for name, field in self.get_fields().items():
                fields[name] = field
            self._fields[type(self)] = fields
        return fields

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: [_("Unknown field.")] for name in unknown})
        return super().to_internal_value(data)


class PageQuerySerializer(StrictSerializer):
    """`?page=` of a paginated list: a whole number from 1 (`?page=` alone is refused);
    a page past the end is a 404 `not_found`, as DRF's pagination answers."""

    page = serializers.IntegerField(min_value=1, required=False)
