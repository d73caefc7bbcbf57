"""The shape of a saved game: its published JSON Schema, and the checks made before reading.

The save format is described by ``alhambra_nb/data/save.schema.json`` (JSON Schema, draft
2020-12), versioned with the save itself: a save's ``version`` is the schema's
:data:`SCHEMA_VERSION`. Reading a save is done in three steps, each of which can only refuse:

1. the text: at most :data:`MAX_SAVE_LENGTH` characters and :data:`MAX_VALUES` values,
   nested at most :data:`MAX_DEPTH` deep — measured *before* the JSON parser recurses into
   it (:func:`text_problem`), so that no save takes long to check;
2. the data: the same bounds for data handed over directly (:func:`nesting_problem`), then
   the schema (:func:`schema_problem`): every field present, of its type, every number,
   list and text within bounds far beyond any real game;
3. the game itself, in :mod:`.state`: every card and tile in exactly one place, cards only
   where the game's modules allow them, legal cities, a log that reads as sentences.

Each check returns ``(field, problem)`` naming the first fault (``None`` when there is none);
:class:`.state.GameStateError` carries them to the caller.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from .messages import render, shown

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

SCHEMA_FILE = "save.schema.json"
"""The schema's file name in the package's ``data`` folder."""

SCHEMA_VERSION = 1
"""The version of the save format that the schema describes (a save's ``version``)."""

MAX_SAVE_LENGTH = 1_000_000
"""The longest save text read, in characters (a whole six-player game saves in under 100 000)."""

MAX_VALUES = 25_000
"""The most values (numbers, texts, lists, objects) in a save (a whole game holds about 5 000):
checking a value against the schema takes some microseconds, so this bounds the time a save
takes to check."""

MAX_DEPTH = 16
"""The deepest nesting of lists and objects in a save (a real one nests 6 deep)."""

MAX_NUMBER_BITS = 64
"""The most bits of a whole number in a save (the seed is the largest): a number of
thousands of digits is refused before it is compared or written out."""

MAX_SEED = 2**MAX_NUMBER_BITS - 1
"""The largest ``|seed|`` of a game, as the schema bounds it."""

Problem = tuple[str, str]
"""A fault found in a save: the field and what is wrong with it."""

# A string from its opening quote to its closing one, or to the end of the text when it is
# never closed. The atomic group never gives back what it matched and the closing part always
# matches, so the scan never backtracks: each character is read once, whatever the text
# (a plain ``"(?:[^"\\]|\\.)*"`` rescans to the end from every escaped quote of an
# unclosed string: hours for a corrupted save of 1 MB).
_STRING = re.compile(r'"(?>(?:[^"\\]+|\\.)*)(?:"|\\?\Z)', re.DOTALL)
# A number of more digits than Python reads by default is refused in the text, before the
# parser refuses it in words of its own; a shorter one is read and refused by its field.
_LONGEST_NUMBER_TEXT = 4_300
_LONG_NUMBER = re.compile(rf"[0-9]{{{_LONGEST_NUMBER_TEXT + 1},}}")
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}

_JSON_TYPES = ("array", "object", "integer", "number", "string", "boolean", "null")
"""The JSON types a schema names, each with its words (``json.<type>``)."""


def _problem(key: str, **params: Any) -> str:
    """What is wrong with a saved game's text or a field: the template ``save.<key>``."""
    return render(f"save.{key}", params)


@lru_cache(maxsize=1)
def save_schema() -> dict[str, Any]:
    """The published JSON Schema of the save format (a fresh parse is cached: do not
    change it)."""
    text = resources.files("alhambra_nb.data").joinpath(SCHEMA_FILE).read_text("utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    # jsonschema is imported when a save is first checked: loaded with the package it would
    # bring a hundred thousand objects that every garbage collection of a long run scans.
    from jsonschema import Draft202012Validator

    return Draft202012Validator(save_schema())


def text_problem(text: str | bytes) -> Problem | None:
    """Why ``text`` is too long or nested too deep to be read, before it is parsed."""
    if len(text) > MAX_SAVE_LENGTH:
        return "(text)", _problem("text-long", most=MAX_SAVE_LENGTH, count=len(text))
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    # Brackets and commas inside strings do not count: strings are taken out first.
    bare = _STRING.sub('""', text)
    brackets = _BRACKETS.findall(bare)
    depth = max(accumulate(_STEP[b] for b in brackets), default=0)
    if depth > MAX_DEPTH:
        return "(text)", _problem("nested", most=MAX_DEPTH, count=depth)
    long_number = _LONG_NUMBER.search(bare)
    if long_number is not None:
        digits = _problem("digits", count=len(long_number[0]))
        return "(text)", _number_problem(digits)
    values = bare.count(",") + bare.count(":") + 1
    if values > MAX_VALUES:
        return "(text)", _problem("values", most=MAX_VALUES, count=values)
    return None


def nesting_problem(data: Any) -> Problem | None:
    """Where ``data`` nests lists and objects deeper than :data:`MAX_DEPTH`, or holds more
    than :data:`MAX_VALUES` values, or holds a number of more than :data:`MAX_NUMBER_BITS`
    bits (walked without recursion, so a list that contains itself is refused too)."""
    stack: list[tuple[Any, int, str]] = [(data, 1, "(top)")]
    values = 0
    while stack:
        value, depth, where = stack.pop()
        values += 1
        if values > MAX_VALUES:
            return "(top)", _problem("values-most", most=MAX_VALUES)
        if depth > MAX_DEPTH:
            return where, _problem("nested-most", most=MAX_DEPTH)
        if isinstance(value, int) and value.bit_length() > MAX_NUMBER_BITS:
            return where, _number_problem(shown(value))
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1, _join(where, k)) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, depth + 1, _join(where, i)) for i, v in enumerate(value))
    return None


def _number_problem(number: str) -> str:
    return _problem("number", most=MAX_SEED, value=number)


def schema_problem(data: Any) -> Problem | None:
    """The most telling way ``data`` breaks the save schema, or ``None``.

    The log is most of a save, and its entries recur from save to save of one game: each
    entry is checked against the schema's ``event`` on its own, and remembered once valid.
    """
    log = data.get("log") if isinstance(data, Mapping) else None
    if not isinstance(log, list):
        return _first_problem(_validator(), data)
    problem = _first_problem(_validator(), {**data, "log": []})
    if problem is not None:
        return problem
    most = save_schema()["properties"]["log"]["maxItems"]
    if len(log) > most:
        return "log", _problem("entries-most", most=most, count=len(log), why="")
    for index, entry in enumerate(log):
        problem = _event_problem(entry, index)
        if problem is not None:
            return problem
    return None


_VALID_EVENTS: set[str] = set()
_REMEMBERED_EVENTS = 100_000


def _event_problem(entry: Any, index: int) -> Problem | None:
    try:
        key = json.dumps(entry, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON data: checked, never remembered
        key = None
    if key is not None and key in _VALID_EVENTS:
        return None
    problem = _first_problem(_event_validator(), entry, ("log", index))
    if problem is None and key is not None:
        if len(_VALID_EVENTS) >= _REMEMBERED_EVENTS:
            _VALID_EVENTS.clear()
        _VALID_EVENTS.add(key)
    return problem


@lru_cache(maxsize=1)
def _event_validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = save_schema()
    return Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/event"}
    )


def _first_problem(
    validator: Draft202012Validator, data: Any, prefix: tuple[Any, ...] = ()
) -> Problem | None:
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors(data))
    return None if error is None else _describe(error, prefix)


# -- putting a schema error into words -------------------------------------------------------
def _join(where: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{'' if where == '(top)' else where}[{key}]"
    return str(key) if where == "(top)" else f"{where}.{key}"


def _field(path: Any) -> str:
    where = "(top)"
    for key in path:
        where = _join(where, key)
    return where


def _shown(value: Any) -> str:
    """``value`` quoted, cut short when long (a save may hold anything)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = type(value).__name__
    if isinstance(value, str):
        text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _describe(error: ValidationError, prefix: tuple[Any, ...] = ()) -> Problem:
    where, value, schema = _field((*prefix, *error.absolute_path)), error.instance, error.schema
    kind, expected = error.validator, error.validator_value
    about = schema.get("description") if isinstance(schema, Mapping) else None
    if kind == "required":
        missing = next(k for k in expected if k not in value)
        return _join(where, missing), _problem("missing")
    if kind == "additionalProperties":
        known = set(schema.get("properties", {}))
        extra = sorted(str(k) for k in value if k not in known)
        return _join(where, extra[0]), _problem("not-a-field")
    if kind == "type":
        kinds = [expected] if isinstance(expected, str) else expected
        names = [_problem(f"json.{k}") if k in _JSON_TYPES else k for k in kinds]
        words = names[0]
        if len(names) > 1:
            words = _problem("either", kinds=_problem("list-sep").join(names[:-1]), last=names[-1])
        return where, _problem("expected", expected=words, value=_shown(value))
    if kind == "const":
        return where, _problem("expected", expected=repr(expected), value=_shown(value))
    if kind == "enum":
        choices = ", ".join(map(repr, expected))
        return where, _problem("one-of", known=choices, value=_shown(value))
    return where, _bound_problem(kind, expected, value, about) or _schema_message(error)


def _bound_problem(kind: str, expected: Any, value: Any, about: str | None) -> str | None:
    """A number, list or text beyond a bound, or not of the schema's form, in words."""
    if kind in ("minimum", "maximum"):
        return _problem(f"{kind}", bound=expected, value=_shown(value))
    if kind in ("minItems", "maxItems", "maxProperties"):
        most = "entries-least" if kind == "minItems" else "entries-most"
        why = _problem("about", about=about) if about else ""
        return _problem(most, most=expected, count=len(value), why=why)
    if kind in ("minLength", "maxLength"):
        return _problem(f"{kind}", bound=expected, count=len(value))
    # a schema's description says what a text or key is ("one entry of the log: …")
    if kind == "pattern":
        if about:
            return _problem("pattern", value=_shown(value), about=about)
        return _problem("pattern-form", value=_shown(value))
    if kind == "uniqueItems":
        return _problem("unique", value=_shown(value))
    if kind == "propertyNames":
        if about:
            return _problem("key", value=_shown(list(value)), about=about)
        return _problem("key-form", value=_shown(list(value)))
    return None


def _schema_message(error: ValidationError) -> str:
    """The validator's own words, for a rule of the schema the ones above do not name."""
    return error.message if len(error.message) <= 120 else f"{error.message[:117]}..."
