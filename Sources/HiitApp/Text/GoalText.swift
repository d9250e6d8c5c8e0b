import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStats

/// The weekly goal and the streaks in words, as `hiit goal`, `hiit stats` and the end of
/// `hiit run` show them (issue 16). Pure: the progress and streaks come in computed.
///
/// Amounts: time in whole minutes (`95 of 150 min`), sessions (`3 of 4 sessions`), energy
/// (`~1200 of 2000 kcal`, an estimate as everywhere), distance to 0.1 in the goal's unit (`12.3
/// of 40 km`; the profile's units when the goal has none). What is done is rounded down, so
/// the amount never reads as the target before the goal is met.
enum GoalText {
    /// The target with its unit: `150 min`, `4 sessions`, `2000 kcal`, `40 km`, `25 mi`.
    /// - Parameters:
    ///   - goal: the goal.
    ///   - units: the profile's units (a distance goal without a unit).
    static func target(_ goal: WeeklyGoal, units: Profile.Units) -> String {
        let (amount, unit) = parts(goal.target, of: goal, units: units, roundingDown: false)
        return "\(amount) \(unit)"
    }

    /// `150 min of workout time a week`, `40 km a week, running only`, `4 sessions a week,
    /// interval workouts only`: the target and what counts.
    static func description(_ goal: WeeklyGoal, units: Profile.Units) -> String {
        var text = target(goal, units: units) + (goal.metric == .time ? " of workout time" : "") + " a week"
        if let sport = goal.sport {
            text += ", " + (sport == WeeklyGoal.intervalsFilter ? "interval workouts" : sport) + " only"
        }
        return text
    }

    /// `95 of 150 min`, `3 of 4 sessions`, `~1200 of 2000 kcal`, `12.3 of 40 km running`.
    static func amounts(_ progress: WeeklyGoalProgress, units: Profile.Units) -> String {
        let goal = progress.goal
        let (done, _) = parts(progress.done, of: goal, units: units, roundingDown: true)
        let prefix = goal.metric == .kcal ? "~" : ""
        var text = "\(prefix)\(done) of \(target(goal, units: units))"
        if let sport = goal.sport { text += " " + (sport == WeeklyGoal.intervalsFilter ? "intervals" : sport) }
        return text
    }

    /// `95/150 min`, `3/4 sessions`, `~1200/2000 kcal`, `12.3/40 km`: ``amounts(_:units:)`` in
    /// the few columns of a status bar (`hiit status`, #17).
    static func shortAmounts(_ progress: WeeklyGoalProgress, units: Profile.Units) -> String {
        let goal = progress.goal
        let (done, _) = parts(progress.done, of: goal, units: units, roundingDown: true)
        return (goal.metric == .kcal ? "~" : "") + "\(done)/\(target(goal, units: units))"
    }

    /// `63 %`: the part done, rounded down (so 100 % means met), more than 100 past the goal.
    static func percent(_ progress: WeeklyGoalProgress) -> String {
        let whole = progress.fraction.isFinite ? Int(min(progress.fraction * 100, 100_000).rounded(.down)) : 0
        return "\(whole) %"
    }

    /// The cells of the progress bar between its ends.
    static let barCells = 10

    /// `▕██████░░░░▏` (`[######----]` in ASCII): ``barCells`` cells filled to the part done. A
    /// bar of one eighth is drawn a quarter wide (`▕▎░░…`): `▏` against the left end read as a
    /// second border.
    static func bar(_ progress: WeeklyGoalProgress, glyphs: Glyphs) -> String {
        var filled = ProgressBar.render(fraction: progress.fraction, width: barCells, glyphs: glyphs)
        if filled.hasPrefix("▏") { filled = "▎" + filled.dropFirst() }
        switch glyphs {
        case .unicode: return "▕" + filled.replacingOccurrences(of: " ", with: "░") + "▏"
        case .ascii: return "[" + filled + "]"
        }
    }

    /// `Week 95 of 150 min ▕██████░░░░▏ 63 %` in at most `width` columns: without the bar when
    /// it does not fit, then wrapped.
    static func progressLines(_ progress: WeeklyGoalProgress, units: Profile.Units, glyphs: Glyphs, width: Int) -> [String] {
        let text = "Week " + glyphs.text(amounts(progress, units: units))
        let full = text + " " + bar(progress, glyphs: glyphs) + " " + percent(progress)
        if full.displayWidth <= width { return [full] }
        return Format.wrap(Format.pieces(text) + [percent(progress)], indent: "  ", width: width)
    }

    /// `Week: 95 of 150 min`, the end-of-workout line.
    static func summaryLine(_ progress: WeeklyGoalProgress, units: Profile.Units, glyphs: Glyphs) -> String {
        "Week: " + glyphs.text(amounts(progress, units: units))
    }

    /// `Streak 5 days (longest 12, 3–14 Mar 2026)`, `Streak 12 days (the longest, 3–14 Mar
    /// 2026)`, `Goal streak 0 weeks (none yet)`.
    static func streakText(_ label: String, _ streaks: Streaks, unit: String, glyphs: Glyphs) -> String {
        let count = streaks.current?.count ?? 0
        let head = "\(label) \(count) \(unit)\(count == 1 ? "" : "s")"
        guard let longest = streaks.longest else { return head + " (none yet)" }
        let span = StatsScreen.dateRange(longest.firstDay, longest.lastDay, glyphs: glyphs)
        if let current = streaks.current, current == longest { return head + " (the longest, \(span))" }
        return head + " (longest \(longest.count), \(span))"
    }

    // MARK: Pieces

    /// An amount of the goal's metric as shown, and its unit word.
    private static func parts(_ value: Double, of goal: WeeklyGoal, units: Profile.Units,
                              roundingDown: Bool) -> (String, String) {
        func whole(_ x: Double) -> String {
            guard x.isFinite else { return "0" }
            return String(Int(min(max(roundingDown ? x.rounded(.down) : x.rounded(), 0), 1e12)))
        }
        switch goal.metric {
        case .time:
            return (whole(value / 60 + (roundingDown ? 1e-9 : 0)), "min")
        case .sessions:
            let target = Int(goal.target.rounded())
            return (whole(value), target == 1 ? "session" : "sessions")
        case .kcal:
            return (whole(value), "kcal")
        case .distance:
            let unit = goal.unit ?? (units == .imperial ? .mi : .km)
            var amount = value / unit.meters
            if roundingDown { amount = (amount * 10 + 1e-9).rounded(.down) / 10 }
            return (Format.decimal(amount, places: 1), unit.rawValue)
        }
    }
}
