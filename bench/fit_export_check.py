#!/usr/bin/env python3
"""FIT export check (issue 14): reads FIT files hiit wrote with two decoders that are not
ours, Garmin's own SDK (`garmin-fit-sdk` on PyPI, module `garmin_fit_sdk`) and `fitdecode`,
and says whether both read them without error and agree. Run by hand, not in CI, with both
packages installed in the Python used:

    swift build --product fit-bench
    .build/debug/fit-bench export-samples SAMPLES      # a folder of your choice
    python3 bench/fit_export_check.py [--originals Tests/ActivityFilesTests/Fixtures/fit] SAMPLES [MORE.fit …]

Arguments are FIT files or folders (each folder's `*.fit` files, sorted). For each file:

1. Garmin's SDK: `Decoder(Stream.from_file(path))`, `is_fit()` and `check_integrity()` (header,
   sizes and the file CRC), then `read()` (values scaled, enumerations as numbers), whose
   `errors` must be empty.
2. fitdecode: `FitReader(path, check_crc=CrcCheck.RAISE)`, every frame read.
3. Printed: the data messages counted (per decoder, and by message name), each session's
   sport and sub-sport, total_elapsed_time, total_timer_time, total_distance and
   total_calories, the laps and records counted, and whether both decoders agree on all of
   them (message counts by name, and per session the sport, sub-sport and the four totals).
4. With `--originals DIR`: for an export `NAME.fit.fit` (as `fit-bench export-samples` names
   the re-encoded FIT fixtures) whose original `DIR/NAME.fit` exists, whether Garmin's SDK reads
   the same sessions (sport, sub-sport, the four totals), laps and records from both.

Exit status 0 when every file was read without error by both and they agree; 1 otherwise;
2 for bad usage.
"""
import math
import os
import sys

SESSION_TOTALS = ("total_elapsed_time", "total_timer_time", "total_distance", "total_calories")


def fit_files(arguments):
    """The FIT files named: files as given, folders' `*.fit` files sorted."""
    files = []
    for argument in arguments:
        if os.path.isdir(argument):
            files += sorted(os.path.join(argument, name) for name in os.listdir(argument) if name.lower().endswith(".fit"))
        else:
            files.append(argument)
    return files


def names(profile_types, kind, value):
    """A profile type's name of `value` (e.g. sport 62 -> hiit), else the number."""
    if value is None:
        return "-"
    return profile_types.get(kind, {}).get(value, str(value))


def read_garmin(path):
    """Messages by name, sessions, and errors from Garmin's SDK."""
    from garmin_fit_sdk import Decoder, Stream

    errors = []
    decoder = Decoder(Stream.from_file(path))
    if not decoder.is_fit():
        errors.append("not a FIT file")
    decoder = Decoder(Stream.from_file(path))
    if not decoder.check_integrity():
        errors.append("check_integrity() failed")
    decoder = Decoder(Stream.from_file(path))
    messages, read_errors = decoder.read(convert_types_to_strings=False)
    errors += [str(error) for error in read_errors]
    counts = {}
    for key, values in messages.items():
        name = key[:-len("_mesgs")] if key.endswith("_mesgs") else str(key)
        counts[name] = len(values)
    sessions = [{"sport": m.get("sport"), "sub_sport": m.get("sub_sport"), **{k: m.get(k) for k in SESSION_TOTALS}}
                for m in messages.get("session_mesgs", [])]
    return counts, sessions, errors


def read_fitdecode(path):
    """Messages by name, sessions, and errors from fitdecode."""
    import fitdecode

    counts, sessions, errors = {}, [], []
    try:
        with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as reader:
            for frame in reader:
                if not isinstance(frame, fitdecode.FitDataMessage):
                    continue
                counts[frame.name] = counts.get(frame.name, 0) + 1
                if frame.name == "session":
                    def raw(name):
                        return frame.get_raw_value(name) if frame.has_field(name) else None

                    def value(name):
                        return frame.get_value(name) if frame.has_field(name) else None

                    sessions.append({"sport": raw("sport"), "sub_sport": raw("sub_sport"),
                                     **{k: value(k) for k in SESSION_TOTALS}})
    except Exception as error:  # fitdecode raises its own errors, CRC ones included
        errors.append(f"{type(error).__name__}: {error}")
    return counts, sessions, errors


def same(a, b):
    """Whether two decoded values agree (numbers within a millionth)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-6)
    return a == b


def total(value, unit):
    return "-" if value is None else f"{format(value, '.15g')}{unit}"


def same_as_original(path, originals):
    """`None` when `path` has no original in `originals`; else the differences from it (as
    Garmin's SDK reads both), empty when the same."""
    name = os.path.basename(path)
    if not originals or not name.endswith(".fit.fit"):
        return None
    original = os.path.join(originals, name[:-len(".fit")])
    if not os.path.isfile(original):
        return None
    export_counts, export_sessions, _ = read_garmin(path)
    original_counts, original_sessions, original_errors = read_garmin(original)
    differences = [f"original: {error}" for error in original_errors]
    for kind in ("lap", "record", "session"):
        if export_counts.get(kind, 0) != original_counts.get(kind, 0):
            differences.append(f"{kind}s {export_counts.get(kind, 0)} against {original_counts.get(kind, 0)}")
    for index, (e, o) in enumerate(zip(export_sessions, original_sessions)):
        for key in e:
            # a sub-sport the original leaves out is generic (0) in the export
            if key == "sub_sport" and o[key] is None and e[key] == 0:
                continue
            if not same(e[key], o[key]):
                differences.append(f"session {index} {key} {e[key]} against {o[key]}")
    return differences


def main(arguments):
    originals = None
    if "--originals" in arguments:
        index = arguments.index("--originals")
        if index + 1 >= len(arguments):
            print("--originals needs a folder", file=sys.stderr)
            return 2
        originals = arguments[index + 1]
        arguments = arguments[:index] + arguments[index + 2:]
    if not arguments:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python3 bench/fit_export_check.py FILE.fit|FOLDER …", file=sys.stderr)
        return 2
    try:
        from garmin_fit_sdk import Profile
    except ImportError:
        print("garmin-fit-sdk is not installed (pip install garmin-fit-sdk fitdecode)", file=sys.stderr)
        return 2
    profile_types = {kind: {int(k): v for k, v in values.items() if str(k).isdigit()}
                     for kind, values in Profile["types"].items() if kind in ("sport", "sub_sport")}
    files = fit_files(arguments)
    if not files:
        print("no FIT files given", file=sys.stderr)
        return 2
    failures = 0
    for path in files:
        garmin_counts, garmin_sessions, garmin_errors = read_garmin(path)
        fitdecode_counts, fitdecode_sessions, fitdecode_errors = read_fitdecode(path)
        agree = garmin_counts == fitdecode_counts and len(garmin_sessions) == len(fitdecode_sessions) and all(
            all(same(g[key], f[key]) for key in g) for g, f in zip(garmin_sessions, fitdecode_sessions))
        print(os.path.basename(path))
        print(f"  messages: garmin-fit-sdk {sum(garmin_counts.values())}, fitdecode {sum(fitdecode_counts.values())} ("
              + ", ".join(f"{name} {count}" for name, count in sorted(garmin_counts.items())) + ")")
        for index, session in enumerate(garmin_sessions):
            print(f"  session {index}: {names(profile_types, 'sport', session['sport'])}"
                  f"/{names(profile_types, 'sub_sport', session['sub_sport'])}, "
                  f"total_elapsed_time {total(session['total_elapsed_time'], ' s')}, "
                  f"total_timer_time {total(session['total_timer_time'], ' s')}, "
                  f"total_distance {total(session['total_distance'], ' m')}, "
                  f"total_calories {total(session['total_calories'], ' kcal')}")
        print(f"  laps {garmin_counts.get('lap', 0)}, records {garmin_counts.get('record', 0)}")
        for error in garmin_errors:
            print(f"  garmin-fit-sdk error: {error}")
        for error in fitdecode_errors:
            print(f"  fitdecode error: {error}")
        if not agree:
            for name in sorted(set(garmin_counts) | set(fitdecode_counts)):
                if garmin_counts.get(name) != fitdecode_counts.get(name):
                    print(f"  disagree: {name} garmin-fit-sdk {garmin_counts.get(name)}, fitdecode {fitdecode_counts.get(name)}")
            for index, (g, f) in enumerate(zip(garmin_sessions, fitdecode_sessions)):
                for key in g:
                    if not same(g[key], f[key]):
                        print(f"  disagree: session {index} {key} garmin-fit-sdk {g[key]}, fitdecode {f[key]}")
        print(f"  errors: {len(garmin_errors) + len(fitdecode_errors)}; decoders agree: {'yes' if agree else 'no'}")
        differences = same_as_original(path, originals)
        if differences is not None:
            for difference in differences:
                print(f"  differs from the original: {difference}")
            print(f"  same sessions, laps and records as the original (garmin-fit-sdk): {'no' if differences else 'yes'}")
        if garmin_errors or fitdecode_errors or not agree or differences:
            failures += 1
    print(f"{len(files)} files, {failures} with errors or disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
