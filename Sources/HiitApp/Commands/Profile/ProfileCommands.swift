import CommandLineKit
import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStore

/// The profile: `hiit profile [--weight KG] [--no-weight] [--first-weekday DAY] [--units UNITS]`
/// (DESIGN §6). Without options it shows the profile; with options it changes it under the data
/// folder's lock and shows the result.
enum ProfileCommands: CommandGroup {
    static let specs = [
        CommandSpec(
            name: "profile",
            abstract: "Show or change your profile: weight for calorie estimates, first day of the week, units.",
            discussion: "Without options, shows the profile. The timer uses the profile's weight for its calorie estimate when 'hiit run' is given no --weight; a session keeps the weight and calories it was recorded with.",
            options: [
                OptionSpec("weight", valueName: "kg", help: "Body weight for calorie estimates, 20–400 kg (for example 72.5)."),
                OptionSpec("no-weight", help: "Remove the weight: no calorie estimates from now on."),
                OptionSpec("first-weekday", valueName: "day",
                           help: "The first day of a week in statistics: monday, sunday, saturday or system (the locale's; Monday where it says nothing)."),
                OptionSpec("units", valueName: "units", help: "Units for distances and paces: metric or imperial."),
            ]),
    ]

    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32? {
        guard parsed.path == ["profile"] else { return nil }
        // Every value is checked before anything is read or written.
        var weight: Double?
        if let value = parsed.value("weight") {
            weight = try OptionValue.decimal(value, option: "--weight", range: Profile.weightRange, unit: "kg")
        }
        let clearsWeight = parsed.hasFlag("no-weight")
        if clearsWeight, let value = parsed.value("weight") {
            throw .badValue(option: "--weight", value: value, reason: "cannot be given with --no-weight")
        }
        var firstWeekday: Profile.FirstWeekday?
        if let value = parsed.value("first-weekday") {
            let word = try OptionValue.choice(value, option: "--first-weekday",
                                              allowed: Profile.FirstWeekday.allCases.map(\.rawValue))
            firstWeekday = Profile.FirstWeekday(rawValue: word)
        }
        var units: Profile.Units?
        if let value = parsed.value("units") {
            let word = try OptionValue.choice(value, option: "--units", allowed: Profile.Units.allCases.map(\.rawValue))
            units = Profile.Units(rawValue: word)
        }

        let console = context.console
        let file = ProfileFile(folder: DataFolder(url: context.locations.dataFolder))
        let path = file.folder.profileURL.path
        let changes = weight != nil || clearsWeight || firstWeekday != nil || units != nil
        do {
            if !changes {
                let exists = FileManager.default.fileExists(atPath: path)
                console.out(text(try file.read(), path: path, exists: exists))
                return ExitStatus.success
            }
            let profile = try file.update { profile in
                if let weight { profile.weightKg = weight }
                if clearsWeight { profile.weightKg = nil }
                if let firstWeekday { profile.firstWeekday = firstWeekday }
                if let units { profile.units = units }
            }
            console.out("Saved the profile.")
            console.out(text(profile, path: path, exists: true))
            return ExitStatus.success
        } catch {
            console.err("Error: \(error)" + (changes ? " (nothing was changed; fix or delete the file, then try again)" : " (fix or delete the file)"))
            return exitStatus(for: error)
        }
    }

    /// 74 when a file could not be read or written, 65 when a file holds bad data.
    static func exitStatus(for error: StoreError) -> Int32 {
        if case .io = error { return ExitStatus.ioError }
        return ExitStatus.dataError
    }

    /// The profile as `hiit profile` shows it: one `Label  value` line per setting and the file.
    /// - Parameters:
    ///   - profile: the profile.
    ///   - path: the profile file's path.
    ///   - exists: whether the file exists (a missing file is the default profile).
    static func text(_ profile: Profile, path: String, exists: Bool) -> String {
        var lines: [(String, String)] = []
        if let weight = profile.weightKg {
            var shown = "\(number(weight)) kg"
            if profile.units == .imperial { shown += " (\(number(weight * poundsPerKilogram, decimals: 1)) lb)" }
            lines.append(("Weight", shown))
        } else {
            lines.append(("Weight", "not set: no calorie estimates (set it with 'hiit profile --weight KG')"))
        }
        switch profile.firstWeekday {
        case .system: lines.append(("First weekday", "system (the locale's first day; Monday where it says nothing)"))
        default: lines.append(("First weekday", profile.firstWeekday.rawValue))
        }
        lines.append(("Units", profile.units.rawValue))
        if let selected = profile.selectedWorkout {
            lines.append(("Selected", selected.sanitizedForTerminal))
        }
        lines.append(("File", exists ? path : "\(path) (not created yet)"))
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
            .joined(separator: "\n")
    }

    /// Pounds in one kilogram (international avoirdupois pound, 0.45359237 kg exactly).
    static let poundsPerKilogram = 1 / 0.45359237

    /// `72.5`, `70`, `72.25`: at most `decimals` decimals, trailing zeros dropped.
    static func number(_ value: Double, decimals: Int = 2) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// The profile the timer uses (weight, selected workout), read once before it starts.
    /// When `profile.json` cannot be read, says so once on stderr (file, line, column and what
    /// is wrong) and returns the empty profile: the workout runs without a calorie estimate
    /// (and, when none was named, runs Tabata); the file is left as it is.
    static func profileForRun(_ context: CommandContext) -> Profile {
        do {
            return try ProfileFile(folder: DataFolder(url: context.locations.dataFolder)).read()
        } catch {
            context.console.err("Warning: no calorie estimate and no selected workout: the profile cannot be read: \(error)")
            return Profile()
        }
    }
}
