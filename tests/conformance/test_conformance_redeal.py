"""``redeal`` samples the exact posterior: in positions a game lists with ``constrained_positions()``,
its frequencies match a brute-force count of the worlds the seat cannot rule out, so it never
falls back to the real hidden state."""
from __future__ import annotations

import random

import pytest

from checks import check_redeal_posterior
from conftest import scaled


def test_redeal_samples_the_exact_posterior_in_constrained_positions(module):
    hook = getattr(module, "constrained_positions", None)
    if hook is None:
        pytest.skip(f"{module.__name__} lists no constrained_positions()")
    rng = random.Random(51)
    positions = hook()
    assert positions, "constrained_positions() lists nothing"
    for position in positions:
        counts = check_redeal_posterior(module, position, samples=scaled(1000), rng=rng)
        assert len(counts) > 1, "every redeal drew the same hidden state"
