#!/usr/bin/env python3
"""Measure hiit on a long history (issues 5 and 12): 100,000 sessions. Prints a table; asserts
nothing. Run by hand on an otherwise idle machine:

    swift build -c release
    python3 bench/stats.py [--binary .build/release/hiit] [--sessions 100000] [--runs 5]

1. Generate: `hiit demo --until 2026-11-29` writes a year of realistic sessions (intervals
   and multisport lines with legs and laps) into a temporary demo folder; its lines are
   replicated with new ids (deterministic), starts and ends shifted (10 copies per year, 7
   minutes apart, years back by 364 days so weekdays stay) and the local date recomputed
   from the shifted start and the line's own UTC offset, until there are SESSIONS lines,
   oldest first.
2. Measure (wall time, medians and minimums of RUNS runs, the baseline and every command taking
   turns run by run; the first run of each is a warm-up for the page cache and the caches,
   not counted), with each run's CPU time (user + system: a cold read of a
   large history uses every processor, so it can be more than the wall time) and peak resident
   memory (`ru_maxrss` of the child from `wait4`, the figure `/usr/bin/time -v` prints as
   "Maximum resident set size"):
   - the baseline: a plain Python loop of `json.loads` over the lines of the same file
     (`for line in open(path): json.loads(line)`), in this process (the same run, the same
     file, the same page cache);
   - `hiit stats year --json` and `hiit stats month --json`, cold (the roll-up's cache
     `<data>/cache/stats-rollup.cache` removed before each run) and warm (cache present and
     current);
   - `hiit stats day --json` (an hourly period: reads every record, through no cache);
   - `hiit history --last 1` and `--last 100` (read from the end of the file, with the index
     of starts the warm-up run built), and `hiit history` in full (reads and parses every line);
   - `hiit history import FILE` into an empty data folder.
   Each row also shows how many times faster than the Python loop it is (the loop's median
   divided by the row's median). Commands the binary does not have are reported as such.
"""
import argparse, datetime, json, os, shutil, statistics, subprocess, sys, tempfile, time, uuid


def environment(data_home):
    env = dict(os.environ)
    env.update({"XDG_DATA_HOME": data_home, "HIIT_AUDIO_DEVICE": "null",
                "SWIFT_BACKTRACE": "interactive=no", "NO_COLOR": "1"})
    return env


def demo_lines(binary, scratch):
    home = os.path.join(scratch, "demo-home")
    subprocess.run([binary, "demo", "--until", "2026-11-29"], env=environment(home),
                   stdout=subprocess.DEVNULL, check=True)
    for root, _, files in os.walk(home):
        if "history.jsonl" in files:
            with open(os.path.join(root, "history.jsonl")) as f:
                return [json.loads(line) for line in f if line.strip()]
    sys.exit("stats.py: hiit demo wrote no history.jsonl")


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_iso(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)


def generate(base, sessions, path):
    """Writes `sessions` lines derived from `base` to `path`, oldest first."""
    per_year = 10
    copies = -(-sessions // len(base))
    years = -(-copies // per_year)
    namespace = uuid.UUID("6f1c2d3e-4b5a-4978-8695-a4b3c2d1e0f9")
    written = 0
    with open(path, "w") as out:
        for year in range(years - 1, -1, -1):
            for variant in range(per_year):
                shift = datetime.timedelta(days=-364 * year, minutes=7 * variant)
                for index, record in enumerate(base):
                    if written == sessions:
                        return
                    line = dict(record)
                    start = parse_iso(record["start"]) + shift
                    line["start"] = iso(start)
                    line["end"] = iso(parse_iso(record["end"]) + shift)
                    local = start + datetime.timedelta(seconds=record["utcOffsetSeconds"])
                    line["localDate"] = local.strftime("%Y-%m-%d")
                    line["id"] = str(uuid.uuid5(namespace, f"{year}/{variant}/{index}")).upper()
                    out.write(json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n")
                    written += 1


def run_once(command, env):
    """Runs `command` once: (wall ms, CPU ms (user + system), peak RSS in KiB, return code,
    stderr text)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = (time.perf_counter() - start) * 1000
    process.returncode = os.waitstatus_to_exitcode(status)
    process.stderr.close()
    cpu = (usage.ru_utime + usage.ru_stime) * 1000
    return elapsed, cpu, usage.ru_maxrss, process.returncode, stderr.decode(errors="replace")


def python_loop_once(path):
    """(wall ms, CPU ms) of one plain Python loop of json.loads over the file's lines
    (`for line in open(path): json.loads(line)`), in this process."""
    start, cpu = time.perf_counter(), time.process_time()
    with open(path, encoding="utf-8") as f:
        for line in f:
            json.loads(line)
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/hiit")
    parser.add_argument("--sessions", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="keep the generated folder and print its path")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"stats.py: {binary} is not built; run swift build -c release")
    scratch = tempfile.mkdtemp(prefix="hiit-stats-bench-")
    try:
        base = demo_lines(binary, scratch)
        home = os.path.join(scratch, "home")
        data = os.path.join(home, "hiit")
        os.makedirs(data, mode=0o700)
        history = os.path.join(data, "history.jsonl")
        generate(base, args.sessions, history)
        size = os.path.getsize(history)
        print(f"history: {args.sessions} sessions from {len(base)} demo lines, {size / 1e6:.1f} MB")
        env = environment(home)
        rollup_cache = os.path.join(data, "cache", "stats-rollup.cache")

        def drop_cache():
            # The statistics' cache only: `history --last` keeps its index (cache/history-starts.cache).
            if os.path.exists(rollup_cache):
                os.remove(rollup_cache)

        import_home = os.path.join(scratch, "import-home")

        def empty_import_folder():
            shutil.rmtree(import_home, ignore_errors=True)
            os.makedirs(os.path.join(import_home, "hiit"), mode=0o700)

        rows = [
            ("stats year --json, cold", [binary, "stats", "year", "--json"], env, drop_cache),
            ("stats year --json, warm", [binary, "stats", "year", "--json"], env, None),
            ("stats month --json, cold", [binary, "stats", "month", "--json"], env, drop_cache),
            ("stats month --json, warm", [binary, "stats", "month", "--json"], env, None),
            ("stats day --json (every record)", [binary, "stats", "day", "--json"], env, None),
            ("history --last 1", [binary, "history", "--last", "1"], env, None),
            ("history --last 100", [binary, "history", "--last", "100"], env, None),
            ("history (every session)", [binary, "history"], env, None),
            ("history import FILE (empty folder)", [binary, "history", "import", history],
             environment(import_home), empty_import_folder),
        ]
        # Run by run, the baseline and every row in turn (the first run of each is a warm-up),
        # so that a machine that gets busier or quieter meanwhile weighs on all of them alike.
        baseline = {"wall": [], "cpu": []}
        results = {name: {"wall": [], "cpu": [], "peak": [], "error": None} for name, *_ in rows}
        for run in range(args.runs + 1):
            wall, cpu = python_loop_once(history)
            if run > 0:
                baseline["wall"].append(wall)
                baseline["cpu"].append(cpu)
            for name, command, command_env, before in rows:
                result = results[name]
                if result["error"]:
                    continue
                if before:
                    before()
                wall, cpu, peak, code, stderr = run_once(command, command_env)
                if code != 0:
                    result["error"] = (stderr.strip().splitlines()[-1:] or ["failed"])[0]
                elif run > 0:
                    result["wall"].append(wall)
                    result["cpu"].append(cpu)
                    result["peak"].append(peak)
        python = statistics.median(baseline["wall"])
        print(f"{'command':<38} {'median ms':>10} {'min ms':>8} {'CPU ms':>8} {'peak MiB':>9} {'× Python':>9}"
              f"   ({args.runs} runs each)")
        print(f"{'Python loop of json.loads (baseline)':<38} {python:>10.1f} {min(baseline['wall']):>8.1f}"
              f" {statistics.median(baseline['cpu']):>8.1f} {'':>9} {1:>8.1f}×")
        for name, *_ in rows:
            result = results[name]
            if result["error"]:
                print(f"{name:<38} {'—':>10} {'—':>8} {'—':>8} {'—':>9} {'—':>9}   {result['error']}")
                continue
            median = statistics.median(result["wall"])
            print(f"{name:<38} {median:>10.1f} {min(result['wall']):>8.1f} {statistics.median(result['cpu']):>8.1f}"
                  f" {max(result['peak']) / 1024:>9.1f} {python / median:>8.1f}×")
        print("× Python: the Python loop's median over the row's median (wall time, the same run, the same file).")
        if args.keep:
            print(f"kept: {scratch} (XDG_DATA_HOME={home})")
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
