"""The conformance checks, as plain functions over a game module (see towerlib/README.md).

Each check raises AssertionError on the first breach, so the suite can run it against every
registered game and ``test_conformance_meta.py`` can run it against deliberately broken games and see it
fail. A *game module* is what ``towerlib.registry.game_module(name)`` returns.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
from collections import Counter
from fractions import Fraction
from types import ModuleType
from typing import Any, Callable, Iterator

import numpy as np
import pytest

from towerlib import IllegalAction, InvalidDeal, InvalidOption, SaveError

MAX_ACTIONS = 20_000          # far above any real game; a game that reaches it does not end
FORBIDDEN_VIEW_KEYS = ("seed", "rng", "random_state", "deck_order", "rolls_to_come")


# ----- playing ---------------------------------------------------------------------------------
def random_options(module: ModuleType, rng: random.Random) -> dict[str, Any]:
    """Some options with a fixed list of allowed values, each switched from its default at random."""
    options = {}
    for name, opt in module.OPTIONS.items():
        if opt.allowed and rng.random() < 0.3:
            options[name] = rng.choice(opt.allowed)
    return options


def new_random_game(module: ModuleType, rng: random.Random, options: bool = True):
    """A game with a random player count, seed and (sometimes) options; retries options that clash."""
    for _ in range(20):
        players = rng.choice(list(module.PLAYERS))
        try:
            return module.new_game(players=players, seed=rng.randrange(2**31),
                                   **(random_options(module, rng) if options else {}))
        except ValueError:                  # an option set the player count does not allow
            continue
    return module.new_game(players=min(module.PLAYERS), seed=rng.randrange(2**31))


def step(game, rng: random.Random):
    """Apply one random legal action and return it."""
    legal = game.legal_actions()
    assert legal, f"legal_actions() is empty while the game is not over (player {game.current_player})"
    action = legal[rng.randrange(len(legal))]
    game.apply(action)
    return action


def play_out(module: ModuleType, game, rng: random.Random,
             on_step: Callable[[Any], None] | None = None, check_every: int = 1) -> int:
    """Play ``game`` to its end with random legal actions; check invariants after each (or every nth)."""
    for n in range(MAX_ACTIONS):
        if game.is_over:
            assert game.current_player is None and not game.legal_actions(), "a finished game still asks for moves"
            assert game.outcome() is not None, "a finished game has no outcome()"
            return n
        assert game.current_player is not None, "nobody is asked to play but the game is not over"
        step(game, rng)
        if n % check_every == 0:
            module.check_invariants(game)
        if on_step is not None:
            on_step(game)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def positions(module: ModuleType, n_games: int, seed: int, chance: float = 0.1,
              per_game: int = 15) -> Iterator[Any]:
    """Games stopped at random moments (the same object is yielded at several moments).

    At most ``per_game`` moments of each game, its end included, so that long games do not
    crowd out the others.
    """
    rng = random.Random(seed)
    for _ in range(n_games):
        game = new_random_game(module, rng)
        shown = 0
        while not game.is_over:
            step(game, rng)
            if shown < per_game - 1 and rng.random() < chance:
                shown += 1
                yield game
        yield game


# ----- actions ---------------------------------------------------------------------------------
def check_action_texts(game) -> None:
    """Every legal action's text parses back to an equal action."""
    for action in game.legal_actions():
        text = str(action)
        assert game.parse_action(text) == action, f"{text!r} does not parse back to {action!r}"


FUZZ_TEXTS = ["", " ", "pass pass", "1", "-1", "99999999999", "None", "True", "3.0", "nan", "\x00",
              "cast", "bid", "hold", "move", "🐉", "a" * 500, "{}", "[]", "cast 1 2 3 4 5 6 7 8 9"]
WRONG_TYPES = [True, False, 3.0, None, b"cast 1", [], [1], {}, {"cast": 1}, (), 2 + 0j, object(),
               float("nan")]


def _mutated_texts(game, rng: random.Random) -> list[str]:
    texts = [str(a) for a in game.legal_actions()]
    out = list(FUZZ_TEXTS)
    for text in rng.sample(texts, min(4, len(texts))):
        words = text.split()
        out += [text + " 1", text + " x", " ".join(words[:-1]), text.upper() + "!", text.replace(" ", ""),
                " ".join(w if not w.lstrip("-").isdigit() else str(int(w) + 1000) for w in words),
                " ".join(w if not w.lstrip("-").isdigit() else "-" + w for w in words),
                " ".join(w if not w.isdigit() else w + ".0" for w in words)]
    out += ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz 0123456789-") for _ in range(rng.randrange(1, 20)))
            for _ in range(5)]
    return out


def _field_mutants(game, rng: random.Random) -> list[tuple[Any, bool]]:
    """Hand-built actions: a legal action with one field replaced. (mutant, must_raise)."""
    out = []
    legal = list(game.legal_actions())
    for action in rng.sample(legal, min(6, len(legal))):
        if not dataclasses.is_dataclass(action):
            continue
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            if type(value) is int:
                wrong = [True if value != 1 else False, float(value) + 0.5, float(value), None, str(value),
                         b"1", [value], value + 10**6, -value - 1]
                out += [(_replace(action, f.name, w), _differs(w, value)) for w in wrong]
                out.append((_replace(action, f.name, np.int64(value)), False))
            elif type(value) is str:
                out += [(_replace(action, f.name, w), True) for w in (None, 1, b"x", value + "\x00", [value])]
            elif type(value) is tuple:
                out += [(_replace(action, f.name, w), w != value) for w in (None, list(value), (*value, 10**6), 7)]
            elif value is None:
                out += [(_replace(action, f.name, w), True) for w in ([], b"", 1.5)]
            if f.name == "seat" and type(value) is int:
                out += [(_replace(action, f.name, s), False) for s in range(game.players) if s != value]
    return out


def _differs(wrong: Any, value: int) -> bool:
    """True when ``wrong`` must be refused outright (it is not the whole number ``value``)."""
    return not (type(wrong) is int and wrong == value)


def _replace(action: Any, name: str, value: Any) -> Any:
    mutant = copy.copy(action)
    object.__setattr__(mutant, name, value)
    return mutant


def check_bad_actions(module: ModuleType, game, rng: random.Random) -> int:
    """Fuzzed texts, wrong types, hand-built mutants: IllegalAction and nothing changed, or a legal move.

    A text or mutant may be accepted only when it *means* one of the legal actions (say
    ``CAST 3`` or a numpy integer); then the game must still save and load.
    """
    legal = set(game.legal_actions())
    tried = 0
    candidates = [(t, False) for t in _mutated_texts(game, rng)] + [(w, True) for w in WRONG_TYPES]
    candidates += _field_mutants(game, rng)
    # well-formed actions that were legal at another moment of this game, but are not now
    earlier = [a for a in dict.fromkeys(game.history[-300:]) if a not in legal]
    candidates += [(a, True) for a in rng.sample(earlier, min(8, len(earlier)))]
    candidates.sort(key=lambda c: not c[1])        # those that may be accepted (and end the check) last
    for candidate, must_raise in candidates:
        before = game.to_json()
        try:
            game.apply(candidate)
        except IllegalAction:
            after = game.to_json()
            assert after == before, f"{candidate!r} was refused but changed the game"
            tried += 1
            continue
        except Exception as exc:                                     # noqa: BLE001 - that is the failure
            raise AssertionError(f"{candidate!r} raised {type(exc).__name__}: {exc}, not IllegalAction") from exc
        assert not must_raise, f"{candidate!r} ({type(candidate).__name__}) was accepted"
        played = game.history[-1]
        assert played in legal, f"{candidate!r} was accepted as {played!r}, which was not legal"
        text = game.to_json()                                   # the save must still work...
        again = module.load(text)                               # ...and load
        assert again.to_json() == text, f"after {candidate!r} the save does not round-trip"
        return tried + 1                                        # the game moved on: stop here
    return tried


def check_wrong_seat(game) -> None:
    """Actions that carry a seat are refused for a seat that is not asked to decide."""
    for action in game.legal_actions():
        if dataclasses.is_dataclass(action) and any(f.name == "seat" for f in dataclasses.fields(action)):
            for seat in range(game.players):
                mutant = _replace(action, "seat", seat)
                if mutant in set(game.legal_actions()):
                    continue
                before = game.to_json()
                try:
                    game.apply(mutant)
                except IllegalAction:
                    assert game.to_json() == before
                else:
                    raise AssertionError(f"{mutant!r} was accepted for a seat that is not to play")


# ----- views ---------------------------------------------------------------------------------
def _containers(value: Any, out: dict[int, Any]) -> dict[int, Any]:
    if isinstance(value, (list, dict)):
        out[id(value)] = value
        for item in (value.values() if isinstance(value, dict) else value):
            _containers(item, out)
    elif isinstance(value, tuple):
        for item in value:
            _containers(item, out)
    return out


def _reachable(obj: Any, out: set[int], seen: set[int]) -> set[int]:
    """ids of every list and dict reachable from ``obj``'s attributes (the engine's state)."""
    stack = [obj]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, (list, dict)):
            out.add(id(item))
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif hasattr(item, "__dict__") and not isinstance(item, type):
            stack.append(vars(item))
        elif hasattr(item, "__slots__") and not isinstance(item, (str, bytes, int, float, type)):
            stack.extend(getattr(item, s, None) for s in item.__slots__)
    return out


def _mutate(value: Any) -> None:
    """Change every list and dict inside a view, in place."""
    if isinstance(value, dict):
        for item in list(value.values()):
            _mutate(item)
        value["__edited__"] = ["what if"]
    elif isinstance(value, list):
        for item in list(value):
            _mutate(item)
        value.append("what if")


def _views(game, seat: int) -> list[tuple[dict, dict]]:
    """(keyword arguments, view) for the full view and, where the game has one, the log-less one."""
    views = [({}, game.view(seat))]
    try:
        views.append(({"log": False}, game.view(seat, log=False)))
    except TypeError:
        pass
    return views


def check_views(game) -> None:
    """Views are JSON, name no seed or RNG, share nothing with the engine, and edits change nothing."""
    engine = _reachable(game, set(), set())
    before_save = game.to_json()
    seen: dict[int, Any] = {}
    originals = []
    for seat in range(game.players):
        for kwargs, view in _views(game, seat):
            json.dumps(view, allow_nan=False)
            _check_keys(view)
            mine = _containers(view, {})
            shared = engine & set(mine)
            assert not shared, f"seat {seat}'s view shares {len(shared)} lists/dicts with the engine, e.g. " \
                               f"{next(mine[i] for i in shared)!r:.80}"
            again = set(mine) & set(seen)
            assert not again, f"seat {seat}'s view shares a list/dict with another view"
            seen.update(mine)
            originals.append((seat, kwargs, copy.deepcopy(view)))
            _mutate(view)
    assert game.to_json() == before_save, "editing a view changed the game's save"
    for seat, kwargs, original in originals:
        assert game.view(seat, **kwargs) == original, f"editing a view changed what seat {seat} sees next"


def check_partial_views(game, rng: random.Random) -> None:
    """``partial_view(seat, fields)`` (what ``play`` hands a bot that lists its ``view_fields``) is
    exactly those fields of the view, in the order asked, the caller's own; an unknown field is
    refused by name and changes nothing."""
    engine = _reachable(game, set(), set())
    before_save = game.to_json()
    for seat in range(game.players):
        whole = game.view(seat)
        names = list(whole)
        rng.shuffle(names)
        some = names[:rng.randint(1, len(names))]
        part = game.partial_view(seat, some)
        assert list(part) == some, f"asked for {some}, got {list(part)}"
        assert part == {name: whole[name] for name in some}, f"seat {seat}'s partial view differs from its view"
        shared = engine & set(_containers(part, {}))
        assert not shared, f"seat {seat}'s partial view shares {len(shared)} lists/dicts with the engine"
        _mutate(part)
        assert game.view(seat) == whole, f"editing a partial view changed what seat {seat} sees"
    with pytest.raises(InvalidOption, match="no_such_field"):
        game.partial_view(0, ["seat", "no_such_field"])
    assert game.to_json() == before_save, "a partial view changed the game"


def _check_keys(value: Any, path: str = "view") -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            low = str(key).lower()
            assert not any(bad in low for bad in FORBIDDEN_VIEW_KEYS), f"{path} has a key {key!r}"
            _check_keys(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _check_keys(item, f"{path}[{i}]")
    else:
        assert not type(value).__name__.endswith("Random"), f"{path} holds a random generator"


def check_redeal(module: ModuleType, game, rng: random.Random) -> None:
    """A world re-dealt for a seat shows that seat exactly the same view, and plays on legally."""
    for seat in range(game.players):
        world = module.redeal(game, seat, rng)
        assert world.view(seat) == game.view(seat), f"a re-dealt world looks different to seat {seat}"
        module.check_invariants(world)
        for _ in range(3):
            if world.is_over:
                break
            step(world, rng)
            module.check_invariants(world)


def check_two_worlds(module: ModuleType, rng: random.Random, max_steps: int = 400) -> int:
    """Along the same actions, two worlds the observer cannot tell apart give it the same views.

    Returns how many actions were compared (the caller checks that some were).
    """
    tw = module.two_worlds(rng)
    a, b, seat = tw.a, tw.b, tw.observer
    assert a.to_json() != b.to_json(), "two_worlds returned the same world twice"
    compared = 0
    while not (tw.until is not None and tw.until(a)):
        assert a.view(seat) == b.view(seat), f"after {compared} actions the observer sees the worlds differ"
        assert a.current_player == b.current_player, "who decides depends on a hidden card"
        if a.is_over or compared >= max_steps:
            break
        legal = a.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if action not in set(b.legal_actions()):
            break                          # the holder chose to show the hidden card
        a.apply(action)
        b.apply(action)
        compared += 1
    return compared


# ----- save files ------------------------------------------------------------------------------
def check_save_round_trip(module: ModuleType, game, rng: random.Random) -> None:
    """Save mid-game, load, and both copies play on identically to the end."""
    text = game.to_json()
    twin = module.load(text)
    assert twin.to_json() == text, "a loaded game saves differently"
    for seat in range(game.players):
        assert twin.view(seat) == game.view(seat), f"a loaded game looks different to seat {seat}"
    follow = random.Random(rng.randrange(2**31))
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[follow.randrange(len(legal))]
        assert game.apply(action) == twin.apply(str(action)), "the two copies' events differ"
    assert twin.to_json() == game.to_json(), "a loaded game played on differently"


def corruptions(text: str, rng: random.Random, count: int) -> Iterator[str]:
    """Damaged versions of a save file: truncations, edited fields, edited actions, checksums."""
    data = json.loads(text)
    makers = [_truncate, _edit_state, _edit_action, _drop_action, _swap_actions, _edit_checksum, _edit_top,
              _delete_key, _add_action, _flip_byte]
    for i in range(count):
        try:
            yield makers[i % len(makers)](text, copy.deepcopy(data), rng)
        except _NotApplicable:
            continue


class _NotApplicable(Exception):
    pass


def _truncate(text, data, rng):
    return text[:rng.randrange(len(text))]


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _edit_state(text, data, rng):
    leaves = list(_leaves(data["state"]))
    if not leaves:
        raise _NotApplicable
    path, value = rng.choice(leaves)
    if isinstance(value, bool):
        new = not value
    elif isinstance(value, int):
        new = value + rng.choice([-1, 1, 7])
    elif isinstance(value, str):
        new = value + "x"
    elif value is None:
        new = 0
    else:
        new = None
    _set(data["state"], path, new)
    return json.dumps(data)


def _edit_action(text, data, rng):
    if not data["actions"]:
        raise _NotApplicable
    i = rng.randrange(len(data["actions"]))
    others = sorted(set(data["actions"]) - {data["actions"][i]})
    data["actions"][i] = rng.choice(others) if others and rng.random() < 0.7 else data["actions"][i] + " 9"
    return json.dumps(data)


def _drop_action(text, data, rng):
    if not data["actions"]:
        raise _NotApplicable
    del data["actions"][rng.randrange(len(data["actions"]))]
    return json.dumps(data)


def _swap_actions(text, data, rng):
    acts = data["actions"]
    pairs = [(i, j) for i in range(len(acts)) for j in range(i + 1, min(len(acts), i + 4)) if acts[i] != acts[j]]
    if not pairs:
        raise _NotApplicable
    i, j = rng.choice(pairs)
    acts[i], acts[j] = acts[j], acts[i]
    return json.dumps(data)


def _add_action(text, data, rng):
    data["actions"].append(rng.choice(data["actions"] or ["pass"]))
    return json.dumps(data)


def _edit_checksum(text, data, rng):
    c = data["checksum"]
    i = rng.randrange(len(c))
    data["checksum"] = c[:i] + ("0" if c[i] != "0" else "1") + c[i + 1:]
    return json.dumps(data)


def _edit_top(text, data, rng):
    key = rng.choice(["players", "seed", "version", "format", "game", "options", "deal"])
    value = data[key]
    if key == "options" and value:
        name = rng.choice(sorted(value))
        value[name] = None if value[name] is not None else 1
    elif key == "deal":
        data[key] = {"nonsense": [1, 2]} if value is None else None
    elif isinstance(value, int) and not isinstance(value, bool):
        data[key] = value + 1
    else:
        data[key] = [value]
    return json.dumps(data)


def _delete_key(text, data, rng):
    key = rng.choice(sorted(data))
    del data[key]
    return json.dumps(data)


def _flip_byte(text, data, rng):
    i = rng.randrange(len(text))
    return text[:i] + chr((ord(text[i]) + rng.randrange(1, 50)) % 0x7E or 0x41) + text[i + 1:]


def check_corrupt_saves(module: ModuleType, text: str, rng: random.Random, count: int) -> int:
    """Every damaged save is refused with SaveError, unless the damage left the same JSON."""
    original = json.loads(text)
    refused = 0
    for bad in corruptions(text, rng, count):
        try:
            same = json.loads(bad) == original
        except ValueError:
            same = False
        try:
            module.load(bad)
        except SaveError:
            refused += 1
            continue
        except Exception as exc:                                     # noqa: BLE001 - that is the failure
            raise AssertionError(f"a damaged save raised {type(exc).__name__}: {exc}") from exc
        assert same, f"a damaged save was loaded: {bad[:300]!r}"
    return refused


# ----- refused actions tell no secrets ----------------------------------------------------------
REFUSAL_TEXTS = ["", "pass", "cast", "bid 1", "🐉", "keep", "end"]


def _listed(game, legal: set, candidate: Any) -> bool:
    """Whether ``candidate`` (a text or an action) means one of the ``legal`` actions of ``game``."""
    if isinstance(candidate, str):
        try:
            candidate = game.parse_action(candidate)
        except IllegalAction:
            return False
    return candidate in legal


def _refusal(game, candidate: Any) -> tuple[str, str]:
    """The English and Russian texts of the IllegalAction ``candidate`` raises in ``game``
    (that a refusal changes nothing is :func:`check_bad_actions`' business)."""
    try:
        game.apply(candidate)
    except IllegalAction as exc:
        return exc.message("en"), exc.message("ru")
    raise AssertionError(f"{candidate!r} was accepted though legal_actions() does not list it")


def _seat_mutants(actions: list[Any], players: int) -> list[Any]:
    """The actions with their ``seat`` field (if any) set to every other seat: out-of-turn moves."""
    out = []
    for action in actions:
        if dataclasses.is_dataclass(action) and any(f.name == "seat" for f in dataclasses.fields(action)):
            out += [_replace(action, "seat", s) for s in range(players) if s != action.seat]
    return out


def check_refusal_texts(module: ModuleType, rng: random.Random, max_steps: int = 120,
                        per_step: int = 12) -> int:
    """Along two worlds' shared history, an action refused in both is refused with the same text.

    Compared at every step while the observer's views (and who is asked) are the same, up to and
    including the moment ``until`` says the rules will show the difference: a decision of the
    hidden card's holder may be pending then, and refusing someone else's action must not tell
    what the holder could do. At every step the candidates are out-of-turn actions (a listed action given another seat),
    actions of the wrong phase (any action listed earlier in world ``a``, so also the decider's
    earlier options), others' moves of the shared history and texts that do not parse. An action
    legal in one world only is the decider's to make and is not compared. Returns how many
    refusals were compared.
    """
    tw = module.two_worlds(rng)
    a, b, seat = tw.a, tw.b, tw.observer
    seen: dict[str, Any] = {}
    compared = steps = 0
    while a.view(seat) == b.view(seat) and a.current_player == b.current_player:
        revealed = tw.until is not None and tw.until(a)
        legal_a = list(a.legal_actions())
        set_a, set_b = set(legal_a), set(b.legal_actions())
        pool = list(seen.values()) + list(dict.fromkeys(a.history[-50:]))
        candidates = rng.sample(pool, min(per_step, len(pool)))
        mutants = _seat_mutants(legal_a, a.players)
        candidates += rng.sample(mutants, min(4, len(mutants))) + rng.sample(REFUSAL_TEXTS, 2)
        for candidate in candidates:
            if _listed(a, set_a, candidate) or _listed(b, set_b, candidate):
                continue
            text_a, text_b = _refusal(a, candidate), _refusal(b, candidate)
            assert text_a == text_b, (f"refusing {str(candidate)!r} tells seat {seat} the worlds differ "
                                      f"after {steps} actions: {text_a} / {text_b}")
            compared += 1
        for action in legal_a:
            seen.setdefault(str(action), action)
        if revealed or a.is_over or steps >= max_steps:
            break
        action = legal_a[rng.randrange(len(legal_a))]
        if action not in set_b:
            break                          # the holder chose to show the hidden card
        a.apply(action)
        b.apply(action)
        steps += 1
    return compared


# ----- deals -------------------------------------------------------------------------------------
def example_deals(module: ModuleType, rng: random.Random, count: int) -> list[tuple[int, dict]]:
    """(players, deal) pairs the game accepts: its ``deal_examples()`` if it has them, and the
    deals its own ``two_worlds`` builds."""
    out = [(players, copy.deepcopy(deal)) for players, deal in getattr(module, "deal_examples", list)()]
    for _ in range(count):
        tw = module.two_worlds(rng)
        for game in (tw.a, tw.b):
            if game.deal is not None:
                out.append((game.players, copy.deepcopy(game.deal)))
    return out


HUGE = 10**30
#: Values of another JSON type than the one they replace; ``None`` is also tried, but a field
#: may mean "as usual" by it, so a game may accept it (and must then play soundly).
WRONG_VALUES: list[Any] = [[], [[]], [[[1]]], {}, {"x": 1}, 1.0, 2.5, True, False, "x", ""]


def _wrong_for(value: Any) -> list[tuple[Any, bool]]:
    """(replacement, must_refuse) for a value of the deal: other types, the same value as a float,
    text or list, and a huge whole number (which a game may accept only if it can play it).

    Where the deal holds ``null`` the field's type is unknown here, so a replacement may be
    accepted (a game must then play it soundly)."""
    out = [(w, value is not None and _json_type(w) != _json_type(value)) for w in WRONG_VALUES]
    out.append((None, False))
    if type(value) is int:
        out += [(float(value), True), (str(value), True), ([value], True), (HUGE, False), (-HUGE, False)]
    elif type(value) is str:
        out += [([value], True), ({value: 1}, True), (value + "\x00", False)]
    elif isinstance(value, list):
        out += [([value], bool(value)), (value + [[]], True), (value + [{}], True), (value + [1.0], True)]
    return out


def _json_type(value: Any) -> str:
    """The kind of a JSON value, telling whole numbers, floats and booleans apart."""
    if isinstance(value, bool):
        return "bool"
    return "int" if isinstance(value, int) else type(value).__name__


def deal_mutants(deal: dict, rng: random.Random, count: int) -> list[tuple[str, Any, bool, str]]:
    """(field, mutated deal, must_refuse, what) for a valid ``deal``: each key dropped, an unknown
    key added, and up to ``count`` leaves or containers replaced by a value of another kind."""
    out: list[tuple[str, Any, bool, str]] = []
    for key in deal:
        mutant = copy.deepcopy(deal)
        del mutant[key]
        out.append((key, mutant, False, f"without {key!r}"))
    out.append(("no_such_field", {**copy.deepcopy(deal), "no_such_field": 1}, True, "an unknown field"))
    paths = list(_paths(deal))
    for path in rng.sample(paths, min(count, len(paths))):
        value = _get(deal, path)
        for wrong, must_refuse in _wrong_for(value):
            mutant = copy.deepcopy(deal)
            _set(mutant, path, copy.deepcopy(wrong))
            out.append((str(path[0]), mutant, must_refuse, f"{_path_text(path)} = {wrong!r:.40}"))
    return out


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every place in a JSON value (the root excluded): dict keys and list indices."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, item in items:
        yield (*path, key)
        yield from _paths(item, (*path, key))


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _path_text(path: tuple) -> str:
    return str(path[0]) + "".join(f"[{k!r}]" for k in path[1:])


def check_deal_fuzz(module: ModuleType, players: int, deal: dict, rng: random.Random, count: int) -> int:
    """Malformed deals raise InvalidDeal naming the field, never another error; one that is
    accepted held no value of the wrong type, and the game it made plays, saves and loads.

    Returns how many were refused.
    """
    refused = 0
    for field, mutant, must_refuse, what in deal_mutants(deal, rng, count):
        try:
            game = module.new_game(players=players, seed=rng.randrange(2**31), deal=mutant)
        except InvalidDeal as exc:
            assert field in str(exc), f"the deal with {what} was refused without naming {field!r}: {exc}"
            refused += 1
            continue
        except Exception as exc:                                     # noqa: BLE001 - that is the failure
            raise AssertionError(f"the deal with {what} raised {type(exc).__name__}: {exc}") from exc
        assert not must_refuse, f"the deal with {what} was accepted"
        _plays_soundly(module, game, rng, what)
    return refused


def _plays_soundly(module: ModuleType, game, rng: random.Random, what: str, steps: int = 30) -> None:
    """A game made from an accepted deal keeps its invariants, lists parseable actions and saves."""
    try:
        module.check_invariants(game)
        for _ in range(steps):
            if game.is_over:
                break
            check_action_texts(game)
            step(game, rng)
        for seat in range(game.players):
            json.dumps(game.view(seat), allow_nan=False)
        text = game.to_json()
        assert module.load(text).to_json() == text, "its save does not round-trip"
    except Exception as exc:                                         # noqa: BLE001 - that is the failure
        raise AssertionError(f"the deal with {what} was accepted, then: {type(exc).__name__}: {exc}") from exc


# ----- saves along play ----------------------------------------------------------------------------
def check_saves_along_play(module: ModuleType, game, rng: random.Random, every: int = 7) -> int:
    """Play ``game`` out at random; every listed action's text parses back, and a save made every
    ``every`` actions loads to the same game. Returns how many saves were loaded."""
    loaded = n = 0
    while True:
        if n % every == 0 or game.is_over:
            text = game.to_json()
            try:
                again = module.load(text)
            except SaveError as exc:
                raise AssertionError(f"a save made after {n} random actions does not load: {exc}") from exc
            assert again.to_json() == text, f"a save made after {n} actions loads differently"
            loaded += 1
        if game.is_over:
            return loaded
        check_action_texts(game)
        step(game, rng)
        n += 1
        assert n < MAX_ACTIONS, "the game does not end"


# ----- redeal samples the exact posterior ------------------------------------------------------
def exact_posterior(position) -> dict[Any, Fraction]:
    """The posterior of ``position.key`` for its seat, by brute force: the prior weight of every
    candidate world that shows the seat the same view (and asks the same player) as the position."""
    game, seat = position.game, position.seat
    view = game.view(seat)
    weights: Counter = Counter()
    for world, weight in position.candidates():
        if world is not None and world.current_player == game.current_player and world.view(seat) == view:
            weights[position.key(world)] += weight
    total = sum(weights.values())
    assert total > 0, "no candidate world agrees with the position: the candidates miss the real deal"
    return {key: Fraction(w, total) for key, w in weights.items()}


def _chi_square_bound(df: int, z: float) -> float:
    """The chi-square quantile ``z`` standard deviations up (Wilson-Hilferty), for ``df`` degrees of freedom."""
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


def check_redeal_posterior(module: ModuleType, position, samples: int, rng: random.Random) -> dict[Any, int]:
    """``redeal`` draws ``position.key`` with the exact posterior's frequencies.

    Never an outcome the posterior rules out; every outcome within 5 binomial standard
    deviations of its expectation; and the chi-square of outcomes expected at least 5 times
    (the rest pooled) within 4 standard deviations. A sampler that falls back to the real
    hidden state over-draws the truth and fails. Returns the counts.
    """
    exact = exact_posterior(position)
    truth = position.key(position.game)
    assert truth in exact, "the real hidden state is not among the candidates"
    counts: Counter = Counter(position.key(module.redeal(position.game, position.seat, rng)) for _ in range(samples))
    impossible = {k: c for k, c in counts.items() if k not in exact}
    assert not impossible, f"redeal drew outcomes the seat's view rules out: {impossible}"
    for key, p in sorted(exact.items(), key=lambda item: item[0] != truth):      # the truth first
        mean, sd = samples * float(p), math.sqrt(samples * float(p) * (1 - float(p)))
        assert abs(counts[key] - mean) <= 5 * sd + 1, \
            f"redeal drew {key!r} {counts[key]} times in {samples}, expected {mean:.1f} (p = {p})" + \
            (" - the real hidden state" if key == truth else "")
    cells, pooled_obs, pooled_exp = [], 0, 0.0
    for key, p in exact.items():
        expected = samples * float(p)
        if expected >= 5:
            cells.append((counts[key], expected))
        else:
            pooled_obs, pooled_exp = pooled_obs + counts[key], pooled_exp + expected
    if pooled_exp > 0:
        cells.append((pooled_obs, pooled_exp))
    if len(cells) > 1:
        chi2 = sum((o - e) ** 2 / e for o, e in cells)
        bound = _chi_square_bound(len(cells) - 1, 4.0)
        assert chi2 <= bound, f"redeal's frequencies differ from the exact posterior: chi-square {chi2:.1f} > {bound:.1f}"
    return counts
