"""The message catalogue: every string a player or teacher reads, in English and Russian.

Each game (and the boards) registers its own table with :func:`register`; :func:`tr` looks a
key up in the chosen language and fills in ``{placeholders}``. Keeping the text out of the
engines means a board can show the same event or error in either language.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"

_CATALOGUE: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}


def register(tables: Mapping[str, Mapping[str, str]]) -> None:
    """Add ``{"en": {...}, "ru": {...}}`` to the catalogue; a key may be registered once."""
    for lang, table in tables.items():
        if lang not in _CATALOGUE:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
        for key, text in table.items():
            old = _CATALOGUE[lang].get(key)
            if old is not None and old != text:
                raise ValueError(f"message {key!r} ({lang}) registered twice with different text")
            _CATALOGUE[lang][key] = text


class Msg:
    """A catalogue key with its parameters, rendered late so it can be shown in any language.

    Engines return ``Msg`` objects (e.g. as the reason an action is illegal) instead of
    English text; ``tr`` renders a ``Msg`` parameter in the language of the outer message.
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return tr(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, **{self.params!r})"


def tr(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The text for ``key`` in ``lang``, with ``params`` filled in (falls back to English)."""
    params = {k: v.render(lang) if isinstance(v, Msg) else v for k, v in params.items()}
    table = _CATALOGUE.get(lang) or _CATALOGUE[DEFAULT_LANGUAGE]
    text = table.get(key)
    if text is None:
        text = _CATALOGUE[DEFAULT_LANGUAGE].get(key)
    if text is None:
        raise KeyError(f"no message {key!r} in the catalogue")
    return text.format(**params) if params else text


def keys(lang: str) -> frozenset[str]:
    """All keys registered for ``lang`` (tests compare the languages with it)."""
    return frozenset(_CATALOGUE[lang])


def table(lang: str) -> Mapping[str, str]:
    """The raw templates of ``lang``, read-only (to check placeholders match across languages)."""
    return MappingProxyType(_CATALOGUE[lang])


