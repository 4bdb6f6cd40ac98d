"""When two nicknames would look the same on the class page.

A student could otherwise take another's name in disguise: "Аlice" with a Cyrillic А, the
full-width "Ａｌｉｃｅ", "ALICE", "A1ice". :func:`skeleton` reduces a nickname to what the eye
sees: Unicode NFKC (full-width and other compatibility forms become plain letters), Latin
look-alikes of the Cyrillic and Greek letters that share a glyph with one (:data:`CONFUSABLES`,
a small hand-made subset of Unicode's confusables list, enough for the two scripts a class here
writes in), case folding, then ``0``/``o`` and ``1``/``i``/``l`` as one letter each. It errs
towards refusing: "Lia" and "Ila" meet too, and the student just picks another nickname. Two nicknames with the same
skeleton are confusable; the store refuses the second in the same class.
"""
from __future__ import annotations

import unicodedata

#: Characters drawn like a Latin letter or digit, each with the one it imitates (lower case; the
#: upper-case forms are mapped before case folding, as they can look like another letter).
CONFUSABLES = {
    # Cyrillic
    "А": "a", "а": "a", "В": "b", "в": "b", "Е": "e", "е": "e", "Ё": "e", "ё": "e", "К": "k", "к": "k",
    "М": "m", "м": "m", "Н": "h", "н": "h", "О": "o", "о": "o", "Р": "p", "р": "p", "С": "c", "с": "c",
    "Т": "t", "т": "t", "У": "y", "у": "y", "Х": "x", "х": "x", "Ѕ": "s", "ѕ": "s", "І": "l", "і": "l",
    "Ї": "l", "ї": "l", "Ј": "j", "ј": "j", "Ԁ": "d", "ԁ": "d", "Һ": "h", "һ": "h", "Ԛ": "q", "ԛ": "q",
    "Ԝ": "w", "ԝ": "w", "Ү": "y", "ү": "y", "ь": "b", "п": "n", "г": "r", "З": "3", "з": "3",
    # Greek
    "Α": "a", "α": "a", "Β": "b", "β": "b", "Ε": "e", "ε": "e", "Ζ": "z", "Η": "h", "Ι": "l", "ι": "l",
    "Κ": "k", "κ": "k", "Μ": "m", "Ν": "n", "ν": "v", "Ο": "o", "ο": "o", "Ρ": "p", "ρ": "p", "Τ": "t",
    "τ": "t", "Υ": "y", "υ": "u", "Χ": "x", "χ": "x", "ϲ": "c", "Ϲ": "c", "ϳ": "j",
    # Latin and digits that pass for each other: "0"/"O"; "1", "I" and "l" (so "i", which is "I"
    # folded, goes with them too: "Alice" and "AIice" must meet however they are cased)
    "0": "o", "1": "l", "i": "l", "|": "l",
}


def normalise(nickname: str) -> str:
    """The nickname as stored: NFKC, so a full-width or stylised form is kept as plain letters."""
    return unicodedata.normalize("NFKC", nickname)


def skeleton(nickname: str) -> str:
    """What ``nickname`` looks like (see the module docstring); equal skeletons are confusable."""
    text = normalise(nickname)
    text = "".join(CONFUSABLES.get(c, c) for c in text)
    text = "".join(CONFUSABLES.get(c, c) for c in text.casefold())
    return " ".join(text.replace("_", " ").replace("-", " ").split())


__all__ = ["CONFUSABLES", "normalise", "skeleton"]
