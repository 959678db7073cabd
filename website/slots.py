"""The venue server holds its slots: no client takes every connection `make serve` can hold.

waitress stops accepting when SERVER_CONNECTION_LIMIT connections are open, so 2,200 idle connections
from one phone (or one script) left /healthz and every scorer waiting in the listen queue until the
idle ones timed out a minute later. This server keeps accepting and makes room instead:

- one address holds at most SERVER_CONNECTIONS_PER_ADDRESS connections (per server process); its
  next one closes that address's own longest-idle connection, so a flood only ever displaces itself,
  and a device that opens a fresh connection is answered even while it (or its neighbour) floods;
- at SERVER_CONNECTION_LIMIT the longest-idle connection of whoever holds the most goes.

Only connections with no request in hand are closed: idle ones first (nothing received since the
last answer), then those stalled half-way through a request head or body, least recently active
first. Requests being answered or waiting for a thread are never cut; when every connection is busy
the new one is closed at once (the client tries again) rather than left in the listen queue.

Behind the hub's proxy every connection comes from the proxy's address: the per-address cap then
bounds the proxy's connections to one process (Caddy holds the slow clients itself).
"""

from __future__ import annotations

import logging
import time

from waitress.adjustments import Adjustments
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from website.refused_bodies import LingeringChannel

log = logging.getLogger("website.serve")


def _host(addr) -> str:
    return str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)


def evictable(channel) -> bool:
    """No request of this connection is being answered or waiting for a thread, nothing left to send."""
    return not channel.will_close and not channel.requests and not channel.total_outbufs_len


def longest_idle(channels):
    """The connection to close to make room, or None when every one is busy: idle before half-sent,
    then the least recently active."""
    candidates = [channel for channel in channels if evictable(channel)]
    if not candidates:
        return None
    return min(candidates, key=lambda channel: (channel.request is not None, channel.last_activity))


class SlotKeepingServer(TcpWSGIServer):
    """waitress's TCP server with a per-address cap and room made at the connection limit (see above)."""

    channel_class = LingeringChannel  # a body over the server's bound refused in words (refused_bodies.py)
    per_address = 100
    refused = 0
    _last_warning = 0.0

    def readable(self):
        # waitress's own readable() stops accepting at the limit; this one always accepts (handle_accept
        # decides) and keeps the idle-connection maintenance.
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return self.accepting

    def handle_accept(self):
        try:
            pair = self.accept()
            if pair is None:
                return
            conn, addr = pair
            self.set_socket_options(conn)
        except OSError:
            return  # the peer left before we got to it (as waitress does)
        addr = self.fix_addr(addr)
        if not self.make_room(_host(addr)):
            conn.close()
            self.refused += 1
            self._warn(f"every connection busy: {self.refused} refused so far")
            return
        self.channel_class(self, conn, addr, self.adj, map=self._map)

    def make_room(self, host: str) -> bool:
        """Close what must go for one more connection from ``host``; False when nothing may go."""
        open_channels = [channel for channel in self.active_channels.values() if not channel.will_close]
        mine = [channel for channel in open_channels if _host(channel.addr) == host]
        if len(mine) >= self.per_address:
            victim = longest_idle(mine)
            if victim is None:
                return False
            victim.will_close = True
            open_channels.remove(victim)
            self._warn(f"{host} holds {len(mine)} connections, the most one address may: closing its longest idle")
        if len(open_channels) >= self.adj.connection_limit:
            counts: dict[str, int] = {}
            for channel in open_channels:
                counts[_host(channel.addr)] = counts.get(_host(channel.addr), 0) + 1
            # The longest idle of the address holding the most, else of anyone.
            crowd = max(counts, key=counts.get)
            victim = longest_idle(c for c in open_channels if _host(c.addr) == crowd) or longest_idle(open_channels)
            if victim is None:
                return False
            victim.will_close = True
        return True

    def _warn(self, message: str) -> None:
        now = time.monotonic()
        if now - self._last_warning >= 10:  # a flood logs once every 10 s, not once a connection
            self._last_warning = now
            log.warning("connections: %s", message)


def serve(application, settings: dict, per_address: int) -> None:
    """waitress.serve() with SlotKeepingServer on the listening sockets in ``settings``."""
    adj = Adjustments(**settings)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    channels: dict = {}
    servers = []
    for sock in adj.sockets:
        server = SlotKeepingServer(application, channels, True, sock, dispatcher=dispatcher, adj=adj,
                                   bind_socket=False, sockinfo=(sock.family, sock.type, sock.proto,
                                                                sock.getsockname()))
        server.per_address = per_address
        server.print_listen("Serving on http://{}:{}")
        servers.append(server)
    servers[0].run()
