"""A real chat-completions server on loopback for the generation tests.

It answers ``POST /v1/chat/completions`` (and Anthropic's ``POST /v1/messages``) with canned Hindi or Bangla replies
(chosen by the script of the prompt) and can be told to fail:

* ``server.failures``: a queue of failures served to the next requests in
  arrival order (``"429"`` with Retry-After, ``"500"``, ``"slow"``, ``"malformed"``);
* markers in the prompt text fail every request that carries them:
  ``FAIL500``, ``FAIL400``, ``SLOWALWAYS``, ``ECHOKEY`` (a 400 whose body
  repeats the Authorization header, as some servers do).

It counts requests and the most requests it ever had in flight at once.
"""
from __future__ import annotations

import json
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

def kill_when_written(command: list[str], env: dict, out, lines: int) -> int:
    """Run ``command``, kill it as soon as ``out`` holds ``lines`` lines (within 60 s), then
    append half a line, as a kill in the middle of a write leaves. The lines before the kill."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if out.exists() and out.read_text("utf-8").count("\n") >= lines:
            break
        time.sleep(0.02)
    process.kill()
    process.wait()
    written = out.read_text("utf-8").count("\n")
    with out.open("ab") as handle:
        handle.write(b'{"id": "hi-dct-0')
    return written


HINDI_REPLY = "रोहित: नमस्ते सर, आप कैसे हैं? क्या आप कल दफ़्तर आएँगे?"
BANGLA_REPLY = "শ্রেয়া: আপনি কেমন আছেন? আপনি কি কাল অফিসে আসবেন?"
REFUSAL = "माफ़ कीजिए, मैं यह संवाद नहीं लिख सकता।"


class ChatServer:
    def __init__(self, delay: float = 0.0, retry_after: str = "1", hindi_reply: str = HINDI_REPLY,
                 bangla_reply: str = BANGLA_REPLY):
        self.delay = delay
        self.hindi_reply, self.bangla_reply = hindi_reply, bangla_reply
        self.retry_after = retry_after
        self.failures: list[str] = []
        self.requests = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.arrivals: list[float] = []
        self.bodies: list[dict] = []
        self.authorizations: list[str | None] = []
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):   # keep test output clean
                pass

            def do_POST(self):
                try:
                    server.handle(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass   # the client gave up (timeout test)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()

    def _send(self, handler, status: int, payload: bytes, headers: dict | None = None):
        # out of flight before the answer leaves: a client that sends its next request the
        # moment it reads this one must not find both counted (a race on a busy machine)
        self._leave(handler)
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(payload)))
        for key, value in (headers or {}).items():
            handler.send_header(key, value)
        handler.end_headers()
        handler.wfile.write(payload)

    def handle(self, handler):
        length = int(handler.headers.get("Content-Length", 0))
        body = json.loads(handler.rfile.read(length))
        with self.lock:
            self.requests += 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            self.arrivals.append(time.monotonic())
            self.bodies.append(body)
            self.authorizations.append(handler.headers.get("Authorization"))
            failure = self.failures.pop(0) if self.failures else None
        try:
            if handler.path not in ("/v1/chat/completions", "/v1/messages"):
                return self._send(handler, 404, b'{"error": {"message": "not found"}}')
            prompt = "\n".join(str(m.get("content")) for m in body["messages"]) + str(body.get("system", ""))
            if "FAIL500" in prompt:
                failure = "500"
            elif "FAIL400" in prompt:
                failure = "400"
            elif "SLOWALWAYS" in prompt:
                failure = "slow"
            elif "ECHOKEY" in prompt:
                failure = "echo"
            if failure == "429":
                return self._send(handler, 429, b'{"error": {"message": "rate limited"}}',
                                  {"Retry-After": self.retry_after})
            if failure == "500":
                return self._send(handler, 500, b'{"error": {"message": "internal error"}}')
            if failure == "400":
                return self._send(handler, 400, b'{"error": {"message": "bad request"}}')
            if failure == "echo":
                message = f"Incorrect API key provided: {handler.headers.get('Authorization')}"
                return self._send(handler, 400, json.dumps({"error": {"message": message}}).encode())
            if failure == "401":
                message = f"Incorrect API key provided: {handler.headers.get('Authorization')}"
                return self._send(handler, 401, json.dumps({"error": {"message": message}}).encode())
            if failure == "malformed":
                return self._send(handler, 200, b'{"choices": [{"message": ')
            if failure == "slow":
                time.sleep(2.0)
            elif self.delay:
                time.sleep(self.delay)
            if "EMPTY" in prompt:
                text = ""
            elif "REFUSE" in prompt:
                text = REFUSAL
            elif any("\u0980" <= ch <= "\u09ff" for ch in prompt):
                text = self.bangla_reply
            else:
                text = self.hindi_reply
            if handler.path == "/v1/messages":   # the Anthropic Messages API shape
                reply = {"id": f"msg_{self.requests}", "type": "message", "role": "assistant",
                         "model": body.get("model", "") + "-2026", "stop_reason": "end_turn",
                         "stop_sequence": None, "content": [{"type": "text", "text": text}],
                         "usage": {"input_tokens": len(prompt), "output_tokens": len(text)}}
                return self._send(handler, 200, json.dumps(reply, ensure_ascii=False).encode("utf-8"))
            reply = {"id": f"chatcmpl-{self.requests}", "object": "chat.completion",
                     "model": body.get("model", "") + "-2026",
                     "choices": [{"index": 0, "finish_reason": "stop",
                                  "message": {"role": "assistant", "content": text}}],
                     "usage": {"prompt_tokens": len(prompt), "completion_tokens": len(text),
                               "total_tokens": len(prompt) + len(text)}}
            self._send(handler, 200, json.dumps(reply, ensure_ascii=False).encode("utf-8"))
        finally:
            self._leave(handler)

    def _leave(self, handler):
        if not getattr(handler, "_left", False):
            handler._left = True
            with self.lock:
                self.in_flight -= 1
