"""A small webhook receiver for the tests: answers Meta's handshake and records every POST's raw bytes."""
import threading
from urllib.parse import parse_qs

from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response


class Receiver:
    def __init__(self, verify_token="sandbox-verify-token", failures=0, hold=False):
        """`failures`: how many POSTs to answer 500 first; `hold`: answer no POST until `release()`."""
        self.verify_token = verify_token
        self.failures_left = failures
        self.released = threading.Event()
        if not hold:
            self.released.set()
        self.posts = []
        self.arrived = threading.Condition()
        self.server = make_server("127.0.0.1", 0, self.wsgi, threaded=True)
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/webhooks/meta"

    def wsgi(self, environ, start_response):
        request = Request(environ)
        if request.method == "GET":
            query = parse_qs(request.query_string.decode())
            if query.get("hub.verify_token") == [self.verify_token] and query.get("hub.mode") == ["subscribe"]:
                return Response(query["hub.challenge"][0])(environ, start_response)
            return Response("forbidden", status=403)(environ, start_response)
        raw = request.get_data()
        with self.arrived:
            failing = self.failures_left > 0
            self.failures_left -= 1
            self.posts.append({"raw": raw, "headers": dict(request.headers), "failed": failing})
            self.arrived.notify_all()
        self.released.wait(timeout=10)
        return Response("boom" if failing else "EVENT_RECEIVED", status=500 if failing else 200)(
            environ, start_response)

    def wait_for(self, count, timeout=10):
        """Block until `count` POSTs arrived (a condition, not a fixed sleep); return them."""
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.posts) >= count, timeout=timeout)
            return list(self.posts)

    def release(self):
        self.released.set()

    def close(self):
        self.release()
        self.server.shutdown()
