import CommandLineKit
import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// `hiit goal [--weekly GOAL [UNIT]] [--sport SPORT] [--clear]` (issue 16): shows, sets or
/// removes the weekly goal stored in the profile (``Profile/weeklyGoal``), and shows this
/// week's progress towards it and the weeks in a row it was met.
///
/// ```
/// $ hiit goal --weekly 150min
/// Saved the weekly goal: 150 min of workout time a week.
/// Week 95 of 150 min ▕██████░░░░▏ 63 %
/// This week: 30 Nov – 6 Dec 2026 (weeks start on Monday).
/// Goal streak 2 weeks (the longest, 16–29 Nov 2026)
/// ```
///
/// "Today" is ``CommandContext/now`` in the zone of `TZ`; weeks start on the profile's first
/// weekday. Changes go through ``ProfileFile/update(_:)`` (locked, atomic): a profile that does
/// not parse is never replaced.
struct GoalCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["goal"], abstract: "Show, set or remove your weekly goal: workout time, sessions, energy or distance.",
        discussion: "Without options, shows the goal and this week's progress. The goal counts what 'hiit stats' counts: workout time (the time in work segments), completed sessions, the stored calorie estimates, or distance; with --sport only that sport's sessions (and distances). Weeks start on the profile's first weekday ('hiit profile --first-weekday'). 'hiit stats' shows the progress as a bar and how many weeks in a row met the goal; the end of 'hiit run' says where the week stands.")

    /// `--weekly GOAL` as typed, if given (parsed in ``validate()`` with ``unitWord``).
    @Option("weekly", valueName: "goal",
            help: "The weekly goal: a time (150min, 90m, 2h, 1h30min), sessions (4sessions or \"4 sessions\"), energy (2000kcal) or a distance (40km, 25mi).",
            as: .text)
    var weeklyText: String?
    /// UNIT: the unit typed apart from the number (`hiit goal --weekly 4 sessions`), if given.
    @Argument("UNIT", help: "The unit of --weekly when it is typed apart from its number: hiit goal --weekly 4 sessions.")
    var unitWord: String?
    /// `--sport SPORT`: only this sport's sessions count, if given.
    @Option("sport", valueName: "sport",
            help: "Count only sessions with this sport (\(StatsCommand.filterSports), or run, bike, swim, …) or interval workouts (intervals), for any kind of goal; distances are then that sport's.",
            as: StatsCommand.filterConversion)
    var filter: SessionFilter?
    /// `--clear`: whether the goal is removed.
    @Flag("clear", help: "Remove the weekly goal.")
    var clears: Bool

    /// The goal asked for, once ``validate()`` has passed; `nil` without `--weekly`.
    var goal: WeeklyGoal? {
        try? parsedGoal()
    }

    /// - Throws: ``CommandLineError/conflict(_:)`` for `--clear` with `--weekly` or `--sport`,
    ///   and for `--sport` or UNIT without `--weekly`; ``CommandLineError/badValue(option:value:reason:)``
    ///   naming `--weekly`, the value and the accepted forms for a goal that does not parse or
    ///   is out of range.
    func validate() throws(CommandLineError) {
        if clears, weeklyText != nil || filter != nil {
            throw .conflict("--clear cannot be given with " + (weeklyText != nil ? "--weekly" : "--sport")
                + ": it removes the goal")
        }
        if weeklyText == nil {
            if filter != nil { throw .conflict("--sport needs --weekly: give the whole goal, such as --weekly 40km --sport running") }
            if let unitWord { throw .unexpectedArgument(unitWord) }
        }
        _ = try parsedGoal()
    }

    /// The goal of `--weekly` (and UNIT) with `--sport`.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` naming `--weekly`.
    private func parsedGoal() throws(CommandLineError) -> WeeklyGoal? {
        guard let weeklyText else { return nil }
        let typed = unitWord.map { weeklyText + " " + $0 } ?? weeklyText
        let sport: String? = switch filter?.normalized {
        case nil, .all?: nil
        case let filter?: filter.description
        }
        do throws(PlanError) {
            return try WeeklyGoal(parsing: typed, sport: sport)
        } catch {
            let reason: String
            if case let .badGoal(_, why) = error { reason = why } else { reason = "\(error)" }
            throw .badValue(option: "--weekly", value: typed,
                            reason: "is not a weekly goal: \(reason); expected \(WeeklyGoal.acceptedForms)")
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let file = ProfileFile(folder: DataFolder(url: context.locations.dataFolder))
        let changes = goal != nil || clears
        let profile: Profile
        var had = false
        do {
            if changes {
                profile = try file.update { profile in
                    had = profile.weeklyGoal != nil
                    profile.weeklyGoal = clears ? nil : goal
                }
            } else {
                profile = try file.read()
            }
        } catch {
            throw CommandFailure(
                status: ErrorReport.status(for: error),
                message: "\(error)" + (changes ? " (nothing was changed; fix or delete the file, then try again)" : " (fix or delete the file)"))
        }
        guard let goal = profile.weeklyGoal else {
            if clears {
                console.out(had ? "Removed the weekly goal." : "There was no weekly goal to remove.")
            } else {
                console.out(Format.wrap(Self.noGoalLine, width: context.width).joined(separator: "\n"))
            }
            return ExitStatus.success
        }
        let glyphs = console.glyphs
        if changes {
            console.out(glyphs.text("Saved the weekly goal: \(GoalText.description(goal, units: profile.units))."))
        } else {
            console.out(glyphs.text("Weekly goal: \(GoalText.description(goal, units: profile.units))."))
        }

        let statsContext = WeekStanding.context(now: context.now, firstWeekday: profile.firstWeekday,
                                                environment: context.environment)
        let folder = DataFolder(url: context.locations.dataFolder)
        let standing: (report: StreakReport, problems: [HistoryProblem])
        do {
            standing = try WeekStanding.read(folder: folder, goal: goal, context: statsContext)
        } catch {
            // A saved goal stays saved: only its progress cannot be shown.
            guard changes else { throw CommandFailure.io("\(error)") }
            console.err("Warning: this week's progress cannot be shown: \(error)")
            return ExitStatus.success
        }
        HistoryReading.report(standing.problems, path: folder.historyURL.path, console: console)
        console.out(Self.progressText(standing.report, units: profile.units, context: statsContext, glyphs: glyphs,
                                      width: context.width))
        return ExitStatus.success
    }

    /// What `hiit goal` says when no goal is set.
    static let noGoalLine =
        "No weekly goal. Set one with 'hiit goal --weekly 150min' (or 4sessions, 2000kcal, 40km --sport running)."

    /// The progress bar line, the week's dates and the goal streak.
    /// - Parameters:
    ///   - report: the streaks and progress (with a goal).
    ///   - units: the profile's units.
    ///   - context: the week's first weekday.
    ///   - glyphs: the console's characters.
    ///   - width: the columns every line fits.
    static func progressText(_ report: StreakReport, units: Profile.Units, context: StatsContext, glyphs: Glyphs,
                             width: Int) -> String {
        var lines: [String] = []
        if let progress = report.goal {
            lines += GoalText.progressLines(progress, units: units, glyphs: glyphs, width: width)
            let weekday = LocalDay.weekdayNames[context.firstWeekday - 1]
            lines += Format.wrap("This week: " + StatsScreen.dateRange(progress.firstDay, progress.lastDay, glyphs: glyphs)
                                 + " (weeks start on \(weekday)).", width: width, indent: "  ")
        }
        if let weeks = report.weeks {
            lines += Format.wrap(GoalText.streakText("Goal streak", weeks, unit: "week", glyphs: glyphs), width: width, indent: "  ")
        }
        return lines.joined(separator: "\n")
    }
}

extension LocalDay {
    /// English weekday names in `Calendar` numbering (index 0 = Sunday).
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
