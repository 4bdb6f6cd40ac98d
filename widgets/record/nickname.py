"""A nickname first: the first page a student opens asks for one, before anything else.

Students used to answer first and find the nickname field at the bottom of a lesson, if at all
(play pages had none), so the class page filled with unnamed rows. On the classroom server every
page that calls :func:`widgets.record.hooks.track_page` (the gallery, the lessons, the play
pages) shows :class:`NicknameGate`: a card over the whole page asking for a nickname, unless the
student already has one (it is kept with their record, so one page asks once for all), the page
is the teacher's, or there is no student. Saved, the card goes away and the class page shows
the nickname from then on. In the card, Enter saves and Tab stays inside the card (a small
``anywidget``, :class:`CardKeys`, which also puts the cursor in the field when the card opens).
The nickname can be changed later from the top of any of these pages (:class:`NicknameChip`:
"You are Owl · Change nickname", which reopens the card) or a lesson's "Your record" panel.

A record that cannot be read never shows the card, and one that cannot be written closes it
(the server's log says why): the record never stands between a student and a lesson.
``SPELLTOWER_NICKNAME_FIRST=0`` (read by each page's kernel, inherited from ``scripts/serve``)
turns the card off, e.g. for a demonstration; the browser tests' shared server runs that way.
"""
from __future__ import annotations

import html
import os
from concurrent.futures import Future
from typing import Any, Callable

import anywidget
import ipywidgets as ipw
from towerlib.core.i18n import LANGUAGES, tr

from . import hooks
from . import messages as _messages  # noqa: F401  (registers the catalogue entries)
from .panels import _on_loop

STYLE = """<style>
.st-nickname-gate {position: fixed; inset: 0; z-index: 1000; align-items: center; justify-content: center;
  background: rgba(21, 23, 46, 0.88);}
.st-nickname-gate .st-nickname-card {background: #fffdf5; color: #1d1d1d; border: 2px solid #5c4a1f;
  border-radius: 10px; padding: 18px 22px; max-width: min(30em, 92vw); font: 16px/1.5 sans-serif;}
.st-nickname-gate .st-nickname-card h2 {margin: 0 0 6px 0; font-size: 1.3em;}
.st-nickname-gate .widget-text input {font-size: 1.1em;}
.st-nickname-chip {align-items: center; gap: 8px; font-size: 0.95em; margin: 2px 0 6px 0;}
</style>"""

ENABLED_ENV = "SPELLTOWER_NICKNAME_FIRST"  # "0": no card
_gate: NicknameGate | None = None          # this page's card (one page per kernel)
_chip: NicknameChip | None = None          # this page's "You are Owl · Change nickname"

_KEYS_ESM = r"""
const FOCUSABLE = "input, button, select, textarea, a[href], [tabindex]:not([tabindex='-1'])";

function render({ el }) {
  el.style.display = "none";
  let card = null, gate = null, observer = null;
  const open = () => gate !== null && gate.style.display !== "none" && gate.isConnected;
  const items = () => Array.from(card.querySelectorAll(FOCUSABLE))
    .filter((e) => !e.disabled && e.getClientRects().length > 0);
  const toField = () => { const field = card.querySelector("input"); if (field) field.focus(); };
  const onKey = (event) => {
    if (!open()) return;
    if (event.key === "Enter" && event.target.matches && event.target.matches(".st-nickname-field input")) {
      const go = card.querySelector(".st-nickname-go");
      if (go && !go.disabled) { event.preventDefault(); go.click(); }
      return;
    }
    if (event.key !== "Tab") return;
    const list = items();
    if (!list.length) return;
    const first = list[0], last = list[list.length - 1], here = document.activeElement;
    const inside = card.contains(here);
    if (event.shiftKey && (!inside || here === first)) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && (!inside || here === last)) { event.preventDefault(); first.focus(); }
  };
  const onFocus = (event) => { if (open() && !card.contains(event.target)) toField(); };
  const attach = () => {
    card = el.closest(".st-nickname-card");
    gate = el.closest(".st-nickname-gate");
    if (card === null || gate === null) { setTimeout(attach, 100); return; }   // not in the page yet
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("focusin", onFocus, true);
    observer = new MutationObserver(() => { if (open() && !card.contains(document.activeElement)) toField(); });
    observer.observe(gate, { attributes: true, attributeFilter: ["style"] });
    if (open()) toField();
  };
  attach();
  return () => {
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("focusin", onFocus, true);
    if (observer) observer.disconnect();
  };
}

export default { render };
"""


class CardKeys(anywidget.AnyWidget):
    """The card's keyboard: Enter in the field saves, Tab and Shift+Tab cycle inside the card
    while it is open, and focus that leaves it comes back to the field (the card is modal)."""

    _esm = _KEYS_ESM


class NicknameGate(ipw.VBox):
    """The card; hidden until :meth:`raise_card` (see the module docstring)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.heading = ipw.HTML()
        self.field = ipw.Text(layout=ipw.Layout(width="100%"))
        self.go = ipw.Button(button_style="primary")
        self.keep = ipw.Button(layout=ipw.Layout(display="none"))     # only when changing a nickname
        self.message = ipw.HTML()
        for widget, css in ((self.field, "st-nickname-field"), (self.go, "st-nickname-go"),
                            (self.keep, "st-nickname-keep"), (self.message, "st-nickname-message")):
            widget.add_class(css)
        self.go.on_click(lambda _b: self._save())
        self.keep.on_click(lambda _b: self.lower_card())
        self.saved: list[Callable[[str], None]] = []    # called with the nickname once saved (the chip)
        card = ipw.VBox([self.heading, self.field, ipw.HBox([self.go, self.keep]), self.message, CardKeys()])
        card.add_class("st-nickname-card")
        super().__init__([ipw.HTML(STYLE), card], layout=ipw.Layout(display="none"))
        self.add_class("st-nickname-gate")
        self.relabel(lang)

    @property
    def is_open(self) -> bool:
        return self.layout.display != "none"

    def relabel(self, lang: str) -> None:
        """Say it all in ``lang`` (the gallery's language switch calls this)."""
        self.lang = lang if lang in LANGUAGES else "en"
        self.heading.value = (f"<h2>{html.escape(tr('record.gate.title', self.lang))}</h2>"
                              f"<p>{html.escape(tr('record.gate.why', self.lang))}</p>")
        self.field.placeholder = tr("record.me.placeholder", self.lang)
        self.go.description = tr("record.gate.go", self.lang)
        self.keep.description = tr("record.gate.keep", self.lang)

    def raise_card(self, current: str | None = None) -> None:   # not open()/close(): those are the widget's comm
        """Open the card: to pick a first nickname, or (``current``) to change that one."""
        self.field.value = current or ""
        self.message.value = ""
        self.keep.layout.display = None if current else "none"
        self.layout.display = None

    def lower_card(self) -> None:
        self.layout.display = "none"

    def _save(self) -> None:
        from .store import RecordError, clean_nickname     # SQLAlchemy: only once a student writes

        try:
            name = clean_nickname(self.field.value)
        except RecordError as err:
            self.message.value = f'<span class="st-error">{html.escape(err.message(self.lang))}</span>'
            return
        self.go.disabled = True
        future = hooks.submit(lambda me: me.set_nickname(name))
        future.add_done_callback(_on_loop(lambda: self._saved(future)))

    def _saved(self, future: Future) -> None:
        """Saved or not, the card goes: a record that fails is in the server's log (hooks), and
        the lesson must go on. Only a refused nickname (one like another student's) keeps it up."""
        self.go.disabled = False
        err = future.exception()
        if getattr(err, "safe_for_student", False):
            self.message.value = f'<span class="st-error">{html.escape(err.message(self.lang))}</span>'
            return
        self.lower_card()
        if future.exception() is None and future.result():
            for listener in self.saved:
                listener(future.result())


class NicknameChip(ipw.HBox):
    """"You are Owl · Change nickname" at the top of a student's page; the button reopens the
    card with the nickname in it. Hidden until the student's nickname is known."""

    def __init__(self, gate: NicknameGate, lang: str = "en") -> None:
        self.gate, self.lang, self.name = gate, lang, ""
        self.text = ipw.HTML()
        self.change = ipw.Button(icon="pencil", layout=ipw.Layout(width="auto"))
        self.change.add_class("st-nickname-change")
        self.change.on_click(lambda _b: self.gate.raise_card(self.name))
        super().__init__([self.text, self.change], layout=ipw.Layout(display="none"))
        self.add_class("st-nickname-chip")
        gate.saved.append(self.show_name)
        self.relabel(lang)

    def show_name(self, name: str) -> None:
        self.name = name
        self.relabel(self.lang)
        self.layout.display = None

    def relabel(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.text.value = html.escape(tr("record.chip.you", self.lang, nickname=self.name))
        self.change.description = tr("record.chip.change", self.lang)


def show() -> bool:
    """Put this page's card (hidden) on the page being run; False outside a notebook's kernel
    or when ``SPELLTOWER_NICKNAME_FIRST=0``."""
    global _gate
    if os.environ.get(ENABLED_ENV, "1") == "0":
        return False
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        return False
    if get_ipython() is None:
        return False
    global _chip
    if _gate is None:
        lang = page_language(hooks.page_name())
        _gate = NicknameGate(lang)
        _chip = NicknameChip(_gate, lang)
        display(_gate)
        display(_chip)
    return True


def page_language(page: str) -> str:
    """The language of the page ``page`` (a path in the served folder): a lesson's by its folder
    (``ru/``), otherwise the link's ``?lang=``, else the server's ``SPELLTOWER_LANG``."""
    from urllib.parse import parse_qs

    folder = next((part for part in page.split("/")[:-1] if part in LANGUAGES), None)
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [""])[0]
    for lang in (folder, asked, os.environ.get("SPELLTOWER_LANG", "")):
        if lang in LANGUAGES:
            return lang
    return "en"


def ask(page: Any, name: str) -> None:
    """Open the card once the record says the student of ``page`` (a
    :class:`widgets.classroom.Page` serving the page ``name``) has no nickname; students only."""
    gate = _gate
    if gate is None or not page.space or page.teacher is True:
        return
    gate.relabel(page_language(name))
    chip = _chip
    if chip is not None:
        chip.relabel(page_language(name))
    future = hooks.submit(lambda me: me.nickname())

    def decide() -> None:
        if future.exception() is not None or hooks.student() is None:
            return
        if future.result() is None:
            gate.raise_card()
        elif chip is not None:
            chip.show_name(future.result())
    future.add_done_callback(_on_loop(decide))


def relabel(lang: str) -> None:
    """Say this page's card and chip in ``lang`` (a page whose language changes without a reload)."""
    if _gate is not None:
        _gate.relabel(lang)
    if _chip is not None:
        _chip.relabel(lang)
