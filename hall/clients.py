"""The client's address: the one answer the login limit, the sign-up limit and the logs all use.

`make serve` (website/serve.py) has waitress put it in REMOTE_ADDR before the site sees a request:
the peer's own address, or, when the peer is the trusted proxy (SERVER_TRUSTED_PROXY, 127.0.0.1:
Caddy on the hub, deploy/Caddyfile), the last address of the X-Forwarded-For header that proxy sent,
i.e. the client as the proxy saw it. Whatever a client wrote into that header itself comes before
it and is never read; from anyone else waitress removes the header, so no client can claim another
address. Under any other server (runserver, the test client) the header is never read at all.

The limits count `counted_address`: an IPv4 address as it is, an IPv6 address by its /64 network,
which a single device or household gets whole and can pick fresh addresses from at will.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping


def client_address(source) -> str:
    """The client of a Django request or a WSGI environ, written the one way (`::ffff:a.b.c.d` → `a.b.c.d`)."""
    meta = getattr(source, "META", source)
    raw = str(meta.get("REMOTE_ADDR") or "") if isinstance(meta, Mapping) else ""
    raw = raw.strip().removeprefix("[").removesuffix("]")
    if not raw:
        return "-"
    try:
        address = ipaddress.ip_address(raw.split("%", 1)[0])
    except ValueError:
        return raw[:64]  # a Unix socket's peer or a proxy's made-up name: kept as it is, bounded
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return str(address)


def counted_address(source) -> str:
    """What the login and sign-up limits count for this client: its address, for IPv6 its /64."""
    address = client_address(source)
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return address
