"""notebooks/index.ipynb: committed clean, and its link list built from the folder it runs in."""
import re
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import widgets.messages as gallery_messages
from towerlib.core import i18n

REPO = Path(__file__).resolve().parents[1]
GALLERY = REPO / "notebooks" / "index.ipynb"


def test_committed_without_outputs_or_widget_state():
    nb = nbformat.read(GALLERY, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    assert "widgets" not in nb.metadata


def test_imports_ipywidgets_as_ipw():
    source = "\n".join(c.source for c in nbformat.read(GALLERY, as_version=4).cells)
    assert "import ipywidgets as ipw" in source
    assert not re.search(r"import ipywidgets as widgets|from ipywidgets import", source)


def test_every_gallery_key_it_uses_is_in_both_languages():
    source = "\n".join(c.source for c in nbformat.read(GALLERY, as_version=4).cells)
    used = set(re.findall(r"""tr\(\s*["'](gallery\.[\w.]+)["']""", source))
    assert used, "the gallery shows no catalogue text?"
    for lang in i18n.LANGUAGES:
        missing = {key for key in used if key not in gallery_messages.MESSAGES[lang]}
        assert not missing, (lang, missing)
    assert set(gallery_messages.MESSAGES["en"]) == set(gallery_messages.MESSAGES["ru"])


def _notebook(path: Path, *markdown: str):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(text) for text in markdown]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def _render(tmp_path: Path, monkeypatch, lang: str = "en", env: dict[str, str] | None = None) -> str:
    """Run the gallery in tmp_path (kernel started with SPELLTOWER_LANG=lang and ``env``); return its HTML."""
    shutil.copy(GALLERY, tmp_path / "index.ipynb")
    nb = nbformat.read(tmp_path / "index.ipynb", as_version=4)
    client = NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(tmp_path)}})
    monkeypatch.setenv("SPELLTOWER_LANG", lang)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    client.execute()
    states = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    pages = [s["state"]["value"] for s in states.values()
             if s["model_name"] == "HTMLModel" and "spelltower-gallery" in s["state"].get("_dom_classes", [])]
    assert len(pages) == 1
    return pages[0]


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("gallery")
    _notebook(root / "runes" / "play.ipynb", "# Spell Runes — play")
    _notebook(root / "runes" / "02_odds.ipynb", "Intro without a heading.", "## Odds of a rune <b>")
    _notebook(root / "abracada" / "play.ipynb", "# Abracada — play")
    _notebook(root / "abracada" / "01_meet.ipynb", "# Meet the tower")
    _notebook(root / "abracada" / "guide.ipynb", "# Abracada: teacher's guide")
    nb = nbformat.read(root / "abracada" / "01_meet.ipynb", as_version=4)
    nb.metadata["spelltower"] = {"minutes": 25}
    nbformat.write(nb, root / "abracada" / "01_meet.ipynb")
    _notebook(root / "abracada" / "_draft.ipynb", "# Draft")
    _notebook(root / "abracada" / ".ipynb_checkpoints" / "play-checkpoint.ipynb", "# Old")
    _notebook(root / "newgame" / "how_to_win.ipynb")
    (root / "empty_folder").mkdir()
    _notebook(root / "zz_extra.ipynb", "# An extra lesson")
    return root


def test_links_games_in_order_with_titles_from_headings(tree, monkeypatch):
    html = _render(tree, monkeypatch)
    links = re.findall(r'<a class="([\w-]+)" href="([^"]+)">([^<]*)</a>', html)
    assert links == [
        ("gallery-play", "abracada/play.ipynb?lang=en", "Play Abracada...What?"),
        ("gallery-guide", "abracada/guide.ipynb?lang=en", "Teacher&#x27;s guide"),
        ("gallery-lesson", "abracada/01_meet.ipynb", "Meet the tower"),
        ("gallery-play", "runes/play.ipynb?lang=en", "Play Spell Runes"),
        ("gallery-lesson", "runes/02_odds.ipynb", "Odds of a rune &lt;b&gt;"),
        ("gallery-lesson", "newgame/how_to_win.ipynb", "How to win"),
        ("gallery-lesson", "zz_extra.ipynb", "An extra lesson"),
    ]
    assert "empty_folder" not in html and "_draft" not in html and "checkpoint" not in html
    assert "· 25 min" in html                                   # the lesson's time, from its metadata


def test_cards_show_a_picture_and_what_each_game_teaches(tree, monkeypatch):
    html = _render(tree, monkeypatch)
    cards = re.findall(r'<section class="gallery-game" data-folder="(\w+)">(.*?)</section>', html, re.S)
    assert [folder for folder, _ in cards] == ["abracada", "runes", "newgame"]
    for folder, body in cards[:2]:
        assert re.search(r'<svg [^>]*role="img"[^>]*aria-label="[^"]+"', body), folder
        assert 'class="gallery-teaches"' in body
    assert "<svg" not in cards[2][1]                              # a game the library cannot draw

@pytest.mark.parametrize("teacher", [False, True])
def test_on_the_class_server_only_the_teacher_sees_the_guide_links(tree, monkeypatch, teacher):
    """Elsewhere (above: JupyterLab, Binder) the one user is the teacher; on the class server the
    server says who is (the header it passes to the kernel)."""
    env = {"SPELLTOWER_CLASSROOM": "1", **({"HTTP_X_SPELLTOWER_TEACHER": "1"} if teacher else {})}
    html = _render(tree, monkeypatch, env=env)
    assert ("abracada/guide.ipynb" in html) is teacher
    assert ("Teacher&#x27;s guide" in html) is teacher
    assert 'href="abracada/play.ipynb?lang=en"' in html


def test_russian(tree, monkeypatch):
    html = _render(tree, monkeypatch, "ru")
    assert "<h1>Башня заклинаний</h1>" in html
    assert "Играть: Абракада...что?" in html
    assert 'href="abracada/play.ipynb?lang=ru"' in html            # the play page opens in Russian too
    assert "Пособие для учителя" in html


def test_empty_folder(tmp_path, monkeypatch):
    assert 'class="gallery-empty"' in _render(tmp_path, monkeypatch)
