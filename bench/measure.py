#!/usr/bin/env python3
"""Measure hiit from the outside, beside termdown (a Python countdown timer from PyPI) where the
two can be compared: timing of a long run, cost of a full-screen run, start-up time, and the
latency from a boundary to its cue reaching ALSA. Prints numbers; asserts nothing. Run by
hand on an otherwise idle machine:

    swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
        -Xlinker -z -Xlinker pack-relative-relocs -Xswiftc -Xfrontend -Xswiftc -function-sections \
        -Xlinker --symbol-ordering-file=bench/hot-functions.order -Xlinker --no-warn-symbol-ordering  # the README's install build
    pip install termdown          # optional: without it the termdown columns are skipped
    python3 bench/measure.py [--binary .build/release/hiit] [--timing-workout 20/10x21]

1. Timing (default 20/10x21: 620 s, at least the 10 minutes issue 6 asks for): runs
   `hiit run WORKOUT --events --prepare 0` and timestamps every line as it arrives
   (CLOCK_MONOTONIC in this process). Each segment/cue line carries `due`, its exact scheduled
   instant on hiit's own clock; the error of a line is
   (arrival - arrival of the first line) - (due - due of the first line). Reports median,
   p99 and max over all boundaries and cues, the final drift (the finish line), and the end
   error from launch (finish arrival - launch - workout length, start-up included).
   In the same run, at the same time, termdown counts down the same length in a
   pseudo-terminal with `--exec-cmd` writing each tick to a FIFO: its tick error (tick k
   against its first tick + k s), and its end error from launch (exit - 1 s of `-q 1` -
   launch - length, its Python start-up included).
2. Cost (bench/cost.py): 50 s full screen in tmux panes (80x24), all at once: hiit
   (`run 20/10x2` muted, with cues into ALSA's null and file devices, and recording) and
   `termdown 50`: CPU time, peak memory and where it is, bytes written; and the memory of
   do-nothing programs of the same toolchain (the floor).
3. Start-up: `hiit show tabata --json` against `termdown --version`, 30 runs each: medians
   and the ratio.
4. Cue latency: `hiit run 2/2x10 --events`, then a workout with spoken cues (names, Next, Last
   round, warm-up, cool-down), with ALSA's `file` plugin writing raw frames into
   a FIFO that this process reads: the time from each cue's scheduled instant to the arrival
   of its first frames (median, p99, max).
"""
import argparse, json, multiprocessing, os, pty, select, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cost as cost_bench  # noqa: E402  (bench/cost.py, beside this file)

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

def quick_length(workout):
    """Seconds of a QUICK form W/RxN: W*N + R*(N-1)."""
    work, rest_rounds = workout.split("/")
    rest, rounds = rest_rounds.lower().split("x")
    return int(work) * int(rounds) + int(rest) * (int(rounds) - 1)

def termdown_run(seconds, folder, queue):
    """Counts down `seconds` with termdown in a pseudo-terminal; its --exec-cmd writes the
    remaining seconds to a FIFO at each tick. Runs in a process of its own (so the reader of
    hiit's lines never waits for this one's turn at Python's interpreter lock) and puts the
    tick arrivals and the exit instant on `queue`."""
    fifo_path = os.path.join(folder, "termdown.fifo")
    os.mkfifo(fifo_path)
    # Opened for reading and writing: the FIFO always has a writer, so select waits for data
    # instead of reporting end-of-file between two ticks.
    fifo = os.open(fifo_path, os.O_RDWR | os.O_NONBLOCK)
    launch = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.execvp("termdown", ["termdown", "-B", "-q", "1", "-t", "done",
                               "--exec-cmd", f"echo {{0}} > {fifo_path}", str(seconds)])
    ticks = []
    while True:
        ready, _, _ = select.select([fd, fifo], [], [], 0.5)
        now = time.monotonic()
        if fd in ready:
            try:
                os.read(fd, 1 << 16)
            except OSError:
                pass
        if fifo in ready:
            try:
                data = os.read(fifo, 4096)
            except BlockingIOError:
                data = b""
            for word in data.split():
                ticks.append((now, float(word)))
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
    queue.put({"launch": launch, "ticks": ticks, "exit": time.monotonic()})

def timing(binary, workout, data, with_termdown):
    length = quick_length(workout)
    queue, process = multiprocessing.Queue(), None
    if with_termdown:
        process = multiprocessing.Process(target=termdown_run, args=(length, data, queue))
        process.start()
    launch = time.monotonic()
    proc = subprocess.Popen([binary, "run", workout, "--events", "--prepare", "0", "--no-record"],
                            stdout=subprocess.PIPE, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=environment(data), bufsize=0)
    errors, first, drift, late = [], None, None, []
    lines, finish_arrival = 0, None
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
            finish_arrival = arrived
        else:
            errors.append(error)
    proc.wait()
    ms = [e * 1000 for e in errors]
    print(f"timing: hiit {workout} --events ({length} s), {len(ms)} boundaries and cues, {lines} lines")
    print(f"  hiit boundary error ms: median {statistics.median(ms):.3f}  p99 {percentile(ms, 99):.3f}  max {max(ms):.3f}")
    print(f"  hiit final drift ms (finish line against the first line): {drift * 1000:.3f}")
    print(f"  hiit end error from launch ms (start-up included): {(finish_arrival - launch - length) * 1000:.1f}")
    worst = sorted(late, reverse=True)[:3]
    print("  hiit latest lines: " + "; ".join(f"{e * 1000:.3f} ms {name} {cue} due {due:.3f} (hiit's own lateness {own * 1000:.3f} ms)"
                                                for e, name, cue, due, own in worst))
    own = [abs(o) * 1000 for _, _, _, _, o in late]
    print(f"  hiit's own lateness (t - due in its lines) ms: median {statistics.median(own):.3f}  "
          f"p99 {percentile(own, 99):.3f}  max {max(own):.3f}")
    if process is not None:
        termdown = queue.get()
        process.join()
        ticks = termdown["ticks"]
        if len(ticks) < 2:
            print("  termdown: no ticks seen")
            return
        t0 = ticks[0][0]
        tick_errors = [((t - t0) - k) * 1000 for k, (t, _) in enumerate(ticks)][1:]
        end_error = termdown["exit"] - 1 - termdown["launch"] - length
        print(f"  termdown {length} s in a pty, {len(ticks)} ticks (each through --exec-cmd, a forked shell):")
        print(f"  termdown tick error ms: median {statistics.median(tick_errors):.3f}  p99 {percentile(tick_errors, 99):.3f}  "
              f"max {max(tick_errors):.3f}  last {tick_errors[-1]:.3f}")
        print(f"  termdown end error from launch ms (exit - 1 s of -q 1; Python start-up included): {end_error * 1000:.1f}")

def wall_times(command, env, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return times

def startup(binary, data, with_termdown, runs=30):
    env = environment(data)
    hiit = wall_times([binary, "show", "tabata", "--json"], env, runs)
    print(f"start-up: {runs} runs each")
    print(f"  hiit show tabata --json: median {statistics.median(hiit):.1f} ms, "
          f"p90 {percentile(hiit, 90):.1f} ms, min {min(hiit):.1f} ms")
    if with_termdown:
        termdown = wall_times(["termdown", "--version"], env, runs)
        print(f"  termdown --version:      median {statistics.median(termdown):.1f} ms, "
              f"p90 {percentile(termdown, 90):.1f} ms, min {min(termdown):.1f} ms")
        print(f"  ratio of medians termdown/hiit: {statistics.median(termdown) / statistics.median(hiit):.1f}x")

# 42 s with every spoken cue but Half way: a warm-up, names, Next before each exercise, Last
# round, a cool-down (#16); its phrases are synthesised before the first segment.
SPOKEN_WORKOUT = {"version": 2, "kind": "intervals", "name": "Spoken", "prepareSeconds": 0, "warmUpSeconds": 4,
                  "coolDownSeconds": 3, "restBetweenExercisesSeconds": 6,
                  "exercises": [{"name": "Squats", "workSeconds": 3, "restSeconds": 2, "rounds": 3},
                                {"name": "Push-ups", "workSeconds": 3, "restSeconds": 2, "rounds": 3}]}


def cue_latency(binary, data, workout="2/2x10", fifo_name="cues.fifo"):
    """Boundary to the first frames of its cue arriving through ALSA's file plugin in a FIFO."""
    fifo_path = os.path.join(data, fifo_name)
    os.mkfifo(fifo_path)
    fifo = os.open(fifo_path, os.O_RDWR | os.O_NONBLOCK)
    env = environment(data)
    env["HIIT_AUDIO_DEVICE"] = f"file:'{fifo_path}',raw"
    proc = subprocess.Popen([binary, "run", workout, "--events", "--prepare", "0", "--no-record"],
                            stdout=subprocess.PIPE, stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0)
    out = proc.stdout.fileno()
    os.set_blocking(out, False)
    chunks, cues, first, pending = [], [], None, b""
    while True:
        ready, _, _ = select.select([out, fifo], [], [], 1)
        now = time.monotonic()
        if fifo in ready:
            try:
                if os.read(fifo, 1 << 16):
                    chunks.append(now)
            except BlockingIOError:
                pass
        if out in ready:
            data_read = os.read(out, 1 << 16)
            if not data_read:
                break
            pending += data_read
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                event = json.loads(line)
                if first is None and "due" in event:
                    first = (now, event["due"])
                if event["event"] == "cue" and not event.get("muted"):
                    cues.append(event["due"])
    proc.wait()
    stderr = proc.stderr.read().decode().strip()
    if stderr:
        print(f"cue latency: {stderr}")
    latencies = []
    for due in cues:
        scheduled = first[0] + (due - first[1])
        arrivals = [t for t in chunks if t >= scheduled - 0.002]
        if arrivals:
            latencies.append((arrivals[0] - scheduled) * 1000)
    print(f"cue latency: {os.path.basename(workout) if os.path.exists(workout) else workout} --events, {len(latencies)} cues through ALSA's file plugin into a FIFO")
    print(f"  boundary to first frames ms: median {statistics.median(latencies):.3f}  "
          f"p99 {percentile(latencies, 99):.3f}  max {max(latencies):.3f}")

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/hiit")
    parser.add_argument("--timing-workout", default="20/10x21", help="a QUICK form; default 20/10x21: 620 s")
    parser.add_argument("--skip", action="append", default=[], choices=["timing", "cost", "startup", "cues", "termdown"])
    parser.add_argument("--cue-workout", action="append", default=[],
                        help="a workout (QUICK form or file) for the cue latency; repeatable; default 2/2x10 and the "
                             "spoken one below (names, Next, Last round, Warm up synthesised by espeak-ng)")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"measure.py: {binary} is not built; run swift build -c release")
    with_termdown = "termdown" not in args.skip and shutil.which("termdown") is not None
    if not with_termdown and "termdown" not in args.skip:
        print("termdown is not installed (pip install termdown): measuring hiit alone")
    with tempfile.TemporaryDirectory() as data:
        if "startup" not in args.skip:
            startup(binary, data, with_termdown)
        if "cues" not in args.skip:
            workouts = args.cue_workout
            if not workouts:
                spoken = os.path.join(data, "spoken.json")
                with open(spoken, "w") as f:
                    json.dump(SPOKEN_WORKOUT, f)
                workouts = ["2/2x10", spoken]
            for index, workout in enumerate(workouts):
                # A FIFO of its own for each run.
                cue_latency(binary, data, workout, fifo_name=f"cues{index}.fifo")
        if "timing" not in args.skip:
            timing(binary, args.timing_workout, data, with_termdown)
        if "cost" not in args.skip:
            # bench/cost.py: hiit (muted, cues to ALSA null and file, recorded) and termdown
            # 50 s at once, full screen in tmux 80x24.
            cost_bench.run_all(binary, "20/10x2", (80, 24), shutil.which("termdown") if with_termdown else None)

if __name__ == "__main__":
    main()
