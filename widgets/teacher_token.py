"""How strong a chosen teacher token is, and the words the server says about teacher links.

The teacher link's token is the only secret between a class and the answers, the class record and
teacher mode. ``scripts/serve`` makes a random one at each start (``secrets.token_urlsafe(24)``,
192 bits); a token the teacher chooses (``SPELLTOWER_TEACHER_TOKEN``, or the server's
configuration) must be as hard to guess: ``0042`` was found in 43 tries. Its strength is estimated
as if each character had been drawn at random from the kinds of characters it uses (lower case,
upper case, digits, ``-``/``_``, anything else), which is what a random token is and an upper bound
for a chosen one; a token of fewer than :data:`MIN_DISTINCT` different characters is a pattern, drawn
from those characters only.
A token under :data:`MIN_BITS` is refused, not stretched by a hash: hashing adds no randomness, so
a guessable token would stay guessable.

Only the standard library and the message catalogue are imported: the server loads this.
"""
from __future__ import annotations

import math
import string

from towerlib.core.i18n import Msg, register

#: Bits of randomness a chosen teacher token needs (``secrets.token_urlsafe(16)``, 22 characters, has 132).
MIN_BITS = 128
#: Fewer different characters than this is a pattern ("aaaa…", "abcabc…"), not a random token.
MIN_DISTINCT = 8
#: The kinds of characters, with how many there are of each.
KINDS = ((set(string.ascii_lowercase), 26), (set(string.ascii_uppercase), 26), (set(string.digits), 10),
         ({"-", "_"}, 2))
OTHER_KIND = 33                       # printable ASCII punctuation and the rest

MESSAGES = {
    "en": {
        "serve.token.weak": "The teacher token you chose has about {bits} bits of randomness; at least {min} are "
                            "needed, or a student could guess it. Leave SPELLTOWER_TEACHER_TOKEN unset for a new "
                            "random token at each start, or make one with: python3 -c 'import secrets; "
                            "print(secrets.token_urlsafe(24))'",
        "serve.token.too_many": "Too many wrong teacher links from this address: try again in {seconds} s.",
    },
    "ru": {
        "serve.token.weak": "В выбранном токене учителя около {bits} бит случайности, а нужно не меньше {min}, "
                            "иначе ученик может его угадать. Не задавайте SPELLTOWER_TEACHER_TOKEN, и при каждом "
                            "запуске будет новый случайный токен, или создайте его так: python3 -c 'import "
                            "secrets; print(secrets.token_urlsafe(24))'",
        "serve.token.too_many": "Слишком много неверных ссылок учителя с этого адреса: попробуйте снова через "
                                "{seconds} с.",
    },
}
register(MESSAGES)


def estimated_bits(token: str) -> float:
    """The token's randomness in bits, as if each character were drawn at random from the kinds
    of characters it uses; from only the characters it uses if they are fewer than :data:`MIN_DISTINCT`."""
    used = set(token)
    if len(used) < MIN_DISTINCT:
        return len(token) * math.log2(len(used)) if len(used) > 1 else 0.0
    alphabet = sum(size for chars, size in KINDS if used & chars)
    if used - set().union(*(chars for chars, _ in KINDS)):
        alphabet += OTHER_KIND
    return len(token) * math.log2(alphabet)


def weakness(token: str) -> Msg | None:
    """Why ``token`` may not be a teacher token (a catalogue message), or None if it may."""
    bits = estimated_bits(token)
    if bits >= MIN_BITS:
        return None
    return Msg("serve.token.weak", bits=int(bits), min=MIN_BITS)


def main() -> int:
    """``python3 -m widgets.teacher_token``: exit 2, saying why on stderr, if the chosen token in
    ``$SPELLTOWER_TEACHER_TOKEN`` is guessable (``scripts/serve`` asks before it prints any link;
    the server checks again, whoever starts it). In ``$SPELLTOWER_LANG``."""
    import os
    import sys

    from towerlib.core.i18n import LANGUAGES

    problem = weakness(os.environ.get("SPELLTOWER_TEACHER_TOKEN", "")) \
        if os.environ.get("SPELLTOWER_TEACHER_TOKEN") else None
    if problem is None:
        return 0
    lang = os.environ.get("SPELLTOWER_LANG", "en")
    print(f"serve: {problem.render(lang if lang in LANGUAGES else 'en')}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
