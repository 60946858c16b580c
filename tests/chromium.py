"""A headless Chromium driven over the DevTools protocol, for the report's browser test.

The system's Chromium (Debian: ``apt-get install chromium``) is started with
``--remote-debugging-pipe``: DevTools messages go over two pipes (the
browser reads fd 3 and writes fd 4, each message a JSON object ended by a NUL
byte), so no port is opened, no WebDriver and no Python package beyond the
standard library is needed, and nothing downloads a browser.

    with Chromium.start() as browser:
        page = browser.open("file:///tmp/report.html")
        page.evaluate("document.title")
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: executables tried in order (Debian's package installs /usr/bin/chromium)
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

#: no network of its own (no updates, no sync, no QUIC probes), no GPU, no first-run UI
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--disable-dev-shm-usage", "--mute-audio",
         "--remote-debugging-pipe")


def find_chromium() -> str | None:
    """The Chromium executable on PATH (or ``$CHROMIUM``), or None."""
    named = os.environ.get("CHROMIUM")
    if named:
        return shutil.which(named)
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _above_four(fd: int) -> int:
    import fcntl
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class DevToolsError(RuntimeError):
    """The browser answered a command with an error, or did not answer in time."""


class Chromium:
    """One headless browser process and its DevTools pipe."""

    def __init__(self, process: subprocess.Popen, commands: int, replies: int, profile: str) -> None:
        self.process, self._commands, self._replies, self._profile = process, commands, replies, profile
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    @classmethod
    def start(cls, executable: str | None = None) -> "Chromium":
        executable = executable or find_chromium()
        if not executable:
            raise FileNotFoundError("no Chromium executable on PATH")
        profile = tempfile.mkdtemp(prefix="honorifics-chromium-")   # a fresh profile every time
        to_browser_read, to_browser_write = os.pipe()
        from_browser_read, from_browser_write = os.pipe()
        # the ends the browser gets, above 4, so that putting them on 3 and 4 overwrites neither
        to_browser_read, from_browser_write = (_above_four(fd) for fd in (to_browser_read, from_browser_write))
        command = [executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"]
        # a small Python trampoline puts the two pipe ends on fds 3 and 4, where the browser expects them
        trampoline = ("import os, sys; os.dup2(int(sys.argv[1]), 3); os.dup2(int(sys.argv[2]), 4); "
                      "os.execv(sys.argv[3], sys.argv[3:])")
        process = subprocess.Popen([sys.executable, "-c", trampoline, str(to_browser_read),
                                    str(from_browser_write), *command],
                                   pass_fds=(to_browser_read, from_browser_write),
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        return cls(process, to_browser_write, from_browser_read, profile)

    def __enter__(self) -> "Chromium":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.send("Browser.close", timeout=5)
        except (DevToolsError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._commands, self._replies):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self._profile, ignore_errors=True)

    # ------------------------------------------------------------ the protocol

    def _read_message(self, deadline: float) -> dict[str, Any]:
        import select
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise DevToolsError("the browser did not answer in time")
            ready, _, _ = select.select([self._replies], [], [], left)
            if ready:
                chunk = os.read(self._replies, 1 << 16)
                if not chunk:
                    raise DevToolsError("the browser closed its DevTools pipe")
                self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None,
             timeout: float = 30) -> dict[str, Any]:
        """Send a command and wait for its result; events that arrive meanwhile are kept in ``events``."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise DevToolsError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str, *, session: str | None = None, timeout: float = 30) -> dict[str, Any]:
        """The first event ``method`` (already received or still to come)."""
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for event in self.events[seen:]:
                if event.get("method") == method and (session is None or event.get("sessionId") == session):
                    return event
            seen = len(self.events)
            self.events.append(self._read_message(deadline))

    def open(self, url: str, *, timeout: float = 60) -> "Page":
        """A new tab with network and console recording on, ``url`` loaded (load event fired)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        for domain in ("Page", "Network", "Runtime", "Log"):
            self.send(f"{domain}.enable", session=session)
        self.events.clear()
        self.send("Page.navigate", {"url": url}, session=session)
        self.wait_for("Page.loadEventFired", session=session, timeout=timeout)
        return page


class Page:
    """One tab: evaluate JavaScript, and the requests and errors it made."""

    def __init__(self, browser: Chromium, session: str) -> None:
        self.browser, self.session = browser, session

    def evaluate(self, expression: str) -> Any:
        result = self.browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                        "awaitPromise": True}, session=self.session)
        if "exceptionDetails" in result:
            raise DevToolsError(f"{expression[:60]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    def _events(self, method: str) -> list[dict[str, Any]]:
        return [e["params"] for e in self.browser.events
                if e.get("method") == method and e.get("sessionId") == self.session]

    def requested_urls(self) -> list[str]:
        """Every URL the page asked the network stack for (the document itself included)."""
        self.evaluate("1")   # let pending events arrive
        return [event["request"]["url"] for event in self._events("Network.requestWillBeSent")]

    def errors(self) -> list[str]:
        """Uncaught script exceptions and console/log errors (CSP violations are logged errors)."""
        self.evaluate("1")
        found = [str(e["exceptionDetails"].get("exception", {}).get("description")
                     or e["exceptionDetails"].get("text")) for e in self._events("Runtime.exceptionThrown")]
        found += [e["entry"]["text"] for e in self._events("Log.entryAdded") if e["entry"]["level"] == "error"]
        found += [" ".join(str(a.get("value", a.get("description", ""))) for a in e.get("args", []))
                  for e in self._events("Runtime.consoleAPICalled") if e.get("type") == "error"]
        return found

    def screenshot(self, path: str | Path) -> Path:
        import base64
        data = self.browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True},
                                 session=self.session)["data"]
        path = Path(path)
        path.write_bytes(base64.b64decode(data))
        return path
