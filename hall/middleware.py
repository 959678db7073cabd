"""RequestIdMiddleware: an id per request, in every log line of it and in the X-Request-ID header."""

from __future__ import annotations

import re
import uuid

from hall.logging import request_id

# A proxy's id is taken over when it looks sane; anything else gets a fresh one.
_INCOMING = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


class RequestIdMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        incoming = request.headers.get("X-Request-ID", "")
        rid = incoming if _INCOMING.match(incoming) else uuid.uuid4().hex[:16]
        request.request_id = rid
        token = request_id.set(rid)
        try:
            response = self.get_response(request)
        finally:
            request_id.reset(token)
        response["X-Request-ID"] = rid
        return response
