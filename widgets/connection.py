"""A page that has lost its kernel says so: "Reload to resume", not a page that silently stops.

When a page's kernel dies (a crash, the memory ceiling, SIGKILL) the server restarts it bare or
gives up, and the page's widgets stop answering without a word. :data:`WATCH_JS` is the
browser's side, shared by every anywidget that shows the notice: it listens to the widget
manager's kernel and calls back once the kernel's status is "dead", "restarting" or
"autorestarting" (the server sends these to the page) or its connection stays down for
:data:`LOST_AFTER_MS`. A board shows the notice over itself (:class:`widgets.a11y.KeyBridge`);
every other page that calls :func:`widgets.record.hooks.track_page` on the classroom server (the
gallery, the lessons) gets a :class:`LostNotice`, a banner over the top of the page, unless a
board on it shows its own. The texts are
sent while the kernel is alive, in the page's language.
"""
from __future__ import annotations

import anywidget
import traitlets
from towerlib.core.i18n import register, tr

#: A connection to the server that stays down this long (ms) means the page is lost; shorter
#: drops are the websocket reconnecting by itself.
LOST_AFTER_MS = 4000

MESSAGES = {
    "en": {"page.lost": "This page lost its connection: Reload to resume.", "page.reload": "Reload"},
    "ru": {"page.lost": "Страница потеряла связь с сервером: перезагрузите её, чтобы продолжить.",
           "page.reload": "Перезагрузить"},
}
register(MESSAGES)

WATCH_JS = r"""
function watchConnection(model, onLost) {
  // Calls onLost() once the page's kernel is dead or restarted, or its connection stays down;
  // returns the function that stops watching.
  const manager = model.widget_manager;
  const kernel = manager && manager.kernel;
  if (!kernel || !kernel.statusChanged || !kernel.connectionStatusChanged) return () => {};
  let timer = null;
  let lost = false;
  const lose = () => { if (!lost) { lost = true; onLost(); } };
  const onStatus = (_kernel, status) => {
    if (status === "dead" || status === "restarting" || status === "autorestarting") lose();
  };
  const onConnection = (_kernel, state) => {
    if (state === "connected") { clearTimeout(timer); timer = null; }
    else if (state === "disconnected") lose();
    else if (timer === null) timer = setTimeout(lose, %d);
  };
  kernel.statusChanged.connect(onStatus);
  kernel.connectionStatusChanged.connect(onConnection);
  if (kernel.status === "dead") lose();
  return () => {
    kernel.statusChanged.disconnect(onStatus);
    kernel.connectionStatusChanged.disconnect(onConnection);
    clearTimeout(timer);
  };
}

function lostCard(model, className) {
  // The notice: the text and a Reload button (focused), as an alert.
  const card = document.createElement("div");
  card.className = className;
  card.setAttribute("role", "alert");
  const text = document.createElement("span");
  text.textContent = model.get("lost_text");
  const reload = document.createElement("button");
  reload.className = "st-lost-reload";
  reload.textContent = model.get("reload_text");
  reload.addEventListener("click", () => window.location.reload());
  card.append(text, reload);
  return card;
}
""" % LOST_AFTER_MS

LOST_CSS = """
.st-lost, .st-page-lost { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; padding: 10px 14px;
  background: #fffdf5; color: #1d1d1d; border: 3px solid #b00020; border-radius: 8px; font: 700 16px/1.4 sans-serif; }
.st-lost { margin: 0 0 8px 0; }
.st-page-lost { position: fixed; top: 8px; left: 50%; transform: translateX(-50%); z-index: 2000;
  max-width: min(40em, 94vw); box-shadow: 0 4px 16px rgba(0, 0, 0, 0.35); }
.st-lost .st-lost-reload, .st-page-lost .st-lost-reload { font: 700 15px sans-serif; padding: 4px 14px; }
.st-lost-board > :not(.st-lost) { opacity: 0.4; pointer-events: none; }
"""

_ESM = WATCH_JS + r"""
function render({ model, el }) {
  return watchConnection(model, () => {
    if (document.querySelector(".st-live")) return;     // a board's own notice says it (KeyBridge)
    const card = lostCard(model, "st-page-lost");
    el.appendChild(card);
    card.querySelector("button").focus();
  });
}
export default { render };
"""


class LostNotice(anywidget.AnyWidget):
    """Nothing on the page until the page loses its kernel; then a banner saying to reload."""

    _esm = _ESM
    _css = LOST_CSS
    lost_text = traitlets.Unicode().tag(sync=True)
    reload_text = traitlets.Unicode().tag(sync=True)

    def __init__(self, lang: str = "en", **kwargs) -> None:
        super().__init__(lost_text=tr("page.lost", lang), reload_text=tr("page.reload", lang), **kwargs)




_notice: LostNotice | None = None        # this page's notice (one page per kernel)


def show(page: str, lang: str) -> bool:
    """Put the notice (hidden until needed) on the page being run, once; not on a play page known
    as one (its board shows its own), nor outside a notebook's kernel. Returns whether it is shown."""
    global _notice
    if page.endswith("play.ipynb"):
        return False
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        return False
    if get_ipython() is None:
        return False
    if _notice is None:
        _notice = LostNotice(lang)
        display(_notice)
    return True


__all__ = ["LOST_AFTER_MS", "LOST_CSS", "LostNotice", "WATCH_JS", "show"]
