"""Where a tournament may publish to: an address the operator allows, never one inside the machine's
own networks unless the operator says so.

A director types the cup site's address, and the server itself then sends the whole tournament and its
token there. On a hosted site (the hub running an event itself) that would let anyone with a director's
login make the server post to addresses only it can reach (loopback, the provider's private network,
link-local metadata services). So:

- ``PUBLISH_ALLOWED_URLS`` (comma-separated, e.g. ``https://cup.tarock.at/``): when set, only these
  sites; ``PUBLISH_HUB_URL``, the cup's own site, is allowed as well and is the form's suggestion.
- every address a host name resolves to must be public (not loopback, private, link-local, reserved
  or multicast), unless ``PUBLISH_ALLOW_PRIVATE=1`` (a hub on a laptop in the same hall, the tests);
  an IPv6 address carrying an IPv4 one (IPv4-mapped, 6to4, Teredo) is judged by what it carries too,
  whatever this Python's own table of special networks says of the IPv6 prefix;
- a port is a number from 1 to 65535 (``:99999`` is a sentence on the form, not a crash);
- the request follows no redirect, so an allowed site cannot send it on elsewhere.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.conf import settings

from language import Message, Said
from publishing import outcomes


@dataclass(frozen=True)
class NotAllowed(Said, Exception):  # noqa: N818 - a refusal with its sentence, not a programming error
    code: str  # publishing/outcomes.py: the sentence, kept with an attempt as code and values
    values: dict = field(default_factory=dict)

    @property
    def said(self) -> Message:
        return outcomes.sentence(self.code, self.values)


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url.strip())
    try:
        port = parts.port  # ValueError for a port above 65535
    except ValueError:
        port = 0
    if port == 0:
        raise NotAllowed(outcomes.BAD_PORT)
    return parts.scheme.lower(), (parts.hostname or "").lower(), port


def allowed_sites() -> list[str]:
    sites = [site for site in getattr(settings, "PUBLISH_ALLOWED_URLS", []) if site]
    hub = getattr(settings, "PUBLISH_HUB_URL", "")
    return [*sites, hub] if sites and hub else sites


def _is_public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return ip.is_global and not (ip.is_multicast or ip.is_reserved)


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv4Address):
        return _is_public(ip)
    if ip.ipv4_mapped is not None:  # ::ffff:a.b.c.d is that IPv4 host itself
        return _is_public(ip.ipv4_mapped)
    # 6to4 (2002:a.b.c.d::) and Teredo (server and client) reach the IPv4 hosts they carry; older
    # Pythons take 2002::/16 for global, so the carried hosts are checked here, not left to the table.
    carried = [ip.sixtofour] if ip.sixtofour is not None else list(ip.teredo or ())
    return _is_public(ip) and all(_is_public(inner) for inner in carried)


def check_address(url: str) -> None:
    """Raise NotAllowed with a sentence in German and English when ``url`` is not a hub this site may send to."""
    scheme, host, port = _origin(url)
    if scheme not in ("http", "https") or not host:
        raise NotAllowed(outcomes.BAD_SCHEME)
    sites = allowed_sites()
    if sites and (scheme, host, port) not in {_origin(site) for site in sites}:
        raise NotAllowed(outcomes.NOT_ALLOWED, {"sites": ", ".join(sites)})
    if getattr(settings, "PUBLISH_ALLOW_PRIVATE", False):
        return
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, port or (443 if scheme == "https" else 80))}
    except (socket.gaierror, UnicodeError) as error:
        raise NotAllowed(outcomes.NO_SUCH_HOST, {"host": host, "reason": error.__class__.__name__}) from None
    if not all(_public(address) for address in addresses):
        raise NotAllowed(outcomes.PRIVATE, {"host": host})
