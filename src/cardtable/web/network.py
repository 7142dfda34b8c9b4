"""Where the server can be reached, and from where it accepts requests (web.md §5).

A table server started by ``cardtable serve`` listens on every network of the machine by default,
so that a phone on the same Wi-Fi can join. That makes two questions this module answers:

- **Which addresses to give to others.** The machine's own addresses on its networks (never the
  loopback: a link to ``127.0.0.1`` opens the phone's own loopback), or the ``--public-url`` of a
  server behind a reverse proxy, or ``--advertise`` where the operator knows better than the
  detection (a machine with a VPN or container bridges).
- **Which requests to serve.** A request's ``Host`` must name the public URL's host, an address
  the server listens on, or a name the operator allowed (``--allowed-host``). A DNS-rebinding page
  reaches the server under a name of its own (``evil.example``), never under one of these, so its
  requests are refused with ``400``. An IP address cannot be rebound, so when the server listens
  on every address, any IP literal names the server. A page's WebSocket ``Origin`` must be the
  public URL's origin when there is one, else the request's own (checked) ``Host``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from dataclasses import dataclass, field
from urllib.parse import urlsplit

#: Addresses that mean "every address of this machine".
WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def is_loopback(name: str) -> bool:
    if name.lower() == "localhost" or name.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _usable(address: str) -> bool:
    """An address another device could reach this machine by: not loopback, link-local or unspecified."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def _route_address() -> str | None:
    """The address this machine would send from to the wider network. A UDP socket's ``connect``
    only picks the route: no packet is sent (the target is a documentation address)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))
        address: str = s.getsockname()[0]
        return address
    return None


def _interface_addresses() -> list[str]:
    """The IPv4 address of each network interface (Linux), else those the host name resolves to."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        import fcntl

        siocgifaddr = 0x8915
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _, name in socket.if_nameindex():
                with contextlib.suppress(OSError):
                    packed = struct.pack("256s", name.encode()[:15])
                    raw = fcntl.ioctl(s.fileno(), siocgifaddr, packed)
                    found.append(socket.inet_ntoa(raw[20:24]))
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    return found


def lan_addresses() -> list[str]:
    """This machine's addresses that other devices on its networks can use, the default route's
    first; empty when it has none (no network)."""
    out: list[str] = []
    for address in [_route_address(), *_interface_addresses()]:
        if address and _usable(address) and address not in out:
            out.append(address)
    return out


def _host_of(netloc: str) -> tuple[str, int | None]:
    """The host name (lower case, IPv6 without brackets) and port of a ``Host`` header or netloc."""
    parts = urlsplit("//" + netloc)
    try:
        port = parts.port
    except ValueError:
        port = -1  # a port that is not a number: never a match
    return (parts.hostname or "").lower(), port


def _url_host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


@dataclass(frozen=True)
class Reach:
    """How the server is reached: where it listens, its public URL, and the names it answers to."""

    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None
    #: Addresses to put in links instead of the detected ones (``--advertise``).
    advertise: tuple[str, ...] = ()
    #: Extra host names the server answers to (``--allowed-host``).
    allowed_hosts: tuple[str, ...] = ()
    #: The detected addresses of this machine (filled by `detect`).
    lan: tuple[str, ...] = field(default=())

    @classmethod
    def detect(
        cls,
        host: str,
        port: int,
        public_url: str | None = None,
        advertise: tuple[str, ...] = (),
        allowed_hosts: tuple[str, ...] = (),
    ) -> Reach:
        """The reach of a server listening on ``host``, with this machine's addresses found now."""
        lan: tuple[str, ...] = ()
        if host in WILDCARDS:
            lan = tuple(lan_addresses())
        elif not is_loopback(host):
            lan = (host,)
        return cls(host, port, public_url.rstrip("/") if public_url else None, advertise, allowed_hosts, lan)

    @property
    def everywhere(self) -> bool:
        """Whether the server listens on every address of the machine."""
        return self.host in WILDCARDS

    @property
    def public_origin(self) -> str | None:
        """The public URL's origin (scheme, host and port), as a browser sends it in ``Origin``."""
        if not self.public_url:
            return None
        parts = urlsplit(self.public_url)
        return f"{parts.scheme}://{parts.netloc}".lower()

    def local_url(self) -> str:
        """The address to open on this machine."""
        host = "127.0.0.1" if self.everywhere or is_loopback(self.host) else self.host
        return f"http://{_url_host(host)}:{self.port}/"

    def shared_urls(self) -> list[str]:
        """The addresses others use, best first: the public URL, else the advertised or detected
        addresses of this machine on its networks (none when it listens on loopback only)."""
        if self.public_url:
            return [self.public_url + "/"]
        addresses = self.advertise or (self.lan if (self.everywhere or not is_loopback(self.host)) else ())
        return [f"http://{_url_host(a)}:{self.port}/" for a in addresses]

    def host_ok(self, header: str | None) -> bool:
        """Whether a request's ``Host`` header names this server (see the module's docstring).
        A request with no ``Host`` (HTTP/1.0, a program) is served: no browser sends one."""
        if header is None:
            return True
        name, port = _host_of(header)
        if port == -1 or not name:
            return False
        if self.public_url and name == _host_of(urlsplit(self.public_url).netloc)[0]:
            return True
        if name in (h.lower() for h in (*self.allowed_hosts, *self.advertise)):
            return True
        if self.everywhere:
            return is_ip(name) or is_loopback(name) or name in _own_names()
        if is_loopback(self.host):
            return is_loopback(name)
        return name == self.host.lower().strip("[]")

    def origin_ok(self, origin: str | None, host_header: str | None) -> bool:
        """Whether a WebSocket handshake's ``Origin`` may open a live connection: none (a program)
        is fine; a page's must be the public URL's origin, or else of the request's own host."""
        if origin is None:
            return True
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https"):
            return False
        if self.public_origin is not None:
            return f"{parts.scheme}://{parts.netloc}".lower() == self.public_origin
        return host_header is not None and parts.netloc.lower() == host_header.lower()


def _own_names() -> frozenset[str]:
    """This machine's own names: its host name and the ``.local`` name that mDNS gives it."""
    name = socket.gethostname().lower()
    return frozenset({name, f"{name}.local", name.split(".")[0]})


def qr_text(url: str) -> str | None:
    """The link as a QR code drawn with block characters for a terminal, or ``None`` without segno."""
    try:
        import segno
    except ImportError:
        return None
    import io

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def qr_svg(url: str) -> str:
    """The link as a QR code in SVG, for the pages (dark modules on white, scalable)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False, svgns=True, title="")
    return out.getvalue().decode("utf-8")
