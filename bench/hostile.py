#!/usr/bin/env python3
"""Measure hiit on inputs built to be slow (issue 11, item 4). Prints a table; asserts nothing.
Run by hand on an otherwise idle machine:

    swift build -c release
    python3 bench/hostile.py [--binary .build/release/hiit] [--size 20000] [--runs 5]

For each kind of hostile input it builds one at SIZE and one at 4 x SIZE, and times the
command that reads it (medians of RUNS runs, after one warm-up run):
  - a history line with SIZE unknown keys (read by `hiit history --json`);
  - a history line with an unknown array of 3 x SIZE numbers (a long line of commas);
  - a history line with SIZE legs, and one with SIZE laps in one leg (over the bounds, so
    skipped with a message);
  - a workout file with SIZE / 2.5 exercises (refused: at most 20), read by `hiit list`.
The ratio t(4 x SIZE) / t(SIZE) is about 4 when reading is linear and about 16 when it is
quadratic. As a baseline, the same command on a good history of the same byte size as the
large input is timed too, in the same run.
"""
import argparse, json, os, shutil, statistics, subprocess, tempfile, time, uuid


def environment(data_home):
    env = dict(os.environ)
    env.update({"XDG_DATA_HOME": data_home, "HIIT_AUDIO_DEVICE": "null",
                "SWIFT_BACKTRACE": "interactive=no", "NO_COLOR": "1", "TZ": "UTC"})
    return env


def a_record(binary, scratch):
    home = os.path.join(scratch, "seed")
    subprocess.run([binary, "run", "1/1x1", "--prepare", "0", "--mute"], env=environment(home),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    with open(os.path.join(home, "hiit", "history.jsonl")) as f:
        return json.loads(f.readline())


def hostile_lines(record, size):
    leg = {"sport": "running", "startSeconds": 0, "elapsedSeconds": 1, "timerSeconds": 1, "laps": []}
    many_keys = dict(record, **{"k%d" % i: i for i in range(size)})
    long_array = dict(record, extra=list(range(3 * size)))
    many_legs = dict(record, kind="multisport", legs=[leg] * size)
    many_laps = dict(record, kind="multisport",
                     legs=[dict(leg, laps=[{"startSeconds": 0, "elapsedSeconds": 1}] * size)])
    return {"unknown keys": many_keys, "long array": long_array, "legs": many_legs, "laps": many_laps}


def timed(command, env, runs):
    samples = []
    for index in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
        if index > 0:
            samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def history_time(binary, scratch, lines, runs):
    home = tempfile.mkdtemp(dir=scratch)
    os.makedirs(os.path.join(home, "hiit"))
    with open(os.path.join(home, "hiit", "history.jsonl"), "w") as f:
        for line in lines:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
    size = os.path.getsize(os.path.join(home, "hiit", "history.jsonl"))
    return timed([binary, "history", "--json"], environment(home), runs), size


def workout_time(binary, scratch, exercises, runs):
    home = tempfile.mkdtemp(dir=scratch)
    subprocess.run([binary, "list"], env=environment(home), stdout=subprocess.DEVNULL, check=True)
    workout = {"version": 1, "name": "Big",
               "exercises": [{"name": "E%d" % i, "workSeconds": 20, "restSeconds": 10, "rounds": 8}
                             for i in range(exercises)]}
    with open(os.path.join(home, "hiit", "workouts", "big.json"), "w") as f:
        json.dump(workout, f, indent=2)
    return timed([binary, "list"], environment(home), runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/release/hiit")
    parser.add_argument("--size", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    scratch = tempfile.mkdtemp(prefix="hiit-hostile-")
    try:
        record = a_record(binary, scratch)
        print("| input | t(n) | t(4n) | ratio | good history of the same size |")
        print("|---|---|---|---|---|")
        small, large = hostile_lines(record, options.size), hostile_lines(record, 4 * options.size)
        for name in small:
            t_small, _ = history_time(binary, scratch, [small[name]], options.runs)
            t_large, size = history_time(binary, scratch, [large[name]], options.runs)
            copies = max(1, size // len(json.dumps(record, separators=(",", ":"))))
            good = [dict(record, id=str(uuid.UUID(int=i))) for i in range(copies)]
            t_good, _ = history_time(binary, scratch, good, options.runs)
            print("| %s (n = %d, %d KB at 4n) | %.0f ms | %.0f ms | %.1f | %.0f ms |"
                  % (name, options.size, size // 1024, t_small * 1000, t_large * 1000, t_large / t_small, t_good * 1000))
        exercises = int(options.size / 2.5)
        t_small = workout_time(binary, scratch, exercises, options.runs)
        t_large = workout_time(binary, scratch, 4 * exercises, options.runs)
        print("| workout exercises (n = %d) | %.0f ms | %.0f ms | %.1f | - |"
              % (exercises, t_small * 1000, t_large * 1000, t_large / t_small))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
