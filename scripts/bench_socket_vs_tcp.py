#!/usr/bin/env python3
"""`fm serve` over a Unix-domain socket against TCP loopback, same requests, same binary.

Starts `fm serve --socket PATH`, then `fm serve --port PORT`, and on each sends, over one
kept-alive connection, REQUESTS rounds of: `GET /v1/models` (the transport and routing alone)
and a one-token chat completion at temperature 0 (a request through the model's queue). Prints
the median latency of each kind and the ratio TCP / socket (above 1: the socket is faster).

    scripts/bench_socket_vs_tcp.py [--fm .build/release/fm] [--requests 200] [--rounds 3]
"""
import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("--fm", default=".build/release/fm")
parser.add_argument("--requests", type=int, default=200)
parser.add_argument("--rounds", type=int, default=3, help="repetitions; the medians of their medians are printed")
parser.add_argument("--port", type=int, default=18931)
args = parser.parse_args()


class UnixConnection(http.client.HTTPConnection):
    """HTTP/1.1 over a Unix-domain socket."""

    def __init__(self, path):
        super().__init__("localhost")
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


def wait_ready(connect):
    for _ in range(600):
        try:
            connection = connect()
            connection.request("GET", "/health")
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit("fm serve did not become ready")


COMPLETION = json.dumps({"model": "system", "max_tokens": 1, "temperature": 0,
                         "messages": [{"role": "user", "content": "Say OK."}]})


def measure(connect):
    """Median seconds of a models listing and of a one-token completion, per round."""
    connection = connect()
    models, completions = [], []
    for _ in range(args.requests):
        start = time.perf_counter()
        connection.request("GET", "/v1/models")
        body = connection.getresponse().read()
        models.append(time.perf_counter() - start)
        assert b'"data"' in body, body
        start = time.perf_counter()
        connection.request("POST", "/v1/chat/completions", COMPLETION, {"Content-Type": "application/json"})
        body = connection.getresponse().read()
        completions.append(time.perf_counter() - start)
        assert b'"choices"' in body, body
    connection.close()
    return statistics.median(models), statistics.median(completions)


def serve(extra):
    process = subprocess.Popen([args.fm, "serve", "--parallel", "1"] + extra,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return process


results = {}
with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "fm.sock")
    for name, extra, connect in [
        ("socket", ["--socket", path], lambda: UnixConnection(path)),
        ("tcp", ["--port", str(args.port)], lambda: http.client.HTTPConnection("127.0.0.1", args.port)),
    ]:
        process = serve(extra)
        try:
            wait_ready(connect)
            measure(connect)  # warm-up round
            rounds = [measure(connect) for _ in range(args.rounds)]
        finally:
            process.terminate()
            process.wait()
        results[name] = (statistics.median(r[0] for r in rounds), statistics.median(r[1] for r in rounds))

for index, kind in enumerate(["GET /v1/models", "1-token completion"]):
    sock, tcp = results["socket"][index], results["tcp"][index]
    print(f"{kind:20s} socket {sock * 1e3:7.3f} ms   tcp {tcp * 1e3:7.3f} ms   tcp/socket {tcp / sock:5.2f}")
