"""The lessons' widget words, in English and Russian (keys ``lesson.*``).

Lesson prose lives in the notebooks, in the notebook's language; everything a *widget* says
(the exercise checker, the tournament progress bar, table headers and plot labels made by
:mod:`widgets.lessons`) goes through this catalogue so one widget serves both languages.
"""
from towerlib.core.i18n import register

MESSAGES = {
    "en": {
        "lesson.exercise": "Exercise {number}",
        "lesson.exercise.placeholder.fraction": "a fraction like 3/7, or 0.43, or 43%",
        "lesson.exercise.placeholder.number": "a number",
        "lesson.exercise.choose": "choose…",
        "lesson.play.intro.abracada": "Declare spells you cannot see, against bots that can see your stones. Choose the "
                                      "players and the rules, then start; your last game can be resumed after a reload.",
        "lesson.play.intro.runes": "Roll five runes, hold the ones you like, re-roll the rest, then split the dice into "
                                   "spells and duel the bots. The re-roll advisor shows the exact chance of each spell "
                                   "after the rolls you have left.",
        "lesson.play.intro.amulett": "Bid energy stones for spells that produce metal, then bid metal cards for the "
                                     "jewels of the areas Hat #2 visits. Seven colours or eight jewels on your amulet "
                                     "win. The ledger meter reads your rivals' hands from their public income and "
                                     "payments and shows the exact chance that they can pay.",
        "lesson.play.intro.spellcaster": "Conjure spells from your element decks, launch them with a Will token, win the "
                                         "contests of wills and steer your familiars into your rivals. The odds meter "
                                         "shows the exact chance of every contest and where your spell can strike.",
        "lesson.exercise.your_answer": "Your answer",
        "lesson.exercise.check": "Check",
        "lesson.exercise.show": "Show the answer",
        "lesson.exercise.right": "Right!",
        "lesson.exercise.wrong": "Not quite.",
        "lesson.exercise.hint": "Hint: {hint}",
        "lesson.exercise.answer": "The answer is {answer}.",
        "lesson.exercise.empty": "Type an answer first.",
        "lesson.exercise.too_long": "That answer is {length} characters long; an answer here is at most {max}.",
        "lesson.exercise.unreadable": "I cannot read {text!r}: {expected}.",
        "lesson.exercise.expect.fraction": "type a fraction like 3/7, a decimal like 0.43 or a percentage like 43%",
        "lesson.exercise.expect.number": "type a whole number, a decimal like 2.5 or a fraction like 5/3",
        "lesson.exercise.expect.choice": "pick one of the choices",
        "lesson.nav.gallery": "← Gallery",
        "lesson.nav.lessons": "Lessons",
        "lesson.run.idle": "Not started yet.",
        "lesson.run.stop": "Stop",
        "lesson.board.open": "Play this hand on a board",
        "lesson.run.seed": "Start from deal no.",
        "lesson.run.failed": "The simulation stopped with an error: {error}",
        "lesson.run.games.start": "Play {count} games",
        "lesson.run.games.more": "Play {count} more games",
        "lesson.run.games.running": "{done} of {target} games played…",
        "lesson.run.games.done": "{done} games played.",
        "lesson.run.games.stopped": "Stopped after {done} games.",
        "lesson.run.deals.start": "Deal {count} times",
        "lesson.run.deals.more": "Deal {count} more times",
        "lesson.run.deals.running": "{done} of {target} deals…",
        "lesson.run.deals.done": "{done} deals.",
        "lesson.run.deals.stopped": "Stopped after {done} deals.",
        "lesson.run.casts.start": "Cast {count} times",
        "lesson.run.casts.more": "Cast {count} more times",
        "lesson.run.casts.running": "{done} of {target} casts…",
        "lesson.run.casts.done": "{done} casts.",
        "lesson.run.casts.stopped": "Stopped after {done} casts.",
        "lesson.col.bot": "Bot",
        "lesson.col.games": "Games",
        "lesson.col.wins": "Wins",
        "lesson.col.rate": "Win rate",
        "lesson.col.interval": "95% interval",
        "lesson.col.value": "Spell",
        "lesson.col.exact": "Exact",
        "lesson.col.formula": "Formula",
        "lesson.col.simulated": "Simulated",
        "lesson.plot.samples": "number of deals",
        "lesson.plot.figure": "Plot of the results",
        "lesson.plot.alt": "Plot: {what}",
        "lesson.plot.games": "games played",
        "lesson.plot.frequency": "frequency",
        "lesson.plot.exact": "exact {value}",
        "lesson.plot.win_rate": "win rate",
        "lesson.plot.equal": "equal chances",
        "lesson.plot.copies": "copies in your hand",
        "lesson.plot.probability": "probability",
        "lesson.plot.turn": "event of the round",
    },
    "ru": {
        "lesson.exercise": "Упражнение {number}",
        "lesson.exercise.placeholder.fraction": "дробь вроде 3/7, или 0,43, или 43%",
        "lesson.exercise.placeholder.number": "число",
        "lesson.exercise.choose": "выберите…",
        "lesson.play.intro.abracada": "Объявляйте заклинания, которых не видите, против ботов, которые видят ваши камни. "
                                      "Выберите игроков и правила и начните; последнюю партию можно продолжить после "
                                      "перезагрузки страницы.",
        "lesson.play.intro.runes": "Бросьте пять рун, оставьте понравившиеся, перебросьте остальные, затем разделите "
                                   "кубики на заклинания и сразитесь с ботами. Советник по перебросам показывает точный "
                                   "шанс каждого заклинания с учётом оставшихся бросков.",
        "lesson.play.intro.amulett": "Ставьте камни энергии за заклинания, дающие металл, затем карты металла за "
                                     "самоцветы областей, которые посещает Шляпа №2. Семь цветов или восемь самоцветов "
                                     "на амулете — победа. Счётчик записей читает руки соперников по их открытым "
                                     "доходам и платежам и показывает точный шанс, что они смогут заплатить.",
        "lesson.play.intro.spellcaster": "Творите заклинания из колод стихий, запускайте их жетоном Воли, выигрывайте "
                                         "состязания воли и направляйте фамильяров на соперников. Счётчик шансов "
                                         "показывает точный шанс каждого состязания и куда может ударить ваше заклинание.",
        "lesson.exercise.your_answer": "Ваш ответ",
        "lesson.exercise.check": "Проверить",
        "lesson.exercise.show": "Показать ответ",
        "lesson.exercise.right": "Верно!",
        "lesson.exercise.wrong": "Пока не так.",
        "lesson.exercise.hint": "Подсказка: {hint}",
        "lesson.exercise.answer": "Ответ: {answer}.",
        "lesson.exercise.empty": "Сначала введите ответ.",
        "lesson.exercise.too_long": "В этом ответе {length} знаков, а ответ здесь не длиннее {max} знаков.",
        "lesson.exercise.unreadable": "Не получается прочитать {text!r}: {expected}.",
        "lesson.exercise.expect.fraction": "введите дробь вроде 3/7, десятичную дробь вроде 0,43 или проценты вроде 43%",
        "lesson.exercise.expect.number": "введите целое число, десятичную дробь вроде 2,5 или дробь вроде 5/3",
        "lesson.exercise.expect.choice": "выберите один из вариантов",
        "lesson.nav.gallery": "← Все уроки и игры",
        "lesson.nav.lessons": "Уроки",
        "lesson.run.idle": "Ещё не запущено.",
        "lesson.run.stop": "Стоп",
        "lesson.board.open": "Сыграть эту партию на доске",
        "lesson.run.seed": "Начать с раздачи №",
        "lesson.run.failed": "Моделирование остановилось с ошибкой: {error}",
        "lesson.run.games.start": "Сыграть партий: {count}",
        "lesson.run.games.more": "Сыграть ещё партий: {count}",
        "lesson.run.games.running": "Сыграно партий: {done} из {target}…",
        "lesson.run.games.done": "Сыграно партий: {done}.",
        "lesson.run.games.stopped": "Остановлено; сыграно партий: {done}.",
        "lesson.run.deals.start": "Раздать раз: {count}",
        "lesson.run.deals.more": "Раздать ещё раз: {count}",
        "lesson.run.deals.running": "Раздач: {done} из {target}…",
        "lesson.run.deals.done": "Раздач: {done}.",
        "lesson.run.deals.stopped": "Остановлено; раздач: {done}.",
        "lesson.run.casts.start": "Сотворить раз: {count}",
        "lesson.run.casts.more": "Сотворить ещё раз: {count}",
        "lesson.run.casts.running": "Заклинаний: {done} из {target}…",
        "lesson.run.casts.done": "Заклинаний: {done}.",
        "lesson.run.casts.stopped": "Остановлено; заклинаний: {done}.",
        "lesson.col.bot": "Бот",
        "lesson.col.games": "Партии",
        "lesson.col.wins": "Победы",
        "lesson.col.rate": "Доля побед",
        "lesson.col.interval": "95% интервал",
        "lesson.col.value": "Заклинание",
        "lesson.col.exact": "Точно",
        "lesson.col.formula": "По формуле",
        "lesson.col.simulated": "Моделирование",
        "lesson.plot.samples": "число раздач",
        "lesson.plot.figure": "График результатов",
        "lesson.plot.alt": "График: {what}",
        "lesson.plot.games": "сыграно партий",
        "lesson.plot.frequency": "частота",
        "lesson.plot.exact": "точно {value}",
        "lesson.plot.win_rate": "доля побед",
        "lesson.plot.equal": "равные шансы",
        "lesson.plot.copies": "камней в вашей руке",
        "lesson.plot.probability": "вероятность",
        "lesson.plot.turn": "событие раунда",
    },
}

register(MESSAGES)
