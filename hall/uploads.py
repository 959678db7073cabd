"""MAX_UPLOAD_MB for the whole request, files included, enforced while the body is read.

Django's DATA_UPLOAD_MAX_MEMORY_SIZE leaves out the file parts of a form, and
FILE_UPLOAD_MAX_MEMORY_SIZE only decides when a file goes to a temporary file: a 16 MB sheet was
read, parsed and reported on for minutes. Here a declared Content-Length over the limit is
refused before anything is read, and a body that grows over it while it streams in (chunked, or a
lying length) stops at the limit (``LimitedUploadHandler``). Either way the answer is a 413 with
a sentence in the page's language (JSON under /api/: the scorer API's 400 as its spec promises, the hub's
intake a 413 as docs/publishing.md does), within
the time it takes to read the body. A body over what `make serve` buffers at all (64 MB) never reaches
the site: the server answers it with the same sentence and reads the rest away (website/refused_bodies.py).
"""

from __future__ import annotations

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.urls import NoReverseMatch
from django.utils.translation import gettext_lazy

from language import Message, render
from web import json_answers as reply
from web import links

# What a refused body may still be read to throw it away (so the browser gets the 413 page
# instead of a reset connection); anything larger is cut off.
DRAIN_FACTOR = 8
CHUNK = 64 * 1024


def is_publication(path: str) -> bool:
    """The one body that may be larger than an upload: a whole tournament published to the cup's site, at the
    address publishing's URL conf gives its intake (web/links.py: publishing provides it). A URL conf without
    publishing's URLs (a test's, a site that takes no publications) has no such body."""
    try:
        return path == links.url("publish_intake")
    except NoReverseMatch:
        return False


def limit(request=None) -> int:
    if request is not None and is_publication(request.path):
        return settings.PUBLISH_MAX_SIZE
    return settings.MAX_UPLOAD_SIZE


def too_large_text(request=None) -> Message:
    mb = f"{limit(request) / (1024 * 1024):g}"
    if request is not None and is_publication(request.path):
        return Message(gettext_lazy("Die Sendung ist zu groß: höchstens %(mb)s MB; nichts wurde übernommen."), mb=mb)
    return Message(gettext_lazy("Die Datei ist zu groß: höchstens %(mb)s MB pro Hochladen."), mb=mb)


def too_large_status(path: str) -> int | None:
    """The status of a JSON refusal of a too large body, or None for the page: the hub's intake answers 413
    (docs/publishing.md), the scorer API keeps its contract, a 400 (scorer-api.md)."""
    if is_publication(path):
        return 413
    return 400 if "/api/" in path else None


def too_large(request) -> HttpResponse:
    said = too_large_text(request)
    status = too_large_status(request.path)
    if status is not None:  # a client that reads JSON, not a page: the sentence in every language it may pick
        return reply.refusal(status, said)
    # The middleware runs after LocaleMiddleware (website/settings.py): the request's language is known.
    body = render_to_string("hall/too_large.html", {"message": render(said)}, request=request)
    return HttpResponse(body, status=413)


def _drain(request, length: int) -> None:
    """Read and drop a refused body (up to a bound) so the client reads the answer, not a reset."""
    if length > limit(request) * DRAIN_FACTOR:
        return
    stream = request.META.get("wsgi.input")
    left = length
    try:
        while stream is not None and left > 0:
            chunk = stream.read(min(CHUNK, left))
            if not chunk:
                break
            left -= len(chunk)
    except OSError:  # the client went away: nothing left to answer
        pass


class LimitedUploadHandler(FileUploadHandler):
    """First of FILE_UPLOAD_HANDLERS: counts the bytes of every file of a request and stops the
    upload at MAX_UPLOAD_SIZE; the middleware then answers 413 instead of calling the view."""

    def new_file(self, *args, **kwargs):
        super().new_file(*args, **kwargs)
        if not hasattr(self.request, "_upload_bytes"):
            self.request._upload_bytes = 0

    def receive_data_chunk(self, raw_data, start):
        self.request._upload_bytes += len(raw_data)
        if self.request._upload_bytes > limit():
            self.request.upload_too_large = True
            raise StopUpload(connection_reset=False)  # Django reads the rest of the body away
        return raw_data

    def file_complete(self, file_size):
        return None


class UploadLimitMiddleware:
    """Refuses a too large request body with a 413 page (a JSON 400 under /api/) before any view reads it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit(request):
            _drain(request, length)
            return too_large(request)
        if request.method == "POST" and request.content_type == "multipart/form-data":
            try:
                request.POST  # noqa: B018 - parse now, through LimitedUploadHandler
            except Exception:  # noqa: BLE001, S110 - a broken body: the view's own parsing reports it (400)
                pass
            if getattr(request, "upload_too_large", False):
                return too_large(request)
        return self.get_response(request)
