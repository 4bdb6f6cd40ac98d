"""The set-up entry points: README's two commands, .ci/run, the scripts and the Binder files."""
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SERVE, TEST = "bash scripts/serve", "bash scripts/test"


def _commands(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#") and not line.startswith("set ")]


def test_readme_opens_with_the_two_commands():
    text = (REPO / "README.md").read_text()
    match = re.match(r"```(?:bash|sh)?\n(.*?)\n```", text, re.S)
    assert match, "README.md must open with a code block"
    assert match.group(1).splitlines() == [SERVE, TEST]


def test_ci_runs_exactly_the_readme_test_command():
    text = (REPO / ".ci" / "run").read_text()
    assert "set -euo pipefail" in text
    assert _commands(text)[-1] == TEST
    assert [c for c in _commands(text) if "pytest" in c or "scripts/" in c] == [TEST]


@pytest.mark.parametrize("script", ["scripts/serve", "scripts/backup", "scripts/hub", "scripts/test", "scripts/setup.sh", ".ci/run", "binder/start"])
def test_scripts_parse(script):
    subprocess.run(["bash", "-n", str(REPO / script)], check=True)


def test_serve_binds_loopback_on_8866_without_a_browser_unless_told():
    """The defaults; a real server on each setting: tests/browser/test_serve_room.py."""
    text = (REPO / "scripts" / "serve").read_text()
    assert 'PORT="${SPELLTOWER_PORT:-8866}"' in text and 'HOST="${SPELLTOWER_HOST:-127.0.0.1}"' in text
    assert "SETTINGS+=(--no-browser)" in text and 'SETTINGS+=(--Voila.ip="$HOST")' in text
    run_line = next(line for line in text.splitlines() if line.startswith("voila "))
    # the script's settings first, then the extra arguments, which it drops from its own when they repeat one;
    # a child, not exec'd, so the script removes the token file (tests/test_serve_cleanup.py)
    assert run_line == 'voila "${SETTINGS[@]}" "${ARGS[@]}" "$ROOT" &'


@pytest.mark.skipif(not (REPO / ".venv" / "bin" / "python").exists(), reason="needs the project's .venv")
@pytest.mark.parametrize("selection, status", [
    (["-k", "no_test_has_this_name"], 1),      # pytest's exit 5 (nothing collected) must fail
    (["-k", "test_readme_opens_with_the_two_commands"], 0),
])
def test_scripts_test_turns_no_tests_into_a_failure(selection, status):
    result = subprocess.run(["bash", str(REPO / "scripts" / "test"), "-p", "no:cacheprovider",
                             str(REPO / "tests" / "test_setup_scripts.py"), *selection],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    assert result.returncode == status, result.stdout[-2000:] + result.stderr[-2000:]


def test_binder_installs_this_repository_with_the_app_extra():
    lines = [line.split("#")[0].strip() for line in (REPO / "binder" / "requirements.txt").read_text().splitlines()]
    # repo2docker runs pip from the repository root, so the repository is ".", not "..".
    assert [line for line in lines if line] == [".[app]"]


def test_binder_python_satisfies_the_project():
    from packaging.specifiers import SpecifierSet
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.\d+", runtime)
    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert runtime.removeprefix("python-") + ".0" in SpecifierSet(requires)


def test_binder_start_hands_over_to_the_server():
    start = REPO / "binder" / "start"
    assert os.access(start, os.X_OK)
    assert _commands(start.read_text())[-1] == 'exec "$@"'
    out = subprocess.run(["bash", str(start), sys.executable, "-c",
                          "import os; print(os.environ['JUPYTER_CONFIG_PATH']); print(os.environ['JUPYTER_PATH'])"],
                         capture_output=True, text=True, check=True, env={**os.environ, "JUPYTER_CONFIG_PATH": "", "JUPYTER_PATH": ""})
    config_path, data_path = out.stdout.split()
    assert config_path.split(":")[0] == str(REPO / "jupyter_config")
    assert data_path.split(":")[0] == str(REPO / "jupyter_config" / "data")


def test_readme_badge_opens_the_gallery_on_binder():
    text = (REPO / "README.md").read_text()
    url = re.search(r"\((https://mybinder\.org/v2/gh/[^)]+)\)", text).group(1)
    assert url.startswith("https://mybinder.org/v2/gh/spelltower/spelltower/")
    assert "urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb" in url
    assert (REPO / "notebooks" / "index.ipynb").exists()


def test_towerlib_stays_numpy_only():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert [re.split(r"[<>=!~ \[]", dep)[0] for dep in project["dependencies"]] == ["numpy"]
    assert project["scripts"] == {"spelltower": "towerlib.cli:main"}


def test_the_license_is_an_spdx_string_that_the_build_backend_reads():
    """A license table makes every setuptools since 77 warn "`project.license` as a TOML table is
    deprecated" at each install, which a teacher reads as a fault; the string needs setuptools 77."""
    from packaging.licenses import canonicalize_license_expression
    from packaging.requirements import Requirement
    from packaging.version import Version

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    license_ = pyproject["project"]["license"]
    assert isinstance(license_, str) and canonicalize_license_expression(license_) == license_
    backend = next(Requirement(r) for r in pyproject["build-system"]["requires"] if r.startswith("setuptools"))
    assert not backend.specifier.contains(Version("76.9")) and backend.specifier.contains(Version("77.0"))
