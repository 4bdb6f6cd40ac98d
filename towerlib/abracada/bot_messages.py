"""Catalogue entries of the deduction module and the bots: errors and one-sentence reasons.

Kept apart from the engine's ``messages.py`` so the engine's catalogue stays the lead's; the
keys use the prefixes ``abracada.deduce.`` and ``abracada.bot.``.
"""
from ..core.i18n import register

MESSAGES = {
    "en": {
        "abracada.deduce.bad_value": "{value!r} is not a spell value; values are 1 to 8",
        "abracada.deduce.bad_count": "{count!r} unseen stones of value {value} is impossible; the game has {copies}",
        "abracada.deduce.bad_hand_size": "a hand of {size!r} stones is impossible; a hand holds 0 to 5",
        "abracada.deduce.hand_too_big": "a hand of {size} stones cannot come from {unseen} unseen stones",
        "abracada.deduce.no_world": "no hand of unseen stones fits what this seat has ruled out",
        "abracada.deduce.bad_slot": "slot {slot!r} does not exist; the hand has slots 0 to {last}",
        "abracada.deduce.not_abracada": "this is not a view of an Abracada game (game is {game!r})",
        "abracada.deduce.overseen": "the view shows {seen} stones of value {value}, but the game has only {copies}",
        "abracada.deduce.world_mismatch": "the hidden stones ({unseen}) do not fill the hidden places ({places})",
        "abracada.bot.random": "Picked {action} at random from {count} allowed actions.",
        "abracada.bot.next_round": "Deal the next round.",
        "abracada.bot.count_cast": "Cast {value} ({spell}): {pct}% to hold one; the chain allows {low}-8.",
        "abracada.bot.count_end": "End the turn: the likeliest next spell, {value} ({spell}), is only {pct}% to be in hand.",
        "abracada.bot.ev_cast": "Cast {value} ({spell}): {pct}% to hold one, worth {ev:+.2f} points on average.",
        "abracada.bot.ev_forced": "Cast {value} ({spell}): a spell is required and it is the best bet at {pct}%.",
        "abracada.bot.ev_end": "End the turn: the best next spell, {value} ({spell}) at {pct}%, is worth {ev:+.2f} points on average.",
    },
    "ru": {
        "abracada.deduce.bad_value": "{value!r} — не значение заклинания; значения от 1 до 8",
        "abracada.deduce.bad_count": "{count!r} невидимых камней со значением {value} быть не может; в игре их {copies}",
        "abracada.deduce.bad_hand_size": "рука из {size!r} камней невозможна; в руке от 0 до 5 камней",
        "abracada.deduce.hand_too_big": "рука из {size} камней не наберётся из {unseen} невидимых камней",
        "abracada.deduce.no_world": "ни одна рука из невидимых камней не согласуется с тем, что это место исключило",
        "abracada.deduce.bad_slot": "ячейки {slot!r} нет; в руке ячейки от 0 до {last}",
        "abracada.deduce.not_abracada": "это не вид игры «Абракадабра» (игра {game!r})",
        "abracada.deduce.overseen": "в виде {seen} камней со значением {value}, а в игре их только {copies}",
        "abracada.deduce.world_mismatch": "скрытые камни ({unseen}) не заполняют скрытые места ({places})",
        "abracada.bot.random": "Выбран ход «{action}» наугад из {count} возможных.",
        "abracada.bot.next_round": "Раздать следующий раунд.",
        "abracada.bot.count_cast": "Заклинание {value} ({spell}): {pct}% что оно в руке; цепочка допускает {low}-8.",
        "abracada.bot.count_end": "Закончить ход: самое вероятное следующее заклинание, {value} ({spell}), в руке лишь с вероятностью {pct}%.",
        "abracada.bot.ev_cast": "Заклинание {value} ({spell}): {pct}% что оно в руке, в среднем {ev:+.2f} очка.",
        "abracada.bot.ev_forced": "Заклинание {value} ({spell}): ход обязателен, и это лучшая ставка — {pct}%.",
        "abracada.bot.ev_end": "Закончить ход: лучшее следующее заклинание, {value} ({spell}) с {pct}%, в среднем даёт {ev:+.2f} очка.",
    },
}

register(MESSAGES)
