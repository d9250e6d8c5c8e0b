import CommandLineKit
import WorkoutModel
import WorkoutStats

/// `--default-period PERIOD` and `--default-compare BASELINE` of `hiit profile`: what plain
/// `hiit stats` shows when it is given no period or no `--compare` (issue 17). Each takes the
/// words `hiit stats` takes, or `none` to forget the setting (back to the last 7 days, and the
/// previous period). Stored in `profile.json` as `defaultPeriod` and `defaultCompare`, in their
/// canonical words (`month`, `last-year`, `2026-01-01..2026-03-31`).
struct StatsDefaults: ParsableArguments {
    /// A change to one stored word: set it, or clear it.
    enum Change: Equatable {
        /// Store this canonical word.
        case set(String)
        /// Remove the setting.
        case clear
    }

    /// `--default-period PERIOD`, if given.
    @Option("default-period", valueName: "period",
            help: "The period plain 'hiit stats' shows: 7d, day, 24h, week, month, quarter, year or FROM..TO, as 'hiit stats' takes them; none goes back to 7d.",
            as: StatsDefaults.periodConversion)
    var period: Change?
    /// `--default-compare BASELINE`, if given.
    @Option("default-compare", valueName: "baseline",
            help: "The baseline 'hiit stats' compares with when given no --compare: previous or last-year; none goes back to previous.",
            as: StatsDefaults.compareConversion)
    var compare: Change?

    /// Whether either option was given.
    var changes: Bool { period != nil || compare != nil }

    /// Applies the changes to a profile.
    func apply(to profile: inout Profile) {
        switch period {
        case .set(let word): profile.defaultPeriod = word
        case .clear: profile.defaultPeriod = nil
        case nil: break
        }
        switch compare {
        case .set(let word): profile.defaultCompare = word
        case .clear: profile.defaultCompare = nil
        case nil: break
        }
    }

    /// A period word as `hiit stats` reads it (``PeriodSpec/init(argument:)``), kept as its
    /// canonical word; `none` clears.
    static var periodConversion: ValueConversion<Change> {
        ValueConversion { text, origin throws(CommandLineError) in
            if text.lowercased() == "none" { return .clear }
            do throws(StatsError) {
                return .set(try PeriodSpec(argument: text).argument)
            } catch {
                let reason: String
                switch error {
                case .badDate(let date): reason = "has a date that is not a date YYYY-MM-DD: '\(date)'"
                case .rangeEndsBeforeStart: reason = "ends before it starts"
                default: reason = "is not one of 7d, day, 24h, week, month, quarter, year, FROM..TO (YYYY-MM-DD..YYYY-MM-DD), none"
                }
                throw .badValue(option: origin.name, value: text, reason: reason)
            }
        }
    }

    /// A baseline word as `hiit stats --compare` reads it (``Baseline/init(argument:)``), kept
    /// as its canonical word; `none` clears.
    static var compareConversion: ValueConversion<Change> {
        ValueConversion { text, origin throws(CommandLineError) in
            if text.lowercased() == "none" { return .clear }
            do throws(StatsError) {
                return .set(try Baseline(argument: text).rawValue)
            } catch {
                throw .badValue(option: origin.name, value: text, reason: "is not one of previous, last-year, none")
            }
        }
    }
}
