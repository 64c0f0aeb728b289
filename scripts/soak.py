"""Mixed traffic for scripts/soak: a fixed request rate over a few threads, RSS every minute.

Creates are spread over a whole year of 5-minute slots, so the run never runs out of free
times; each created booking is cancelled by its hash a little later. The mail folder is
emptied of its .eml files every minute (a pickup service would do the same), so disk use stays flat."""

import argparse
import base64
import http.client
import json
import os
import random
import threading
import time
from collections import Counter
from datetime import datetime, timedelta, timezone

args = argparse.ArgumentParser()
args.add_argument("--base", required=True)
args.add_argument("--login", required=True)
args.add_argument("--password", default="soak-password", help="the host's login password (dashboard pages)")
args.add_argument("--secret", required=True)
args.add_argument("--pid", type=int, required=True)
args.add_argument("--minutes", type=float, default=60)
args.add_argument("--rate", type=float, default=150)
args.add_argument("--threads", type=int, default=6)
args.add_argument("--mail-dir", default="")
opts = args.parse_args()

host, port = opts.base.removeprefix("http://").split(":")
auth = "Basic " + base64.b64encode(f"{opts.login}:{opts.secret}".encode()).decode()
counts: Counter = Counter()
lock = threading.Lock()
hashes: list = []


session_cookie = ""


def request(method, path, body=None, authed=False, conn=None, session=False):
    headers = {"content-type": "application/json"}
    if authed:
        headers["authorization"] = auth
    if session:
        headers["cookie"] = session_cookie
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    with lock:
        counts[response.status] += 1
    return response.status, data


def setup():
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    week = [{"day": d, "from": "00:00", "to": "24:00"} for d in ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]]
    body = {"calendar": {"author_timezone": "UTC", "slot": {
        "title": "Soak", "duration": 5, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 400,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}}
    status, data = request("POST", "/api/v2/calendars", body, authed=True, conn=conn)
    assert status == 200, data
    made = json.loads(data)
    return made["slot"]["id"], f"/{made['calendar']['slug']}/{made['slot']['slug']}"


def login():
    """A dashboard session, as the login form makes it."""
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    form = f"login={opts.login}&password={opts.password}"
    conn.request("POST", "/_app/login", body=form, headers={
        "content-type": "application/x-www-form-urlencoded", "origin": opts.base, "accept": "text/html"})
    response = conn.getresponse()
    response.read()
    cookie = next((v.split(";")[0] for k, v in response.getheaders()
                   if k.lower() == "set-cookie" and v.startswith("slotbook_session=")), "")
    assert cookie, f"login failed: {response.status}"
    return cookie


event, page = setup()
session_cookie = login()
start_day = datetime.now(timezone.utc).date() + timedelta(days=2)
slot_counter = iter(range(10**9))
slot_lock = threading.Lock()


def next_time():
    with slot_lock:
        n = next(slot_counter)
    day = start_day + timedelta(days=n // 288)
    minutes = (n % 288) * 5
    return f"{day} {minutes // 60:02d}:{minutes % 60:02d}:00"


def one(conn):
    pick = random.random()
    if pick < 0.45:
        request("GET", f"/api/v2/bookings/slots/{event}?timezone=Europe/Berlin", conn=conn)
    elif pick < 0.65:
        body = {"name": "Soak Tester", "email": "soak@example.org", "timezone": "UTC", "event_time": next_time()}
        status, data = request("POST", f"/api/v2/bookings/create/{event}", body, conn=conn)
        if status == 200:
            with lock:
                hashes.append(json.loads(data)["booking"]["hash"])
    elif pick < 0.75:
        with lock:
            h = hashes.pop(0) if hashes else None
        if h:
            request("POST", f"/api/v2/bookings/{h}/cancel", {"cancellation_reason": "soak"}, conn=conn)
    elif pick < 0.9:
        request("GET", "/api/v2/schedules?period=upcoming&per_page=20", authed=True, conn=conn)
    else:
        # Pages: the public booking page, the login page, and the dashboard with a session.
        path = random.choice([f"{page}?tz=Europe%2FBerlin", "/login", "/admin", "/admin/bookings"])
        request("GET", path, conn=conn, session=path.startswith("/admin"))


stop = time.monotonic() + opts.minutes * 60
interval = opts.threads / opts.rate


def worker():
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    next_at = time.monotonic()
    while time.monotonic() < stop:
        try:
            one(conn)
        except Exception as error:  # a dropped connection: count it and reconnect
            with lock:
                counts[type(error).__name__] += 1
            conn = http.client.HTTPConnection(host, int(port), timeout=30)
        next_at += interval
        time.sleep(max(0.0, next_at - time.monotonic()))


def rss_mb():
    with open(f"/proc/{opts.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return 0.0


threads = [threading.Thread(target=worker, daemon=True) for _ in range(opts.threads)]
for t in threads:
    t.start()
curve = [(0, rss_mb())]
print(f"minute 0: RSS {curve[0][1]:.1f} MB", flush=True)
minute = 0
while time.monotonic() < stop:
    time.sleep(min(60, max(0.1, stop - time.monotonic())))
    minute += 1
    if opts.mail_dir and os.path.isdir(opts.mail_dir):
        for name in os.listdir(opts.mail_dir):
            if name.endswith(".eml"):
                os.unlink(os.path.join(opts.mail_dir, name))
    with lock:
        total = sum(v for k, v in counts.items() if isinstance(k, int))
        by_status = dict(sorted(counts.items(), key=lambda kv: str(kv[0])))
    curve.append((minute, rss_mb()))
    print(f"minute {minute}: RSS {curve[-1][1]:.1f} MB, {total} requests, {by_status}", flush=True)
for t in threads:
    t.join()
print("curve (minute, RSS MB): " + ", ".join(f"{m}:{r:.1f}" for m, r in curve))
bad = {k: v for k, v in counts.items() if not (isinstance(k, int) and k < 500)}
print(f"answers: {dict(counts)}; 5xx or errors: {bad}")
