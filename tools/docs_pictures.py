"""An mkdocs hook (`hooks:` in mkdocs.yml): the docs' pictures, drawn by `setback.svg` when
the site is built, so they always show what the library draws today (none is committed).

A page asks for a picture with an HTML comment after one of its Python examples:

    <!-- picture: hand_result_svg(result, rules=state.rules) -->

The hook runs the nearest ```python block above the comment (as tests/test_docs.py runs
every example; what it prints is dropped), evaluates the expression with the block's
names, the functions of `setback.svg` and `observe` at hand, and adds the SVG text it
returns to the site as `pictures/<page>-<n>.svg`; the comment becomes an image of it,
whose text is the picture's own title. A comment with no Python block above it, or an
expression that fails or does not return SVG, stops the build.
"""

from __future__ import annotations

import contextlib
import html
import io
import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

PICTURE = re.compile(r"<!-- picture: (.+?) -->")
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)
TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)

_pictures: dict[str, list[str]] = {}
"""Each page's pictures (by the page's `src_uri`): the site path of each, in order."""
_titles: dict[str, str] = {}
"""Each picture's title (by its site path): the text of its image."""


def _namespace(code: str, where: str) -> dict[str, Any]:
    """The names a page's example leaves behind (its printing dropped)."""
    import setback
    import setback.svg

    names: dict[str, Any] = {"__name__": "__example__"}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, where, "exec"), names)
    except Exception as error:
        raise PluginError(f"{where}: the example above a picture fails: {error!r}") from error
    drawing = {name: getattr(setback.svg, name) for name in setback.svg.__all__}
    return {"observe": setback.observe, **drawing, **names}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Draw every page's pictures and add them to the site's files."""
    _pictures.clear()
    _titles.clear()
    for page in list(files.documentation_pages()):
        if page.abs_src_path is None:
            continue
        text = Path(page.abs_src_path).read_text(encoding="utf-8")
        stem = page.src_uri.removesuffix(".md").replace("/", "-")
        cache: dict[int, dict[str, Any]] = {}
        for number, match in enumerate(PICTURE.finditer(text), 1):
            where = f"{page.src_uri}, picture {number}"
            blocks = [block for block in BLOCK.finditer(text) if block.end() <= match.start()]
            if not blocks:
                raise PluginError(f"{where}: no Python example above it to draw from")
            block = blocks[-1]
            if block.start() not in cache:
                cache[block.start()] = _namespace(block.group(1), page.src_uri)
            try:
                svg = eval(match.group(1), dict(cache[block.start()]))
            except Exception as error:
                raise PluginError(f"{where}: {match.group(1)} fails: {error!r}") from error
            if not isinstance(svg, str) or not svg.startswith("<svg"):
                raise PluginError(f"{where}: {match.group(1)} is not SVG text")
            uri = f"pictures/{stem}-{number}.svg"
            files.append(File.generated(config, uri, content=svg))
            _pictures.setdefault(page.src_uri, []).append(uri)
            title = TITLE.search(svg)
            _titles[uri] = html.unescape(title.group(1)) if title else "a picture"
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put each picture's image where the page asked for it."""
    uris = iter(_pictures.get(page.file.src_uri, []))
    here = posixpath.dirname(page.file.src_uri)

    def image(_match: re.Match[str]) -> str:
        uri = next(uris)
        alt = _titles[uri].replace("[", "(").replace("]", ")")
        return f"![{alt}]({posixpath.relpath(uri, here or '.')})"

    return PICTURE.sub(image, markdown)
