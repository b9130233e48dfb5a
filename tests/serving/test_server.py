"""The real server: ``python -m service`` with gunicorn and the service's settings, called over TCP."""

import http.client
import json

from .conftest import call


def test_ranks_hands_over_tcp(server):
    status, headers, body = call(f"{server.base}/v1/hands/rank",
                                 {"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"]]}, {"X-Request-ID": "serving-1"})
    assert status == 200 and headers["X-Request-ID"] == "serving-1"
    assert body["results"][0]["name"] == "9-4-3-2-A"


def test_compares_hands_over_tcp(server):
    players = [{"id": "a", "cards": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]},
               {"id": "b", "cards": ["8h", "5s", "4d", "3h", "Ac", "Ks", "9d"]}]
    status, _, body = call(f"{server.base}/v1/hands/compare", {"players": players})
    assert status == 200 and body["winners"] == ["a"]


def test_keeps_connections_alive(server):
    connection = http.client.HTTPConnection(*server.address, timeout=5)
    try:
        for _ in range(2):
            connection.request("GET", "/readyz")
            response = connection.getresponse()
            response.read()
            assert response.status == 200 and response.getheader("Connection", "").lower() != "close"
    finally:
        connection.close()


def test_stops_cleanly_on_sigterm(server):
    assert server.stop() == 0
    lines = [json.loads(line) for line in server.stderr.read_text().splitlines()]
    assert "Shutting down: Master" in {line["message"] for line in lines}
    assert not any("exception" in line or line["level"] == "error" for line in lines)
