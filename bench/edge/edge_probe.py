#!/usr/bin/env python3
"""The attacks on hexpostd's edge, measured (figures: docs/benchmarks.md, "Attacks at the edge").

Runs against a server that is already up (ops/bench-edge starts one): each attack, then how long
/healthz takes for another client while the attack holds, and what the attack got.

  edge_probe.py --port P --pid PID slow      1,000 connections sending a byte every 3 s
  edge_probe.py --port P --pid PID flood     6 connections sending 150 MB of header fields each
  edge_probe.py --port P --pid PID logins    600 wrong-password logins in flight

The slow connections come from 20 loopback addresses (127.0.9.1-20), 50 each, as 20 clients
would: under the per-address connection limit. Standard library only.
"""
import argparse
import socket
import statistics
import threading
import time
import json
import urllib.request
import urllib.error


PROBE_TIMEOUT_S = 5  # a probe not answered within this counts as failed


def healthz_latencies(port, count, pause=0.05):
    out = []
    for _ in range(count):
        start = time.monotonic()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/catalog",
                                        timeout=PROBE_TIMEOUT_S) as r:
                r.read()
                ok = r.status == 200
        except (urllib.error.URLError, OSError):
            ok = False
        out.append((time.monotonic() - start) * 1000 if ok else float("inf"))
        time.sleep(pause)
    return out


def latencies_during(port, attack, threads, probes):
    """Runs `threads` copies of attack() and probes /v1/catalog while they run."""
    workers = [threading.Thread(target=attack) for _ in range(threads)]
    for w in workers:
        w.start()
    latencies = healthz_latencies(port, probes)
    for w in workers:
        w.join()
    return latencies


def summary(name, samples):
    finite = sorted(s for s in samples if s != float("inf"))
    failed = len(samples) - len(finite)
    if not finite:
        return f"{name}: none of {failed} answered within {PROBE_TIMEOUT_S} s"
    p99 = finite[min(len(finite) - 1, len(finite) * 99 // 100)]
    return (f"{name}: n={len(samples)} unanswered within {PROBE_TIMEOUT_S} s={failed} median={statistics.median(finite):.1f} ms "
            f"p99={p99:.1f} ms max={finite[-1]:.1f} ms")


def resident_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return -1


def slow(port, pid, hold_s=20):
    sockets, refused = [], 0
    stop = threading.Event()
    for i in range(1000):
        s = socket.socket()
        s.bind((f"127.0.9.{1 + i // 50}", 0))
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /v1/catalog HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            sockets.append(s)
        except OSError:
            refused += 1

    def trickle():
        while not stop.wait(3):
            for s in sockets:
                try:
                    s.send(b"x")
                except OSError:
                    pass

    threading.Thread(target=trickle, daemon=True).start()
    latencies = healthz_latencies(port, 20, pause=hold_s / 20)
    stop.set()
    cut = 0
    for s in sockets:
        s.setblocking(False)
        try:
            if s.recv(4096) is not None:
                cut += 1
        except BlockingIOError:
            pass
        except OSError:
            cut += 1
        s.close()
    print(f"slow: 1000 connections, {refused} refused at connect, {cut} cut by the server "
          f"within {hold_s} s")
    print(summary("slow: GET /v1/catalog during the attack", latencies))


def flood(port, pid):
    before = resident_mib(pid)
    field = b"X-Flood: " + b"f" * 90 + b"\r\n"
    chunk = field * 10000  # about 1 MB

    def one():
        s = socket.socket()
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET /v1/catalog HTTP/1.1\r\nHost: x\r\n")
        sent = 0
        try:
            while sent < 150 * 1024 * 1024:
                s.sendall(chunk)
                sent += len(chunk)
        except OSError:
            pass
        s.close()

    latencies = latencies_during(port, one, 6, 20)
    print(f"flood: resident {before} MiB before, {resident_mib(pid)} MiB after 6 x 150 MB")
    print(summary("flood: GET /v1/catalog during the attack", latencies))


def logins(port, pid):
    body = json.dumps({"username": "nobody-here", "password": "wrong password"}).encode()
    statuses = {}
    lock = threading.Lock()

    def one():
        request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/tokens", data=body,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as r:
                status = r.status
        except urllib.error.HTTPError as e:
            status = e.code
        except (urllib.error.URLError, OSError):
            status = 0
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    latencies = latencies_during(port, one, 600, 20)
    print(f"logins: 600 wrong-password logins answered {dict(sorted(statuses.items()))}")
    print(summary("logins: GET /v1/catalog during the attack", latencies))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("attack", choices=["slow", "flood", "logins"])
    args = parser.parse_args()
    {"slow": slow, "flood": flood, "logins": logins}[args.attack](args.port, args.pid)


if __name__ == "__main__":
    main()
