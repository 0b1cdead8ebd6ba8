"""The service's OpenAPI 3.1 description, written by hand beside the routes it describes
(Starlette generates none; a test checks that every route is in it and nothing else)."""

from __future__ import annotations

from typing import Any

import unboiler
from unboiler.output import RENDERERS
from unboiler.server.limits import Limits


def _error(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def openapi_description(limits: Limits) -> dict[str, Any]:
    """The description, with this app's limits in its text."""
    errors = {
        "400": _error("The body is not a page (binary data, corrupt gzip) or not valid JSON."),
        "413": _error(f"The body is over {limits.max_body_bytes} bytes."),
        "415": _error("A form's body (multipart/form-data): send the page itself, or JSON."),
        "422": _error("A parameter or field the service or the extractor does not take."),
        "503": _error("Every worker is busy and the queue is full; retry shortly."),
        "504": _error(f"The request took over {limits.time_limit:g} s."),
    }
    page_json = {"application/json": {"schema": {"$ref": "#/components/schemas/Page"}}}
    result = {"application/json": {"schema": {"$ref": "#/components/schemas/Result"}}}
    query = [
        {"name": name, "in": "query", "required": False, "schema": {"type": "string"}}
        | {"description": text}
        for name, text in (
            ("extractor", "Extractor name (GET /extractors); default `default`."),
            ("output", "`json` (default), `text`, `markdown` (adds `markdown`), `html`."),
            ("url", "The page's address, for metadata and links; never fetched."),
            ("favor", "The default extractor's `balanced`, `precision` or `recall`."),
            ("encoding", "The charset of the raw body; else the Content-Type's; else detected."),
        )
    ]
    query.append(
        {
            "name": "option",
            "in": "query",
            "required": False,
            "description": "An extractor option as KEY=VALUE (repeatable).",
            "schema": {"type": "array", "items": {"type": "string"}},
            "explode": True,
        }
    )
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "unboiler",
            "version": unboiler.__version__,
            "description": "The main content of web pages, without the boilerplate. The "
            "service reads only the pages it is sent; it never fetches a URL.",
        },
        "paths": {
            "/extract": {
                "post": {
                    "summary": "Extract one page: the HTML as the body, or a JSON page.",
                    "parameters": query,
                    "requestBody": {
                        "required": True,
                        "content": {
                            "text/html": {"schema": {"type": "string"}},
                            "application/octet-stream": {"schema": {"type": "string"}},
                            **page_json,
                        },
                    },
                    "responses": {"200": {"description": "The JSON output.", "content": result}}
                    | errors,
                }
            },
            "/extract/batch": {
                "post": {
                    "summary": f"Extract up to {limits.max_batch} pages; a page that fails "
                    "gets an error record in its place.",
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "array",
                                    "maxItems": limits.max_batch,
                                    "items": {"$ref": "#/components/schemas/Page"},
                                }
                            }
                        },
                    },
                    "responses": {"200": {"description": "One result or error per page."}} | errors,
                }
            },
            "/explain": {
                "post": {
                    "summary": "Every block of a page with its features, decision and reason, "
                    "the annotated page and the outputs (what the visual page shows); "
                    "`compare` names a second extractor.",
                    "parameters": [
                        *query,
                        {
                            "name": "compare",
                            "in": "query",
                            "required": False,
                            "description": "With a raw body: a second extractor's name.",
                            "schema": {"type": "string"},
                        },
                    ],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "text/html": {"schema": {"type": "string"}},
                            "application/octet-stream": {"schema": {"type": "string"}},
                            **page_json,
                        },
                    },
                    "responses": {"200": {"description": "The explanation."}} | errors,
                }
            },
            "/segment": {
                "post": {
                    "summary": "The page's VIPS segmentation (Cai et al., MSR-TR-2003-79): its "
                    "content structure as lines, the leaf blocks with their DoC, and a "
                    "screenshot with the blocks drawn, as a data: URL; 501 without the "
                    "visual extra (Playwright and Debian's chromium).",
                    "parameters": query,
                    "requestBody": {
                        "required": True,
                        "content": {
                            "text/html": {"schema": {"type": "string"}},
                            "application/octet-stream": {"schema": {"type": "string"}},
                            **page_json,
                        },
                    },
                    "responses": {"200": {"description": "The segmentation."}}
                    | errors
                    | {"501": _error("The visual extra is not installed.")},
                }
            },
            "/extractors": {
                "get": {
                    "summary": "The extractors, with what each one is.",
                    "responses": {"200": {"description": "A list."}},
                }
            },
            "/health": {
                "get": {
                    "summary": "Liveness, version and the pool's load.",
                    "responses": {"200": {"description": "OK."}},
                }
            },
            "/": {
                "get": {
                    "summary": "The visual page.",
                    "responses": {"200": {"description": "HTML."}},
                }
            },
            "/openapi.json": {
                "get": {
                    "summary": "This description.",
                    "responses": {"200": {"description": "OpenAPI."}},
                }
            },
        },
        "components": {
            "schemas": {
                "Page": {
                    "type": "object",
                    "required": ["html"],
                    "additionalProperties": False,
                    "properties": {
                        "html": {"type": "string"},
                        "url": {"type": "string"},
                        "extractor": {"type": "string", "default": "default"},
                        "output": {"type": "string", "enum": sorted(RENDERERS)},
                        "favor": {"type": "string", "enum": ["balanced", "precision", "recall"]},
                        "options": {"type": "object"},
                        "compare": {
                            "type": "object",
                            "description": "/explain only: a second extractor, its options.",
                        },
                    },
                },
                "Result": {
                    "type": "object",
                    "description": "What `unboiler extract --output json` writes.",
                    "properties": {
                        name: {"type": ["string", "null"]}
                        for name in ("url", "title", "author", "date", "language", "text")
                    },
                },
                "Error": {
                    "type": "object",
                    "properties": {
                        "error": {
                            "type": "object",
                            "properties": {
                                "status": {"type": "integer"},
                                "type": {"type": "string"},
                                "message": {"type": "string"},
                            },
                        }
                    },
                },
            }
        },
    }


__all__ = ["openapi_description"]
