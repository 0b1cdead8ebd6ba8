"""The HTTP service: the app factory and its routes (Starlette, served by uvicorn).

Every route that reads a page does the work in the bounded pool of
:mod:`unboiler.server.limits`, under the time limit, and answers errors as JSON
``{"error": {"status", "type", "message"}}``: 400 for a body that is no page or no JSON,
413 over the body limit, 422 for a parameter nobody takes, 501 for ``/segment`` without
the visual extra, 503 when the pool is full, 504 past the time limit.  The service reads
only what it is sent: a ``url`` is the page's address for its metadata and links, never
something to fetch.
"""

from __future__ import annotations

import base64
import json
import logging
import tempfile
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import unboiler
from unboiler.compressed import decompress
from unboiler.errors import (
    BrowserUnavailableError,
    ExtractionError,
    ExtractorOptionError,
    PageURLError,
    UnboilerError,
    UnknownEncodingError,
    UnknownExtractorError,
)
from unboiler.explain import explain_extraction
from unboiler.extractors import Extractor
from unboiler.extractors.registry import option_value
from unboiler.output import RENDERERS
from unboiler.output.result import build_extraction
from unboiler.parse import parse
from unboiler.server.limits import (
    BadInput,
    BadParameter,
    Busy,
    Limits,
    NotAvailable,
    RequestError,
    TimeLimitExceeded,
    UnsupportedMediaType,
    WorkerPool,
    read_body,
)
from unboiler.server.openapi import openapi_description
from unboiler.server.visual import annotated_page

LOG = logging.getLogger("unboiler.server")

BuildExtractor = Callable[..., Extractor]

#: Keys a JSON page may have (``/extract``, each page of ``/extract/batch``).
PAGE_KEYS = frozenset({"html", "url", "extractor", "output", "favor", "options"})
#: And those of ``/explain``.
EXPLAIN_KEYS = frozenset({"html", "url", "extractor", "favor", "options", "compare"})
#: And those of ``/segment``.
SEGMENT_KEYS = frozenset({"html", "url"})
#: Options the service never passes on: a model file would be read from the server's disk.
REFUSED_OPTIONS = frozenset({"model"})


def create_app(
    limits: Limits | None = None, *, build_extractor: BuildExtractor | None = None
) -> Starlette:
    """The service as an ASGI app.  ``build_extractor`` makes an extractor from its name
    and options (:func:`unboiler.get_extractor`, unless a test gives another)."""
    limits = limits or Limits()
    pool = WorkerPool(limits.workers, limits.queue)
    service = _Service(limits, pool, build_extractor or unboiler.get_extractor)
    static = StaticFiles(packages=[("unboiler.server", "static")])
    routes = [
        Route("/", service.index, methods=["GET"]),
        Route("/health", service.health, methods=["GET"]),
        Route("/extractors", service.extractors, methods=["GET"]),
        Route("/openapi.json", service.openapi, methods=["GET"]),
        Route("/extract", service.extract, methods=["POST"]),
        Route("/extract/batch", service.extract_batch, methods=["POST"]),
        Route("/explain", service.explain, methods=["POST"]),
        Route("/segment", service.segment, methods=["POST"]),
        Mount("/static", app=static, name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            RequestError: _request_error,
            HTTPException: _http_error,
            Exception: _internal_error,
        },
        lifespan=_closing(pool),
    )
    app.state.limits = limits
    app.state.pool = pool
    return app


def _closing(pool: WorkerPool) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The app's lifespan: the pool's threads end with the app."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            pool.close()

    return lifespan


def _error(status: int, kind: str, message: str) -> JSONResponse:
    return JSONResponse(
        {"error": {"status": status, "type": kind, "message": message}}, status_code=status
    )


#: Seconds a client told that every worker is busy (503) waits before it tries again
#: (the ``Retry-After`` header, RFC 9110, §10.2.3): a page takes well under one.
RETRY_AFTER_SECONDS: Final = 1


async def _request_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, RequestError)
    response = _error(error.status, type(error).__name__, str(error))
    if isinstance(error, Busy):
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return _error(error.status_code, "HTTPException", str(error.detail))


async def _internal_error(request: Request, error: Exception) -> Response:
    LOG.exception("unexpected error on %s", request.url.path)
    return _error(500, "InternalError", "unexpected error; the server log has the details")


def request_error(error: UnboilerError) -> RequestError:
    """The service's answer to a library error: a parameter (422) or the input (400)."""
    if isinstance(error, RequestError):
        return error
    if isinstance(
        error, (UnknownExtractorError, ExtractorOptionError, UnknownEncodingError, PageURLError)
    ):
        return BadParameter(str(error))
    if isinstance(error, ExtractionError):
        return BadInput(str(error))
    return BadInput(str(error))


class _Service:
    """The routes, sharing one app's limits, pool and extractor builder."""

    def __init__(self, limits: Limits, pool: WorkerPool, build: BuildExtractor) -> None:
        self.limits = limits
        self.pool = pool
        self.build = build

    async def index(self, request: Request) -> Response:
        page = resources.files("unboiler.server").joinpath("static/index.html")
        return HTMLResponse(
            page.read_text(encoding="utf-8"),
            headers={"Content-Security-Policy": _INDEX_POLICY},
        )

    async def health(self, request: Request) -> Response:
        return JSONResponse(
            {
                "status": "ok",
                "version": unboiler.__version__,
                "workers": self.limits.workers,
                "admitted": self.pool.admitted,
                "capacity": self.pool.capacity,
            }
        )

    async def extractors(self, request: Request) -> Response:
        return JSONResponse(
            [{"name": n, "description": d} for n, d in unboiler.extractors().items()]
        )

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(openapi_description(self.limits))

    async def _body(self, request: Request) -> bytes:
        return await read_body(
            request.stream(), self.limits.max_body_bytes, request.headers.get("content-length")
        )

    async def extract(self, request: Request) -> Response:
        body = await self._body(request)
        if _is_json(request):
            page = _page_from_json(_json_page(request, body), PAGE_KEYS)
        else:
            page = _page_from_query(request, body)
        return JSONResponse(await self.pool.run(lambda: self._extract(page), self._time()))

    async def extract_batch(self, request: Request) -> Response:
        data = _json_page(request, await self._body(request))
        if not isinstance(data, list):
            raise BadParameter("the body must be a JSON list of pages")
        if len(data) > self.limits.max_batch:
            raise BadParameter(f"{len(data)} pages; a batch holds at most {self.limits.max_batch}")
        pages: list[dict[str, Any] | RequestError] = []
        for item in data:
            try:
                pages.append(_page_from_json(item, PAGE_KEYS))
            except RequestError as error:
                pages.append(error)
        done: list[dict[str, Any]] = []
        stop = threading.Event()
        try:
            await self.pool.run(lambda: self._batch(pages, done, stop), self._time())
        except TimeLimitExceeded:
            # The pages done so far are answered; the page in progress ends its thread's
            # work (its slot is freed then) and the rest are never started.
            stop.set()
            finished = done[: len(pages)]
            late = {
                "status": 504,
                "type": "TimeLimitExceeded",
                "message": f"not reached within the batch's time limit of {self._time():g} s",
            }
            done = finished + [{"error": late} for _ in pages[len(finished) :]]
        return JSONResponse(done)

    async def explain(self, request: Request) -> Response:
        body = await self._body(request)
        if _is_json(request):
            page = _page_from_json(_json_page(request, body), EXPLAIN_KEYS)
            compare = page.pop("compare", None)
        else:  # a file as it is (the visual page's upload): decoded as any page is
            page = _page_from_query(request, body, extra=frozenset({"compare"}))
            name = page.pop("compare", None)
            compare = None if name is None else {"extractor": name}
        if compare is not None:
            compare = _page_from_json({"html": "", **_mapping(compare, "compare")}, PAGE_KEYS)
        return JSONResponse(await self.pool.run(lambda: self._explain(page, compare), self._time()))

    async def segment(self, request: Request) -> Response:
        body = await self._body(request)
        if _is_json(request):
            page = _page_from_json(_json_page(request, body), SEGMENT_KEYS)
        else:
            page = _page_from_query(request, body)
        return JSONResponse(await self.pool.run(lambda: self._segment(page), self._time()))

    def _time(self) -> float:
        return self.limits.time_limit

    # --- the work, in a pool thread -------------------------------------------------

    def _extractor(self, page: dict[str, Any]) -> Extractor:
        options = dict(page.get("options") or {})
        if page.get("favor") is not None:
            options["favor"] = page["favor"]
        refused = REFUSED_OPTIONS & set(options)
        if refused:
            raise BadParameter(f"option {sorted(refused)[0]!r} is not taken by the service")
        try:
            return self.build(page.get("extractor") or "default", **options)
        except UnboilerError as error:
            raise request_error(error) from error

    def _extract(self, page: dict[str, Any]) -> dict[str, Any]:
        extractor = self._extractor(page)
        output = page.get("output") or "json"
        try:
            document = parse(
                page["html"],
                url=page.get("url"),
                encoding=page.get("encoding"),
                max_bytes=self.limits.max_body_bytes,
            )
            extractor(document)
            result = build_extraction(document, extractor.name)
        except UnboilerError as error:
            raise request_error(error) from error
        record = result.to_dict()
        if output in ("markdown", "html"):
            record[output] = getattr(result, output)
        return record

    def _batch(
        self,
        pages: list[dict[str, Any] | RequestError],
        results: list[dict[str, Any]],
        stop: threading.Event,
    ) -> None:
        """Extract ``pages`` in turn into ``results`` (shared with the request, which
        answers those done when the time runs out), until ``stop`` is set."""
        for page in pages:
            if stop.is_set():
                return
            try:
                if isinstance(page, RequestError):
                    raise page
                results.append(self._extract(page))
            except RequestError as error:
                error_record = {"status": error.status, "type": type(error).__name__}
                results.append({"error": {**error_record, "message": str(error)}})

    def _segment(self, page: dict[str, Any]) -> dict[str, Any]:
        """The VIPS content structure of the page and a screenshot with its blocks drawn
        (see :mod:`unboiler.visual.picture`), the picture as a ``data:`` URL."""
        from unboiler.visual.render import visual_available

        try:
            visual_available()
        except BrowserUnavailableError as error:
            raise NotAvailable(str(error)) from None
        from unboiler.visual.picture import describe, segment_page

        try:
            with tempfile.TemporaryDirectory(prefix="unboiler-segment-") as folder:
                picture = Path(folder) / "blocks.png"
                segmentation = segment_page(
                    page["html"], png=picture, time_limit=self.limits.time_limit
                )
                png = picture.read_bytes()
        except UnboilerError as error:
            raise request_error(error) from error
        return {
            "structure": describe(segmentation),
            "blocks": [
                {"box": [round(value, 1) for value in leaf.box], "doc": leaf.doc, "rule": leaf.rule}
                for leaf in segmentation.structure.leaves()
            ],
            "png": "data:image/png;base64," + base64.b64encode(png).decode("ascii"),
        }

    def _explain(self, page: dict[str, Any], compare: dict[str, Any] | None) -> dict[str, Any]:
        extractors = [self._extractor(page)]
        if compare is not None:
            extractors.append(self._extractor(compare))
        try:
            document = parse(
                page["html"], url=page.get("url"), max_bytes=self.limits.max_body_bytes
            )
            explanations = [explain_extraction(document, chosen) for chosen in extractors]
        except UnboilerError as error:
            raise request_error(error) from error
        sides = []
        for explanation in explanations:
            result = build_extraction(explanation.document, explanation.extractor)
            side = explanation.to_dict()
            side.update(text=result.text, markdown=result.markdown, title=result.title)
            sides.append(side)
        # last: annotating writes attributes into the tree the outputs were read from
        sides[0]["page"] = annotated_page(document, explanations)
        return {**sides[0], "compare": sides[1] if len(sides) > 1 else None}


#: The visual page's policy: its own script and style, frames from its own srcdoc only.
_INDEX_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; frame-src 'self' about:; img-src 'self' data:"
)


#: Content types of a form's body that holds the page in an envelope of parts.  Not
#: ``application/x-www-form-urlencoded``, which ``curl --data-binary`` sends by default
#: with the page as it is.
FORM_TYPES: Final = frozenset({"multipart/form-data"})


def _is_json(request: Request) -> bool:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return kind == "application/json" or kind.endswith("+json")


def _json_page(request: Request, body: bytes) -> Any:
    """The JSON body of a request whose parameters are its fields: a query string
    beside it would be ignored, so it is refused (422) rather than silently dropped."""
    if request.query_params:
        name = next(iter(request.query_params))
        raise BadParameter(
            f"query parameter {name!r} beside a JSON body: give it as a field of the body"
        )
    return _json(body)


def _json(body: bytes) -> Any:
    try:
        return json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadInput(f"the body is not valid JSON: {error}") from None
    except RecursionError:  # values nested deeper than the decoder goes
        raise BadInput("the body is not valid JSON: it is nested too deeply") from None


def _mapping(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadParameter(f"{what} must be a JSON object")
    return value


def _page_from_json(data: Any, keys: frozenset[str]) -> dict[str, Any]:
    """A page given as JSON, its fields checked (422 for a wrong one)."""
    page = _mapping(data, "a page")
    unknown = sorted(set(page) - keys)
    if unknown:
        raise BadParameter(f"unknown field {unknown[0]!r}; fields: {', '.join(sorted(keys))}")
    if not isinstance(page.get("html"), str):
        raise BadParameter("field 'html' (the page, as text) is required")
    for name in ("url", "extractor", "output", "favor"):
        if page.get(name) is not None and not isinstance(page[name], str):
            raise BadParameter(f"field {name!r} must be a string")
    if page.get("options") is not None:
        _mapping(page["options"], "field 'options'")
    _check_output(page.get("output"))
    return dict(page)


def _page_from_query(
    request: Request, body: bytes, extra: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """A page sent as the raw body, its parameters in the query string (and the ``extra``
    ones a route takes besides, passed on as given).  A form's body (``curl -F``, an HTTP
    library's file upload) is refused (415): its parts' envelope would be read as the
    page."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind in FORM_TYPES:
        raise UnsupportedMediaType(
            f"a {kind} body is not read: send the page itself as the body "
            '(curl --data-binary @page.html), or JSON {"html": ...}'
        )
    query = request.query_params
    known = {"url", "extractor", "output", "favor", "encoding", "option"} | extra
    unknown = sorted(set(query) - known)
    if unknown:
        raise BadParameter(f"unknown parameter {unknown[0]!r}")
    options: dict[str, Any] = {}
    for item in query.getlist("option"):
        key, equals, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not equals or not key.isidentifier():
            raise BadParameter(f"option {item!r} is not KEY=VALUE")
        options[key] = option_value(value)
    _check_output(query.get("output"))
    try:
        html = decompress(body)
    except ExtractionError as error:
        raise BadInput(str(error)) from None
    if not html.strip():
        raise BadInput("the body is empty; send the page's HTML")
    return {
        "html": html,
        "url": query.get("url"),
        "extractor": query.get("extractor"),
        "output": query.get("output"),
        "favor": query.get("favor"),
        "encoding": query.get("encoding") or _charset(request),
        "options": options,
        **{key: query[key] for key in extra if key in query},
    }


def _charset(request: Request) -> str | None:
    """The ``charset`` of the request's ``Content-Type``: what an HTTP client says the
    raw page's bytes are in, as ``encoding`` does (which wins when both are given)."""
    for parameter in request.headers.get("content-type", "").split(";")[1:]:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip('"'):
            return value.strip().strip('"')
    return None


def _check_output(output: str | None) -> None:
    if output is not None and output not in RENDERERS:
        raise BadParameter(f"unknown output {output!r}; outputs: {', '.join(sorted(RENDERERS))}")


__all__ = ["EXPLAIN_KEYS", "PAGE_KEYS", "REFUSED_OPTIONS", "create_app", "request_error"]
