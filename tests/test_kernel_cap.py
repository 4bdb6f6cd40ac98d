"""Which of a student's kernels are kept (widgets.kernel_cap.over_cap); end to end in Chromium:
tests/browser/test_kernel_cap.py."""
from widgets.kernel_cap import over_cap


def test_the_newest_are_kept_and_gone_kernels_forgotten():
    assert over_cap(["a", "b", "c"], {"a", "b", "c"}, 4) == (["a", "b", "c"], [])
    assert over_cap(["a", "b", "c", "d", "e"], {"a", "b", "c", "d", "e"}, 3) == (["c", "d", "e"], ["a", "b"])
    assert over_cap(["a", "b", "c", "d"], {"b", "c", "d"}, 3) == (["b", "c", "d"], [])     # a closed by itself
    assert over_cap(["a", "b"], {"a", "b"}, 0) == (["a", "b"], [])                            # 0: no limit
