"""Exercises with immediate feedback: the student types (or picks) an answer and presses Check
(or Enter).

    ex = Exercise("What is P(you hold the Dragon)?", Fraction(5, 21),
                  hint="1 - C(20,5)/C(21,5)", lang="en")
    ex                     # in a notebook: prompt, input, Check button, feedback
    ex.check("5/21")       # True  (pure Python: the tests call this)
    ex.check("0.24")       # True  (5/21 = 0.238... rounded to the two digits typed)
    ex.check("0.2")        # False (one significant figure, 16% off)
    ex.check("6/25")       # False (a wrong exact fraction is wrong, however close)

Kinds (inferred from the answer when not given: a non-whole answer between 0 and 1 is taken for
a probability, anything else for a number; an expectation or a variance between 0 and 1 must say
``kind="number"``):

* ``"fraction"`` (a probability, or a share of a whole): accepts ``3/7``, ``0.43``, ``0,43``,
  ``43%``. An exact fraction or whole number must equal the answer; a decimal or a percentage is
  marked by :func:`close_enough`: within the exercise's tolerance (1% relative unless it sets
  ``tolerance``) of the exact answer, or correctly rounded to the digits typed with at least two
  significant figures.
* ``"number"`` (a count, an expectation, a variance...): a percentage is wrong (``"600%"`` is not
  6 cards). A whole-number answer is a count and needs that number (``12`` or ``12.0``); other
  answers accept an exact equal fraction or a decimal marked as above.
* ``"choice"``: ``choices`` is a list of labels or ``(label, value)`` pairs, shown in a dropdown;
  ``answer`` is the right value (or label), or a list of them when several choices are equally
  right (each is accepted, and the revealed answer names them all).

``traps`` lists the likeliest wrong answers (a number printed near the exercise, the answer of a
neighbouring question): a decimal that would also pass for a trap is wrong, and when no
``tolerance`` is given it is tightened to half the relative distance to the nearest trap. After
"Right!" the exercise shows the exact answer and its ``explanation`` (the worked answer in a line).

The answer is always given by the notebook from a ``towerlib`` computation, never typed in. The
revealed answer shows the exact fraction and its decimal with three significant figures. The
widget's words come from the catalogue (``widgets/lesson_messages.py``). Every exercise made in
a kernel is kept in :data:`REGISTRY`, in order, so a test can answer all of them.
"""
from __future__ import annotations

import asyncio
import hashlib
import html
import json
import logging
import math
import re
import warnings
from concurrent.futures import Future
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational, Real
from typing import Any, Callable, Sequence

from towerlib.core.i18n import tr

from . import lesson_messages as _lesson_messages  # noqa: F401  (registers the catalogue entries)
from .faults import not_saved

log = logging.getLogger("spelltower.lessons")

KINDS = ("fraction", "number", "choice")
RELATIVE_TOLERANCE = Fraction(1, 100)   # a decimal within 1% of the exact answer is right ...
MIN_SIGNIFICANT = 2                     # ... or one correctly rounded to the digits typed, if >= 2 of them
SHOWN_SIGNIFICANT = 3                   # significant figures of the decimals the lessons print
REVEAL_AFTER = 2                        # wrong tries before "Show the answer" appears
ANSWERS_FOLDER = "lessons"              # <the student's saves>/lessons/answer-<hash>.json
#: Longest answer read, in characters. Every answer of the lessons is a few characters; this
#: bound keeps any text a student sends far below Python's 4,300-digit limit on reading an int
#: (a longer run of digits raised ValueError inside Check, which then did nothing at all).
MAX_ANSWER_LENGTH = 200

REGISTRY: list["Exercise"] = []
#: Called as ``listener(exercise, answer_text, right)`` after every graded Check on the page
#: (the class record, :mod:`widgets.record.hooks`, joins it through ``track_page()``). A listener
#: that writes in the background returns a ``concurrent.futures.Future``: if it fails, the
#: exercise adds "your answer was checked but could not be saved" to its feedback.
ATTEMPT_LISTENERS: list[Callable[["Exercise", str, bool], "Future | None"]] = []

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


@dataclass(frozen=True)
class Reading:
    """What a student typed, read as a number.

    ``exact`` is True for whole numbers and fractions ``a/b`` (they must match exactly);
    decimals and percentages carry ``significant`` (their significant figures) and
    ``half_unit`` (half a unit of the last digit typed, in the value's own scale), so a
    checker can tell "0.24 is 5/21 rounded to two digits" from "0.2 is just near it".
    """

    value: Fraction
    exact: bool
    significant: int = 0
    half_unit: Fraction = Fraction(0)
    percent: bool = False


def _digits_of(mantissa: str) -> tuple[int, int]:
    """(significant figures, decimals) of a plain decimal such as ``0.0420`` -> (3, 4)."""
    body = mantissa.lstrip("+-")
    decimals = len(body.split(".")[1]) if "." in body else 0
    digits = body.replace(".", "").lstrip("0")
    return len(digits), decimals


def read_number(text: str) -> Reading | None:
    """A :class:`Reading` of what a student typed, or None if it is not a number.

    A single comma is read as a decimal point (Russian writes 0,43); spaces, a Unicode minus
    and ``÷`` are allowed; ``43%`` means 0.43.
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
        try:
            a, b = Fraction(top), Fraction(bottom)
        except (ValueError, ArithmeticError):      # beyond Python's int-string limit: not read
            return None
        if b == 0:
            return None
        if "." in top or "." in bottom:
            return Reading(a / b, False)          # "0.5/2": a decimal, but no digits to round to
        return Reading(a / b, True)
    if not _NUMBER.match(s):
        return None
    try:
        value = Fraction(s)
    except (ValueError, ArithmeticError):
        return None
    if not percent and "." not in s:
        return Reading(value, True)
    significant, decimals = _digits_of(s)
    scale = Fraction(1, 100) if percent else Fraction(1)
    return Reading(value * scale, False, significant, Fraction(1, 2 * 10 ** decimals) * scale, percent)


def parse_number(text: str) -> tuple[Fraction, bool] | None:
    """``(value, exact)`` for what a student typed, or None (see :func:`read_number`)."""
    reading = read_number(text)
    return None if reading is None else (reading.value, reading.exact)


def close_enough(reading: Reading, answer: Fraction, tolerance: Fraction = RELATIVE_TOLERANCE) -> bool:
    """The marking rule for a typed decimal or percentage: right when within ``tolerance``
    (relative) of the exact answer, or when it is the answer correctly rounded to the digits typed
    and has at least :data:`MIN_SIGNIFICANT` significant figures. So for 1/1296 = 0.000772,
    "0.00077" and "0.077%" are right, while "0.0", "0.001" and "0.0008" are not."""
    error = abs(reading.value - answer)
    if error <= tolerance * abs(answer):
        return True
    return reading.significant >= MIN_SIGNIFICANT and error <= reading.half_unit


def _is_share(answer: Any) -> bool:
    """A non-whole answer between 0 and 1: taken for a probability when no kind is given."""
    f = _as_fraction(answer)
    return f is not None and f.denominator != 1 and 0 <= f <= 1


def _as_fraction(x: Any) -> Fraction | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, Rational):
        return Fraction(x.numerator, x.denominator)
    return None


def format_number(x: Any, lang: str = "en", digits: int = 3) -> str:
    """A number as the lessons print it: ``5/21 ≈ 0.238`` (``0,238`` in Russian), ``12``, ``3.5``,
    ``1/1296 ≈ 0.000772`` (small values keep :data:`SHOWN_SIGNIFICANT` significant figures)."""
    f = _as_fraction(x)
    if f is not None and f.denominator == 1:
        return str(f.numerator)
    if f is not None:
        return f"{f.numerator}/{f.denominator} ≈ {decimal(f, lang, digits)}"
    return decimal(x, lang, digits)


def decimals_for(x: Any, digits: int, significant: int = SHOWN_SIGNIFICANT) -> int:
    """At least ``digits`` decimals, more when ``x`` is small so it keeps ``significant`` figures."""
    x = abs(float(x))
    if x == 0 or x != x or x == float("inf"):
        return digits
    return max(digits, significant - 1 - math.floor(math.log10(x)))


def decimal(x: Any, lang: str = "en", digits: int = 3) -> str:
    """``x`` with ``digits`` decimals (more if needed for three significant figures), with a
    decimal comma in Russian."""
    text = f"{float(x):.{decimals_for(x, digits)}f}"
    return text.replace(".", ",") if lang == "ru" else text


def every(seconds: float, callback: Callable[[], None]) -> None:
    """Run ``callback`` every ``seconds`` on the kernel's event loop for as long as it runs
    (outside a running loop, as in a plain script, nothing is scheduled)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return

    def tick() -> None:
        callback()
        loop.call_later(seconds, tick)
    loop.call_later(seconds, tick)


def on_loop(callback: Callable[[], None]) -> Callable[[Future], None]:
    """A future's done-callback that runs ``callback`` on the kernel's event loop (widgets are
    changed from there, not from the record's writer thread), or at once where there is none."""
    try:
        loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        loop = None

    def done(_future: Future) -> None:
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(callback)
        else:
            callback()
    return done


class AnswerStore:
    """Where a student's checked answers are kept, so a reload does not lose them: a folder
    ``lessons/`` in the student's own save space (:class:`widgets.saves.SaveFolder`; on the
    classroom server every browser has its own). One small file per exercise, named from a hash
    of its language and prompt, holding the last answer checked and the number of wrong tries.
    A failed write raises (the exercise tells the student the answer was not saved)."""

    def __init__(self, folder: str | None = None) -> None:
        from .saves import SaveFolder

        self.folder = SaveFolder(folder, sub=ANSWERS_FOLDER)

    @staticmethod
    def name(exercise: "Exercise") -> str:
        return "answer-" + hashlib.sha256(f"{exercise.lang}\n{exercise.prompt}".encode()).hexdigest()[:24]

    def when_known(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once this store knows whose answers it holds: at once, or, in a
        kernel Voila preheated before anyone asked for the page, when the page is requested
        (:func:`widgets.classroom.when_known`). No cell ever waits for the student, so a lesson
        can run before its student is known."""
        from . import classroom

        if classroom.in_classroom():
            classroom.when_known(lambda _page: callback())
        else:
            callback()

    def load(self, exercise: "Exercise") -> Any:
        try:
            return json.loads(self.folder.read(self.name(exercise)))
        except (OSError, ValueError):
            return None

    def save(self, exercise: "Exercise", record: dict) -> None:
        """Keep ``record``; an OSError (a full disk, a read-only folder, no space) is the caller's."""
        self.folder.write(self.name(exercise), json.dumps(record))


def default_store() -> AnswerStore | None:
    """Answers are kept on the classroom server (one space per student), not elsewhere."""
    from . import classroom

    return AnswerStore() if classroom.in_classroom() else None


# Layout and style models every exercise's widgets share. Each widget otherwise makes its own
# (two or three models per widget), and every model is a message the page must receive and
# set up before it is drawn: five exercises made about 95 models, now 30. None of these is
# ever changed after it is made (a widget whose layout must change gets its own), so sharing
# them changes nothing on the page.
_SHARED: dict[str, Any] = {}


def _shared(name: str, make: Callable[[], Any]) -> Any:
    """The shared model ``name``, made by ``make`` the first time (or again once it was closed)."""
    model = _SHARED.get(name)
    if model is None or getattr(model, "comm", None) is None:
        model = _SHARED[name] = make()
    return model


class Exercise:
    """One question with a checker (pure Python) and a widget (built on first display)."""

    def __init__(self, prompt: str, answer: Any, kind: str | None = None,
                 choices: Sequence[Any] | None = None, hint: str = "", explanation: str = "",
                 lang: str = "en", number: int | None = None, store: "AnswerStore | None" = None,
                 tolerance: Fraction | None = None, traps: Sequence[Any] = ()) -> None:
        if kind is None:
            kind = "choice" if choices is not None else "fraction" if _is_share(answer) else "number"
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        self.prompt, self.kind, self.hint, self.explanation, self.lang = prompt, kind, hint, explanation, lang
        self._exact: Fraction | None = None
        self.traps: tuple[Fraction, ...] = ()
        self.tolerance = RELATIVE_TOLERANCE
        if kind == "choice":
            if not choices:
                raise ValueError("a choice exercise needs choices")
            self.choices = [(str(c[0]), c[1]) if isinstance(c, tuple) else (str(c), c) for c in choices]
            values = [v for _, v in self.choices]
            labels = [label for label, _ in self.choices]
            self.answers = []
            for one in (list(answer) if isinstance(answer, (list, set, frozenset)) else [answer]):
                if one in values:
                    self.answers.append(one)
                elif one in labels:
                    self.answers.append(values[labels.index(one)])
                else:
                    raise ValueError(f"the answer {one!r} is not among the choices")
            if not self.answers:
                raise ValueError("a choice exercise needs at least one right choice")
            self.answers = [v for v in values if v in self.answers]      # in the dropdown's order
            self.answer = self.answers[0]
        else:
            if isinstance(answer, bool) or not isinstance(answer, Real) or not math.isfinite(answer):
                raise ValueError(f"a {kind} exercise needs a finite number as its answer, not {answer!r}")
            self.choices = None
            self.answer = answer
            self.answers = [answer]
            self._exact = _as_fraction(answer) if _as_fraction(answer) is not None else Fraction(float(answer))
            self.traps = tuple(_as_fraction(t) if _as_fraction(t) is not None else Fraction(float(t)) for t in traps)
            if any(t == self._exact for t in self.traps):
                raise ValueError("a trap equals the answer")
            if tolerance is not None:
                self.tolerance = Fraction(tolerance)
            elif self.traps and self._exact:
                nearest = min(abs(t - self._exact) for t in self.traps) / abs(self._exact)
                self.tolerance = min(RELATIVE_TOLERANCE, nearest / 2)
            if self._exact and any(abs(t - self._exact) <= self.tolerance * abs(self._exact) for t in self.traps):
                raise ValueError(f"the tolerance {self.tolerance} would accept a trap")
        self.store = store if store is not None else default_store()
        self.number = number if number is not None else len(REGISTRY) + 1
        self.tries = 0
        self.solved = False
        self._checks = 0                 # graded Checks so far (a late "not saved" note names its own)
        self._widget = None
        REGISTRY.append(self)

    # ----- the checker (pure Python) --------------------------------------------------------
    def check(self, text: Any) -> bool:
        """Is ``text`` (what the student typed or picked) a right answer?"""
        if self.kind == "choice":
            value = self._choice(text)
            return value is not None and value in self.answers
        reading = read_number(str(text))
        if reading is None or (reading.percent and self.kind != "fraction"):
            return False                             # a percentage is only a probability
        if reading.exact or (self.kind == "number" and self._exact.denominator == 1):
            return reading.value == self._exact      # fractions, whole numbers and counts: exactly
        return (close_enough(reading, self._exact, self.tolerance)
                and not any(close_enough(reading, trap, self.tolerance) for trap in self.traps))

    def _choice(self, text: Any) -> Any:
        """The choice's value that ``text`` picks (by value or label), or None."""
        for label, value in self.choices:
            if text == value or str(text).strip().casefold() in (label.strip().casefold(),
                                                                 str(value).strip().casefold()):
                return value
        return None

    def readable(self, text: Any) -> bool:
        """Can ``text`` be read as an answer of this kind at all?"""
        if self.kind == "choice":
            return self._choice(text) is not None
        return parse_number(str(text)) is not None

    def answer_text(self) -> str:
        """The answer as the student would type it (exact where possible)."""
        if self.kind == "choice":
            return str(self.answer)
        if not isinstance(self.answer, Rational):
            return repr(float(self.answer))
        f = self._exact
        return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"

    def answer_display(self) -> str:
        if self.kind == "choice":
            labels = [label for label, v in self.choices if v in self.answers]
            return labels[0] if len(labels) == 1 else tr("lesson.exercise.any_of", self.lang,
                                                          first=", ".join(labels[:-1]), last=labels[-1])
        return format_number(self._exact if isinstance(self.answer, Rational) else self.answer, self.lang)

    def form(self) -> str:
        """The forms this exercise accepts, for its placeholder and messages: ``fraction``
        (fractions, decimals, percentages), ``count`` (a whole number), ``number`` (fractions and
        decimals) or ``choice``."""
        if self.kind == "number" and self._exact.denominator == 1:
            return "count"
        return self.kind

    def feedback(self, text: Any) -> tuple[bool | None, str]:
        """``(right, message)`` for an attempt; ``right`` is None when it could not be read."""
        lang = self.lang
        if self.kind != "choice" and not str(text or "").strip():
            return None, tr("lesson.exercise.empty", lang)
        if len(str(text)) > MAX_ANSWER_LENGTH:
            return None, tr("lesson.exercise.too_long", lang, length=len(str(text)), max=MAX_ANSWER_LENGTH)
        if not self.readable(text):
            if self.kind == "choice" and (text is None or text == ""):
                return None, tr("lesson.exercise.expect.choice", lang)
            return None, tr("lesson.exercise.unreadable", lang, text=str(text),
                            expected=tr(f"lesson.exercise.expect.{self.form()}", lang))
        if self.check(text):
            msg = tr("lesson.exercise.right", lang)
            return True, f"{msg} {tr('lesson.exercise.answer', lang, answer=self.answer_display())} {self.explanation}".strip()
        parts = [tr("lesson.exercise.wrong", lang)]
        reading = read_number(str(text)) if self.kind != "choice" else None
        if reading is not None and reading.percent and self.kind != "fraction":
            parts.append(tr("lesson.exercise.no_percent", lang))
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
        from ipywidgets.widgets.widget_description import DescriptionStyle   # styles ipywidgets does
        from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle    # not export at its top

        lang = self.lang
        plain = _shared("plain", ipw.Layout)
        title = ipw.HTML(f"<b>{html.escape(tr('lesson.exercise', lang, number=self.number))}.</b> "
                         f"{html.escape(self.prompt)}", layout=plain, style=_shared("html", HTMLStyle))
        # A visible label names the field for a screen reader (a select with a hidden label has no name).
        label = {"description": tr("lesson.exercise.your_answer", lang), "layout": plain}
        if self.kind == "choice":
            self.input = ipw.Dropdown(options=[(tr("lesson.exercise.choose", lang), "")] + self.choices, value="",
                                      style=_shared("choice", lambda: DescriptionStyle(description_width="initial")),
                                      **label)
        else:
            # Enter checks. The page sends "submit" as Enter goes down, before a change event, so
            # the value must already be synced: continuous_update. ipywidgets 8 calls on_submit
            # deprecated, but its suggested replacement also fires on blur (a double check).
            self.input = ipw.Text(placeholder=tr(f"lesson.exercise.placeholder.{self.form()}", lang),
                                  continuous_update=True,
                                  style=_shared("text", lambda: TextStyle(description_width="initial")), **label)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.input.on_submit(lambda _: self._on_check())
        self.input.add_class("exercise-input")
        self.button = ipw.Button(description=tr("lesson.exercise.check", lang), button_style="primary",
                                 layout=plain, style=_shared("button", ipw.ButtonStyle))
        self.button.add_class("exercise-check")
        self.reveal = None          # "Show the answer": made when it is due (see _reveal_if_due)
        self.output = ipw.HTML("", layout=plain, style=_shared("html", HTMLStyle))
        self.output.add_class("exercise-feedback")
        self.button.on_click(lambda _: self._on_check())
        self._row = ipw.HBox([self.input, self.button], layout=plain)
        box = ipw.VBox([title, self._row, self.output], layout=_shared(
            "box", lambda: ipw.Layout(border="1px solid #c0c8d0", padding="6px", margin="8px 0")))
        box.add_class("lesson-exercise")
        self._restore()
        return box

    def _on_check(self) -> None:
        right = self._show(self.input.value)
        if right is False:
            self.tries += 1
        self._reveal_if_due()
        if right is None:
            return
        self._checks += 1
        if self.store is not None:
            try:
                self.store.save(self, {"answer": str(self.input.value), "tries": self.tries})
            except OSError as err:
                log.warning("an answer could not be kept: %s", err)
                self._unsaved(err, self._checks)
        for listener in ATTEMPT_LISTENERS:
            result = listener(self, str(self.input.value), right)
            if isinstance(result, Future):
                result.add_done_callback(on_loop(self._after_write(result, self._checks)))

    def _after_write(self, future: Future, check: int) -> Callable[[], None]:
        def done() -> None:
            err = future.exception()
            if err is not None:
                self._unsaved(err, check)
        return done

    def _unsaved(self, err: BaseException, check: int) -> None:
        """Say under the feedback of Check number ``check`` (if it is still shown) that it was not kept."""
        if check != self._checks or "exercise-unsaved" in self.output.value:
            return
        self.output.value += (f' <span class="exercise-unsaved" style="color:#b00020">'
                              f'{html.escape(not_saved(err, self.lang))}</span>')

    def _show(self, text: Any) -> bool | None:
        right, message = self.feedback(text)
        colour = {True: "#1a7f37", False: "#b35900", None: "#555"}[right]
        mark = {True: "✔ ", False: "✘ ", None: ""}[right]
        self.output.value = (f'<span class="exercise-{ {True: "right", False: "wrong", None: "unread"}[right] }" '
                             f'style="color:{colour}">{mark}{html.escape(message)}</span>')
        if right:
            self.solved = True
        return right

    def _reveal_if_due(self) -> None:
        if self.tries >= REVEAL_AFTER and self.reveal is None:
            import ipywidgets as ipw

            self.reveal = ipw.Button(description=tr("lesson.exercise.show", self.lang),
                                     layout=_shared("plain", ipw.Layout), style=_shared("button", ipw.ButtonStyle))
            self.reveal.add_class("exercise-reveal")
            self.reveal.on_click(lambda _: self._on_reveal())
            self._row.children = (*self._row.children, self.reveal)

    def _restore(self) -> None:
        """The student's last checked answer to this exercise, kept across a reload: shown as soon
        as the page's student is known (at once, unless the kernel was preheated)."""
        if self.store is not None:
            self.store.when_known(self._restore_known)

    def _restore_known(self) -> None:
        if self.tries or self.solved or self.input.value not in ("", None):
            return                                   # the student has answered meanwhile: keep that
        record = self.store.load(self)
        if not isinstance(record, dict) or not isinstance(record.get("answer"), str):
            return
        answer = record["answer"]
        if self.kind == "choice":
            answer = next((v for _, v in self.choices if str(v) == answer), None)
            if answer is None:
                return
        elif not self.readable(answer):
            return
        self.input.value = answer
        tries = record.get("tries")
        self.tries = tries if isinstance(tries, int) and 0 <= tries < 1000 else 0
        self._show(answer)
        self._reveal_if_due()

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
