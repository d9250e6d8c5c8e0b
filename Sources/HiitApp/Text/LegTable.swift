import Calories
import TerminalUI
import WorkoutModel

/// The per-leg results of a multisport session as a table (after the finish and in
/// `hiit history show`): number, leg (T1/T2 named), time (timer time, pauses excluded, in
/// words to the second: ``Format/words(_:)``), distance, pace in the sport's unit (over the
/// moving time where the leg has one, else its timer time), kcal; then the totals.
///
/// ```
///  #  LEG    TIME          DISTANCE  PACE        ENERGY
///  1  Swim   15 min        750 m     2:00 /100m  ~122 kcal
///  2  T1     1 min 30 s
/// ```
///
/// Narrower than the table (``TextTable``), PACE goes first, then ENERGY, then DISTANCE.
enum LegTable {
    /// The table's lines (no line ends).
    /// - Parameters:
    ///   - legs: the legs in order.
    ///   - units: the person's units for distance and pace (a yard pool keeps yards).
    ///   - pausedSeconds: paused time of the session, shown under the totals when ≥ 1 s.
    ///   - totalSeconds: the session's Total Time for the Total row (the clock the screen
    ///     showed, blank time between free-form legs included); `nil` sums the legs' times.
    ///   - width: the terminal's columns.
    ///   - glyphs: the ellipsis for a leg name cut short.
    static func lines(_ legs: [LegRecord], units: Profile.Units, pausedSeconds: Double = 0, totalSeconds: Double? = nil,
                      width: Int = 80, glyphs: Glyphs = .unicode) -> [String] {
        let labels = Self.labels(legs)
        var rows: [[String]] = []
        for (index, leg) in legs.enumerated() {
            let sport = leg.knownSport
            let meters = Format.shownDistance(leg.distanceMeters)
            let distance = meters.map {
                Format.distance($0, units: units, sport: sport, poolUnit: leg.poolLength == nil ? nil : leg.poolUnit ?? .meters)
            } ?? ""
            let pace = sport.flatMap { sport in
                meters.flatMap {
                    // Over the moving time where a track measured one (a recorded or GPS leg),
                    // as the detail below and the live average: one pace for one leg.
                    Pace.text(for: sport, meters: $0, seconds: leg.movingSeconds ?? leg.timerSeconds, units: units,
                              poolUnit: leg.poolLength == nil ? nil : leg.poolUnit ?? .meters)
                }
            } ?? ""
            rows.append([String(index + 1), labels[index], Format.words(leg.timerSeconds), distance, pace,
                         leg.kcal.map(HIITCalories.display) ?? ""])
        }
        let totalTime = totalSeconds ?? legs.reduce(0) { $0 + $1.timerSeconds }
        let distances = legs.compactMap { Format.shownDistance($0.distanceMeters) }
        let totalDistance = distances.isEmpty ? "" : Format.distance(distances.reduce(0, +), units: units, sport: nil, poolUnit: nil)
        let kcals = legs.compactMap(\.kcal)
        rows.append(["", "Total", Format.words(totalTime), totalDistance, "",
                     kcals.isEmpty ? "" : HIITCalories.display(kcals.reduce(0, +))])
        let table = TextTable(columns: [
            TextTable.Column(header: "#", alignment: .right), TextTable.Column(header: "LEG", flexible: 5...20),
            TextTable.Column(header: "TIME"), TextTable.Column(header: "DISTANCE", dropOrder: 3),
            TextTable.Column(header: "PACE", dropOrder: 1), TextTable.Column(header: "ENERGY", dropOrder: 2),
        ], rows: rows, indent: " ")
        var lines = table.lines(width: width, glyphs: glyphs)
        if pausedSeconds >= 1 { lines.append(" Paused \(Format.words(pausedSeconds)) (not in the times above)") }
        return lines
    }

    /// `Swim`, `T1`, `Bike`, `T2`, `Run`: transitions numbered in order, other sports by their
    /// display name (an unknown sport by its stored name).
    static func labels(_ legs: [LegRecord]) -> [String] {
        var transitions = 0
        return legs.map { leg in
            guard let sport = leg.knownSport else { return leg.sport.sanitizedForTerminal }
            if sport == .transition {
                transitions += 1
                return "T\(transitions)"
            }
            return sport.displayName
        }
    }
}
