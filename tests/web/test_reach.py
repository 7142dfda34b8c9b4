"""Which addresses the server gives to others and which ``Host``/``Origin`` it accepts
(`cardtable.web.network`, web.md §5): a DNS-rebinding page's name is never one of them."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")

from cardtable.web.network import Reach, lan_addresses
from cardtable.web.serve import welcome


def test_a_server_on_every_address_answers_to_ip_addresses_and_its_own_names_only() -> None:
    reach = Reach("0.0.0.0", 8000, lan=("192.168.1.20",))
    for host in ("127.0.0.1:8000", "192.168.1.20:8000", "10.1.2.3", "[::1]:8000", "localhost:8000", None):
        assert reach.host_ok(host), host
    for host in ("evil.example", "evil.example:8000", "192.168.1.20.nip.io:8000", "", "a:b:c", "x:99999999"):
        assert not reach.host_ok(host), host


def test_a_server_on_loopback_answers_to_loopback_names_only() -> None:
    reach = Reach("127.0.0.1", 8000)
    assert reach.host_ok("127.0.0.1:8000") and reach.host_ok("localhost:8000")
    assert not reach.host_ok("192.168.1.20:8000") and not reach.host_ok("evil.example")
    assert reach.shared_urls() == []


def test_a_public_url_is_the_link_and_the_only_origin() -> None:
    reach = Reach("127.0.0.1", 8000, public_url="https://cards.example.org")
    assert reach.shared_urls() == ["https://cards.example.org/"]
    assert reach.host_ok("cards.example.org") and reach.host_ok("127.0.0.1:8000")
    assert not reach.host_ok("evil.example")
    assert reach.origin_ok("https://cards.example.org", "cards.example.org")
    assert not reach.origin_ok("http://cards.example.org", "cards.example.org")  # not the public scheme
    assert not reach.origin_ok("https://evil.example", "evil.example")
    assert reach.origin_ok(None, "anything")  # a program, not a page


def test_without_a_public_url_the_origin_must_be_the_requests_own_host() -> None:
    reach = Reach("0.0.0.0", 8000)
    assert reach.origin_ok("http://192.168.1.20:8000", "192.168.1.20:8000")
    assert not reach.origin_ok("http://evil.example", "192.168.1.20:8000")
    assert not reach.origin_ok("file://x", "192.168.1.20:8000")


def test_allowed_and_advertised_names_are_answered_to() -> None:
    reach = Reach("0.0.0.0", 8000, advertise=("cards.lan",), allowed_hosts=("Games.Home",))
    assert reach.host_ok("cards.lan:8000") and reach.host_ok("games.home")
    assert reach.shared_urls() == ["http://cards.lan:8000/"]


def test_the_detected_addresses_are_never_loopback() -> None:
    for address in lan_addresses():
        assert not address.startswith("127.") and address != "::1"


def test_the_welcome_says_where_to_go_and_what_the_network_means() -> None:
    lines = welcome(Reach("0.0.0.0", 8000, lan=("192.168.1.20",)))
    text = "\n".join(lines)
    assert "http://127.0.0.1:8000/" in text and "http://192.168.1.20:8000/" in text
    assert "anyone on this network" in text and "--host 127.0.0.1" in text
    alone = "\n".join(welcome(Reach("127.0.0.1", 8000)))
    assert "others cannot join" in alone and "anyone on this network" not in alone
