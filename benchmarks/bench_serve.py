"""The served scoreboard under a table's load: many pages following a long match while the scorer plays.

Not a test: run it by hand after installing the package (``pip install .``):

    python benchmarks/bench_serve.py                       # 50 pages, a 500-round match, 30 rounds typed
    python benchmarks/bench_serve.py --clients 100 --rounds 1000 --typed 60 --every 0.5

1. ``scorekeeper serve`` (the installed command, a process of its own) serves a ``--rounds``-round Goat match
   (a target no match reaches, so that every round can be recorded); ``--clients`` pages (one event stream
   each, in another process, as phones would be) follow it.
2. A live session (``LiveSession.handle``, what ``play`` runs for each line) records ``--typed`` random rounds,
   one every ``--every`` seconds (a table takes minutes). For each round: the time from the save (the match
   file renamed into place) to each page's receiving the board that shows it; the median and the slowest over
   every page and round, and the slowest page's median.
3. The session's answer to each round (wall and CPU time of its thread) on the match the pages follow, against
   the same line typed in turn into a session on a copy that nobody follows: the live session must keep
   answering in milliseconds.
4. What the server spends: its CPU time a change (reading, checking and replaying the match, making the page
   once for every page).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_commands import MARATHON, generate  # noqa: E402
from bench_play import random_line  # noqa: E402

from scorekeeper.live.session import LiveSession, Screen  # noqa: E402
from scorekeeper.match import usecases  # noqa: E402

TITLE = re.compile(rb'data-title="[^"]*?: (\d+) rounds?;')


def follow(port: int, path: str, clients: int, ready, arrivals, stop) -> None:
    """In a process of its own: ``clients`` event streams, each noting when the board of each round count first
    came (``time.monotonic``, the system's clock, the same in every process); the notes go back through
    ``arrivals`` once ``stop`` is set."""
    import threading

    seen: list[dict[int, float]] = [{} for _ in range(clients)]

    def client(index: int) -> None:
        connection = socket.create_connection(("127.0.0.1", port), timeout=60)
        connection.sendall(f"GET {path}events HTTP/1.0\r\n\r\n".encode())
        buffer = b""
        while not stop.is_set():
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                break
            buffer += chunk
            while b"\n\n" in buffer:
                event, _, buffer = buffer.partition(b"\n\n")
                found = TITLE.search(event)
                if found:
                    seen[index].setdefault(int(found.group(1)), time.monotonic())
        connection.close()

    threads = [threading.Thread(target=client, args=(index,), daemon=True) for index in range(clients)]
    for thread in threads:
        thread.start()
    ready.set()
    stop.wait()
    arrivals.put(seen)


def served(executable: str, match: str) -> tuple[subprocess.Popen, int, str]:
    """The installed ``scorekeeper serve`` on ``match``: the process, its port and the page's path."""
    process = subprocess.Popen([executable, "--match", match, "serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, "SCOREKEEPER_LANG": "en"})
    for line in process.stdout:
        found = re.match(r"http://127\.0\.0\.1:(\d+)(/.*/)$", line.strip())
        if found:
            return process, int(found.group(1)), found.group(2)
    raise SystemExit("serve printed no address: " + process.stderr.read())


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def typed(paths: tuple[str, str], rounds: int, seed: int, every: float, saves: list[float]):
    """``rounds`` random round lines typed into two sessions in turn (the same line into each, so that the
    machine's load weighs on both alike), one line every ``every`` seconds: each answer's wall and CPU time,
    for each session; ``saves`` gets the moment each save of the second session ended."""
    sessions = [LiveSession.open(path, screen=lambda: Screen(80, 24)) for path in paths]
    real = usecases.save_match

    def save(match, where):
        stamp = real(match, where)
        if where == paths[1]:
            saves.append(time.monotonic())
        return stamp

    usecases.save_match = save
    chance = random.Random(seed)
    answers: tuple[list, list] = ([], [])
    try:
        for number in range(rounds):
            line = random_line(chance)
            for index in ((0, 1) if number % 2 else (1, 0)):
                wall, cpu = time.perf_counter(), time.thread_time()
                reply = sessions[index].handle(line)
                answers[index].append((time.perf_counter() - wall, time.thread_time() - cpu))
                assert reply.ok, reply.text
            time.sleep(every)
    finally:
        usecases.save_match = real
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="pages following the match")
    parser.add_argument("--rounds", type=int, default=500, help="rounds in the match before the first typed")
    parser.add_argument("--typed", type=int, default=30, help="rounds typed while the pages follow")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between two rounds typed")
    options = parser.parse_args()
    executable = os.path.join(os.path.dirname(sys.executable), "scorekeeper")
    with tempfile.TemporaryDirectory() as folder:
        ruleset = os.path.join(folder, "marathon.toml")
        with open(ruleset, "w") as handle:
            handle.write(MARATHON.format(base="goat"))
        followed, alone = os.path.join(folder, "followed.toml"), os.path.join(folder, "alone.toml")
        generate(options.rounds, ruleset, followed)
        shutil.copy(followed, alone)

        process, port, path = served(executable, followed)
        ready, stop = multiprocessing.Event(), multiprocessing.Event()
        arrivals = multiprocessing.Queue()
        pages = multiprocessing.Process(target=follow, args=(port, path, options.clients, ready, arrivals, stop))
        pages.start()
        ready.wait(60)
        time.sleep(2)  # every page has its first board
        cpu_before = cpu_seconds(process.pid)
        saves: list[float] = []
        quiet, busy = typed((alone, followed), options.typed, 1, options.every, saves)
        time.sleep(2)
        cpu_after = cpu_seconds(process.pid)
        stop.set()
        seen = arrivals.get(timeout=60)
        pages.join(30)
        process.send_signal(2)
        process.communicate(timeout=30)

    late, missed, per_page = [], 0, []
    for page in seen:
        mine = []
        for number, saved in enumerate(saves, start=options.rounds + 1):
            if number in page:
                mine.append(page[number] - saved)
            else:
                missed += 1
        late += mine
        if mine:
            per_page.append(statistics.median(mine))
    print(f"{options.clients} pages following a {options.rounds}-round match, {options.typed} rounds typed "
          f"{options.every:g} s apart:")
    print(f"  from a save to a page's update: median {statistics.median(late) * 1000:.0f} ms, slowest "
          f"{max(late) * 1000:.0f} ms over {len(late)} updates ({missed} missed); the slowest page's median "
          f"{max(per_page) * 1000:.0f} ms")
    print(f"  the server's CPU time a change: {(cpu_after - cpu_before) / len(saves) * 1000:.1f} ms")
    print("  the session's answer to a round (ms):   median wall  slowest wall  median CPU  slowest CPU")
    for name, answers in (("a copy nobody follows", quiet), (f"{options.clients} pages following", busy)):
        walls, cpus = [wall for wall, _ in answers], [cpu for _, cpu in answers]
        print(f"    {name:<28}  {statistics.median(walls) * 1000:>11.2f}  {max(walls) * 1000:>12.2f}"
              f"  {statistics.median(cpus) * 1000:>10.2f}  {max(cpus) * 1000:>11.2f}")


if __name__ == "__main__":
    main()
