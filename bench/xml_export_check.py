#!/usr/bin/env python3
"""TCX and GPX export check (issue 14): reads TCX and GPX files hiit wrote with readers that are
not ours and says whether they read them and agree. Run by hand, not in CI, with `gpxpy` (and,
for schema validation, `lxml`) installed in the Python used:

    swift build --product fit-bench
    .build/debug/fit-bench export-samples SAMPLES      # a folder of your choice
    python3 bench/xml_export_check.py [--originals Tests/ActivityFilesTests/Fixtures] \\
        [--tcx-xsd TrainingCenterDatabasev2.xsd] [--gpx-xsd gpx.xsd] SAMPLES [MORE.tcx|MORE.gpx …]

Arguments are files or folders (each folder's `*.tcx` and `*.gpx` files, sorted). For each file:

- GPX: `gpxpy.parse` (tracks, segments, points, times) and, separately, Python's ElementTree
  (every `trkpt`, its `time` text, `@lat`/`@lon` in range, `ele` without an exponent, the
  TrackPointExtension `hr` 0–255 and `cad` 0–254 in that order); whether both read the same
  points at the same times (to the millisecond).
- TCX: ElementTree: the schema's element order in every `Activity`, `Lap`/`Transition`,
  `Trackpoint`, `MultiSportSession` and `NextSport` (TrainingCenterDatabasev2.xsd); `@Sport`
  one of Running, Biking, Other; at least two timed trackpoints in every lap; `Calories` whole
  0–65535, heart rates 1–255, cadences 0–254, `Intensity` Active or Resting; per activity the
  laps, trackpoints and kcal.
- With `--tcx-xsd`/`--gpx-xsd` and lxml: validation against that schema file (which you
  provide; it is not kept in the repository).
- With `--originals DIR`: for an export `NAME.EXT.tcx` or `NAME.EXT.gpx` (as `fit-bench
  export-samples` names them) whose original `NAME.EXT` is found under DIR, whether the same
  positioned, timed points (GPX) or the same laps, lap times, distances and kcal and the same
  number of trackpoints (TCX, from a TCX original) come back.

Exit status 0 when every file was read and every check held; 1 otherwise; 2 for bad usage.
"""
import datetime
import os
import re
import sys
import xml.etree.ElementTree as ElementTree

TCX = "{http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2}"
GPX = "{http://www.topografix.com/GPX/1/1}"
TPX1 = "{http://www.garmin.com/xmlschemas/TrackPointExtension/v1}"

# Sequences of TrainingCenterDatabasev2.xsd (ActivityLap_t, Trackpoint_t, Activity_t,
# MultiSportSession_t, NextSport_t).
LAP_ORDER = ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm",
             "MaximumHeartRateBpm", "Intensity", "Cadence", "TriggerMethod", "Track", "Notes", "Extensions"]
POINT_ORDER = ["Time", "Position", "AltitudeMeters", "DistanceMeters", "HeartRateBpm", "Cadence", "SensorState", "Extensions"]
ACTIVITY_ORDER = ["Id", "Lap", "Notes", "Training", "Creator", "Extensions"]
MULTISPORT_ORDER = ["Id", "FirstSport", "NextSport", "Notes"]
NEXT_SPORT_ORDER = ["Transition", "Activity"]
REPEATABLE = {"Lap", "Track", "NextSport"}


def local(tag):
    return tag.split("}", 1)[-1]


def in_order(element, order):
    """Whether the children of `element` follow `order` (repeats only where the schema allows)."""
    position = -1
    previous = None
    for child in element:
        name = local(child.tag)
        if name not in order:
            return False
        index = order.index(name)
        if index < position or (index == position and name not in REPEATABLE):
            return False
        position, previous = index, name
    return previous is not None or len(element) == 0


def instant(text):
    """An xsd:dateTime text as a UTC datetime (Z or ±hh:mm), to the microsecond."""
    text = text.strip().replace("Z", "+00:00")
    return datetime.datetime.fromisoformat(text).astimezone(datetime.timezone.utc)


def milliseconds(moment):
    return round(moment.timestamp() * 1000)


def validate(path, schema_path):
    """lxml's verdict against `schema_path`: 'valid', the first errors, or why it could not run."""
    if not schema_path:
        return None
    try:
        from lxml import etree
    except ImportError:
        return "lxml not installed"
    schema = etree.XMLSchema(etree.parse(schema_path))
    document = etree.parse(path)
    if schema.validate(document):
        return "valid"
    return "INVALID: " + "; ".join(str(error) for error in list(schema.error_log)[:3])


def find_original(originals, name):
    """DIR/…/NAME.EXT for an export NAME.EXT.tcx or NAME.EXT.gpx, or None."""
    if not originals:
        return None
    base = name[: name.rfind(".")]
    if not base.lower().endswith((".gpx", ".tcx")):
        return None  # a FIT original: bench/fit_export_check.py compares those
    for folder, _, files in sorted(os.walk(originals)):
        if base in files:
            return os.path.join(folder, base)
    return None


def original_points(path):
    """The positioned, timed points of an original GPX or TCX file, as (ms, lat, lon)."""
    root = ElementTree.parse(path).getroot()
    points = []
    if local(root.tag) == "gpx":
        for point in root.iter():
            if local(point.tag) != "trkpt":
                continue
            time = next((child.text for child in point if local(child.tag) == "time"), None)
            try:
                lat, lon = float(point.get("lat")), float(point.get("lon"))
            except (TypeError, ValueError):
                continue
            if time and -90 <= lat <= 90 and -180 <= lon <= 180:
                points.append((milliseconds(instant(time)), lat, lon))
    else:
        for point in root.iter(TCX + "Trackpoint"):
            time = point.findtext(TCX + "Time")
            lat = point.findtext(TCX + "Position/" + TCX + "LatitudeDegrees")
            lon = point.findtext(TCX + "Position/" + TCX + "LongitudeDegrees")
            if time and lat and lon:
                points.append((milliseconds(instant(time)), float(lat), float(lon)))
    return sorted(points, key=lambda point: point[0])


def check_gpx(path, options, problems):
    import gpxpy

    with open(path, encoding="utf-8") as handle:
        parsed = gpxpy.parse(handle)
    gpxpy_points = [point for track in parsed.tracks for segment in track.segments for point in segment.points]
    segments = sum(len(track.segments) for track in parsed.tracks)
    root = ElementTree.parse(path).getroot()
    tree_points = list(root.iter(GPX + "trkpt"))
    times = [milliseconds(instant(point.findtext(GPX + "time"))) for point in tree_points]
    gpxpy_times = [milliseconds(point.time.astimezone(datetime.timezone.utc)) for point in gpxpy_points]
    heart_rates = 0
    for point in tree_points:
        lat, lon = float(point.get("lat")), float(point.get("lon"))
        if not (-90 <= lat <= 90 and -180 <= lon < 180):
            problems.append(f"position out of range: {lat} {lon}")
        for name in ("lat", "lon"):
            if "e" in point.get(name).lower():
                problems.append(f"exponent in @{name}: {point.get(name)}")
        elevation = point.findtext(GPX + "ele")
        if elevation is not None and "e" in elevation.lower():
            problems.append(f"exponent in ele: {elevation}")
        extension = point.find(GPX + "extensions/" + TPX1 + "TrackPointExtension")
        if extension is not None:
            names = [local(child.tag) for child in extension]
            if names not in (["hr"], ["cad"], ["hr", "cad"]):
                problems.append(f"TrackPointExtension children {names}")
            hr, cad = extension.findtext(TPX1 + "hr"), extension.findtext(TPX1 + "cad")
            if hr is not None:
                heart_rates += 1
                if not re.fullmatch(r"\d+", hr) or int(hr) > 255:
                    problems.append(f"hr {hr}")
            if cad is not None and (not re.fullmatch(r"\d+", cad) or int(cad) > 254):
                problems.append(f"cad {cad}")
    agree = len(gpxpy_points) == len(tree_points) and gpxpy_times == times
    if not agree:
        problems.append("gpxpy and ElementTree disagree on the points or their times")
    line = (f"gpx {os.path.basename(path)}: gpxpy tracks={len(parsed.tracks)} segments={segments} points={len(gpxpy_points)} "
            f"elementtree points={len(tree_points)} hr={heart_rates} first={times[0] if times else '-'} "
            f"last={times[-1] if times else '-'} agree={'yes' if agree else 'NO'}")
    verdict = validate(path, options.get("gpx_xsd"))
    if verdict:
        line += f" xsd={verdict}"
        if verdict.startswith("INVALID"):
            problems.append(verdict)
    original = find_original(options.get("originals"), os.path.basename(path))
    if original:
        expected = original_points(original)
        written = [(time, float(point.get("lat")), float(point.get("lon"))) for time, point in zip(times, tree_points)]
        same = expected == sorted(written, key=lambda point: point[0])
        line += f" original={os.path.basename(original)} original_points={len(expected)} same_points={'yes' if same else 'NO'}"
        if not same:
            problems.append(f"points differ from {original}")
    return line


def tcx_activities(root):
    """Every Activity (inside MultiSportSession too) and every Transition, in document order."""
    return [element for element in root.iter() if local(element.tag) in ("Activity", "Transition")]


def lap_summary(lap):
    return (float(lap.findtext(TCX + "TotalTimeSeconds") or "nan"), float(lap.findtext(TCX + "DistanceMeters") or "nan"),
            int(lap.findtext(TCX + "Calories") or "-1"))


def check_tcx(path, options, problems):
    root = ElementTree.parse(path).getroot()
    activities = [element for element in root.iter(TCX + "Activity")]
    multisport = list(root.iter(TCX + "MultiSportSession"))
    for element in multisport:
        if not in_order(element, MULTISPORT_ORDER):
            problems.append("MultiSportSession out of order: " + ",".join(local(c.tag) for c in element))
    for element in root.iter(TCX + "NextSport"):
        if not in_order(element, NEXT_SPORT_ORDER) or element.find(TCX + "Activity") is None:
            problems.append("NextSport out of order: " + ",".join(local(c.tag) for c in element))
    summaries = []
    points_total = 0
    for activity in tcx_activities(root):
        is_transition = local(activity.tag) == "Transition"
        laps = [activity] if is_transition else activity.findall(TCX + "Lap")
        if not is_transition:
            if activity.get("Sport") not in ("Running", "Biking", "Other"):
                problems.append(f"Sport {activity.get('Sport')}")
            if not in_order(activity, ACTIVITY_ORDER):
                problems.append("Activity out of order: " + ",".join(local(c.tag) for c in activity))
        kcal = 0
        points = 0
        for lap in laps:
            if not in_order(lap, LAP_ORDER):
                problems.append("Lap out of order: " + ",".join(local(c.tag) for c in lap))
            calories = lap.findtext(TCX + "Calories") or ""
            if not re.fullmatch(r"\d+", calories) or int(calories) > 65535:
                problems.append(f"Calories {calories!r}")
            else:
                kcal += int(calories)
            if lap.findtext(TCX + "Intensity") not in ("Active", "Resting"):
                problems.append(f"Intensity {lap.findtext(TCX + 'Intensity')}")
            timed = [point for point in lap.iter(TCX + "Trackpoint") if point.findtext(TCX + "Time")]
            if len(timed) < 2:
                problems.append(f"a lap with {len(timed)} timed trackpoints")
            points += len(timed)
            for point in lap.iter(TCX + "Trackpoint"):
                if not in_order(point, POINT_ORDER):
                    problems.append("Trackpoint out of order: " + ",".join(local(c.tag) for c in point))
                instant(point.findtext(TCX + "Time"))
            for value in lap.iter(TCX + "Value"):
                if not re.fullmatch(r"\d+", value.text or "") or not 1 <= int(value.text) <= 255:
                    problems.append(f"heart rate {value.text}")
            for cadence in lap.iter(TCX + "Cadence"):
                if not re.fullmatch(r"\d+", cadence.text or "") or int(cadence.text) > 254:
                    problems.append(f"cadence {cadence.text}")
        points_total += points
        summaries.append(f"{'T' if is_transition else activity.get('Sport')}:{len(laps)}laps/{points}pts/{kcal}kcal")
    line = (f"tcx {os.path.basename(path)}: activities={len(activities)} multisport={len(multisport)} "
            f"trackpoints={points_total} [{' '.join(summaries)}]")
    verdict = validate(path, options.get("tcx_xsd"))
    if verdict:
        line += f" xsd={verdict}"
        if verdict.startswith("INVALID"):
            problems.append(verdict)
    original = find_original(options.get("originals"), os.path.basename(path))
    if original and original.lower().endswith(".tcx"):
        expected_root = ElementTree.parse(original).getroot()
        def laps_of(tree):
            return [[lap_summary(lap) for lap in ([element] if local(element.tag) == "Transition" else element.findall(TCX + "Lap"))]
                    for element in tcx_activities(tree)]
        same_laps = laps_of(expected_root) == laps_of(root)
        expected_points = sum(1 for point in expected_root.iter(TCX + "Trackpoint") if point.findtext(TCX + "Time"))
        same_points = expected_points == points_total
        line += (f" original={os.path.basename(original)} same_laps={'yes' if same_laps else 'NO'} "
                 f"original_trackpoints={expected_points} same_trackpoints={'yes' if same_points else 'NO'}")
        if not (same_laps and same_points):
            problems.append(f"laps or trackpoints differ from {original}")
    return line


def main(arguments):
    options = {}
    paths = []
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument in ("--originals", "--tcx-xsd", "--gpx-xsd"):
            if index + 1 >= len(arguments):
                print(__doc__, file=sys.stderr)
                return 2
            options[argument[2:].replace("-", "_")] = arguments[index + 1]
            index += 2
            continue
        paths.append(argument)
        index += 1
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, name) for name in os.listdir(path) if name.lower().endswith((".tcx", ".gpx")))
        else:
            files.append(path)
    if not files:
        print(__doc__, file=sys.stderr)
        return 2
    failed = 0
    for path in files:
        problems = []
        try:
            line = check_gpx(path, options, problems) if path.lower().endswith(".gpx") else check_tcx(path, options, problems)
        except Exception as error:  # a reader refusing the file is the finding
            line = f"{os.path.basename(path)}: cannot be read: {error}"
            problems.append(str(error))
        print(line)
        for problem in sorted(set(problems)):
            print(f"  problem: {problem}")
        failed += bool(problems)
    print(f"files={len(files)} failed={failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
