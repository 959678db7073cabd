"""The machine's LAN addresses, found without sending a packet.

Reads `ip -j addr` (iproute2) when it is there, else the addresses the host name resolves to.
Used by `make serve` / `make run` to print the addresses phones in the hall can use, and to warn
when SITE_URL (the QR codes' address) names one they cannot reach, and to accept those addresses
as host names (ALLOWED_HOSTS) without configuration.
"""

from __future__ import annotations

import ipaddress
import json
import shutil
import socket
import subprocess
from functools import lru_cache
from urllib.parse import urlsplit

from django.utils.translation import gettext_lazy

from language import in_both


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified)


def _from_ip_command() -> list[str] | None:
    ip = shutil.which("ip")
    if not ip:
        return None
    try:
        out = subprocess.run([ip, "-j", "addr"], capture_output=True, text=True, timeout=5, check=True).stdout
        interfaces = json.loads(out)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    found = []
    for interface in interfaces:
        if "UP" not in interface.get("flags", []) and interface.get("operstate") not in ("UP", "UNKNOWN"):
            continue
        for info in interface.get("addr_info", []):
            if info.get("family") == "inet" and _usable(info.get("local", "")):
                found.append(info["local"])
    return found


def _from_hostname() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [info[4][0] for info in infos if _usable(info[4][0])]


@lru_cache(maxsize=1)
def _lan_addresses() -> tuple[str, ...]:
    found = _from_ip_command()
    if found is None:
        found = _from_hostname()
    return tuple(dict.fromkeys(found))


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine that other devices on the LAN can reach (no loopback), read once
    per process (settings ask twice at start)."""
    return list(_lan_addresses())


def suggested_site_url(port: int | str, placeholder: str = "127.0.0.1") -> str:
    """The address phones in the hall reach: the first LAN address at the port the site answers on, or
    ``placeholder`` in its place when the laptop has none. SITE_URL's default when it is not set, and what
    make serve's banner and the round board suggest (with a placeholder a person replaces)."""
    addresses = lan_addresses()
    return f"http://{addresses[0] if addresses else placeholder}:{port}"


# The machine itself asks its server by address: the hub's proxy checks each instance's /healthz as
# 127.0.0.1:8001 (deploy/Caddyfile), so these stay allowed when DJANGO_ALLOWED_HOSTS names the site;
# from the internet only Caddy reaches an instance, and it passes on nothing but the site's own name.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
LOCAL_HOSTS = (*LOOPBACK_HOSTS, "testserver")


def allowed_hosts(configured: str | None, site_url: str) -> list[str]:
    """Host names the site answers to: DJANGO_ALLOWED_HOSTS (and the loopback names) when set, else
    localhost, this machine's LAN addresses (what the phones type or scan) and SITE_URL's host."""
    if configured is not None and configured.strip():
        return list(dict.fromkeys([*(host.strip() for host in configured.split(",") if host.strip()), *LOOPBACK_HOSTS]))
    site_host = urlsplit(site_url).hostname
    hosts = [*LOCAL_HOSTS, *lan_addresses(), *([site_host] if site_host else [])]
    return list(dict.fromkeys(hosts))


def unreachable_site_url(site_url: str) -> bool:
    """True when SITE_URL names an address phones cannot reach (127.x, ::1, localhost, 0.0.0.0)."""
    host = (urlsplit(site_url).hostname or "").lower()
    if host in ("", "localhost") or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def printed_address(site_url: str, browser_url: str) -> str:
    """The address printed on paper (table cards' QR codes, links): SITE_URL, which the phones in the hall
    reach, whatever address the director's browser used (the laptop's own 127.0.0.1 reaches no phone).
    Only where SITE_URL itself is a loopback and the browser used another address is that one better."""
    if unreachable_site_url(site_url) and browser_url and not unreachable_site_url(browser_url):
        return browser_url.rstrip("/")
    return site_url.rstrip("/")


def banner(host: str, port: int | str, site_url: str) -> list[str]:
    """Lines to print at start: where the site listens, the phones' addresses, SITE_URL warnings (both
    languages from one msgid: whoever starts the laptop reads one of them)."""
    lines = []
    addresses = lan_addresses()
    if host in ("0.0.0.0", "::", ""):
        lines.append(in_both(gettext_lazy("Tarock-Turnier läuft auf %(url)s (dieser Laptop)"),
                             url=f"http://127.0.0.1:{port}/"))
        if addresses:
            lines.append(in_both(gettext_lazy("Adressen für Handys und Tablets:")))
            lines += [f"    http://{address}:{port}/" for address in addresses]
        else:
            lines.append(in_both(gettext_lazy("Keine LAN-Adresse gefunden: ist der Laptop mit dem Router verbunden?")))
    else:
        lines.append(in_both(gettext_lazy("Tarock-Turnier läuft nur auf %(url)s (HOST=0.0.0.0 für das LAN)"),
                             url=f"http://{host}:{port}/"))
    if unreachable_site_url(site_url):
        suggestion = suggested_site_url(port, "<LAN-Adresse>")
        lines.append(in_both(gettext_lazy("WARNUNG: SITE_URL=%(site_url)s ist von Handys nicht erreichbar "
                                          "(QR-Codes der Tischkarten!). Zum Beispiel SITE_URL=%(suggestion)s setzen."),
                             site_url=site_url, suggestion=suggestion))
    else:
        lines.append(f"SITE_URL (QR-Codes) = {site_url}")
    return lines
