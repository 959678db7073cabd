"""A real SMTP server in a process of its own (aiosmtpd) for the messages' tests and the bench: every
message it accepts is written whole to DIR/<n>.eml (written to a temporary name, then renamed, so a
reader never sees half a file). It prints its port on the first line of stdout.

    python tests/players/smtp_sink.py DIR [--fail-first N]

--fail-first N answers the first N messages with a 451 (a mail server having trouble), for the retries."""

from __future__ import annotations

import argparse
import itertools
import os
import signal
import socket
import sys
import threading
from pathlib import Path

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder: Path, fail_first: int):
        self.folder, self.fail_left, self.numbers = folder, fail_first, itertools.count(1)
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            if self.fail_left > 0:
                self.fail_left -= 1
                return "451 4.3.0 Try again later"
            number = next(self.numbers)
        partial = self.folder / f".{number}.part"
        partial.write_bytes(envelope.original_content or envelope.content)
        os.replace(partial, self.folder / f"{number:06d}.eml")
        return "250 OK"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--fail-first", type=int, default=0)
    arguments = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Sink(arguments.folder, arguments.fail_first), hostname="127.0.0.1", port=port)
    controller.start()
    print(port, flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    controller.stop()
    sys.exit(0)


if __name__ == "__main__":
    main()
