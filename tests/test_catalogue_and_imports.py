"""The message catalogue is complete in both languages, and towerlib stays light to import."""
from __future__ import annotations

import importlib
import pkgutil
import string
import subprocess
import sys

import towerlib
import widgets
from towerlib.core import i18n


def import_everything():
    for package in (towerlib, widgets):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(info.name)


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def test_every_message_exists_in_english_and_russian_with_the_same_placeholders():
    import_everything()
    en, ru = i18n.keys("en"), i18n.keys("ru")
    assert en == ru, f"only English: {sorted(en - ru)}; only Russian: {sorted(ru - en)}"
    assert len(en) > 100
    for key in en:
        assert placeholders(i18n.table("en")[key]) == placeholders(i18n.table("ru")[key]), key


def test_russian_text_is_russian():
    import_everything()
    table = i18n.table("ru")
    cyrillic = [k for k, text in table.items() if any("а" <= c.lower() <= "я" or c in "ёЁ" for c in text)]
    assert len(cyrillic) / len(table) > 0.9


def test_towerlib_imports_without_ipywidgets_sympy_or_a_kernel():
    code = ("import sys, towerlib, towerlib.abracada, towerlib.cli, towerlib.core.bots\n"
            "import importlib, pkgutil\n"
            "for m in pkgutil.walk_packages(towerlib.__path__, 'towerlib.'):\n"
            "    importlib.import_module(m.name)\n"
            "heavy = [m for m in ('ipywidgets', 'sympy', 'ipykernel', 'matplotlib', 'IPython') if m in sys.modules]\n"
            "assert not heavy, heavy\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
