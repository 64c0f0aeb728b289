#!/usr/bin/env python3
"""Fault experiments of issue 27 against a server binary, loopback only, bounded in time.

    python3 scripts/bench-faults.py hoard  --bin target/release/slotbook [--hoard-from 127.0.0.2]
    python3 scripts/bench-faults.py smtp   --bin target/release/slotbook
    python3 scripts/bench-faults.py dbdown --bin target/release/slotbook

hoard:  one client keeps 1,200 idle sockets open (reopening each one the server closes) while
        80 ordinary requests go to /healthz from 127.0.0.1, eight at a time, each on a new
        connection with a 30-s limit: how many time out, how many take over a second.
smtp:   an SMTP server that never answers RCPT for 10 recipients; 10 bookings for them, then 5
        unrelated ones: how many of the 5 confirmations have arrived after 30, 60 and 150 s.
dbdown: the server on PostgreSQL through a relay that is then cut: how long 5 requests take
        to be answered, and with what.
"""

import argparse
import asyncio
import base64
import json
import os
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request

PG = "postgres://postgres@127.0.0.1:5432"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The binary serving on a fresh database, with one host and its application password."""

    def __init__(self, binary: str, database_url: str | None = None, env: dict | None = None):
        self.work = tempfile.mkdtemp()
        self.url = database_url or f"sqlite://{self.work}/bench.db"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.binary = binary
        cli = {"--database-url": self.url}
        args = sum(([k, v] for k, v in cli.items()), [])
        subprocess.run([binary, "migrate", *args], check=True, capture_output=True)
        subprocess.run(
            [binary, "user", "add", "--login", "bench", "--email", "bench@example.org",
             "--name", "Bench Host", "--password", "bench-password", *args],
            check=True, capture_output=True)
        self.secret = subprocess.run(
            [binary, "app-password", "add", "--login", "bench", *args],
            check=True, capture_output=True, text=True).stdout.strip()
        full_env = dict(os.environ, SLOTBOOK_RATE_LIMIT_READ="0", SLOTBOOK_RATE_LIMIT_CREATE="0",
                        SLOTBOOK_LOG="warn", SLOTBOOK_ADMIN_PASSWORD="bench-admin",
                        SLOTBOOK_MAIL_DIR=f"{self.work}/mail", SLOTBOOK_JOB_POLL_MS="200",
                        SLOTBOOK_SECRET_KEY_FILE=f"{self.work}/secret.key", **(env or {}))
        self.process = subprocess.Popen(
            [binary, "serve", "--bind", f"127.0.0.1:{self.port}", *args],
            env=full_env, stdout=subprocess.DEVNULL, stderr=open(f"{self.work}/err", "w"))
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{self.base}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)

    def call(self, method: str, path: str, body=None, auth=True, timeout=30.0):
        request = urllib.request.Request(f"{self.base}/api/v2{path}", method=method)
        if auth:
            token = base64.b64encode(f"bench:{self.secret}".encode()).decode()
            request.add_header("Authorization", f"Basic {token}")
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, data=data, timeout=timeout) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def daily_event(self) -> int:
        week = [{"day": d, "from": "08:00", "to": "20:00"}
                for d in ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]]
        status, made = self.call("POST", "/calendars", {"calendar": {
            "author_timezone": "UTC", "slot": {
                "title": "Daily", "duration": 15, "event_type": "single",
                "availability_type": "custom", "settings": {
                    "schedule_type": "weekly_schedules", "weekly_schedules": week,
                    "range_days": 120, "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})
        assert status == 200, made
        return made["slot"]["id"]

    def book(self, event: int, n: int, email: str) -> None:
        day = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 86400 * (20 + n // 48)))
        minutes = 8 * 60 + (n % 48) * 15
        status, made = self.call("POST", f"/bookings/create/{event}", {
            "name": "Maya Singh", "email": email, "timezone": "UTC",
            "event_time": f"{day} {minutes // 60:02}:{minutes % 60:02}:00"}, auth=False)
        assert status == 200, made

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.work, ignore_errors=True)


async def hoarder(port: int, source: str, stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        except OSError:
            await asyncio.sleep(0.05)
            continue
        try:
            await asyncio.wait_for(reader.read(64), timeout=60)
        except (asyncio.TimeoutError, OSError):
            pass
        finally:
            writer.close()


async def one_request(port: int, limit: float) -> float | None:
    started = time.monotonic()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), limit)
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
        await writer.drain()
        line = await asyncio.wait_for(reader.readline(), limit - (time.monotonic() - started))
        writer.close()
        if b" 200 " not in line:
            return None
    except (asyncio.TimeoutError, OSError):
        return None
    return time.monotonic() - started


async def hoard(args) -> None:
    server = Server(args.bin)
    try:
        stop = asyncio.Event()
        tasks = [asyncio.create_task(hoarder(server.port, args.hoard_from, stop))
                 for _ in range(1200)]
        await asyncio.sleep(2)
        times = []
        for _ in range(10):
            times.extend(await asyncio.gather(*(one_request(server.port, 30.0) for _ in range(8))))
        stop.set()
        for task in tasks:
            task.cancel()
        served = [t for t in times if t is not None]
        print(f"hoard from {args.hoard_from}: 80 requests, {80 - len(served)} failed or timed out, "
              f"{sum(t > 1 for t in served)} over 1 s, median "
              f"{statistics.median(served) * 1000 if served else float('nan'):.1f} ms, slowest "
              f"{max(served) * 1000 if served else float('nan'):.1f} ms")
    finally:
        server.stop()


async def smtp_sink(port: int, stalled: set, accepted: list) -> asyncio.AbstractServer:
    async def converse(reader, writer):
        writer.write(b"220 sink ESMTP\r\n")
        recipients = []
        try:
            while line := await reader.readline():
                upper = line.decode(errors="replace").upper()
                if upper.startswith(("EHLO", "HELO")):
                    writer.write(b"250-sink\r\n250 8BITMIME\r\n")
                elif upper.startswith(("MAIL FROM", "RSET")):
                    recipients.clear()
                    writer.write(b"250 OK\r\n")
                elif upper.startswith("RCPT TO"):
                    address = line.decode().split("<", 1)[1].split(">", 1)[0]
                    if address in stalled:
                        await asyncio.sleep(3600)
                    recipients.append(address)
                    writer.write(b"250 OK\r\n")
                elif upper.startswith("DATA"):
                    writer.write(b"354 go ahead\r\n")
                    while (content := await reader.readline()) not in (b".\r\n", b""):
                        pass
                    accepted.extend(recipients)
                    writer.write(b"250 queued\r\n")
                elif upper.startswith("QUIT"):
                    writer.write(b"221 bye\r\n")
                    break
                else:
                    writer.write(b"250 OK\r\n")
                await writer.drain()
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            writer.close()
    return await asyncio.start_server(converse, "127.0.0.1", port)


async def smtp(args) -> None:
    port = free_port()
    stalled = {f"guest{n}@stall.example" for n in range(10)}
    accepted: list = []
    sink = await smtp_sink(port, stalled, accepted)
    server = Server(args.bin, env={"SLOTBOOK_SMTP_URL": f"smtp://127.0.0.1:{port}"})
    try:
        event = await asyncio.to_thread(server.daily_event)
        for n, address in enumerate(sorted(stalled)):
            await asyncio.to_thread(server.book, event, n, address)
        started = time.monotonic()
        fine = [f"guest{n}@fine.example" for n in range(5)]
        for n, address in enumerate(fine):
            await asyncio.to_thread(server.book, event, 20 + n, address)
        report = []
        for mark in (30, 60, 150):
            await asyncio.sleep(max(0.0, mark - (time.monotonic() - started)))
            arrived = sum(1 for a in fine if a in accepted)
            report.append(f"{arrived} of 5 after {mark} s")
        print("unrelated confirmations: " + ", ".join(report))
    finally:
        server.stop()
        sink.close()


async def relay(port: int, target: tuple, tasks: list) -> asyncio.AbstractServer:
    async def pipe(reader, writer):
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def accept(reader, writer):
        try:
            up_reader, up_writer = await asyncio.open_connection(*target)
        except OSError:
            writer.close()
            return
        tasks.append(asyncio.create_task(pipe(reader, up_writer)))
        tasks.append(asyncio.create_task(pipe(up_reader, writer)))
    return await asyncio.start_server(accept, "127.0.0.1", port)


async def dbdown(args) -> None:
    name = f"slotbook_bench_{os.getpid()}"
    subprocess.run(["psql", f"{PG}/postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
    port = free_port()
    tasks: list = []
    proxy = await relay(port, ("127.0.0.1", 5432), tasks)
    server = None
    try:
        server = await asyncio.to_thread(
            Server, args.bin, f"postgres://postgres@127.0.0.1:{port}/{name}")
        status, _ = await asyncio.to_thread(server.call, "GET", "/calendars")
        assert status == 200
        proxy.close()
        for task in tasks:
            task.cancel()
        await asyncio.sleep(0.5)
        for _ in range(5):
            started = time.monotonic()
            status, body = await asyncio.to_thread(server.call, "GET", "/calendars", None, True, 30.0)
            took = time.monotonic() - started
            print(f"database gone: {status} {body.get('code') if isinstance(body, dict) else body} "
                  f"after {took:.2f} s")
    finally:
        if server:
            server.stop()
        subprocess.run(["psql", f"{PG}/postgres", "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
                       capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("experiment", choices=["hoard", "smtp", "dbdown"])
    parser.add_argument("--bin", default="target/release/slotbook")
    parser.add_argument("--hoard-from", default="127.0.0.2")
    args = parser.parse_args()
    asyncio.run({"hoard": hoard, "smtp": smtp, "dbdown": dbdown}[args.experiment](args))


if __name__ == "__main__":
    main()
