"""The language a browser chose, remembered across a reload and the next visit.

The gallery's language switch lives in the kernel, which forgets it when the page reloads, and
the kernel cannot see the browser's storage. :class:`LanguageMemory` is a small ``anywidget``
(its ES module below, no build step) that keeps the page's language in the browser's
``localStorage``: when the page opens without ``?lang=`` in its address it offers the stored
language to the kernel, and whenever the page's language changes it stores it. A link's
``?lang=`` still wins. The kernel takes only a language it knows (:func:`remember_language`).
Nothing leaves the browser; the key is the browser's own, per site.

    language = ipw.ToggleButtons(...)
    memory = remember_language(language)       # display it beside the switch
"""
from __future__ import annotations

import anywidget
import ipywidgets as ipw
import traitlets
from towerlib.core.i18n import LANGUAGES

STORAGE_KEY = "spelltower-language"

_ESM = r"""
const KEY = "%s";

function read() {
  try { return window.localStorage.getItem(KEY); } catch (e) { return null; }   // storage may be off
}

function write(value) {
  try { window.localStorage.setItem(KEY, value); } catch (e) { /* storage may be off */ }
}

function render({ model, el }) {
  el.style.display = "none";
  const asked = new URLSearchParams(window.location.search).get("lang");
  const stored = read();
  if (!asked && stored && stored !== model.get("language")) {
    model.set("language", stored);
    model.save_changes();
  } else {
    write(model.get("language"));
  }
  model.on("change:language", () => write(model.get("language")));
}

export default { render };
""" % STORAGE_KEY


class LanguageMemory(anywidget.AnyWidget):
    """The page's language, mirrored into the browser's storage (see the module docstring)."""

    _esm = _ESM
    language = traitlets.Unicode("en").tag(sync=True)


def remember_language(switch: ipw.ValueWidget) -> LanguageMemory:
    """A :class:`LanguageMemory` tied to ``switch`` (a widget whose value is a language code):
    the switch's changes are stored, and a stored language the kernel knows sets the switch."""
    memory = LanguageMemory(language=switch.value)

    def from_browser(change: dict) -> None:
        if change["new"] in LANGUAGES:
            switch.value = change["new"]
        else:                                    # a stale or edited entry: store the page's own
            memory.language = switch.value

    memory.observe(from_browser, names="language")
    switch.observe(lambda change: setattr(memory, "language", change["new"]), names="value")
    return memory
