"""Request ids in log lines: RequestIdMiddleware sets one per request, RequestIdFilter adds it."""

from __future__ import annotations

import contextvars
import logging

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        # Django logs a 4xx/5xx response after the middleware has returned: it passes the request.
        request = getattr(record, "request", None)
        record.request_id = getattr(request, "request_id", None) or request_id.get()
        return True
