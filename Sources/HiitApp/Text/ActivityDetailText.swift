import ActivityFiles
import Foundation
import TerminalUI
import Tracks
import WorkoutModel

/// What `hiit history show` adds for a session imported from a device's file (DESIGN §8): the
/// device and the file, then per leg the recorded values (moving time, climb, heart rate,
/// cadence), the splits, the route and the elevation and heart rate profiles drawn with
/// braille dots (ASCII under `LANG=C` or `TERM=dumb`). Pure: the caller reads the original.
enum ActivityDetailText {
    /// Rows of the route drawing.
    static let routeRows = 12
    /// Rows of a profile's plot.
    static let profileRows = 5

    /// The lines for `record`, with `activity` decoded from its kept original (`nil` when it is
    /// missing or cannot be read: then only what the record holds, and `missingOriginal` says why).
    /// - Parameters:
    ///   - record: the session (with a ``SessionRecord/source``).
    ///   - activity: the decoded original, legs matched to sessions by position.
    ///   - missingOriginal: why there are no points, for the line that says so.
    ///   - units: metric or imperial (splits per km or per mile).
    ///   - width: the terminal's columns.
    ///   - glyphs: braille and punctuation, or ASCII.
    /// - Returns: lines without line ends, starting with an empty line.
    static func lines(_ record: SessionRecord, activity: RecordedActivity?, missingOriginal: String?,
                      units: WorkoutModel.Profile.Units, width: Int, glyphs: Glyphs) -> [String] {
        var lines: [String] = []
        if let source = record.source {
            // "Polar M400" says its maker already: not "polar Polar M400".
            var maker = source.manufacturer
            if let name = maker, let product = source.product, product.lowercased().hasPrefix(name.lowercased()) { maker = nil }
            let device = [maker, source.product].compactMap { $0?.sanitizedForTerminal }.joined(separator: " ")
            lines.append("")
            // Wrapped between words on a narrow terminal, as every other line of the view.
            lines += Format.wrap("Recorded by \(device.isEmpty ? "an unnamed device" : device) "
                + "(\(source.fileName.sanitizedForTerminal), \(source.format.uppercased()))", width: width, indent: "  ")
            if let kcalSource = record.kcalSource {
                let said = switch kcalSource {
                case .device: "the device's value"
                case .distance: "km × kg (no value from the device)"
                case .met: "MET × kg × hours (no value from the device)"
                }
                lines += Format.wrap("Energy from \(said)", width: width, indent: "  ")
            }
            if let missingOriginal { lines += Format.wrap("No points to draw: \(missingOriginal)", width: width, indent: "  ") }
        }
        let sessions = activity?.sessions.sorted { $0.start < $1.start } ?? []
        for (index, leg) in record.legs.enumerated() {
            let session = index < sessions.count ? sessions[index] : nil
            lines += legLines(leg, number: index + 1, of: record.legs.count, session: session,
                              units: units, width: width, glyphs: glyphs)
        }
        return lines
    }

    /// One leg's block: a heading, its values, splits, route and profiles.
    static func legLines(_ leg: LegRecord, number: Int, of count: Int, session: RecordedSession?,
                         units: WorkoutModel.Profile.Units, width: Int, glyphs: Glyphs) -> [String] {
        let sport = leg.knownSport
        let name = sport?.displayName ?? leg.sport.sanitizedForTerminal
        let own = leg.sportName.map { " (\($0.sanitizedForTerminal))" } ?? ""
        var lines = ["", count > 1 ? "Leg \(number) \(glyphs.dot) \(name)\(own)" : "\(name)\(own)"]
        var values: [String] = []
        values.append("elapsed \(Format.words(leg.elapsedSeconds))")
        values.append("timer \(Format.words(leg.timerSeconds))")
        if let moving = leg.movingSeconds { values.append("moving \(Format.words(moving))") }
        lines += pieces(values, width: width, glyphs: glyphs)
        values = []
        if let meters = Format.shownDistance(leg.distanceMeters) {
            values.append(Format.distance(meters, units: units, sport: sport, poolUnit: leg.poolLength == nil ? nil : leg.poolUnit))
            let seconds = leg.movingSeconds ?? leg.timerSeconds
            if let sport, let pace = Pace.text(for: sport, meters: meters, seconds: seconds, units: units,
                                               poolUnit: leg.poolLength == nil ? nil : leg.poolUnit) {
                values.append(pace)
            }
        }
        if let ascent = leg.ascentMeters { values.append("\(glyphs.up) \(climb(ascent, units: units))") }
        if let descent = leg.descentMeters { values.append("\(glyphs.down) \(climb(descent, units: units))") }
        if let average = leg.avgHeartRate {
            values.append("heart rate \(Int(average.rounded()))" + (leg.maxHeartRate.map { ", max \(Int($0.rounded()))" } ?? "") + " bpm")
        }
        // A device without a cadence sensor writes 0, which is no reading.
        if let cadence = leg.avgCadence, cadence.rounded() > 0 { values.append("cadence \(Int(cadence.rounded()))") }
        if let kcal = leg.kcal { values.append("~\(Int(kcal.rounded())) kcal") }
        if !values.isEmpty { lines += pieces(values, width: width, glyphs: glyphs) }
        guard let session, sport != .transition else { return lines }

        let splitMeters = units == .imperial ? Splits.mile : Splits.kilometer
        let splits = sport == .swimming ? [] : Splits.of(points: session.points, pauses: session.pauses, splitMeters: splitMeters)
        if splits.count >= 2 {
            lines.append("")
            lines += splitLines(splits, sport: sport ?? .other, units: units, width: width, glyphs: glyphs)
        }
        if let projection = RouteProjection(points: session.points), projection.points.count >= 2 {
            let drawing = RouteDrawing.lines(projection.points.map { (x: $0.x, y: $0.y) }, width: max(10, min(width - 4, 72)),
                                             height: routeRows, glyphs: glyphs)
            lines.append("")
            // A loop ends where it began: one S marks both (the drawing has no F then).
            lines.append(drawing.contains { $0.contains("F") } ? "  Route (S start, F finish)" : "  Route (S start and finish)")
            lines += drawing.map { "    " + TextTable.trimmed($0) }
        }
        let measured: [(title: String, measurement: Tracks.Profile.Measurement, label: (Double) -> String)] = [
            ("Elevation", .elevation, { climb($0, units: units) }),
            ("Heart rate", .heartRate, { "\(Int($0.rounded())) bpm" }),
        ]
        let charts = measured.map { chart in
            (chart.title, profile: Tracks.Profile(chart.measurement, points: session.points, pauses: session.pauses,
                                                  maximumPoints: 2 * max(10, width)), chart.label)
        }.filter { $0.profile.points.count >= 2 }
        // The charts of a leg share their x axis, so that a climb and the heart rate it raised
        // line up (a heart rate strap often starts a few samples after the altitude does).
        let ends = charts.flatMap { [$0.profile.points.first?.x, $0.profile.points.last?.x].compactMap { $0 } }
        var shared: ClosedRange<Double>?
        if Set(charts.map(\.profile.axis)).count == 1, let low = ends.min(), let high = ends.max() { shared = low...high }
        for (title, profile, label) in charts {
            let xLabel: (Double) -> String = profile.axis == .distanceMeters
                ? { Format.distance($0, units: units, sport: sport == .swimming ? .swimming : nil, poolUnit: nil) }
                : { Format.clock($0) }
            lines.append("")
            lines.append("  \(title) by \(profile.axis == .distanceMeters ? "distance" : "timer time")")
            lines += LineChart.lines(profile.points.map { (x: $0.x, y: $0.y) }, width: max(20, min(width - 2, 74)), height: profileRows,
                                     yLabel: label, xLabel: xLabel, xRange: shared, glyphs: glyphs).map { "  " + $0 }
        }
        return lines
    }

    /// The splits as a table: number, the split's distance when partial, its time, its pace
    /// or speed, and a bar of its pace against the fastest.
    static func splitLines(_ splits: [Split], sport: Sport, units: WorkoutModel.Profile.Units, width: Int, glyphs: Glyphs) -> [String] {
        let unit = units == .imperial ? "mi" : "km"
        let full = units == .imperial ? Splits.mile : Splits.kilometer
        var rows: [[String]] = []
        for (index, split) in splits.enumerated() {
            let isPartial = abs(split.distanceMeters - full) > 0.5
            let label = isPartial ? Format.distance(split.distanceMeters, units: units, sport: sport, poolUnit: nil) : "\(index + 1)"
            // Rounded as the pace is, so a split of 5:26.6 reads 5:27 in both columns.
            rows.append([label, Pace.clock(split.seconds),
                         Pace.text(for: sport, meters: split.distanceMeters, seconds: split.seconds, units: units) ?? ""])
        }
        let isPace = rows.first?[2].hasSuffix("/\(unit)") ?? false
        let table = TextTable(columns: [TextTable.Column(header: unit.uppercased(), alignment: .right),
                                        TextTable.Column(header: "TIME", alignment: .right),
                                        TextTable.Column(header: isPace ? "PACE" : "SPEED", alignment: .right)],
                              rows: rows, gap: 3, indent: "  ")
        return ["  Splits per \(unit == "km" ? "kilometre" : "mile")"] + table.lines(width: width, glyphs: glyphs)
    }

    /// Values of a leg joined by dots, wrapped between values (never inside one), indented by two.
    static func pieces(_ values: [String], width: Int, glyphs: Glyphs) -> [String] {
        let joined = values.enumerated().map { $0.offset < values.count - 1 ? $0.element + " \(glyphs.dot)" : $0.element }
        return Format.wrap(joined, first: "  ", indent: "  ", width: width)
    }

    /// `412 m`, or `1352 ft` with imperial units.
    static func climb(_ meters: Double, units: WorkoutModel.Profile.Units) -> String {
        units == .imperial ? "\(Int((meters / 0.3048).rounded())) ft" : "\(Int(meters.rounded())) m"
    }

}

/// `hiit history show ID --json` (DESIGN §8): the stored line byte for byte as `session`, the
/// kept original's path as `original` (`null` for none), and per leg its laps and, from the
/// original's points, `splits` (`[{distanceMeters, seconds}]`, every `splitMeters`), the
/// `elevation` and `heartRate` profiles (`{x, points: [{x, y}]}`, `x` metres along the leg or
/// timer seconds, at most 500 points keeping peaks and dips) and the `route` (`[[latitude,
/// longitude]]` in degrees, at most 500 positions).
enum ActivityDetailJSON {
    /// The most points of a profile or route written.
    static let mostPoints = Tracks.Profile.defaultMaximumPoints

    struct LegDetail: Encodable {
        var sport: String
        var laps: [LapRecord]
        var splitMeters: Double?
        var splits: [SplitPoint]?
        var elevation: ProfileDetail?
        var heartRate: ProfileDetail?
        var route: [[Double]]?
    }

    struct SplitPoint: Encodable {
        var distanceMeters: Double
        var seconds: Double
    }

    struct ProfileDetail: Encodable {
        var x: String
        var points: [Point]
        struct Point: Encodable {
            var x: Double
            var y: Double
        }
    }

    /// The document's bytes (one line, keys sorted, no line end).
    /// - Parameters:
    ///   - line: the session's stored line (a JSON object).
    ///   - record: the session, decoded.
    ///   - activity: its decoded original, or `nil`.
    ///   - original: the original's path, or `nil`.
    ///   - units: splits per mile with imperial units, else per km.
    /// - Throws: `EncodingError` only for a value JSON cannot hold (none here are infinite).
    static func document(line: Data, record: SessionRecord, activity: RecordedActivity?, original: String?,
                         units: WorkoutModel.Profile.Units) throws -> Data {
        let sessions = activity?.sessions.sorted { $0.start < $1.start } ?? []
        let splitMeters = units == .imperial ? Splits.mile : Splits.kilometer
        let legs = record.legs.enumerated().map { index, leg -> LegDetail in
            var detail = LegDetail(sport: leg.sport, laps: leg.laps)
            guard index < sessions.count else { return detail }
            let session = sessions[index]
            detail.splitMeters = splitMeters
            detail.splits = Splits.of(points: session.points, pauses: session.pauses, splitMeters: splitMeters)
                .map { SplitPoint(distanceMeters: $0.distanceMeters, seconds: $0.seconds) }
            detail.elevation = profile(.elevation, session)
            detail.heartRate = profile(.heartRate, session)
            let positions = session.points.compactMap { point -> [Double]? in
                guard point.isAcceptedPosition, let latitude = point.latitude, let longitude = point.longitude,
                      latitude.isFinite, longitude.isFinite else { return nil }
                return [latitude, longitude]
            }
            if !positions.isEmpty {
                let step = max(1, Int((Double(positions.count) / Double(mostPoints)).rounded(.up)))
                var route = stride(from: 0, to: positions.count, by: step).map { positions[$0] }
                if let last = positions.last, route.last != last { route[route.count - 1] = last }
                detail.route = route
            }
            return detail
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = Data("{\"legs\":".utf8)
        out.append(try encoder.encode(legs))
        out.append(Data(",\"original\":".utf8))
        out.append(try encoder.encode(original))
        out.append(Data(",\"session\":".utf8))
        out.append(line)
        out.append(Data("}".utf8))
        return out
    }

    private static func profile(_ measurement: Tracks.Profile.Measurement, _ session: RecordedSession) -> ProfileDetail? {
        let profile = Tracks.Profile(measurement, points: session.points, pauses: session.pauses, maximumPoints: mostPoints)
        guard !profile.points.isEmpty else { return nil }
        return ProfileDetail(x: profile.axis.rawValue, points: profile.points.map { ProfileDetail.Point(x: $0.x, y: $0.y) })
    }
}
