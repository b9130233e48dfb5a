"""The rules reference every answer cites: GET /v1/rules/reference, its Markdown text or an HTML page.

The document is docs/rules-reference.md, shipped in the package (``service/rules-reference.md`` links to it), so the
service answers it offline and byte for byte. Each section and each citation an answer makes has an anchor there
(``stud_family.why.anchor``); an explained answer's ``see`` is this path and that anchor, which a browser follows on the
HTML page.
"""

from __future__ import annotations

from html import escape
from importlib.resources import files

from flask import Response, request
from markdown_it import MarkdownIt

from ..stud_family.why import REFERENCE_PATH
from .responses import ApiBlueprint

blp = ApiBlueprint("reference", __name__, url_prefix=REFERENCE_PATH,
                   description="The rules reference the answers cite, section by section.")

MARKDOWN = files("service").joinpath("rules-reference.md").read_text(encoding="utf-8")
"""The document as docs/rules-reference.md holds it."""

TITLE = MARKDOWN.partition("\n")[0].removeprefix("# ")
"""The document's first heading, the HTML page's title."""

_STYLE = ("body{max-width:60rem;margin:2rem auto;padding:0 1rem;font:16px/1.5 sans-serif;color:#222}"
          "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}"
          "code{background:#f3f3f3;padding:0 .2rem}"
          "li:has(>a:target),h1:has(>a:target),h2:has(>a:target){background:#fff4c2}")

_BODY = MarkdownIt("commonmark", {"html": True}).enable("table").render(MARKDOWN)

HTML = (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{escape(TITLE)}</title>\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<style>{_STYLE}</style>\n'
        f'</head>\n<body>\n{_BODY}</body>\n</html>\n')
"""The same document as a page a browser shows and follows anchors in (the Markdown's own ``<a id>`` anchors)."""

MEDIA_TYPES = ("text/plain", "text/markdown", "text/html")
"""What the operation answers: the Markdown as plain text unless the caller prefers it labelled Markdown, or the page
(a browser does). Plain text first, since a generated client may read a string answer only as text/plain (Java's
native client throws on any other)."""

_BODIES = {"text/plain": MARKDOWN, "text/markdown": MARKDOWN, "text/html": HTML}

_OPENINGS = {"text/plain": MARKDOWN.partition("\n")[0] + "\n", "text/markdown": MARKDOWN.partition("\n")[0] + "\n",
             "text/html": HTML.partition("</h1>")[0] + "</h1>"}
"""Each answer's opening, to its title: the contract's example of it (the whole would double the contract's size)."""


@blp.route("", methods=["GET"])
@blp.doc(responses={200: {
    "description": "The rules reference in Markdown, as `text/plain` unless the `Accept` header prefers "
                   "`text/markdown` (the same text) or `text/html` (the same document as a page, which a browser "
                   "asks for).",
    "headers": {"Vary": {"description": "Accept: the media type follows the request's Accept header.",
                         "schema": {"type": "string", "example": "Accept"}}},
    "content": {media_type: {"schema": {"type": "string"}, "example": _OPENINGS[media_type]}
                for media_type in MEDIA_TYPES}}})
@blp.docstring
def get_rules_reference() -> Response:
    """The rules reference: every section, default, option and rulebook citation an answer's `why` can name.

    Decides nothing about a hand: it is the document the answers cite, the same on every replica of a release.
    Its razz part answers razz requests (and every request naming no game); its stud and stud/8
    part says what a request naming `stud` or `stud8` changes, and which razz sections hold for
    them unchanged. Each section has an anchor (`#razz-4`, `#stud-3`), and so has each citation an
    answer makes from it (`#razz-4-tda-47`, `#stud-1-rrop-stud-1`): the `see` of an explained
    answer's `why` and `refused` entries and of an illegal action's problem is this path and that
    anchor.
    """
    media_type = request.accept_mimetypes.best_match(MEDIA_TYPES) or MEDIA_TYPES[0]
    response = Response(_BODIES[media_type], mimetype=media_type)
    response.headers["Vary"] = "Accept"
    return response
