#!/usr/bin/env python3
"""The fault proxy of scripts/remote_conformance: a loopback HTTP/1.1 server in front of an
OpenAI-compatible server, whose first path segment picks what it does with a request:

  /pass/v1/...              forwards to the upstream (streaming the answer through as it comes)
  /429/v1/...               answers 429 with `Retry-After: 3` and an OpenAI rate-limit error
  /stall/v1/...             reads the request and never answers (the client's time-out ends it)
  /content-<base64url>/v1/...  answers a whole chat completion whose content is the decoded text:
                            a server that enforces no schema, so a violation can be injected

  remote_conformance_proxy.py PORT UPSTREAM_BASE   # e.g. 8090 http://127.0.0.1:8080
"""
import base64
import http.client
import http.server
import json
import sys
import threading
import time
import urllib.parse


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    upstream = None

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=()):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        _, mode, rest = self.path.split("/", 2)
        if mode == "429":
            self.reply(429, json.dumps({"error": {"message": "Too many requests (injected)", "type": "rate_limit_error"}}),
                       [("Retry-After", "3")])
        elif mode == "stall":
            time.sleep(60)
            self.close_connection = True
        elif mode.startswith("content-"):
            encoded = mode[len("content-"):]
            text = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
            completion = {"object": "chat.completion", "choices": [
                {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}
            self.reply(200, json.dumps(completion))
        elif mode == "pass":
            self.forward("/" + rest, body)
        else:
            self.reply(404, json.dumps({"error": {"message": "unknown proxy mode " + mode}}))

    def forward(self, path, body):
        target = urllib.parse.urlsplit(self.upstream)
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=600)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        self.send_response(response.status)
        for name, value in response.getheaders():
            if name.lower() not in ("transfer-encoding", "connection", "content-length", "keep-alive"):
                self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        while True:
            chunk = response.read1(65536)
            if not chunk:
                break
            self.wfile.write(chunk)
            self.wfile.flush()
        self.close_connection = True
        connection.close()


def main():
    port, upstream = int(sys.argv[1]), sys.argv[2]
    Proxy.upstream = upstream
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Proxy)
    server.daemon_threads = True
    print(f"proxy on 127.0.0.1:{port} -> {upstream}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
