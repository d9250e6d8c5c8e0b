#!/usr/bin/env python3
"""FIT import speed (issue 13): hiit's own FIT decoder against Python's `fitdecode` reading the
same file in the same run. Prints a table; asserts nothing. Run by hand on an idle machine,
with `fitdecode` (and, for `fixtures`, `fit-tool`) from PyPI installed in the Python used:

    python3 bench/fit_import.py [--runs 15] [--file FILE.fit]
    python3 bench/fit_import.py fixtures DIR

1. The file: by default the committed `Tests/ActivityFilesTests/Fixtures/fit/bench_ride.fit`,
   a 13,471-record bike computer file of 755 KB (a 3 h 44 min ride at 1 Hz, 25 fields
   per record, as a Garmin Edge writes them); `fixtures DIR` writes it again, with the test
   fixtures (`ride_1h.fit`, `run_laps.fit`, `triathlon.fit`), through `fit-tool`,
   deterministically (fixed instants and seeds).
2. Ours: `swift build -c release --product fit-bench`, then `fit-bench --repeat R FILE`, which
   reads the file once and decodes it R times in one process (`FITActivityDecoder.decode`,
   bytes to sessions, laps and points), printing each decode's wall and CPU milliseconds; and
   `fit-bench FILE` (start-up, reading, one decode) timed as a whole process from here.
3. The peer: `fitdecode.FitReader` over the same bytes, every frame read (data messages with
   their fields decoded, CRC checked), in this process; wall and CPU milliseconds.
4. Both take turns run by run; the first run of each is a warm-up and not counted. Medians
   and minimums are printed, and the ratios of the medians (how many times faster ours is), by
   wall time and by CPU time (the steadier of the two on a shared machine).
"""
import argparse, io, math, os, random, resource, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "ActivityFilesTests", "Fixtures", "fit")

# ---------------------------------------------------------------------------------------------
# Fixtures (fit-tool)


def _fit_tool():
    from fit_tool.fit_file_builder import FitFileBuilder
    from fit_tool.profile.messages.activity_message import ActivityMessage
    from fit_tool.profile.messages.event_message import EventMessage
    from fit_tool.profile.messages.file_id_message import FileIdMessage
    from fit_tool.profile.messages.lap_message import LapMessage
    from fit_tool.profile.messages.record_message import RecordMessage
    from fit_tool.profile.messages.session_message import SessionMessage
    from fit_tool.profile.messages.sport_message import SportMessage
    from fit_tool.profile.profile_type import Event, EventType, FileType
    return locals()


FIT_EPOCH = 631065600


def _ms(unix):
    return int(unix * 1000)


class Track:
    """Deterministic samples of one leg: 1 Hz, a loop around a centre, rolling hills."""

    def __init__(self, rng, start, seconds, speed, center, sport, hr=(120, 165), cadence=(80, 95),
                 positions=True, pause=None, altitude=(40, 25)):
        self.samples = []
        self.pauses = []
        distance = 0.0
        lat0, lon0 = center
        radius = max(200.0, speed * seconds / (2 * math.pi))
        t = 0
        hr_low, hr_high = hr
        while t <= seconds:
            if pause and pause[0] <= t < pause[0] + pause[1]:
                if t == pause[0]:
                    self.pauses.append((start + t, start + t + pause[1]))
                t += 1
                continue
            v = max(0.5, speed * (1 + 0.15 * math.sin(t / 97.0)) + rng.uniform(-0.3, 0.3))
            if t > 0:
                distance += v
            angle = distance / radius
            lat = lat0 + (radius * math.sin(angle)) / 111_320.0
            lon = lon0 + (radius * (1 - math.cos(angle))) / (111_320.0 * math.cos(math.radians(lat0)))
            alt = altitude[0] + altitude[1] * math.sin(distance / 1500.0) + rng.uniform(-0.4, 0.4)
            heart = int(hr_low + (hr_high - hr_low) * min(1.0, t / 600.0) + rng.randint(-3, 3))
            cad = rng.randint(*cadence)
            self.samples.append(dict(time=start + t, lat=lat if positions else None, lon=lon if positions else None,
                                     alt=round(alt * 5) / 5, distance=round(distance, 2), speed=round(v, 3),
                                     hr=heart, cadence=cad, power=int(150 + 60 * math.sin(t / 40.0) + rng.randint(-20, 20))))
            t += 1
        self.start = start
        self.end = start + seconds
        self.sport = sport


def _totals(samples, start, end, pauses=()):
    paused = sum(b - a for a, b in pauses if start <= a < end)
    ascent = descent = 0.0
    for a, b in zip(samples, samples[1:]):
        d = b["alt"] - a["alt"]
        if d > 0:
            ascent += d
        else:
            descent -= d
    hrs = [s["hr"] for s in samples] or [0]
    cads = [s["cadence"] for s in samples] or [0]
    return dict(elapsed=end - start, timer=end - start - paused,
                distance=(samples[-1]["distance"] - samples[0]["distance"]) if samples else 0.0,
                ascent=int(round(ascent)), descent=int(round(descent)),
                avg_hr=round(sum(hrs) / len(hrs)), max_hr=max(hrs),
                avg_cad=round(sum(cads) / len(cads)), max_cad=max(cads),
                max_speed=max((s["speed"] for s in samples), default=0.0))


def _summary(cls, start, end, samples, sport, sub_sport, kcal, pauses=(), **extra):
    totals = _totals(samples, start, end, pauses)
    m = cls()
    m.timestamp = _ms(end)
    m.start_time = _ms(start)
    m.total_elapsed_time = totals["elapsed"]
    m.total_timer_time = totals["timer"]
    m.total_distance = totals["distance"]
    m.total_calories = kcal
    m.total_ascent = totals["ascent"]
    m.total_descent = totals["descent"]
    m.avg_heart_rate = totals["avg_hr"]
    m.max_heart_rate = totals["max_hr"]
    m.avg_cadence = totals["avg_cad"]
    m.max_cadence = totals["max_cad"]
    m.max_speed = totals["max_speed"]
    m.sport = sport
    m.sub_sport = sub_sport
    for key, value in extra.items():
        setattr(m, key, value)
    return m


def _record(t, s, rich=False):
    m = t["RecordMessage"]()
    m.timestamp = _ms(s["time"])
    if s["lat"] is not None:
        m.position_lat = s["lat"]
        m.position_long = s["lon"]
    m.distance = s["distance"]
    m.enhanced_altitude = s["alt"]
    m.enhanced_speed = s["speed"]
    m.heart_rate = s["hr"]
    m.cadence = s["cadence"]
    if rich:
        # what a bike computer adds: power, temperature, balance, pedalling, accumulated values
        m.altitude = s["alt"]
        m.speed = s["speed"]
        m.power = s["power"]
        m.temperature = 18
        m.grade = 1.5
        m.left_right_balance = 50
        m.gps_accuracy = 3
        m.accumulated_power = s["power"] * (s["time"] % 100000)
        m.vertical_speed = 0.1
        m.calories = (s["time"] % 3600) // 4
        m.left_torque_effectiveness = 80
        m.right_torque_effectiveness = 78
        m.left_pedal_smoothness = 22
        m.right_pedal_smoothness = 21
        m.fractional_cadence = 0.5
        m.total_cycles = s["time"] % 100000
        m.cycle_length = 1.2
    return m


def _event(t, time_s, stop):
    m = t["EventMessage"]()
    m.timestamp = _ms(time_s)
    m.event = t["Event"].TIMER
    m.event_type = t["EventType"].STOP_ALL if stop else t["EventType"].START
    return m


def _file_id(t, created, manufacturer, product):
    m = t["FileIdMessage"]()
    m.type = t["FileType"].ACTIVITY
    m.manufacturer = manufacturer
    m.product = product
    m.time_created = _ms(created)
    m.serial_number = 0x1234ABCD
    return m


def _activity(t, end, offset, sessions, timer):
    m = t["ActivityMessage"]()
    m.timestamp = _ms(end)
    m.num_sessions = sessions
    m.total_timer_time = timer
    m.local_timestamp = end - FIT_EPOCH + offset
    return m


def _write(builder, path):
    builder.build().to_file(path)
    print("wrote", path, os.path.getsize(path), "bytes")


def write_ride(t, path, start, seconds, laps, rich, product, seed, pause):
    rng = random.Random(seed)
    track = Track(rng, start, seconds, 8.2, (45.8326, 6.8652), 2, pause=pause, hr=(118, 152), cadence=(78, 96),
                  altitude=(1035, 60))
    b = t["FitFileBuilder"](auto_define=True, min_string_size=16)
    b.add(_file_id(t, start, 1, product))
    b.add(_event(t, start, False))
    lap_seconds = seconds / laps
    lap_messages = []
    for s in track.samples:
        for a, bb in track.pauses:
            if s["time"] == bb:
                b.add(_event(t, bb, False))
        b.add(_record(t, s, rich))
        for a, bb in track.pauses:
            if s["time"] == a - 1:
                b.add(_event(t, a, True))
    b.add(_event(t, track.end, True))
    for i in range(laps):
        ls, le = start + round(i * lap_seconds), start + round((i + 1) * lap_seconds)
        samples = [s for s in track.samples if ls <= s["time"] <= le]
        lap_messages.append(_summary(t["LapMessage"], ls, le, samples, 2, 7, 100 + 10 * i, track.pauses))
    for lap in lap_messages:
        b.add(lap)
    b.add(_summary(t["SessionMessage"], start, track.end, track.samples, 2, 7, 100 * laps + 45, track.pauses,
                   first_lap_index=0, num_laps=laps))
    totals = _totals(track.samples, start, track.end, track.pauses)
    b.add(_activity(t, track.end, 7200, 1, totals["timer"]))
    _write(b, path)


def write_run(t, path):
    """A 5 km run from a Polar watch, summaries written first (as Garmin does since 2023)."""
    rng = random.Random(5)
    start = 1_717_300_800  # 2024-06-02 04:00:00 UTC
    track = Track(rng, start, 1_500, 3.35, (51.5154, -0.1410), 1, hr=(135, 172), cadence=(84, 90), altitude=(30, 6))
    b = t["FitFileBuilder"](auto_define=True, min_string_size=16)
    b.add(_file_id(t, start, 123, 2))
    laps = []
    edges = [start] + [next(s["time"] for s in track.samples if s["distance"] >= km * 1000) for km in range(1, 5)] + [track.end]
    for i in range(5):
        samples = [s for s in track.samples if edges[i] <= s["time"] <= edges[i + 1]]
        laps.append(_summary(t["LapMessage"], edges[i], edges[i + 1], samples, 1, 2, 70 + i))
    session = _summary(t["SessionMessage"], start, track.end, track.samples, 1, 2, 372, first_lap_index=0, num_laps=5)
    for m in laps + [session]:
        b.add(m)
    sport = t["SportMessage"]()
    sport.sport = 1
    sport.sub_sport = 2
    sport.name = "Run"
    b.add(sport)
    b.add(_event(t, start, False))
    for s in track.samples:
        b.add(_record(t, s))
    b.add(_event(t, track.end, True))
    b.add(_activity(t, track.end, -14400, 1, track.end - start))
    _write(b, path)


def write_triathlon(t, path):
    """A sprint triathlon from a Garmin fenix 7: swim, T1, bike, T2, run as five sessions."""
    rng = random.Random(3)
    start = 1_720_256_400  # 2024-07-06 09:00:00 UTC
    legs = [(5, 18, 900, 0.75, 1, (48.1372, 11.5756)), (3, 0, 120, 1.2, 1, (48.1400, 11.5800)),
            (2, 7, 2400, 8.5, 4, (48.1400, 11.5800)), (3, 0, 75, 1.5, 1, (48.1400, 11.5800)),
            (1, 0, 1500, 3.4, 5, (48.1400, 11.5800))]
    b = t["FitFileBuilder"](auto_define=True, min_string_size=16)
    b.add(_file_id(t, start, 1, 3906))
    b.add(_event(t, start, False))
    at = start
    sessions = []
    laps = []
    for sport, sub, seconds, speed, lap_count, center in legs:
        track = Track(rng, at, seconds, speed, center, sport, hr=(125, 160), altitude=(520, 8))
        for s in track.samples:
            if s["time"] < at + seconds:  # the next leg's first sample is the boundary
                b.add(_record(t, s))
        first = len(laps)
        for i in range(lap_count):
            ls, le = at + i * seconds // lap_count, at + (i + 1) * seconds // lap_count
            samples = [s for s in track.samples if ls <= s["time"] <= le]
            laps.append(_summary(t["LapMessage"], ls, le, samples, sport, sub, 20 + i))
        sessions.append(_summary(t["SessionMessage"], at, at + seconds, track.samples, sport, sub, 50 * lap_count,
                                 first_lap_index=first, num_laps=lap_count))
        at += seconds
    b.add(_event(t, at, True))
    for m in laps + sessions:
        b.add(m)
    b.add(_activity(t, at, 7200, len(sessions), at - start))
    _write(b, path)


def write_fixtures(directory):
    t = _fit_tool()
    os.makedirs(directory, exist_ok=True)
    # A 1 h 02 min ride with a 2-minute pause (1 h of timer time), 4 laps, from an Edge 530:
    # 3,601 records.
    write_ride(t, os.path.join(directory, "ride_1h.fit"), 1_714_802_400, 3_720, 4, False, 3121, 1, (1800, 120))
    write_run(t, os.path.join(directory, "run_laps.fit"))
    write_triathlon(t, os.path.join(directory, "triathlon.fit"))
    # The benchmark's file: 13,471 records at 1 Hz with 25 fields each, from an Edge 1040.
    write_ride(t, os.path.join(directory, "bench_ride.fit"), 1_725_173_200, 13_470, 10, True, 3843, 13, None)


# ---------------------------------------------------------------------------------------------
# Benchmark


def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def fitdecode_once(data):
    import fitdecode
    wall, processor = time.perf_counter(), cpu()
    records = 0
    with fitdecode.FitReader(io.BytesIO(data), check_crc=fitdecode.CrcCheck.ENABLED) as reader:
        for frame in reader:
            if frame.frame_type == fitdecode.FIT_FRAME_DATA and frame.name == "record":
                records += 1
    return (time.perf_counter() - wall) * 1000, (cpu() - processor) * 1000, records


def ours_once(binary, path, repeat):
    wall = time.perf_counter()
    out = subprocess.run([binary, "--repeat", str(repeat), path], check=True, capture_output=True, text=True).stdout
    process = (time.perf_counter() - wall) * 1000
    decodes = []
    records = None
    for line in out.splitlines():
        if line.startswith("decode "):
            fields = dict(part.split("=") for part in line.split()[1:])
            decodes.append((float(fields["wall_ms"]), float(fields["cpu_ms"])))
            records = int(fields["records"])
    return process, decodes, records


def row(name, values):
    return f"{name:<44} {statistics.median(values):10.2f} {min(values):10.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="bench", choices=["bench", "fixtures"])
    parser.add_argument("directory", nargs="?", default=FIXTURES)
    parser.add_argument("--file", default=os.path.join(FIXTURES, "bench_ride.fit"))
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=5, help="decodes per fit-bench process")
    parser.add_argument("--binary", default=None, help="a built fit-bench (default: build it)")
    args = parser.parse_args()
    if args.command == "fixtures":
        write_fixtures(args.directory)
        return
    binary = args.binary
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "fit-bench"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        binary = os.path.join(ROOT, ".build", "release", "fit-bench")
    with open(args.file, "rb") as f:
        data = f.read()
    process, decode_wall, decode_cpu, peer_wall, peer_cpu = [], [], [], [], []
    ours_records = peer_records = None
    for run in range(args.runs + 1):
        _, decodes, ours_records = ours_once(binary, args.file, args.repeat)
        p, _, _ = ours_once(binary, args.file, 1)
        w, c, peer_records = fitdecode_once(data)
        if run == 0:
            continue  # warm-up
        process.append(p)
        decode_wall += [d[0] for d in decodes]
        decode_cpu += [d[1] for d in decodes]
        peer_wall.append(w)
        peer_cpu.append(c)
    print(f"file: {os.path.basename(args.file)}, {len(data):,} bytes, records: ours {ours_records:,}, "
          f"fitdecode {peer_records:,}; {args.runs} runs after a warm-up, {args.repeat} decodes per fit-bench run")
    print(f"{'':<44} {'median ms':>10} {'min ms':>10}")
    print(row("hiit FITActivityDecoder.decode, wall", decode_wall))
    print(row("hiit FITActivityDecoder.decode, CPU", decode_cpu))
    print(row("hiit fit-bench process (start, read, decode)", process))
    print(row("Python fitdecode FitReader, wall", peer_wall))
    print(row("Python fitdecode FitReader, CPU", peer_cpu))
    ratio = statistics.median(peer_wall) / statistics.median(decode_wall)
    print(f"fitdecode / hiit decode (wall medians): {ratio:.1f}x")
    print(f"fitdecode / hiit decode (CPU medians): {statistics.median(peer_cpu) / statistics.median(decode_cpu):.1f}x")
    print(f"fitdecode / hiit whole process (wall medians): {statistics.median(peer_wall) / statistics.median(process):.1f}x")


if __name__ == "__main__":
    sys.exit(main())
