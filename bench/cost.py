#!/usr/bin/env python3
"""What a full-screen timer run costs, hiit beside termdown (a Python countdown from PyPI) in
the same run: CPU time, peak memory, where the memory is, and the bytes sent to the terminal.
Prints numbers; asserts nothing. Run by hand on an otherwise idle machine:

    swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld \\
        -Xlinker -z -Xlinker pack-relative-relocs -Xswiftc -Xfrontend -Xswiftc -function-sections \\
        -Xlinker --symbol-ordering-file=bench/hot-functions.order -Xlinker --no-warn-symbol-ordering  # the README's install build
    pip install termdown                               # optional: else hiit alone
    python3 bench/cost.py [--binary .build/release/hiit] [--workout 20/10x2]

All runs start within a quarter of a second, each 50 ms after the one before (so that each
wakes on its own, as a timer alone does), each full screen in a tmux
pane of its own (80x24 by default, --size), and count down the same length (default 20/10x2:
50 s):

- hiit muted (`--mute`), hiit with its cues played into ALSA's `null` device, and hiit with
  them written through ALSA's `file` plugin into a WAV file (what the tests capture), each
  `run WORKOUT --prepare 0 --no-record`; and hiit muted and recording the session (into a
  temporary data folder), as a normal run does;
- `termdown SECONDS`.

Each program is started by a small C launcher this script compiles, which execs it and reads its
resource usage with wait4(2): user + system CPU time to the microsecond and the peak
resident set (ru_maxrss, the whole process from exec to exit). While they run, the script
reads /proc/PID/status every 100 ms: VmHWM half a second before the end is the peak while
the timer was counting (what the finish adds, the record stamped in its time zone and the
summary, is the difference to ru_maxrss). The binary is dropped from the page cache first,
so it is read from the disk as an installed binary is on its first run.
Half way through it reads /proc/PID/smaps of each hiit and sums the resident memory by what
is mapped (the program, the Swift runtime and libraries, Foundation, ICU, ALSA, the C
libraries, the heap). tmux's pipe-pane counts the bytes each program wrote to its pane.

Last, the floor: the same toolchain builds programs that do nothing but `import Glibc` or
`import Foundation` (and one that also uses a little of Foundation), linked the way the
measured binary is (dynamically, or statically with --static-swift-stdlib), and their peak
resident set is read the same way.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

MIB = 1024 * 1024
# Seconds between the starts of two programs: well apart for processes that wake every 0.5 s
# (hiit's bar, IntervalRun.barRefresh) or every second.
START_GAP = 0.05


# The program that starts each measured one: fork, exec, wait4. Written in C so the memory the
# child had before exec (a copy of its parent, which counts toward ru_maxrss) is well under a
# MiB; a Python parent would add its own 10 MiB to every peak.
LAUNCHER = r"""
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv) {
    if (argc < 3) return 64;
    char path[4096];
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid == 0) { execvp(argv[2], argv + 2); _exit(127); }
    snprintf(path, sizeof path, "%s.pid", argv[1]);
    FILE *f = fopen(path, "w");
    if (f) { fprintf(f, "%d\n", (int)pid); fclose(f); }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) return 70;
    clock_gettime(CLOCK_MONOTONIC, &end);
    snprintf(path, sizeof path, "%s.tmp", argv[1]);
    f = fopen(path, "w");
    if (!f) return 74;
    fprintf(f, "{\"user\": %ld.%06ld, \"system\": %ld.%06ld, \"maxrss_kib\": %ld, \"status\": %d, \"wall\": %.6f}\n",
            (long)usage.ru_utime.tv_sec, (long)usage.ru_utime.tv_usec, (long)usage.ru_stime.tv_sec,
            (long)usage.ru_stime.tv_usec, usage.ru_maxrss, status,
            (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
    fclose(f);
    return rename(path, argv[1]) == 0 ? 0 : 74;
}
"""


def build_launcher(folder):
    """Compiles ``LAUNCHER`` into `folder`; returns its path, or None without a C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not compiler:
        return None
    source, exe = os.path.join(folder, "launcher.c"), os.path.join(folder, "launcher")
    with open(source, "w") as f:
        f.write(LAUNCHER)
    built = subprocess.run([compiler, "-O2", "-o", exe, source], capture_output=True, text=True)
    return exe if built.returncode == 0 else None


def launch(launcher, report, argv, env=None):
    """Runs argv through the launcher to its end; returns its report."""
    subprocess.run([launcher, report, *argv], env=env, stdout=subprocess.DEVNULL, check=False)
    with open(report) as f:
        return json.load(f)


def quick_length(workout):
    """Seconds of a QUICK form W/RxN: W*N + R*(N-1)."""
    work, rest_rounds = workout.split("/")
    rest, rounds = rest_rounds.lower().split("x")
    return int(work) * int(rounds) + int(rest) * (int(rounds) - 1)


def mapping_group(path):
    """What a mapping of /proc/PID/smaps is, for the memory table."""
    name = os.path.basename(path)
    if not path or path.startswith("["):
        return "heap, stacks, anonymous" if path in ("", "[heap]", "[stack]") or not path.startswith("[v") else "kernel (vdso)"
    if "FoundationICU" in name or name.startswith("libicu"):
        return "ICU (lib_FoundationICU)"
    if "Foundation" in name:
        return "Foundation (libFoundation*)"
    if name.startswith("libswift") or name in ("libdispatch.so", "libBlocksRuntime.so"):
        return "Swift runtime and libraries"
    if name.startswith("libasound"):
        return "ALSA (libasound)"
    if name.startswith(("libc.so", "libm.so", "libstdc++", "libgcc_s", "ld-linux", "libresolv")):
        return "C and C++ libraries"
    return None


def memory_by_mapping(pid, binary):
    """Resident KiB of process `pid` grouped by what is mapped."""
    groups, current, program = {}, None, os.path.realpath(binary)
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                parts = line.split()
                if "-" in parts[0] and not parts[0].endswith(":"):
                    path = parts[5] if len(parts) > 5 else ""
                    current = "the program (" + os.path.basename(binary) + ")" if path == program else mapping_group(path) or "other files"
                elif parts[0] == "Rss:":
                    groups[current] = groups.get(current, 0) + int(parts[1])
    except OSError:
        return {}
    return groups


def status_kib(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def side_by_side(launcher, runs, seconds, size, folder):
    """Starts every (name, argv, env) of `runs` at once in tmux panes of `size` and returns,
    per name, the child's report with the sampled peak, the mapping table and the bytes."""
    columns, rows = size
    state = {}
    go = os.path.join(folder, "go")
    for index, (name, argv, env) in enumerate(runs):
        report = os.path.join(folder, f"{name}.json")
        output = os.path.join(folder, f"{name}.out")
        socket = f"hiit-cost-{os.getpid()}-{name}"
        words = " ".join(f"{k}={shell(v)}" for k, v in env.items())
        # Each starts START_GAP after the one before, so that no two wake at the same instant:
        # started together, the first to wake at each frame finds the processor idle and its
        # caches cold and pays for it, and the others, woken a few microseconds later, run on
        # warm ones for less (a third less for hiit).
        offset = START_GAP * index
        command = (f"while [ ! -e {go} ]; do sleep 0.01; done; sleep {offset:.3f}; "
                   f"env {words} {shell(launcher)} {shell(report)} "
                   + " ".join(shell(a) for a in argv) + "; sleep 30")
        subprocess.run(["tmux", "-L", socket, "new-session", "-d", "-x", str(columns), "-y", str(rows), command], check=True)
        subprocess.run(["tmux", "-L", socket, "pipe-pane", "-o", f"cat > {shell(output)}"], check=True)
        state[name] = {"report": report, "output": output, "socket": socket, "pid": None, "hwm": None,
                       "binary": argv[0], "mapped": {}}
    open(go, "w").close()
    started = time.monotonic()
    deadline = started + seconds + 30
    while time.monotonic() < deadline and not all(os.path.exists(s["report"]) for s in state.values()):
        now = time.monotonic() - started
        for s in state.values():
            if s["pid"] is None and os.path.exists(s["report"] + ".pid"):
                with open(s["report"] + ".pid") as f:
                    text = f.read().strip()
                s["pid"] = int(text) if text else None
            if s["pid"] is not None and not os.path.exists(s["report"]):
                hwm = status_kib(s["pid"], "VmHWM")
                # Half a second before the end: the peak while counting, before the finish.
                if hwm is not None and now <= seconds - 0.5:
                    s["hwm"] = hwm
                if not s["mapped"] and now >= seconds / 2:
                    s["mapped"] = memory_by_mapping(s["pid"], s["binary"])
        time.sleep(0.1)
    results = {}
    for name, s in state.items():
        subprocess.run(["tmux", "-L", s["socket"], "kill-server"], stderr=subprocess.DEVNULL)
        if not os.path.exists(s["report"]):
            print(f"  {name}: did not finish")
            continue
        with open(s["report"]) as f:
            report = json.load(f)
        report["hwm_kib"] = s["hwm"]
        report["mapped"] = s["mapped"]
        report["bytes"] = os.path.getsize(s["output"]) if os.path.exists(s["output"]) else 0
        results[name] = report
    return results


def shell(word):
    return "'" + str(word).replace("'", "'\\''") + "'"


def evict(path):
    """Drops the file's clean pages from the page cache (posix_fadvise DONTNEED)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def is_static(binary):
    """Whether the Swift runtime is linked into `binary` (no libswiftCore.so needed)."""
    out = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True).stdout
    return "libswiftCore.so" not in out


def floors(launcher, static, folder):
    """Peak RSS (KiB) of do-nothing programs built by this toolchain, linked as `static` says."""
    swiftc = shutil.which("swiftc")
    if not swiftc:
        return None
    programs = {
        "import Glibc only": "import Glibc\nprint(CommandLine.arguments.count)\n",
        "import Foundation only": "import Foundation\nprint(CommandLine.arguments.count)\n",
        "Foundation: a Date, a URL, FileManager": (
            "import Foundation\nprint(Date().timeIntervalSince1970 > 0, URL(fileURLWithPath: \"/tmp/x\").lastPathComponent,"
            " FileManager.default.fileExists(atPath: \"/tmp\"))\n"),
    }
    flags = ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] if static else []
    result = {}
    for label, source in programs.items():
        path = os.path.join(folder, "floor.swift")
        with open(path, "w") as f:
            f.write(source)
        exe = os.path.join(folder, "floor")
        built = subprocess.run([swiftc, "-O", *flags, path, "-o", exe], capture_output=True, text=True)
        if built.returncode != 0:
            result[label] = None
            continue
        peaks = [launch(launcher, os.path.join(folder, f"floor-{i}.json"), [exe])["maxrss_kib"] for i in range(5)]
        result[label] = sorted(peaks)[len(peaks) // 2]
    return result


def report(results, seconds, termdown_name):
    hiits = [n for n in results if n != termdown_name]
    print(f"  {'':28} {'CPU s':>8} {'% core':>7} {'peak RSS':>10} {'while timing':>13} {'bytes/s':>9}")
    for name, r in results.items():
        cpu = r["user"] + r["system"]
        hwm = f"{r['hwm_kib'] / 1024:.1f} MiB" if r.get("hwm_kib") else "-"
        print(f"  {name:28} {cpu:8.3f} {cpu / seconds * 100:6.2f}% {r['maxrss_kib'] / 1024:6.1f} MiB {hwm:>13} "
              f"{r['bytes'] / seconds:9.0f}")
    if termdown_name in results:
        td = results[termdown_name]
        td_cpu = td["user"] + td["system"]
        print("  termdown against each hiit (CPU: termdown's over hiit's; memory: hiit's over termdown's):")
        for name in hiits:
            r = results[name]
            cpu = r["user"] + r["system"]
            ok = "within" if cpu * 10 <= td_cpu else "NOT within"
            print(f"    {name:26} CPU {td_cpu / cpu:5.1f}x less ({ok} 1/10 of termdown's); "
                  f"peak RSS {r['maxrss_kib'] / td['maxrss_kib']:.2f} of termdown's")
    for name in hiits:
        r = results[name]
        peak = r["maxrss_kib"] / 1024
        print(f"  {name}: peak RSS {peak:.1f} MiB ({'within' if peak <= 16 else 'above'} 16 MiB); resident half way, by mapping:")
        for group, kib in sorted(r["mapped"].items(), key=lambda kv: -kv[1]):
            print(f"      {kib / 1024:6.1f} MiB  {group}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/hiit")
    parser.add_argument("--workout", default="20/10x2", help="a QUICK form W/RxN; default 20/10x2: 50 s")
    parser.add_argument("--size", default="80x24", help="COLUMNSxROWS of each pane; default 80x24")
    parser.add_argument("--termdown", default="termdown", help="the termdown command (default: termdown on PATH)")
    parser.add_argument("--skip-floor", action="store_true", help="do not build and measure the do-nothing programs")
    args = parser.parse_args()
    run_all(os.path.abspath(args.binary), args.workout, tuple(int(x) for x in args.size.split("x")),
            shutil.which(args.termdown), not args.skip_floor)


def run_all(binary, workout, size, termdown, with_floor=True):
    """The whole measurement (also bench/measure.py's cost section)."""
    if not os.access(binary, os.X_OK):
        sys.exit(f"cost.py: {binary} is not built; see the README's install build")
    if not shutil.which("tmux"):
        print("cost: tmux missing; skipped")
        return
    seconds = quick_length(workout)
    static = is_static(binary)
    with tempfile.TemporaryDirectory() as folder:
        launcher = build_launcher(folder)
        if launcher is None:
            print("cost: no C compiler (cc) to build the launcher; skipped")
            return
        data = os.path.join(folder, "data")
        os.mkdir(data)
        base = {"XDG_DATA_HOME": data, "LANG": "C.UTF-8", "TERM": "xterm", "SWIFT_BACKTRACE": "interactive=no"}
        hiit = [binary, "run", workout, "--prepare", "0"]
        wav = os.path.join(folder, "cues.wav")
        runs = [
            ("hiit --mute", hiit + ["--no-record", "--mute"], {**base, "HIIT_AUDIO_DEVICE": "null"}),
            ("hiit, cues to ALSA null", hiit + ["--no-record"], {**base, "HIIT_AUDIO_DEVICE": "null"}),
            ("hiit, cues to ALSA file", hiit + ["--no-record"], {**base, "HIIT_AUDIO_DEVICE": f"file:'{wav}',wav"}),
            ("hiit --mute, recorded", hiit + ["--mute"], {**base, "HIIT_AUDIO_DEVICE": "null"}),
        ]
        # The binary is read from the disk as on its first run (a file just built or copied
        # sits in the page cache in pieces of other sizes, which change how much of it a
        # page fault maps: up to 2 MiB more resident).
        evict(binary)
        termdown_name = "termdown"
        if termdown:
            runs.append((termdown_name, [termdown, str(seconds)], base))
        else:
            print("termdown is not installed (pip install termdown): measuring hiit alone")
        linkage = "static Swift runtime and Foundation" if static else "Swift runtime and Foundation as shared libraries"
        print(f"cost: {seconds} s full screen in tmux {size[0]}x{size[1]}, each waking on its own: hiit run {workout} "
              f"({linkage}){' and termdown ' + str(seconds) if termdown else ''}")
        results = side_by_side(launcher, runs, seconds, size, folder)
        report(results, seconds, termdown_name)
        if with_floor:
            measured = floors(launcher, static, folder)
            if measured:
                print(f"floor: do-nothing programs of this toolchain, linked {'statically' if static else 'dynamically'}, "
                      "peak RSS (median of 5):")
                for label, kib in measured.items():
                    print(f"      {'-' if kib is None else f'{kib / 1024:6.1f} MiB'}  {label}")


if __name__ == "__main__":
    main()
