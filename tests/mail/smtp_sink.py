#!/usr/bin/python3
"""A loopback SMTP server for the mail tests (Debian's python3-aiosmtpd).

usage: smtp_sink.py DIR [USER:PASSWORD]
With USER:PASSWORD the server requires SMTP AUTH (PLAIN/LOGIN, allowed without TLS here) with
exactly those credentials. Prints the port it listens on (127.0.0.1) as one line, then serves until killed.
Every accepted message is stored as DIR/NNNNNN.eml (the bytes received, CRLF line ends).
The file DIR/mode says how to answer each RCPT: "ok" (or no file), "4xx" (451, try later) or
"5xx" (550, no such user); the tests change it while the server runs.
"""
import os
import socket
import sys
import threading
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0
        self.lock = threading.Lock()

    def mode(self):
        try:
            with open(os.path.join(self.directory, "mode")) as f:
                return f.read().strip()
        except FileNotFoundError:
            return "ok"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        mode = self.mode()
        if mode == "4xx":
            return "451 4.3.0 Try again later"
        if mode == "5xx":
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            name = os.path.join(self.directory, "%06d.eml" % self.count)
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        with open(name + ".tmp", "wb") as f:
            f.write(data)
        os.rename(name + ".tmp", name)
        return "250 Message accepted"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def authenticator_for(credentials):
    user, password = credentials.split(":", 1)

    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword) and auth_data.login == user.encode()
              and auth_data.password == password.encode())
        return AuthResult(success=ok)
    return authenticate


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    port = free_port()
    auth = {}
    if len(sys.argv) > 2:
        auth = dict(authenticator=authenticator_for(sys.argv[2]), auth_required=True,
                    auth_require_tls=False)
    controller = Controller(Sink(directory), hostname="127.0.0.1", port=port,
                            decode_data=False, enable_SMTPUTF8=True, **auth)
    controller.start()
    print(port, flush=True)
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
