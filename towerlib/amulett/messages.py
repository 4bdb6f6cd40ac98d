"""Every Das Amulett string a player or teacher reads, in English and Russian.

Keys: ``amulett.spell.<num>`` (name) and ``.power``, ``amulett.metal.*``, ``amulett.colour.*``,
``amulett.terrain.*``, ``amulett.decision.*``, ``amulett.event.*`` (narration, see
:func:`towerlib.amulett.views.narrate`), ``amulett.bot.*`` (bot reasons), ``amulett.why.*``,
``amulett.deal.*`` and ``amulett.outcome.*``.
"""
from __future__ import annotations

from ..core.i18n import register

# num: (English name, Russian name, English power, Russian power); "" = production only
_SPELLS = {
    1: ("Gold Vein", "Золотая жила", "", ""),
    2: ("Silver Vein", "Серебряная жила", "", ""),
    3: ("Copper Vein", "Медная жила", "", ""),
    4: ("Iron Vein", "Железная жила", "", ""),
    5: ("Gold & Silver", "Золото и серебро", "", ""),
    6: ("Copper & Iron", "Медь и железо", "", ""),
    7: ("Gold & Iron", "Золото и железо", "", ""),
    8: ("Silver & Copper", "Серебро и медь", "", ""),
    9: ("Philosopher's Stone", "Философский камень", "", ""),
    10: ("Rich Lode", "Богатая залежь", "", ""),
    11: ("Great Gold Lode", "Великая золотая залежь", "", ""),
    12: ("Wild Harvest", "Дикий урожай", "", ""),
    13: ("Transmutation", "Трансмутация", "Metal phase: exchange up to 2 of your metal cards 1:1 with the supply",
         "Фаза металлов: обменяйте до 2 своих карт металла 1:1 с запасом"),
    14: ("Tribute", "Дань", "Metal phase: every other player holding 6 or more cards gives you 1 card of their choice",
         "Фаза металлов: каждый другой игрок, у кого 6 и больше карт, отдаёт вам 1 карту на свой выбор"),
    15: ("Echo", "Эхо", "Metal phase: collect the production of one other spell of yours again",
         "Фаза металлов: ещё раз получите металлы одного другого своего заклинания"),
    16: ("Hoard", "Клад", "you are immune to Tribute and Thief", "на вас не действуют Дань и Вор"),
    17: ("Twin Jewel", "Двойной камень", "Jewel phase: when you win a jewel, also take a second one from that area",
         "Фаза камней: выиграв камень, возьмите из этой области ещё один"),
    18: ("Bargain", "Выгодная сделка", "Jewel phase: pay 1 card less for each jewel (at least 1)",
         "Фаза камней: платите за камень на 1 карту меньше (не меньше 1)"),
    19: ("Sea Charm", "Чары моря", "Jewel phase: in Water areas you may pay with any metal",
         "Фаза камней: в водных областях можно платить любым металлом"),
    20: ("Wood Charm", "Чары леса", "Jewel phase: in Forest areas you may pay with any metal",
         "Фаза камней: в лесных областях можно платить любым металлом"),
    21: ("Sand Charm", "Чары песков", "Jewel phase: in Desert areas you may pay with any metal",
         "Фаза камней: в пустынных областях можно платить любым металлом"),
    22: ("Stone Charm", "Чары камня", "Jewel phase: in Mountain areas you may pay with any metal",
         "Фаза камней: в горных областях можно платить любым металлом"),
    23: ("Pyramid Key", "Ключ пирамиды", "Jewel phase: in Pyramid areas each of your cards counts 2",
         "Фаза камней: в областях с пирамидой каждая ваша карта считается за 2"),
    24: ("Wall Watcher", "Страж стены", "Jewel phase: at the Great Wall pay with any metal and 1 card less",
         "Фаза камней: у Великой стены платите любым металлом и на 1 карту меньше"),
    25: ("Pathfinder", "Следопыт", "Jewel phase: you may move Hat #2 up to 2 steps",
         "Фаза камней: вы можете передвинуть шляпу №2 на 2 шага"),
    26: ("Fate Marker", "Жетон судьбы", "Jewel phase: change the round marker by 1 (3 to 6)",
         "Фаза камней: измените жетон раунда на 1 (от 3 до 6)"),
    27: ("Second Wind", "Второе дыхание", "Jewel phase: once per area you may bid again after passing",
         "Фаза камней: один раз в каждой области можно снова торговаться после паса"),
    28: ("Jewel Lens", "Линза камней", "Jewel phase: take the jewel you win from an adjacent area instead",
         "Фаза камней: выигранный камень можно взять из соседней области"),
    29: ("Everlasting", "Вечность", "Energy phase: one of your other spells loses no stone",
         "Фаза энергии: одно ваше другое заклинание не теряет камень"),
    30: ("Recharge", "Подзарядка", "Energy phase: move up to 2 stones from your pool onto your spells",
         "Фаза энергии: переложите до 2 камней из запаса на свои заклинания"),
    31: ("Thief", "Вор", "Energy phase: take 1 random card from the player holding the most cards",
         "Фаза энергии: возьмите 1 случайную карту у игрока, у которого больше всего карт"),
    32: ("Auctioneer", "Аукционист", "Spell phase: once per round, bid after everyone else in one auction",
         "Фаза заклинаний: раз в раунд в одном аукционе торгуйтесь после всех"),
    33: ("Mana Well", "Колодец маны", "Spell phase: your first spell each round costs 1 stone less",
         "Фаза заклинаний: первое заклинание за раунд стоит на 1 камень меньше"),
}

_WORDS = {
    "metal.G": ("Gold", "Золото"), "metal.S": ("Silver", "Серебро"), "metal.C": ("Copper", "Медь"),
    "metal.I": ("Iron", "Железо"),
    "colour.red": ("red", "красный"), "colour.yellow": ("yellow", "жёлтый"), "colour.green": ("dark green", "тёмно-зелёный"),
    "colour.clear": ("clear", "прозрачный"), "colour.white": ("white", "белый"), "colour.darkblue": ("dark blue", "синий"),
    "colour.lightblue": ("light blue", "голубой"), "colour.gray": ("gray", "серый"), "colour.orange": ("orange", "оранжевый"),
    "colour.brown": ("brown", "коричневый"),
    "terrain.city": ("City", "Город"), "terrain.water": ("Water", "Вода"), "terrain.forest": ("Forest", "Лес"),
    "terrain.desert": ("Desert", "Пустыня"), "terrain.mountain": ("Mountain", "Горы"),
    "phase.setup": ("Set-up", "Подготовка"), "phase.spell": ("Spell phase", "Фаза заклинаний"),
    "phase.metal": ("Metal phase", "Фаза металлов"), "phase.jewel": ("Jewel phase", "Фаза камней"),
    "phase.energy": ("Energy phase", "Фаза энергии"), "phase.over": ("Game over", "Игра окончена"),
    "decision.mulligan": ("keep or replace starting spells", "оставить или заменить стартовые заклинания"),
    "decision.allot": ("place stones on the starting spells", "положить камни на стартовые заклинания"),
    "decision.spell_bid": ("bid for the spell or pass", "сделать ставку за заклинание или пасовать"),
    "decision.metal": ("choose a metal", "выбрать металл"),
    "decision.echo": ("choose the spell to echo", "выбрать заклинание для Эха"),
    "decision.transmute": ("exchange a metal card or stop", "обменять карту металла или закончить"),
    "decision.give": ("choose the card to give", "выбрать карту, которую отдать"),
    "decision.fate": ("change the round marker", "изменить жетон раунда"),
    "decision.jewel_bid": ("bid for a jewel or pass", "сделать ставку за камень или пасовать"),
    "decision.pay": ("choose the cards to pay with", "выбрать карты для оплаты"),
    "decision.take": ("choose a jewel", "выбрать камень"),
    "decision.move": ("move Hat #2", "передвинуть шляпу №2"),
    "decision.steal": ("choose whom to rob", "выбрать, кого обокрасть"),
    "decision.everlast": ("choose the spell that keeps its stones", "выбрать заклинание, которое сохранит камни"),
    "decision.recharge": ("put a stone on a spell or stop", "положить камень на заклинание или закончить"),
    "why.over": ("the game is over", "игра окончена"),
    "why.wrong_decision": ("now is the time to {decision}", "сейчас нужно {decision}"),
    "why.bid_range": ("a bid must be from {low} to {high}", "ставка должна быть от {low} до {high}"),
    "why.not_an_option": ("that is not one of the options to {decision}", "такого варианта нет: нужно {decision}"),
    "deal.unknown": ("unknown deal field {field!r}; known fields: {known}",
                     "неизвестное поле раздачи {field!r}; известные поля: {known}"),
    "deal.bad": ("the deal's {field} is not valid: {value!r}", "поле раздачи {field} неверно: {value!r}"),
    "deal.world": ("no consistent world could be drawn: {detail}", "не удалось построить согласованный мир: {detail}"),
    "outcome.colours": ("seven different colours on one amulet", "семь разных цветов на одном амулете"),
    "outcome.jewels": ("eight jewels on one amulet", "восемь камней на одном амулете"),
    "outcome.round_limit": ("the round limit: most jewels win", "предел раундов: побеждает тот, у кого больше камней"),
    "seat": ("player {seat}", "игрок {seat}"),
}

_EVENTS = {
    "setup": ("Jewels are placed; player {first} takes Hat #1.", "Камни разложены; игрок {first} берёт шляпу №1."),
    "dealt": ("Player {seat} is dealt {count} spells.", "Игрок {seat} получает заклинаний: {count}."),
    "mulligan": ("Player {seat} replaces {count} spells.", "Игрок {seat} меняет заклинаний: {count}."),
    "allot": ("Player {seat} places stones in secret.", "Игрок {seat} тайно кладёт камни."),
    "reveal": ("The starting spells are revealed.", "Стартовые заклинания открыты."),
    "round": ("Round {round} begins.", "Начинается раунд {round}."),
    "deck_empty": ("The spell deck is empty.", "Колода заклинаний пуста."),
    "spell_up": ("Player {seat} turns up spell {card}.", "Игрок {seat} открывает заклинание {card}."),
    "pass": ("Player {seat} passes.", "Игрок {seat} пасует."),
    "defer": ("Player {seat} will bid last (Auctioneer).", "Игрок {seat} будет торговаться последним (Аукционист)."),
    "bid": ("Player {seat} bids {amount}.", "Игрок {seat} ставит {amount}."),
    "spell_unsold": ("Nobody bids; spell {card} goes under the deck.", "Ставок нет; заклинание {card} уходит под колоду."),
    "spell_won": ("Player {seat} wins spell {card} for {bid}.", "Игрок {seat} получает заклинание {card} за {bid}."),
    "phase": ("The {phase} begins.", "Начинается: {phase}."),
    "produce": ("Player {seat} takes {metal}.", "Игрок {seat} берёт {metal}."),
    "no_metal": ("Player {seat} gets nothing: every stack is empty.", "Игрок {seat} ничего не получает: все стопки пусты."),
    "wild": ("Player {seat} chooses a metal in secret.", "Игрок {seat} тайно выбирает металл."),
    "echo": ("Player {seat} echoes spell {spell}.", "Игрок {seat} повторяет заклинание {spell}."),
    "transmute_done": ("Player {seat} ends Transmutation.", "Игрок {seat} заканчивает трансмутацию."),
    "exchange": ("Player {seat} exchanges {give} for {get}.", "Игрок {seat} меняет {give} на {get}."),
    "tribute": ("Player {seat} pays a card of tribute to player {target}.", "Игрок {seat} отдаёт карту дани игроку {target}."),
    "thief": ("Player {target} steals a card from player {seat}.", "Игрок {target} крадёт карту у игрока {seat}."),
    "marker": ("Player {seat} draws round marker {value}.", "Игрок {seat} тянет жетон раунда {value}."),
    "fate": ("Player {seat} sets the round marker to {value}.", "Игрок {seat} меняет жетон раунда на {value}."),
    "jewel_auction": ("Auction in area {area}.", "Аукцион в области {area}."),
    "no_bids": ("Nobody bids in {area}; the Jewel phase ends.", "В области {area} ставок нет; фаза камней окончена."),
    "jewel_phase_end": ("The Jewel phase ends after {areas} areas.", "Фаза камней окончена после областей: {areas}."),
    "default": ("Player {seat} cannot pay {bid} and discards every card.", "Игрок {seat} не может заплатить {bid} и сбрасывает все карты."),
    "paid": ("Player {seat} pays.", "Игрок {seat} платит."),
    "jewel": ("Player {seat} takes a jewel ({colour}) from {area}.", "Игрок {seat} берёт камень ({colour}) из области {area}."),
    "hat1": ("Player {seat} takes Hat #1.", "Игрок {seat} берёт шляпу №1."),
    "hat2": ("Player {seat} moves Hat #2 to {area}.", "Игрок {seat} переносит шляпу №2 в область {area}."),
    "hat2_stays": ("Hat #2 cannot move.", "Шляпу №2 некуда передвинуть."),
    "everlast": ("Spell {spell} of player {seat} keeps its stones.", "Заклинание {spell} игрока {seat} сохраняет камни."),
    "recharge": ("Player {seat} puts a stone on spell {spell}.", "Игрок {seat} кладёт камень на заклинание {spell}."),
    "spell_spent": ("Spell {card} of player {seat} runs out.", "Заклинание {card} игрока {seat} иссякло."),
    "drain": ("Player {seat} takes stones off their spells.", "Игрок {seat} снимает камни с заклинаний."),
    "game_over": ("The game is over.", "Игра окончена."),
}

_BOT = {
    "random": ("I picked one of the legal moves at random.", "Я выбрал случайный допустимый ход."),
    "keep": ("My starting spells are good enough to keep.", "Мои стартовые заклинания достаточно хороши."),
    "mulligan": ("I replace spells that produce little.", "Я меняю заклинания, которые дают мало."),
    "allot": ("I put more stones on the spell that produces more.", "Я кладу больше камней на более доходное заклинание."),
    "spell_bid": ("This spell is worth about {value} metal cards to me, so I bid {amount}.",
                  "Это заклинание стоит для меня около {value} карт металла, поэтому ставлю {amount}."),
    "spell_pass": ("The spell is not worth more than the current bid to me.", "Заклинание не стоит для меня больше текущей ставки."),
    "defer": ("I use the Auctioneer to bid after everyone else.", "Я использую Аукциониста, чтобы торговаться последним."),
    "metal": ("I take {metal}, which the areas near Hat #2 accept.", "Я беру {metal}: его принимают области рядом со шляпой №2."),
    "jewel_bid": ("I can pay {amount} here and want this jewel.", "Я могу заплатить здесь {amount} и хочу этот камень."),
    "jewel_bid_odds": ("I can pay {amount}; the others can pay it with a chance of only {chance}.",
                       "Я могу заплатить {amount}; остальные могут это оплатить лишь с вероятностью {chance}."),
    "jewel_pass": ("I cannot pay more here, or the jewel is not worth it.", "Больше я здесь заплатить не могу, или камень того не стоит."),
    "pay": ("I pay with the metals I need least.", "Я плачу металлами, которые мне меньше всего нужны."),
    "take": ("I take {colour}: it brings me closer to seven colours or eight jewels.",
             "Я беру {colour}: это приближает меня к семи цветам или восьми камням."),
    "move": ("I move Hat #2 to {area}, where I can pay and my rivals hardly can.",
             "Я переношу шляпу №2 в область {area}: там я могу заплатить, а соперники едва ли."),
    "give": ("I give away the metal I need least.", "Я отдаю металл, который мне меньше всего нужен."),
    "done": ("Nothing more here helps me.", "Больше здесь мне ничего не поможет."),
    "power": ("I use my spell's power where it helps most.", "Я применяю силу заклинания там, где она полезнее всего."),
}


def _tables() -> dict[str, dict[str, str]]:
    en: dict[str, str] = {}
    ru: dict[str, str] = {}
    for num, (name_en, name_ru, power_en, power_ru) in _SPELLS.items():
        en[f"amulett.spell.{num}"], ru[f"amulett.spell.{num}"] = name_en, name_ru
        en[f"amulett.spell.{num}.power"] = power_en or "production only"
        ru[f"amulett.spell.{num}.power"] = power_ru or "только добыча"
    for table, prefix in ((_WORDS, "amulett."), (_EVENTS, "amulett.event."), (_BOT, "amulett.bot.")):
        for key, (text_en, text_ru) in table.items():
            en[prefix + key], ru[prefix + key] = text_en, text_ru
    return {"en": en, "ru": ru}


MESSAGES = _tables()
register(MESSAGES)
