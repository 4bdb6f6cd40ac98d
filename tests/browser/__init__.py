"""Browser tests (a package so its fixtures can be package-scoped: see conftest.py)."""
