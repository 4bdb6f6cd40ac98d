"""Exercises with immediate feedback: the student types (or picks) an answer and presses Check.

    ex = Exercise("What is P(you hold the Dragon)?", Fraction(5, 21),
                  hint="1 - C(20,5)/C(21,5)", lang="en")
    ex                     # in a notebook: prompt, input, Check button, feedback
    ex.check("5/21")       # True  (pure Python: the tests call this)
    ex.check("0.24")       # True  (a decimal within the tolerance)
    ex.check("6/25")       # False (a wrong exact fraction is wrong, however close)

Kinds (inferred from the answer when not given):

* ``"fraction"`` (answer a :class:`~fractions.Fraction`, or a probability): accepts ``3/7``,
  ``0.43``, ``0,43``, ``43%``. An exact fraction or whole number must equal the answer; a
  decimal or a percentage must be within ``tolerance`` (default 0.005) of it.
* ``"number"`` (answer an int, a Fraction or a float): a whole-number answer needs the exact
  number (``12`` or ``12.0``); other answers accept an exact equal fraction, or any typed value
  within ``tolerance`` (default 0.005 * max(1, |answer|)).
* ``"choice"``: ``choices`` is a list of labels or ``(label, value)`` pairs, shown in a dropdown;
  ``answer`` is the right value (or label).

The answer is always given by the notebook from a ``towerlib`` computation, never typed in. The
widget's words come from the catalogue (``widgets/lesson_messages.py``). Every exercise made in
a kernel is kept in :data:`REGISTRY`, in order, so a test can answer all of them.
"""
from __future__ import annotations

import html
import re
from fractions import Fraction
from numbers import Rational, Real
from typing import Any, Sequence

from towerlib.core.i18n import tr

from . import lesson_messages as _lesson_messages  # noqa: F401  (registers the catalogue entries)

KINDS = ("fraction", "number", "choice")
DEFAULT_TOLERANCE = 0.005
REVEAL_AFTER = 2                     # wrong tries before "Show the answer" appears

REGISTRY: list["Exercise"] = []

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


def parse_number(text: str) -> tuple[Fraction, bool] | None:
    """``(value, exact)`` for what a student typed, or None if it is not a number.

    ``exact`` is True for whole numbers and fractions ``a/b`` (they must match exactly) and
    False for decimals and percentages (they are compared with a tolerance). A single comma is
    read as a decimal point (Russian writes 0,43); spaces, a Unicode minus and ``÷`` are allowed.
    """
    if not isinstance(text, str):
        return None
    s = (text.strip().replace(" ", "").replace("\u00a0", "").replace("\u2212", "-")
         .replace("\u2013", "-").replace("÷", "/"))
    if not s:
        return None
    if "," in s:
        if s.count(",") != 1 or "." in s:
            return None
        s = s.replace(",", ".")
    percent = s.endswith("%")
    if percent:
        s = s[:-1]
    if "/" in s:
        if percent or s.count("/") != 1:
            return None
        top, bottom = s.split("/")
        if not (_NUMBER.match(top) and _NUMBER.match(bottom)):
            return None
        a, b = Fraction(top), Fraction(bottom)
        if b == 0:
            return None
        exact = "." not in top and "." not in bottom
        return a / b, exact
    if not _NUMBER.match(s):
        return None
    value = Fraction(s)
    if percent:
        return value / 100, False
    return value, "." not in s


def _as_fraction(x: Any) -> Fraction | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, Rational):
        return Fraction(x.numerator, x.denominator)
    return None


def format_number(x: Any, lang: str = "en", digits: int = 3) -> str:
    """A number as the lessons print it: ``5/21 ≈ 0.238`` (``0,238`` in Russian), ``12``, ``3.5``."""
    f = _as_fraction(x)
    if f is not None and f.denominator == 1:
        return str(f.numerator)
    if f is not None:
        return f"{f.numerator}/{f.denominator} ≈ {decimal(f, lang, digits)}"
    return decimal(x, lang, digits)


def decimal(x: Any, lang: str = "en", digits: int = 3) -> str:
    """``x`` rounded to ``digits`` decimals, with a decimal comma in Russian."""
    text = f"{float(x):.{digits}f}"
    return text.replace(".", ",") if lang == "ru" else text


class Exercise:
    """One question with a checker (pure Python) and a widget (built on first display)."""

    def __init__(self, prompt: str, answer: Any, kind: str | None = None,
                 choices: Sequence[Any] | None = None, tolerance: float | None = None,
                 hint: str = "", explanation: str = "", lang: str = "en", number: int | None = None) -> None:
        if kind is None:
            kind = "choice" if choices is not None else "fraction" if (
                _as_fraction(answer) is not None and _as_fraction(answer).denominator != 1) else "number"
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        self.prompt, self.kind, self.hint, self.explanation, self.lang = prompt, kind, hint, explanation, lang
        if kind == "choice":
            if not choices:
                raise ValueError("a choice exercise needs choices")
            self.choices = [(str(c[0]), c[1]) if isinstance(c, tuple) else (str(c), c) for c in choices]
            values = [v for _, v in self.choices]
            labels = [label for label, _ in self.choices]
            if answer in values:
                self.answer = answer
            elif answer in labels:
                self.answer = values[labels.index(answer)]
            else:
                raise ValueError(f"the answer {answer!r} is not among the choices")
        else:
            if isinstance(answer, bool) or not isinstance(answer, Real):
                raise ValueError(f"a {kind} exercise needs a number as its answer, not {answer!r}")
            self.choices = None
            self.answer = answer
        exact = _as_fraction(self.answer) if kind != "choice" else None
        self._exact = exact
        if tolerance is None and kind != "choice":
            if kind == "number" and exact is not None and exact.denominator == 1:
                tolerance = 0.0
            elif kind == "fraction":
                tolerance = DEFAULT_TOLERANCE
            else:
                tolerance = DEFAULT_TOLERANCE * max(1.0, abs(float(self.answer)))
        self.tolerance = tolerance
        self.number = number if number is not None else len(REGISTRY) + 1
        self.tries = 0
        self.solved = False
        self._widget = None
        REGISTRY.append(self)

    # ----- the checker (pure Python) --------------------------------------------------------
    def check(self, text: Any) -> bool:
        """Is ``text`` (what the student typed or picked) a right answer?"""
        if self.kind == "choice":
            for label, value in self.choices:
                if text == value or str(text).strip().casefold() in (label.strip().casefold(),
                                                                     str(value).strip().casefold()):
                    return value == self.answer
            return False
        parsed = parse_number(str(text))
        if parsed is None:
            return False
        value, typed_exact = parsed
        if self._exact is not None and typed_exact and self.kind == "fraction":
            return value == self._exact
        if self._exact is not None and value == self._exact:
            return True
        if self._exact is not None and self._exact.denominator == 1 and self.tolerance == 0:
            return False
        return abs(float(value) - float(self.answer)) <= self.tolerance + 1e-12

    def readable(self, text: Any) -> bool:
        """Can ``text`` be read as an answer of this kind at all?"""
        if self.kind == "choice":
            return any(text == v or str(text).strip().casefold() in (lab.casefold(), str(v).casefold())
                       for lab, v in self.choices)
        return parse_number(str(text)) is not None

    def answer_text(self) -> str:
        """The answer as the student would type it (exact where possible)."""
        if self.kind == "choice":
            return str(self.answer)
        f = self._exact
        if f is not None:
            return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
        return repr(float(self.answer))

    def answer_display(self) -> str:
        if self.kind == "choice":
            return next(label for label, v in self.choices if v == self.answer)
        return format_number(self.answer, self.lang)

    def feedback(self, text: Any) -> tuple[bool | None, str]:
        """``(right, message)`` for an attempt; ``right`` is None when it could not be read."""
        lang = self.lang
        if self.kind != "choice" and not str(text or "").strip():
            return None, tr("lesson.exercise.empty", lang)
        if not self.readable(text):
            if self.kind == "choice" and (text is None or text == ""):
                return None, tr("lesson.exercise.expect.choice", lang)
            return None, tr("lesson.exercise.unreadable", lang, text=str(text),
                            expected=tr(f"lesson.exercise.expect.{self.kind}", lang))
        if self.check(text):
            msg = tr("lesson.exercise.right", lang)
            return True, f"{msg} {self.explanation}".strip()
        parts = [tr("lesson.exercise.wrong", lang)]
        if self.hint:
            parts.append(tr("lesson.exercise.hint", lang, hint=self.hint))
        return False, " ".join(parts)

    # ----- the widget ---------------------------------------------------------------------
    @property
    def widget(self):
        if self._widget is None:
            self._widget = self._build()
        return self._widget

    def _build(self):
        import ipywidgets as ipw

        lang = self.lang
        title = ipw.HTML(f"<b>{html.escape(tr('lesson.exercise', lang, number=self.number))}.</b> "
                         f"{html.escape(self.prompt)}")
        if self.kind == "choice":
            self.input = ipw.Dropdown(options=[(tr("lesson.exercise.choose", lang), "")] + self.choices, value="")
        else:
            self.input = ipw.Text(placeholder=tr(f"lesson.exercise.placeholder.{self.kind}", lang),
                                  continuous_update=False)
        self.input.add_class("exercise-input")
        self.button = ipw.Button(description=tr("lesson.exercise.check", lang), button_style="primary")
        self.button.add_class("exercise-check")
        self.reveal = ipw.Button(description=tr("lesson.exercise.show", lang),
                                 layout=ipw.Layout(display="none"))
        self.reveal.add_class("exercise-reveal")
        self.output = ipw.HTML("")
        self.output.add_class("exercise-feedback")
        self.button.on_click(lambda _: self._on_check())
        self.reveal.on_click(lambda _: self._on_reveal())
        box = ipw.VBox([title, ipw.HBox([self.input, self.button, self.reveal]), self.output],
                       layout=ipw.Layout(border="1px solid #c0c8d0", padding="6px", margin="8px 0"))
        box.add_class("lesson-exercise")
        return box

    def _on_check(self) -> None:
        right, message = self.feedback(self.input.value)
        colour = {True: "#1a7f37", False: "#b35900", None: "#555"}[right]
        mark = {True: "✔ ", False: "✘ ", None: ""}[right]
        self.output.value = (f'<span class="exercise-{ {True: "right", False: "wrong", None: "unread"}[right] }" '
                             f'style="color:{colour}">{mark}{html.escape(message)}</span>')
        if right:
            self.solved = True
        elif right is False:
            self.tries += 1
            if self.tries >= REVEAL_AFTER:
                self.reveal.layout.display = None

    def _on_reveal(self) -> None:
        self.output.value = (f'<span class="exercise-answer">'
                             f'{html.escape(tr("lesson.exercise.answer", self.lang, answer=self.answer_display()))} '
                             f'{html.escape(self.explanation)}</span>')

    def submit(self, text: Any) -> bool | None:
        """Drive the widget as a student would (type ``text``, press Check); returns what it showed."""
        self.widget
        self.input.value = text
        self._on_check()
        value = self.output.value
        return True if "exercise-right" in value else False if "exercise-wrong" in value else None

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"Exercise({self.prompt!r}, answer={self.answer!r}, kind={self.kind!r})"
