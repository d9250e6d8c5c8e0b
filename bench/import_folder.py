#!/usr/bin/env python3
"""Importing a folder of activity files (issue 13: "a folder of 1,000 such files stays
proportional"). Prints a table; asserts nothing. Run by hand on an otherwise idle machine:

    swift build -c release
    python3 bench/import_folder.py [--binary .build/release/hiit] [--files 1000] [--points 600] [--runs 3]

1. Generate, deterministically (fixed seed and instants), FILES different GPX 1.1 runs of
   POINTS points each at 1 Hz (positions on a loop, elevation, heart rate and cadence in
   Garmin's TrackPointExtension), one a day back from 2026-11-29 07:00 UTC, in a folder
   `Activity/` as a watch export would have them; and the committed 13,471-record FIT ride.
2. Measure `hiit history import FOLDER` into an empty data folder for 1, 10, 100 and FILES
   files of that folder (a prefix of it in each case; wall and CPU time, user + system, of
   the child, and its peak resident memory from `wait4`), medians of RUNS runs; and the
   per-file cost (CPU ÷ files) to show whether it stays proportional.
3. The peer for the GPX files: Python's own XML parser (`xml.etree.ElementTree.parse`) reading
   the same FILES files in this process, every point's time, position and extensions taken out
   (a parse only: no distance, no history), wall time; and, when `gpxpy` is installed, gpxpy
   parsing them. Ratios are the peer's median over ours.
"""
import argparse, datetime, math, os, random, resource, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIT = os.path.join(ROOT, "Tests", "ActivityFilesTests", "Fixtures", "fit", "bench_ride.fit")
START = datetime.datetime(2026, 11, 29, 7, 0, 0, tzinfo=datetime.timezone.utc)


def gpx(index, points, rng):
    start = START - datetime.timedelta(days=index)
    lat0, lon0 = 50.08 + rng.uniform(-0.05, 0.05), 14.42 + rng.uniform(-0.05, 0.05)
    radius = 0.004 + rng.uniform(0, 0.002)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1" '
             'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">',
             f'<trk><name>Run {index}</name><type>running</type><trkseg>']
    for second in range(points):
        angle = 2 * math.pi * second / points
        t = (start + datetime.timedelta(seconds=second)).strftime("%Y-%m-%dT%H:%M:%SZ")
        lat = lat0 + radius * math.sin(angle)
        lon = lon0 + radius * math.cos(angle) / math.cos(math.radians(lat0))
        ele = 250 + 12 * math.sin(3 * angle) + rng.uniform(-0.5, 0.5)
        hr = int(140 + 15 * math.sin(angle) + rng.uniform(-2, 2))
        lines.append(f'<trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele><time>{t}</time>'
                     f'<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>{hr}</gpxtpx:hr>'
                     f'<gpxtpx:cad>88</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>')
    lines.append('</trkseg></trk></gpx>')
    return "\n".join(lines) + "\n"


def run_child(argv, env):
    # stderr goes to a file, not a pipe: a thousand notes would fill a pipe nobody reads yet.
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        errors.seek(0)
        err = errors.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"import_folder.py: {' '.join(argv)} failed: {err.strip()[:400]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "hiit"))
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--points", type=int, default=600)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"import_folder.py: no {args.binary}; build it with 'swift build -c release'")
    scratch = tempfile.mkdtemp(prefix="hiit-import-bench-")
    try:
        rng = random.Random(13)
        names = []
        all_folder = os.path.join(scratch, "all", "Activity")
        os.makedirs(all_folder)
        for index in range(args.files):
            name = f"run-{index:05d}.gpx"
            with open(os.path.join(all_folder, name), "w") as f:
                f.write(gpx(index, args.points, rng))
            names.append(name)
        size = sum(os.path.getsize(os.path.join(all_folder, n)) for n in names)
        # The generated files go to the disk first: the imports' fsyncs then wait for their own
        # writes only, not for this script's.
        os.sync()
        print(f"{args.files} GPX files of {args.points} points ({size / 1e6:.1f} MB), {args.runs} runs each, medians\n")
        counts = sorted({c for c in (1, 10, 100, args.files) if c <= args.files})
        folders = {}
        for count in counts:
            folder = os.path.join(scratch, f"first-{count}", "Activity")
            os.makedirs(folder)
            for name in names[:count]:
                os.link(os.path.join(all_folder, name), os.path.join(folder, name))
            folders[count] = folder
        os.sync()
        fit_folder = os.path.join(scratch, "fit")
        os.makedirs(fit_folder)
        shutil.copy(FIT, fit_folder)

        rows = []
        cases = [(f"{c} GPX file{'s' if c > 1 else ''}", folders[c], c) for c in counts]
        cases.append(("1 FIT file, 13,471 records", fit_folder, 1))
        for label, folder, count in cases:
            walls, cpus, peaks = [], [], []
            for run in range(args.runs):
                data = os.path.join(scratch, "data")
                shutil.rmtree(data, ignore_errors=True)
                env = dict(os.environ, XDG_DATA_HOME=data, TZ="UTC", SWIFT_BACKTRACE="interactive=no")
                os.sync()
                wall, cpu, peak = run_child([args.binary, "history", "import", folder], env)
                walls.append(wall); cpus.append(cpu); peaks.append(peak)
            rows.append((label, count, statistics.median(walls), statistics.median(cpus), max(peaks)))
        print(f"{'hiit history import FOLDER':<30}{'wall':>10}{'CPU':>10}{'CPU/file':>11}{'peak RSS':>11}")
        for label, count, wall, cpu, peak in rows:
            print(f"{label:<30}{wall * 1000:>8.0f} ms{cpu * 1000:>8.0f} ms{cpu * 1000 / count:>8.1f} ms{peak:>7.0f} MiB")

        # The peers: Python parsing the same GPX files.
        import xml.etree.ElementTree as ET
        ns = {"g": "http://www.topografix.com/GPX/1/1",
              "x": "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"}
        def etree_pass():
            points = 0
            for name in names:
                root = ET.parse(os.path.join(all_folder, name)).getroot()
                for point in root.iter("{http://www.topografix.com/GPX/1/1}trkpt"):
                    float(point.get("lat")); float(point.get("lon"))
                    point.findtext("g:time", namespaces=ns); point.findtext("g:ele", namespaces=ns)
                    point.findtext("g:extensions/x:TrackPointExtension/x:hr", namespaces=ns)
                    points += 1
            return points
        peers = [("Python ElementTree parse", etree_pass)]
        try:
            import gpxpy
            def gpxpy_pass():
                for name in names:
                    with open(os.path.join(all_folder, name)) as f:
                        gpxpy.parse(f)
            peers.append(("gpxpy parse", gpxpy_pass))
        except ImportError:
            print("\n(gpxpy is not installed: its row is left out)")
        ours = rows[[r[1] for r in rows].index(args.files)][2]
        print()
        for label, function in peers:
            times = []
            for _ in range(args.runs):
                start = time.perf_counter(); function(); times.append(time.perf_counter() - start)
            peer = statistics.median(times)
            print(f"{label + f' of the {args.files} files':<44}{peer * 1000:>8.0f} ms   {peer / ours:>5.1f}x hiit's whole import")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
