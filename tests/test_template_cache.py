"""The server compiles each page template once (widgets/template_cache.py), not once per page."""
from __future__ import annotations

import os

import jinja2
from nbconvert.exporters.templateexporter import TemplateExporter

from widgets import template_cache
from widgets.warmpool import WarmKernelManager


def _shared(monkeypatch):
    """share_compiled_templates() for this test only, with an empty cache, counting compiles."""
    monkeypatch.setattr(TemplateExporter, "_create_environment", TemplateExporter._create_environment)
    monkeypatch.setattr(template_cache, "SHARED", template_cache.MemoryBytecodeCache())
    template_cache.share_compiled_templates()
    compiled = []
    compile_ = jinja2.Environment.compile

    def counting_compile(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return compile_(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting_compile)
    return compiled


def _page_template(tmp_path, text: str):
    folder = tmp_path / "page"
    folder.mkdir(exist_ok=True)
    (folder / "index.html.j2").write_text(text)
    return folder


def _render(folder) -> str:
    """What a fresh exporter (a new page, as Voila makes one) renders from the template."""
    exporter = TemplateExporter(template_paths=[str(folder)], template_file="index.html.j2")
    return exporter.environment.get_template("index.html.j2").render(who="class")


def test_a_template_is_compiled_once_for_every_page_that_uses_it(tmp_path, monkeypatch):
    compiled = _shared(monkeypatch)
    folder = _page_template(tmp_path, "{% for i in range(3) %}{{ i }}{% endfor %} hello {{ who }}")
    assert [_render(folder) for _ in range(3)] == ["012 hello class"] * 3
    assert compiled == ["index.html.j2"]


def test_an_edited_template_is_compiled_again(tmp_path, monkeypatch):
    compiled = _shared(monkeypatch)
    folder = _page_template(tmp_path, "old {{ who }}")
    assert _render(folder) == "old class"
    _page_template(tmp_path, "new {{ who }}!")
    os.utime(folder / "index.html.j2", (1, 1))   # same size or not, Jinja compares checksums
    assert _render(folder) == "new class!"
    assert compiled == ["index.html.j2", "index.html.j2"]


def test_the_server_shares_from_its_start_and_sharing_twice_wraps_once(monkeypatch):
    create = TemplateExporter._create_environment
    monkeypatch.setattr(TemplateExporter, "_create_environment", getattr(create, "unshared", create))
    assert TemplateExporter().environment.bytecode_cache is None
    WarmKernelManager(pool_size=0)          # the server's kernel manager (jupyter_config/voila.json)
    assert TemplateExporter().environment.bytecode_cache is template_cache.SHARED
    wrapped = TemplateExporter._create_environment
    template_cache.share_compiled_templates()
    assert TemplateExporter._create_environment is wrapped
