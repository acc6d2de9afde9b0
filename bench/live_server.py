#!/usr/bin/env python3
"""A loopback site for bench/live.sh: the same small site on 127.0.0.1 to 127.0.0.HOSTS, one
port, each page answered after DELAY_MS. /sitemap.xml on each host lists URLS/HOSTS pages of that
host; /robots.txt allows everything; any other path is a 404.

    live_server.py PORT HOSTS URLS DELAY_MS
"""
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port, hosts, urls, delay_ms = (int(a) for a in sys.argv[1:5])
per_host = urls // hosts
PAGE = (b"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>page</title></head>"
        b"<body>" + b"x" * 2000 + b"</body></html>")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as real servers
    # The head and the body are two writes: with Nagle's algorithm, on a kept connection the body
    # would wait for the client's delayed ACK of the head (40 ms), which real servers avoid.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self):
        host = self.server.server_address[0]
        if self.path == "/robots.txt":
            return self.answer(200, b"User-agent: *\nAllow: /\n", "text/plain")
        if self.path == "/sitemap.xml":
            locs = "".join(f"<url><loc>http://{host}:{port}/p/{i}</loc></url>\n" for i in range(per_host))
            body = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + locs + "</urlset>\n")
            return self.answer(200, body.encode(), "application/xml")
        if self.path.startswith("/p/"):
            time.sleep(delay_ms / 1000)
            return self.answer(200, PAGE, "text/html; charset=utf-8")
        return self.answer(404, b"not found", "text/plain")

    do_HEAD = do_GET


servers = []
for h in range(1, hosts + 1):
    server = ThreadingHTTPServer((f"127.0.0.{h}", port), Handler)
    server.daemon_threads = True
    servers.append(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
print("ready", flush=True)
try:
    while True:
        time.sleep(3600)
except KeyboardInterrupt:
    pass
