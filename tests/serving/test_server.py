"""The real server: ``python -m service`` with gunicorn and gunicorn.conf.py, called over TCP."""

import http.client
import signal

from .conftest import call


def test_ranks_hands_over_tcp(server):
    base, _ = server
    status, headers, body = call(f"{base}/v1/hands/rank", {"hands": [["As", "2d", "3c", "4h", "9s", "Kd", "Kc"]]},
                                 {"X-Request-ID": "serving-1"})
    assert status == 200 and headers["X-Request-ID"] == "serving-1"
    assert body["results"][0]["name"] == "9-4-3-2-A"


def test_compares_hands_over_tcp(server):
    base, _ = server
    players = [{"id": "a", "cards": ["7s", "5d", "4c", "3c", "Ad", "Qc", "Jc"]},
               {"id": "b", "cards": ["8h", "5s", "4d", "3h", "Ac", "Ks", "9d"]}]
    status, _, body = call(f"{base}/v1/hands/compare", {"players": players})
    assert status == 200 and body["winners"] == ["a"]


def test_keeps_connections_alive_with_gthread_workers(server):
    base, _ = server
    connection = http.client.HTTPConnection(base.removeprefix("http://"), timeout=5)
    try:
        for _ in range(2):
            connection.request("GET", "/readyz")
            response = connection.getresponse()
            response.read()
            assert response.status == 200 and response.getheader("Connection", "").lower() != "close"
    finally:
        connection.close()


def test_stops_cleanly_on_sigterm(server):
    _, process = server
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0
    log = process.stdout.read()
    assert "Traceback" not in log and "control" not in log.lower()
