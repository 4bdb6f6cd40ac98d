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

_BOTS = {
    "random": ("I picked one of {count} legal actions at random.", "Я выбрал наугад одно из {count} разрешённых действий."),
    "build_attack": ("I buy Life Force and Will: three actions a turn and strong contests.", "Покупаю Жизненную силу и Волю: три действия за ход и сильные состязания."),
    "build_plan": ("I buy a second Life Force row for three actions a turn, Will for contests and Skill for big spells.", "Покупаю второй ряд Жизненной силы ради трёх действий за ход, Волю для состязаний и Мастерство для больших заклинаний."),
    "contest_always": ("I contest every launch.", "Я оспариваю каждый запуск."),
    "launch_now": ("I launch as soon as a spell is complete.", "Запускаю, как только заклинание готово."),
    "hide_cards": ("I return the cards face down so nobody learns them.", "Возвращаю карты рубашкой вверх, чтобы никто их не узнал."),
    "wild_pick": ("I move a wild spell where it can hurt a rival.", "Двигаю дикое заклинание туда, где оно может ранить соперника."),
    "wild_name": ("I name the next player to move wild spells.", "Называю следующего игрока, двигающего дикие заклинания."),
    "wild_pass": ("No wild spell can help me now, so I pass.", "Сейчас ни одно дикое заклинание мне не поможет, поэтому пасую."),
    "order": ("I face the rival with the fewest unplayed tokens first.", "Сначала состязаюсь с соперником, у которого меньше всего свободных жетонов."),
    "launch_always": ("A spell is ready, so I launch it.", "Заклинание готово, и я его запускаю."),
    "continue_always": ("I never give up a contest of wills.", "Я никогда не уступаю в состязании воли."),
    "control_always": ("I keep my spell moving toward a rival.", "Веду своё заклинание к сопернику."),
    "capture_always": ("I try to capture the wild spell.", "Пытаюсь захватить дикое заклинание."),
    "conjure_big": ("I draw three cards to find a big one.", "Тяну три карты, чтобы найти крупную."),
    "advance": ("I step toward the nearest rival.", "Делаю шаг к ближайшему сопернику."),
    "end": ("Nothing useful is left this turn, so I end it.", "Полезных действий больше нет, заканчиваю ход."),
    "duty": ("I do what the rules require of me now.", "Делаю то, что сейчас требуют правила."),
    "place_big": ("I place the biggest card that fits.", "Кладу самую крупную подходящую карту."),
    "nothing_fits": ("No drawn card is worth placing, so it goes back.", "Ни одну вытянутую карту не стоит класть, возвращаю её."),
    "route": ("I move the familiar closer to the nearest rival.", "Веду фамильяра ближе к ближайшему сопернику."),
    "launch_hits": ("Spell {spell} can reach a rival from here, so I launch it.", "Заклинание {spell} отсюда достаёт соперника, поэтому запускаю его."),
    "launch_wait": ("No complete spell can reach a rival from here yet, so I wait.", "Пока ни одно готовое заклинание не достаёт соперника отсюда, поэтому жду."),
    "contest_odds": ("This spell can reach me and the caster fails to win outright {p} of the time, so I contest.", "Это заклинание достаёт меня, а заклинатель не побеждает сразу в {p} случаев, поэтому оспариваю."),
    "decline_odds": ("I let it pass: the caster would win big {p} of the time and it does not threaten me enough.", "Пропускаю: заклинатель выиграл бы крупно в {p} случаев, а угроза мне невелика."),
    "place_plan": ("{card} brings my spell closer to striking a rival where its element is active.", "{card} приближает удар по сопернику там, где активна его стихия."),
    "route_strike": ("Through {point} the familiar can still strike a rival.", "Через {point} фамильяр ещё может ударить соперника."),
    "route_close": ("No strike is in reach, so I move to {point}, nearer a rival.", "Удара не достать, поэтому иду в {point}, ближе к сопернику."),
    "control": ("I control spell {spell} toward a rival.", "Управляю заклинанием {spell}, направляя его к сопернику."),
    "abandon": ("Spell {spell} cannot reach anyone, so I free its token.", "Заклинание {spell} никого не достанет, поэтому освобождаю его жетон."),
    "rest": ("With {life} Life Force and no familiar in reach, I rest.", "С {life} единицами Жизненной силы и без фамильяров рядом я отдыхаю."),
    "capture": ("The capture roll succeeds {p} of the time and the spell can strike a rival.", "Бросок захвата удаётся в {p} случаев, а заклинание может ударить соперника."),
    "dodge": ("Enemy familiars can reach me here, so I step to {point}.", "Здесь меня достают вражеские фамильяры, поэтому отхожу в {point}."),
    "approach": ("I step to {point}: more elements there and a rival within a short spell's reach.", "Перехожу в {point}: там больше стихий, а соперник в пределах короткого заклинания."),
    "aim": ("From {point} my complete spell can strike a rival, so I go there to launch it next turn.", "Из {point} моё готовое заклинание достаёт соперника, поэтому иду туда, чтобы запустить его в следующий ход."),
    "continue_odds": ("Continuing pays off: the good ending comes {p} of the time.", "Продолжать выгодно: хороший исход выпадает в {p} случаев."),
    "withdraw": ("The locked contest is worth less than withdrawing, so I withdraw.", "Затянувшееся состязание стоит меньше, чем отступление, поэтому отступаю."),
    "conjure_plan": ("I draw from {decks}: elements active both here and at my rival's point.", "Тяну из колод {decks}: эти стихии активны и здесь, и у соперника."),
}
EN.update({f"spellcaster.bot.{k}": v[0] for k, v in _BOTS.items()})
RU.update({f"spellcaster.bot.{k}": v[1] for k, v in _BOTS.items()})

#: Narration of events (:func:`towerlib.spellcaster.views.narrate`); {who} is the acting seat.
_EVENTS = {
    "buy": ("{who} buys Life Force {life}, Will {will}, Focus {focus}, Skill {skill}.",
            "{who}: Жизненная сила {life}, Воля {will}, Фокус {focus}, Мастерство {skill}."),
    "buy_hidden": ("{who} has chosen their attributes.", "{who}: характеристики выбраны."),
    "reveal": ("Attributes revealed: {attributes}.", "Характеристики открыты: {attributes}."),
    "reveal_seat": ("{who} Life Force {life}, Will {will}, Focus {focus}, Skill {skill}",
                    "{who}: Жизненная сила {life}, Воля {will}, Фокус {focus}, Мастерство {skill}"),
    "draw": ("{who} draws from {decks} (option {option}){cards}.", "{who} берёт из колод {decks} (вариант {option}){cards}."),
    "place_A": ("{who} plays {card} face up into slot {slot}, {section}; the others go back on {returned}.",
                "{who} кладёт {card} открыто в ячейку {slot}, {section}; остальные возвращаются на {returned}."),
    "place_B": ("{who} plays a face-down {element} card{card} into slot {slot}, {section}.",
                "{who} кладёт закрытую карту {element}{card} в ячейку {slot}, {section}."),
    "putback_A": ("{who} finds no card that fits; all go back on {decks}.", "{who}: ни одна карта не подходит; все возвращаются на {decks}."),
    "putback_B": ("{who} puts {cards} back face up.", "{who} возвращает {cards} открыто."),
    "rest": ("{who} rests: +{gain}, Life Force {life}.", "{who} отдыхает: +{gain}, Жизненная сила {life}."),
    "move": ("{who} moves from {frm} to {to_point}.", "{who} переходит из {frm} в {to_point}."),
    "end": ("{who} ends the turn.", "{who} заканчивает ход."),
    "return_up": ("{who} returns {cards} face up.", "{who} возвращает {cards} открыто."),
    "return_down": ("{who} returns cards face down to {decks}{cards}.", "{who} возвращает карты закрыто в {decks}{cards}."),
    "round": ("Round {round}.", "Раунд {round}."),
    "turn": ("{who}'s turn: {ap} actions.", "Ход: {who}, действий: {ap}."),
    "lapse": ("{who} did not take the free launch of {spell}.", "{who} не воспользовался бесплатным запуском {spell}."),
    "game_over": ("The game is over.", "Игра окончена."),
    "launch": ("{who} launches {spell} from {point}; Motion {motion}.", "{who} запускает {spell} из {point}; Движение {motion}."),
    "launch_free": ("{who} launches {spell} free and uncontested.", "{who} запускает {spell} бесплатно и без состязаний."),
    "contest": ("{who} contests {spell}.", "{who} оспаривает {spell}."),
    "decline": ("{who} lets {spell} pass.", "{who} пропускает {spell}."),
    "contest_roll": ("Contest over {spell}: caster {caster_die} → {caster_total}, seat {opp_seat} {opp_die} → {opp_total}: {outcome}.",
                     "Состязание за {spell}: заклинатель {caster_die} → {caster_total}, место {opp_seat} {opp_die} → {opp_total}: {outcome}."),
    "outcome.big": ("the caster wins big", "крупная победа заклинателя"),
    "outcome.small": ("the caster wins", "победа заклинателя"),
    "outcome.locked": ("locked", "затяжка"),
    "outcome.broken": ("the spell is broken", "заклинание разрушено"),
    "broken": ("Spell {spell} is broken.", "Заклинание {spell} разрушено."),
    "locked": ("Spell {spell} is locked in a contest.", "Заклинание {spell} в затяжном состязании."),
    "captured": ("{who} captures {spell}.", "{who} захватывает {spell}."),
    "familiar": ("A familiar of {spell} appears on {point}.", "Фамильяр {spell} появляется в {point}."),
    "still_locked": ("{spell} stays locked.", "{spell} остаётся в затяжке."),
    "withdraw": ("{who} withdraws from {spell}.", "{who} отступает от {spell}."),
    "control": ("{who} controls {spell}.", "{who} ведёт {spell}."),
    "abandon": ("{who} abandons {spell}: it goes wild.", "{who} бросает {spell}: оно дичает."),
    "rewild": ("{spell} is wild again.", "{spell} снова дикое."),
    "capture": ("{who} tries to capture {spell}: {die} → {total}.", "{who} пытается захватить {spell}: {die} → {total}."),
    "stuck": ("{spell} finds no {colour} path at {point}; its move ends.", "{spell} не находит пути {colour} в {point}; движение окончено."),
    "step": ("{spell} moves {frm} → {to_point} ({colour}).", "{spell} движется {frm} → {to_point} ({colour})."),
    "strike": ("{spell} strikes at {point} with Mass {mass}: {damage} damage to {struck}.",
               "{spell} бьёт в {point} Массой {mass}: {damage} урона ({struck})."),
    "retire": ("{who} is exhausted and retires.", "{who} обессилел и выбывает."),
    "wild_start": ("Wild spells move: {spells}.", "Движутся дикие заклинания: {spells}."),
    "wild_end": ("The wild spells have moved.", "Дикие заклинания сдвинулись."),
    "pick": ("{who} moves wild {spell} (card {card}).", "{who} двигает дикое {spell} (карта {card})."),
    "pass": ("{who} passes.", "{who} пасует."),
    "name": ("{who} names seat {named_seat}.", "{who} называет место {named_seat}."),
    "seat": ("Seat {n}", "Место {n}"),
}
_SECTIONS = {"motion": ("Motion", "Движение"), "mass": ("Mass", "Масса")}
EN.update({f"spellcaster.section.{k}": v[0] for k, v in _SECTIONS.items()})
RU.update({f"spellcaster.section.{k}": v[1] for k, v in _SECTIONS.items()})
EN.update({f"spellcaster.event.{k}": v[0] for k, v in _EVENTS.items()})
RU.update({f"spellcaster.event.{k}": v[1] for k, v in _EVENTS.items()})

register({"en": EN, "ru": RU})
