"""Every SpellCaster string a player or teacher reads, in English and Russian.

Keys: ``spellcaster.frame.*`` (whose decision it is), ``spellcaster.why.*`` (why an action is
illegal), ``spellcaster.deal.*`` (bad deals), ``spellcaster.infer.*`` (bad inference input),
``spellcaster.bot.*`` (bot reasons).
"""
from __future__ import annotations

from ..core.i18n import register

_FRAMES = {
    "buy": ("buying attributes", "покупка характеристик"),
    "turn": ("a turn", "ход"),
    "draw": ("placing a drawn card", "выбор места для вытянутой карты"),
    "launch": ("the choice to launch", "решение о запуске"),
    "offer": ("an offer to contest", "предложение вступить в состязание"),
    "order": ("the order of contests", "порядок состязаний"),
    "motion": ("moving a familiar", "движение фамильяра"),
    "return": ("returning spell cards", "возврат карт заклинания"),
    "wild": ("moving wild spells", "движение диких заклинаний"),
}

EN = {f"spellcaster.frame.{k}": v[0] for k, v in _FRAMES.items()}
RU = {f"spellcaster.frame.{k}": v[1] for k, v in _FRAMES.items()}
EN.update({
    "spellcaster.why.over": "the game is over",
    "spellcaster.why.not_now": "it is not one of the actions allowed during {kind}",
    "spellcaster.deal.unknown": "unknown deal field {field!r}; known fields: {known}",
    "spellcaster.deal.bad": "deal field {field} has a bad value: {value!r}",
    "spellcaster.infer.bad_seat": "seat {seat} is not a seat of this game",
    "spellcaster.infer.bad_spell": "there is no spell {spell} on the displays of this view",
    "spellcaster.world.inconsistent": "no hidden cards agree with what seat {seat} sees",
})
RU.update({
    "spellcaster.why.over": "игра окончена",
    "spellcaster.why.not_now": "это не одно из действий, разрешённых сейчас ({kind})",
    "spellcaster.deal.unknown": "неизвестное поле раздачи {field!r}; известные поля: {known}",
    "spellcaster.deal.bad": "у поля раздачи {field} неверное значение: {value!r}",
    "spellcaster.infer.bad_seat": "места {seat} нет в этой игре",
    "spellcaster.infer.bad_spell": "заклинания {spell} нет на планшетах в этом виде",
    "spellcaster.world.inconsistent": "никакие скрытые карты не согласуются с тем, что видит место {seat}",
})

register({"en": EN, "ru": RU})
