#!/usr/bin/env python3
"""Measure hiit from the outside: timing of an --events run, cost of a full-screen run,
start-up time. Prints numbers; asserts nothing. Run by hand on an otherwise idle machine:

    swift build -c release
    python3 bench/measure.py [--binary .build/release/hiit] [--timing-workout 10/5x9]

1. Boundary error: runs `hiit run WORKOUT --events --prepare 0` and timestamps every line as
   it arrives (CLOCK_MONOTONIC in this process). Each segment/cue line carries `due`, its
   exact scheduled instant on hiit's own clock; the error of a line is
   (arrival - arrival of the first line) - (due - due of the first line). Reports median,
   p99 and max over all boundaries and cues, and the final drift (the finish line).
2. Cost: runs a 60 s workout full screen in a tmux pane (80x24) under /usr/bin/time and
   reports CPU time (user + system) and peak resident memory.
3. Start-up: `hiit show tabata --json`, 30 runs, median and p90 wall time.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)

def environment(data):
    env = dict(os.environ)
    env.update({"XDG_DATA_HOME": data, "HIIT_AUDIO_DEVICE": "null", "SWIFT_BACKTRACE": "interactive=no"})
    return env

def timing(binary, workout, data):
    proc = subprocess.Popen([binary, "run", workout, "--events", "--prepare", "0", "--no-record"],
                            stdout=subprocess.PIPE, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=environment(data), bufsize=0)
    errors, first, drift, late = [], None, None, []
    lines = 0
    for raw in proc.stdout:
        arrived = time.monotonic()
        event = json.loads(raw)
        lines += 1
        if "due" not in event and event["event"] not in ("segment", "finish"):
            continue
        due = event.get("due", event["t"])
        if first is None:
            first = (arrived, due)
            continue
        error = (arrived - first[0]) - (due - first[1])
        late.append((error, event["event"], event.get("cue", ""), due, event["t"] - due))
        if event["event"] == "finish":
            drift = error
        else:
            errors.append(error)
    proc.wait()
    ms = [e * 1000 for e in errors]
    print(f"timing: {workout} --events, {len(ms)} boundaries and cues, {lines} lines")
    print(f"  boundary error ms: median {statistics.median(ms):.3f}  p99 {percentile(ms, 99):.3f}  max {max(ms):.3f}")
    print(f"  final drift ms (finish line): {drift * 1000:.3f}")
    worst = sorted(late, reverse=True)[:3]
    print("  latest lines: " + "; ".join(f"{e * 1000:.3f} ms {name} {cue} due {due:.3f} (hiit's own lateness {own * 1000:.3f} ms)"
                                           for e, name, cue, due, own in worst))

def cost(binary, data, seconds=60):
    workout = "12/4x4"  # 4 × 12 s work + 3 × 4 s rest = 60 s
    if not shutil.which("tmux"):
        print("cost: tmux missing; skipped")
        return
    report = os.path.join(data, "time.txt")
    socket = f"hiit-bench-{os.getpid()}"
    env = environment(data)
    command = (f"XDG_DATA_HOME={data} HIIT_AUDIO_DEVICE=null LANG=C.UTF-8 "
               f"/usr/bin/time -v -o {report} {binary} run {workout} --prepare 0 --no-record; "
               f"touch {data}/done; sleep 5")
    subprocess.run(["tmux", "-L", socket, "new-session", "-d", "-x", "80", "-y", "24", command], env=env, check=True)
    deadline = time.monotonic() + seconds + 30
    while not os.path.exists(os.path.join(data, "done")) and time.monotonic() < deadline:
        time.sleep(0.5)
    subprocess.run(["tmux", "-L", socket, "kill-server"], stderr=subprocess.DEVNULL)
    values = {}
    with open(report) as f:
        for line in f:
            key, _, value = line.strip().rpartition(": ")
            values[key] = value
    cpu = float(values["User time (seconds)"]) + float(values["System time (seconds)"])
    print(f"cost: {workout} full screen in tmux 80x24 ({seconds} s)")
    print(f"  CPU time {cpu:.3f} s ({cpu / seconds * 100:.2f} % of one core), "
          f"peak RSS {int(values['Maximum resident set size (kbytes)']) / 1024:.1f} MiB, "
          f"wall {values['Elapsed (wall clock) time (h:mm:ss or m:ss)']}")

def startup(binary, data, runs=30):
    env = environment(data)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary, "show", "tabata", "--json"], stdout=subprocess.DEVNULL, env=env, check=True)
        times.append((time.perf_counter() - start) * 1000)
    print(f"start-up: hiit show tabata --json, {runs} runs: median {statistics.median(times):.1f} ms, "
          f"p90 {percentile(times, 90):.1f} ms, min {min(times):.1f} ms")

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/hiit")
    parser.add_argument("--timing-workout", default="10/5x9", help="default 10/5x9: 130 s")
    parser.add_argument("--skip", action="append", default=[], choices=["timing", "cost", "startup"])
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"measure.py: {binary} is not built; run swift build -c release")
    with tempfile.TemporaryDirectory() as data:
        if "startup" not in args.skip:
            startup(binary, data)
        if "timing" not in args.skip:
            timing(binary, args.timing_workout, data)
        if "cost" not in args.skip:
            cost(binary, data)

if __name__ == "__main__":
    main()
