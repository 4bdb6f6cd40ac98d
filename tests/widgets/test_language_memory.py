"""The kernel's side of the remembered language (widgets/language_memory.py; the browser's side,
a reload and a new visit: tests/browser/test_gallery.py)."""
import ipywidgets as ipw

from widgets.language_memory import LanguageMemory, remember_language


def _switch(value="en"):
    return ipw.ToggleButtons(options=[("English", "en"), ("Русский", "ru")], value=value)


def test_the_memory_starts_with_the_pages_language_and_follows_the_switch():
    switch = _switch("ru")
    memory = remember_language(switch)
    assert isinstance(memory, LanguageMemory) and memory.language == "ru"
    switch.value = "en"
    assert memory.language == "en"


def test_a_stored_language_sets_the_switch():
    switch = _switch()
    memory = remember_language(switch)
    memory.language = "ru"               # what the browser sends when it remembers Russian
    assert switch.value == "ru"


def test_a_stored_language_the_kernel_does_not_know_is_replaced_by_the_pages():
    switch = _switch("ru")
    memory = remember_language(switch)
    memory.language = "<script>"
    assert switch.value == "ru" and memory.language == "ru"
