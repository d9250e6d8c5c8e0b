#!/usr/bin/env python3
"""Write bench/hot-functions.order: the functions a timer run (and the quick commands) execute,
for the install build's linker to place side by side (issue 12, item 26). Prints what it did;
asserts nothing. Run by hand after code changes that move much of the timer's code (a stale
list is harmless: names it no longer finds are skipped, and those functions are placed as
without a list):

    swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld \\
        -Xlinker -z -Xlinker pack-relative-relocs -Xswiftc -Xfrontend -Xswiftc -function-sections
    python3 bench/order.py [--binary .build/release/hiit]
    rm .build/release/hiit && swift build … (the same line): SwiftPM does not watch the list


Why: the kernel maps a program's code in 64 KiB pieces around each page it touches (fault-
around), so the resident memory of a run is set by how scattered the code it runs is, not by
how much it runs. A timer run executes about 1 MiB of the program's 17.5 MiB of code, spread
over 10.6 MiB of it; the Swift runtime, the standard library and Foundation are built with a
section per function, and so is hiit with `-function-sections`, so lld's
`--symbol-ordering-file` can put the functions listed here first, together.

How: each program run below runs under valgrind's callgrind (Debian `valgrind`), which names
every function executed; the names that are symbols of the binary (`nm`) are written in the
order of the runs, each name once. The timer runs in a tmux pane (it needs a terminal), muted
and with its cues into ALSA's `null` device, recording into a scratch data folder; then
`--version`, `list`, `show`, `stats` (cold and warm), `history --last 100` and `status` on a
`hiit demo` history.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))


def functions(profile):
    """The function names callgrind recorded, in the order they first appear."""
    names, seen = [], set()
    pattern = re.compile(r"^c?fn=\(\d+\) (.*)$")
    with open(profile, errors="replace") as f:
        for line in f:
            m = pattern.match(line)
            if not m:
                continue
            name = re.sub(r"'\d+$", "", m.group(1).strip())  # callgrind's recursion suffix
            if name not in seen:
                seen.add(name)
                names.append(name)
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(HERE, "..", ".build", "release", "hiit"))
    parser.add_argument("--output", default=os.path.join(HERE, "hot-functions.order"))
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    for tool in ("valgrind", "tmux", "nm"):
        if not shutil.which(tool):
            sys.exit(f"order.py: {tool} is not installed")
    scratch = tempfile.mkdtemp(prefix="hiit-order-")
    env = dict(os.environ)
    env.update({"XDG_DATA_HOME": os.path.join(scratch, "data"), "XDG_CONFIG_HOME": os.path.join(scratch, "config"),
                "XDG_CACHE_HOME": os.path.join(scratch, "cache"), "XDG_STATE_HOME": os.path.join(scratch, "state"),
                "HIIT_AUDIO_DEVICE": "null", "SWIFT_BACKTRACE": "interactive=no", "TZ": "Europe/Prague"})
    profiles = []

    def profiled(arguments, terminal=False):
        out = os.path.join(scratch, f"callgrind.{len(profiles)}")
        command = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", binary] + arguments
        if terminal:
            session = f"hiit-order-{os.getpid()}"
            exports = " ".join(f"{k}={v}" for k, v in env.items() if k.startswith(("XDG_", "HIIT_", "SWIFT_", "TZ")))
            subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24",
                            f"env {exports} {' '.join(command)} >/dev/null 2>&1"], check=True)
            deadline = time.time() + 180
            while time.time() < deadline and subprocess.run(["tmux", "has-session", "-t", session],
                                                            capture_output=True).returncode == 0:
                time.sleep(0.5)
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        else:
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if os.path.exists(out):
            profiles.append(out)
        print(f"order.py: {' '.join(arguments)}: {'profiled' if os.path.exists(out) else 'no profile'}")

    profiled(["run", "3/2x2", "--prepare", "0", "--mute"], terminal=True)
    profiled(["run", "3/2x2", "--prepare", "0", "--no-record"], terminal=True)
    subprocess.run([binary, "demo", "--until", "2026-11-29"], env=env, stdout=subprocess.DEVNULL, check=True)
    demo = None
    for root, _, files in os.walk(env["XDG_DATA_HOME"]):
        if "history.jsonl" in files:
            demo = os.path.dirname(root)
    if demo:
        env["XDG_DATA_HOME"] = demo
    for arguments in (["--version"], ["list"], ["show", "tabata"], ["stats", "year", "--json"], ["stats", "year"],
                      ["stats", "week"], ["history", "--last", "100"], ["history"], ["status"]):
        profiled(arguments)

    symbols = set()
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            symbols.add(parts[2])
    order, seen = [], set()
    for profile in profiles:
        for name in functions(profile):
            if name in symbols and name not in seen:
                seen.add(name)
                order.append(name)
    with open(args.output, "w") as f:
        f.write("\n".join(order) + "\n")
    print(f"order.py: {len(order)} functions from {len(profiles)} runs written to {args.output}")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
