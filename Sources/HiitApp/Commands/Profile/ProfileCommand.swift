import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit profile [--weight KG] [--no-weight] [--first-weekday DAY] [--units UNITS]
/// [--default-period PERIOD] [--default-compare BASELINE]` (DESIGN §6).
/// Without options it shows the profile; with options it changes it under the data folder's
/// lock and shows the result.
struct ProfileCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["profile"], abstract: "Show or change your profile: weight for calorie estimates, first day of the week, units.",
        discussion: "Without options, shows the profile. The timer uses the profile's weight for its calorie estimate when 'hiit run' is given no --weight; a session keeps the weight and calories it was recorded with.")

    /// `--weight KG` or `--no-weight`.
    @OptionGroup var weightChange: WeightChange
    /// `--first-weekday DAY`: the new first weekday, if one was given.
    @Option("first-weekday", valueName: "day",
            help: "The first day of a week in statistics: monday, sunday, saturday or system (the locale's; Monday where it says nothing).",
            as: .choice)
    var firstWeekday: Profile.FirstWeekday?
    /// `--units UNITS`: the new units, if given.
    @Option("units", valueName: "units", help: "Units for distances and paces: metric or imperial.", as: .choice)
    var units: Profile.Units?
    /// `--default-period` and `--default-compare`: what plain `hiit stats` shows.
    @OptionGroup var statsDefaults: StatsDefaults

    /// Whether `--no-weight` removes the weight.
    var clearsWeight: Bool { weightChange.clearsWeight }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let file = ProfileFile(folder: DataFolder(url: context.locations.dataFolder))
        let path = file.folder.profileURL.path
        let changes = weightChange.weight != nil || clearsWeight || firstWeekday != nil || units != nil || statsDefaults.changes
        // A bare --weight number is in the units the profile will have: those given now, else
        // the stored ones.
        var weightKg: Double?
        if weightChange.weight != nil {
            let stored = (try? file.read())?.units ?? .metric
            weightKg = try weightChange.weightKg(units: units ?? stored)
        }
        do {
            if !changes {
                let exists = FileManager.default.fileExists(atPath: path)
                console.out(Self.text(try file.read(), path: path, exists: exists, width: context.width))
                return ExitStatus.success
            }
            let profile = try file.update { profile in
                if let weightKg { profile.weightKg = weightKg }
                if clearsWeight { profile.weightKg = nil }
                if let firstWeekday { profile.firstWeekday = firstWeekday }
                if let units { profile.units = units }
                statsDefaults.apply(to: &profile)
            }
            console.out("Saved the profile.")
            console.out(Self.text(profile, path: path, exists: true, width: context.width))
            return ExitStatus.success
        } catch {
            throw CommandFailure(
                status: ErrorReport.status(for: error),
                message: "\(error)" + (changes ? " (nothing was changed; fix or delete the file, then try again)" : " (fix or delete the file)"))
        }
    }

    /// The profile as `hiit profile` shows it: one `Label  value` line per setting and the file,
    /// a value too long for `width` wrapped at its spaces under itself.
    /// - Parameters:
    ///   - profile: the profile.
    ///   - path: the profile file's path.
    ///   - exists: whether the file exists (a missing file is the default profile).
    ///   - width: the terminal's columns (default 80).
    static func text(_ profile: Profile, path: String, exists: Bool, width: Int = 80) -> String {
        var lines: [(String, String)] = []
        if let weight = profile.weightKg {
            lines.append(("Weight", WeightOption.text(kilograms: weight, units: profile.units)))
        } else {
            lines.append(("Weight", "not set: no calorie estimates ('hiit profile --weight 72.5kg' sets it)"))
        }
        switch profile.firstWeekday {
        case .system: lines.append(("First weekday", "system (the locale's first day; Monday where it says nothing)"))
        default: lines.append(("First weekday", profile.firstWeekday.rawValue))
        }
        lines.append(("Units", profile.units.rawValue))
        if let goal = profile.weeklyGoal {
            lines.append(("Weekly goal", GoalText.description(goal, units: profile.units) + " ('hiit goal' shows this week)"))
        }
        if profile.defaultPeriod != nil || profile.defaultCompare != nil {
            lines.append(("Statistics", "'hiit stats' shows " + periodText(profile.defaultPeriod) + " against "
                + (profile.defaultCompare == "last-year" ? "the same period last year" : "the previous period")))
        }
        if let selected = profile.selectedWorkout {
            lines.append(("Selected", selected.sanitizedForTerminal))
        }
        lines.append(("File", exists ? path : "\(path) (not created yet)"))
        let labelWidth = (lines.map(\.0.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: labelWidth)
        return lines.flatMap { label, value in
            Format.wrap(Format.pieces(value), first: label.padding(toLength: labelWidth, withPad: " ", startingAt: 0),
                        indent: indent, width: max(width, labelWidth + 20))
        }.joined(separator: "\n")
    }

    /// `the last 7 days`, `the month`, `2026-01-01..2026-03-31` for a stored period word.
    static func periodText(_ word: String?) -> String {
        switch word {
        case nil, "7d": "the last 7 days"
        case "day": "today"
        case "24h": "the last 24 hours"
        case "week", "month", "quarter", "year": "this " + (word ?? "")
        case let range?: range
        }
    }

}
