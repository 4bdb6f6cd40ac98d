"""Keyboard and screen-reader support shared by every board (issue #15.4).

ipywidgets has no key events, so each board holds one small :class:`KeyBridge` (an
``anywidget``: the ES module below ships in this file, no build step). In the page it

* listens to ``keydown`` on the document and sends the board's shortcut keys to the kernel,
  except keys typed into a text field, a text area, a drop-down or while a modifier is held,
  and only for the board that holds the focus (or the first board on the page when nothing is
  focused), so two boards on one page never both answer;
* moves the focus for the "go to" keys (e.g. M: the first move button) itself: focus is the
  browser's, and no game state is involved;
* marks the board and each control focused in it ``data-lm-suppress-shortcuts``, so that in
  JupyterLab a key pressed on the board is the board's, not a notebook command (M would turn
  the cell into Markdown and wipe the board);
* makes a scrolling panel that is a widget ``Box`` (which has no attributes of its own)
  focusable and named (:attr:`KeyBridge.regions`), as an HTML panel's root element is;
* owns the board's live region: one ``role="status"`` / ``aria-live="polite"`` element created
  once, whose text the kernel changes (:attr:`KeyBridge.announcement`), so a screen reader reads
  each game event without the node being re-created;
* notices when the game can no longer answer: its kernel died or was restarted bare (the
  kernel's status "dead", "restarting" or "autorestarting", which the server sends the page) or
  the page's connection to the server stayed down for a few seconds (:mod:`widgets.connection`,
  shared with the other pages' notice). It then covers the
  board with :attr:`KeyBridge.lost_text` ("the game lost its connection: Reload to resume") and a
  Reload button, instead of leaving "Bot 2 is thinking…" on screen forever. The text is the
  kernel's, sent while it was alive, so it is in the board's language.

The kernel decides what a key does (:meth:`widgets.game_table.GameTable._on_key`): a shortcut
presses the same button the mouse would, through the same handler, and only when that button
is enabled. The announcement is made from the same view-derived text the log panel shows.

:data:`FOCUS_CSS` gives every control on a board a visible focus ring: a 3 px near-black
outline with a 3 px yellow halo outside it, so at least one of the two contrasts >= 3:1 with
any background (the boards' dark frames and their light panels alike).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import anywidget
import traitlets

from .connection import LOST_CSS, WATCH_JS

#: The focus ring colours: the outline and the halo around it. Against white the outline has
#: contrast 19.6:1; against the darkest board frame (#15172e) the halo has 13.9:1.
FOCUS_OUTLINE = "#111111"
FOCUS_HALO = "#ffd54f"
#: Keys that show or hide the help panel on every board.
HELP_KEYS = ("?", "h")
#: At most this many new log lines are read out at once (a bot's flurry of moves, a loaded game).
MAX_ANNOUNCED = 6

FOCUS_CSS = f"""
<style>
.st-board button:focus-visible, .st-board input:focus-visible, .st-board select:focus-visible,
.st-board textarea:focus-visible, .st-board a:focus-visible, .st-board summary:focus-visible,
.st-board [tabindex]:focus-visible {{
  outline: 3px solid {FOCUS_OUTLINE} !important; outline-offset: 0 !important;
  box-shadow: 0 0 0 6px {FOCUS_HALO} !important; z-index: 2; }}
.st-board .st-help {{ background: #fffdf5; color: #1d1d1d; border: 2px solid #5c4a1f; border-radius: 8px;
  padding: 6px 10px; font: 14px/1.5 sans-serif; }}
.st-board .st-help kbd {{ border: 1px solid #5c4a1f; border-radius: 4px; padding: 0 5px; background: #f3ead2;
  font: 700 13px monospace; color: #1d1d1d; }}
.st-board .st-help table {{ border-collapse: collapse; margin: 4px 0; }}
.st-board .st-help th {{ white-space: nowrap; text-align: left; padding: 2px 14px 2px 0; font-weight: 400; }}
.st-board .st-help td {{ padding: 2px 0; }}
</style>
"""

_ESM = WATCH_JS + r"""
const TYPING = new Set(["text", "search", "email", "number", "password", "tel", "url", "date", "time",
                        "datetime-local", "month", "week", ""]);

function typing(target) {
  if (!target || !target.tagName) return false;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) return true;
  return tag === "INPUT" && TYPING.has((target.getAttribute("type") || "").toLowerCase());
}

function shown(node) {
  return !node.disabled && node.getClientRects().length > 0;
}

function render({ model, el }) {
  const live = document.createElement("div");
  live.className = "st-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  el.appendChild(live);
  const say = () => {
    live.textContent = model.get("announcement");
    live.dataset.serial = String(model.get("serial"));   // for tests: a repeated text is still news
  };
  model.on("change:serial", say);
  say();       // never empty: a page opens with the board's state ("press Start", "your turn")
  // JupyterLab's own shortcuts (A, B, M, Y, 1-6 in command mode...) must not act on keys meant
  // for the board. Lumino tests its key bindings' selectors from the focused element upwards and
  // stops at an element marked data-lm-suppress-shortcuts, so every control that takes the focus
  // inside the board is marked (the selectors match the focused control itself).
  const SUPPRESS = "data-lm-suppress-shortcuts";
  const markFocused = (event) => { if (event.target && event.target.setAttribute) event.target.setAttribute(SUPPRESS, "true"); };
  let tries = 0;
  let marked = null;
  const mark = () => {
    const root = el.closest("." + model.get("root_class"));
    if (root) {
      root.setAttribute(SUPPRESS, "true");
      root.addEventListener("focusin", markFocused, true);
      marked = root;
      watch();
    } else if (tries++ < 600) requestAnimationFrame(mark);
  };
  // A scrolling panel made of several widgets (a Box, which has no attributes of its own) is
  // made focusable and named here: regions maps its CSS class to its name.
  const nameRegions = () => {
    const root = el.closest("." + model.get("root_class"));
    if (!root) return;
    for (const [cls, label] of Object.entries(model.get("regions") || {})) {
      for (const node of root.querySelectorAll("." + cls)) {
        if (node.getAttribute("aria-label") === label) continue;
        node.tabIndex = 0;
        node.setAttribute("role", "region");
        node.setAttribute("aria-label", label);
      }
    }
  };
  let watcher = null;
  const watch = () => {
    nameRegions();
    const root = el.closest("." + model.get("root_class"));
    if (watcher || !root || !Object.keys(model.get("regions") || {}).length) return;
    watcher = new MutationObserver(nameRegions);      // the panel's view may be drawn after this one
    watcher.observe(root, { childList: true, subtree: true });
  };
  model.on("change:regions", watch);
  mark();

  const onKey = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target)) return;
    const root = el.closest("." + model.get("root_class"));
    if (!root || !root.isConnected) return;
    const active = document.activeElement;
    const nowhere = !active || active === document.body || active === document.documentElement;
    if (nowhere ? document.querySelector("." + model.get("root_class")) !== root : !root.contains(active)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const focus = model.get("focus_keys")[key];
    if (focus) {
      const target = [...root.querySelectorAll(focus)].find(shown);
      if (target) { event.preventDefault(); target.focus(); }
      return;
    }
    if (!model.get("shortcut_keys").includes(key)) return;
    event.preventDefault();
    model.send({ key });
  };
  document.addEventListener("keydown", onKey);

  // The game lost its connection (see the module docstring): cover the board with the notice.
  const unwatch = watchConnection(model, () => {
    const root = el.closest("." + model.get("root_class")) || el;
    const card = lostCard(model, "st-lost");
    root.prepend(card);
    root.classList.add("st-lost-board");
    card.querySelector("button").focus();
  });
  return () => {
    unwatch();
    document.removeEventListener("keydown", onKey);
    if (marked) marked.removeEventListener("focusin", markFocused, true);
    if (watcher) watcher.disconnect();
  };
}
export default { render };
"""

_CSS = LOST_CSS + """
.st-live { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: pre-line; border: 0; }
"""


@dataclass(frozen=True)
class Shortcut:
    """Keys of a board and what they do, for the key handler and the help panel.

    ``press(key)`` returns the control the key presses (a button, a toggle), or None when
    there is none now; ``focus`` instead names, as a CSS selector inside the board, the
    controls whose first shown one the key focuses (done in the page). ``what`` is the
    catalogue key of the help line and ``shown`` how the keys are written there (e.g. "1–8").
    """

    keys: tuple[str, ...]
    what: str
    press: Callable[[str], Any] | None = None
    focus: str | None = None
    shown: str | None = None


class KeyBridge(anywidget.AnyWidget):
    """A board's keyboard listener and live region (see the module docstring)."""

    _esm = _ESM
    _css = _CSS
    root_class = traitlets.Unicode().tag(sync=True)            # the board's root CSS class
    shortcut_keys = traitlets.List(traitlets.Unicode()).tag(sync=True)  # keys sent to the kernel
    focus_keys = traitlets.Dict().tag(sync=True)               # key -> CSS selector of controls to focus
    regions = traitlets.Dict().tag(sync=True)                  # CSS class -> name of a scrolling Box
    announcement = traitlets.Unicode().tag(sync=True)          # what the live region says
    serial = traitlets.Int(0).tag(sync=True)                   # bumps on every announcement
    lost_text = traitlets.Unicode().tag(sync=True)             # shown if the game loses its connection
    reload_text = traitlets.Unicode().tag(sync=True)           # ... on its Reload button

    def __init__(self, root_class: str, on_key: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(root_class=root_class, **kwargs)
        self._on_key = on_key
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A key from the page: only the keys this board declared are passed on."""
        key = content.get("key") if isinstance(content, dict) else None
        if isinstance(key, str) and key in self.shortcut_keys:
            self._on_key(key)

    def say(self, text: str) -> None:
        """Announce ``text`` (again, even if it is what was said last), in one message to the page."""
        with self.hold_sync():
            self.announcement = text
            self.serial += 1


def new_lines(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The lines of ``after`` that ``before`` did not end with: all of them when the log was
    replaced (a new round), the tail when it grew or scrolled (a log that keeps its last N)."""
    if list(after[:len(before)]) == list(before):
        return list(after[len(before):])
    for k in range(min(len(before), len(after)) - 1, 0, -1):
        if list(before[-k:]) == list(after[:k]):
            return list(after[k:])
    return list(after)
