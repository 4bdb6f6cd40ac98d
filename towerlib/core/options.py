"""Game options: every RESOLVED reading and house choice of RULES.md is one named option."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .errors import InvalidOption


@dataclass(frozen=True)
class Option:
    """One option: its default, the values allowed (or a check), and why it exists."""

    name: str
    default: Any
    doc: str
    allowed: tuple[Any, ...] | None = None
    check: Callable[[Any], Any] | None = None  # returns the normalised value or raises ValueError
    allowed_text: str = ""

    def normalise(self, value: Any) -> Any:
        if self.check is not None:
            try:
                return self.check(value)
            except (TypeError, ValueError):
                raise InvalidOption("error.bad_option", name=self.name, value=value,
                                    allowed=self.allowed_text or "a valid value") from None
        if self.allowed is not None and (value not in self.allowed or isinstance(value, bool) != isinstance(self.default, bool)):
            raise InvalidOption("error.bad_option", name=self.name, value=value,
                                allowed=" / ".join(repr(a) for a in self.allowed))
        return value


def resolve_options(spec: Mapping[str, Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names and bad values raise ``InvalidOption``."""
    for name in given:
        if name not in spec:
            raise InvalidOption("error.unknown_option", name=name, known=", ".join(spec))
    return {name: opt.normalise(given[name]) if name in given else opt.default
            for name, opt in spec.items()}


def jsonable_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as JSON values (tuples become lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
