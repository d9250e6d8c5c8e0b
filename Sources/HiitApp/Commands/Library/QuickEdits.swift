import CommandLineKit
import Foundation
import WorkoutModel

/// One change of `hiit edit WORKOUT --…` (a quick edit). Positions count exercises from 1
/// as they are when the edit is applied.
enum QuickEdit: Equatable {
    /// Insert an exercise at a position (`nil`: at the end). An unnamed one becomes `Exercise N`.
    case add(Exercise, at: Int?)
    /// Remove the exercise at a position.
    case remove(Int)
    /// Move the exercise at a position to another position.
    case move(Int, to: Int)
    /// Set an exercise's work seconds.
    case work(Int, seconds: Int)
    /// Set an exercise's rest seconds.
    case rest(Int, seconds: Int)
    /// Set an exercise's rounds.
    case rounds(Int, count: Int)
    /// Rename an exercise.
    case renameExercise(Int, name: String)
    /// Set the rest between exercises, seconds.
    case restBetween(Int)
    /// Set the prepare countdown, seconds.
    case prepare(Int)
    /// Set the warm-up, seconds (0 removes it).
    case warmUp(Int)
    /// Set the cool-down, seconds (0 removes it).
    case coolDown(Int)
    /// Set the number of sets.
    case sets(Int)
    /// Set the rest between sets, seconds.
    case restBetweenSets(Int)
    /// Set an exercise's own rest before the next exercise, seconds.
    case restAfter(Int, seconds: Int)
    /// Change the spoken cues (`--cues names=off,countdown=words`): the text as typed, applied
    /// to the workout's settings (checked when read).
    case cues(String)
}

/// A quick edit and the option and value it came from (for messages).
struct QuickEditStep: Equatable {
    /// The option as typed in messages (`--work`).
    var option: String
    /// The option's value as typed (`2=40`).
    var value: String
    /// The change it makes.
    var edit: QuickEdit
}

/// The quick edits of `hiit edit`: their options, reading them in command-line order,
/// and applying them to a workout.
enum QuickEdits {
    /// `--add EXERCISE`: insert an exercise.
    static let add = OptionSpec(
        "add", valueName: "exercise",
        help: "Add an exercise, NAME WORK/REST[xROUNDS] such as \"Lunges 30/15x4\", at the end (or at --at).",
        isRepeatable: true)
    /// `--at N`: where the `--add` before it inserts.
    static let at = OptionSpec("at", valueName: "position", help: "Right after --add: the position the new exercise takes (1 = first).",
                               isRepeatable: true)
    /// `--remove N`: remove an exercise.
    static let remove = OptionSpec("remove", valueName: "position", help: "Remove the exercise at this position.", isRepeatable: true)
    /// `--move N`: move an exercise (to the `--to` after it).
    static let move = OptionSpec("move", valueName: "position", help: "Move the exercise at this position; --to says where.",
                                 isRepeatable: true)
    /// `--to N`: where the `--move` before it moves to.
    static let to = OptionSpec("to", valueName: "position", help: "Right after --move: the position the exercise takes.",
                               isRepeatable: true)
    /// `--work N=TIME` (`2=40`, `2=1:00`, `2=1m30s`).
    static let work = FieldEdit("work", field: "work", what: "TIME", unit: " s", example: "2=40", range: Exercise.workRange,
                                isDuration: true)
    /// `--rest N=TIME`.
    static let rest = FieldEdit("rest", field: "rest between rounds", what: "TIME", unit: " s", example: "2=20",
                                range: Exercise.restRange, isDuration: true)
    /// `--rounds N=COUNT`.
    static let rounds = FieldEdit("rounds", field: "rounds", what: "COUNT", unit: "", example: "1=5", range: Exercise.roundsRange)
    /// `--rename-exercise N=NAME`.
    static let renameExercise = OptionSpec("rename-exercise", valueName: "n=name", help: "Rename exercise n (e.g. --rename-exercise 1=Squats).",
                                           isRepeatable: true)
    /// `--rest-between SECONDS`.
    static let restBetween = OptionSpec("rest-between", valueName: "time", help: "Set the rest between exercises, 5–300 s (60, 1m, 1:00).")
    /// `--prepare SECONDS`.
    static let prepare = OptionSpec("prepare", valueName: "time",
                                    help: "Set the countdown before the first work segment, 0–3600 s (10, 10s, 1:00); 0 turns it off.")

    /// `--warm-up TIME` (0 removes it).
    static let warmUp = OptionSpec("warm-up", valueName: "time",
                                   help: "Set the warm-up before the first exercise, 0–3600 s (300, 5m, 5:00); 0 removes it.")
    /// `--cool-down TIME` (0 removes it).
    static let coolDown = OptionSpec("cool-down", valueName: "time",
                                     help: "Set the cool-down after the last exercise, 0–3600 s (180, 3m, 3:00); 0 removes it.")
    /// `--sets COUNT`.
    static let sets = OptionSpec("sets", valueName: "count", help: "Run the whole list of exercises this many times, 1–20 (a circuit).")
    /// `--rest-between-sets TIME`.
    static let restBetweenSets = OptionSpec("rest-between-sets", valueName: "time",
                                            help: "Set the rest between two sets, 0–3600 s (120, 2m, 2:00).")
    /// `--cues KEY=VALUE,…`.
    static let cues = OptionSpec("cues", valueName: "settings",
                                 help: "Change the spoken cues: names, next, halfway, lastRound on or off, countdown beeps, words or off (e.g. names=off,countdown=words).")
    /// `--rest-after N=TIME`.
    static let restAfter = FieldEdit("rest-after", field: "rest before the next exercise", what: "TIME", unit: " s", example: "2=15",
                                     range: Exercise.restAfterRange, isDuration: true)

    /// The quick-edit options in the order help lists them.
    static let options: [OptionSpec] = [add, at, remove, move, to, work.spec, rest.spec, rounds.spec, renameExercise, restBetween,
                                        prepare, warmUp, coolDown, sets, restBetweenSets, restAfter.spec, cues]

    /// An `N=VALUE` quick edit of an exercise's whole-number field (`--work`, `--rest`,
    /// `--rounds`): its option, whose help is made from the value's name, example and range,
    /// and what its messages name. A duration's value is typed as ``DurationText`` reads it
    /// (`40`, `40s`, `1:00`, `1m30s`); a count's as digits.
    struct FieldEdit {
        /// The option (repeatable, value `n=seconds` or `n=count`).
        let spec: OptionSpec
        /// The value's name in messages (`SECONDS`, `COUNT`).
        let what: String
        /// An example value, exercise and value (`2=40`).
        let example: String
        /// The value's limits (``Exercise/workRange``, …).
        let range: ClosedRange<Int>
        /// Whether the value is a duration in seconds (else a count).
        let isDuration: Bool
        /// The field as messages name it (`work`, `rest between rounds`, `rounds`).
        let field: String

        /// - Parameters:
        ///   - long: the option's name without `--`.
        ///   - field: the field as help names it (`rest between rounds`).
        ///   - what: the value's name in messages (`SECONDS`).
        ///   - unit: what follows the range in help (` s`, or nothing for a count).
        ///   - example: an example value (`2=40`).
        ///   - range: the value's limits.
        ///   - isDuration: whether the value is a duration (`2=1:00` allowed), else a count.
        init(_ long: String, field: String, what: String, unit: String, example: String, range: ClosedRange<Int>,
             isDuration: Bool = false) {
            let forms = isDuration ? " or \(example.prefix { $0 != "=" })=1:00" : ""
            spec = OptionSpec(
                long, valueName: "n=\(what.lowercased())",
                help: "Set exercise n's \(field), \(range.lowerBound)–\(range.upperBound)\(unit) (e.g. --\(long) \(example)\(forms)).",
                isRepeatable: true)
            self.what = what
            self.example = example
            self.range = range
            self.isDuration = isDuration
            self.field = field
        }
    }

    /// The options that set one of the workout's durations (`--rest-between`, `--prepare`,
    /// `--warm-up`, `--cool-down`, `--rest-between-sets`), by name: the seconds allowed and
    /// the edit made of them.
    private static let durationSettings: [String: (range: ClosedRange<Int>, edit: @Sendable (Int) -> QuickEdit)] = [
        restBetween.long: (IntervalWorkout.restBetweenExercisesRange, { .restBetween($0) }),
        prepare.long: (IntervalWorkout.prepareRange, { .prepare($0) }),
        warmUp.long: (IntervalWorkout.warmUpCoolDownRange, { .warmUp($0) }),
        coolDown.long: (IntervalWorkout.warmUpCoolDownRange, { .coolDown($0) }),
        restBetweenSets.long: (IntervalWorkout.restBetweenSetsRange, { .restBetweenSets($0) }),
    ]

    // MARK: Reading

    /// Reads the occurrences of the quick-edit options, in command-line order, into quick
    /// edits (the conversion of ``EditCommand/steps``): ``parse(_:)-([(String, String)])``.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)``, as ``parse(_:)-([(String, String)])``.
    static func parse(_ occurrences: [ParsedCommand.OptionOccurrence]) throws(CommandLineError) -> [QuickEditStep] {
        try parse(occurrences.map { ($0.name, $0.value) })
    }

    /// Reads (option, value) pairs into quick edits. `--at` must come right after the `--add`
    /// it places and `--to` right after its `--move`; every `--move` needs a `--to`.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` naming the option, the
    ///   value and the form or range expected.
    static func parse(_ pairs: [(String, String)]) throws(CommandLineError) -> [QuickEditStep] {
        var steps: [QuickEditStep] = []
        for (name, value) in pairs {
            let option = "--\(name)"
            if let setting = durationSettings[name] {
                let seconds = try OptionValue.duration(value, option: option, range: setting.range)
                steps.append(QuickEditStep(option: option, value: value, edit: setting.edit(seconds)))
                continue
            }
            switch name {
            case add.long:
                steps.append(QuickEditStep(option: option, value: value,
                                           edit: .add(try ExerciseArgument.parse(value, option: option), at: nil)))
            case at.long:
                guard let last = steps.last, case let .add(exercise, nil) = last.edit else {
                    throw .badValue(option: option, value: value, reason: "must come right after the --add it places")
                }
                steps[steps.count - 1].edit = .add(exercise, at: try position(value, option: option))
            case remove.long:
                steps.append(QuickEditStep(option: option, value: value, edit: .remove(try position(value, option: option))))
            case move.long:
                steps.append(QuickEditStep(option: option, value: value, edit: .move(try position(value, option: option), to: 0)))
            case to.long:
                guard let last = steps.last, case let .move(from, 0) = last.edit else {
                    throw .badValue(option: option, value: value, reason: "must come right after the --move it completes")
                }
                steps[steps.count - 1].edit = .move(from, to: try position(value, option: option))
            case work.spec.long:
                let (n, seconds) = try assignment(value, option: option, to: work)
                steps.append(QuickEditStep(option: option, value: value, edit: .work(n, seconds: seconds)))
            case rest.spec.long:
                let (n, seconds) = try assignment(value, option: option, to: rest)
                steps.append(QuickEditStep(option: option, value: value, edit: .rest(n, seconds: seconds)))
            case rounds.spec.long:
                let (n, count) = try assignment(value, option: option, to: rounds)
                steps.append(QuickEditStep(option: option, value: value, edit: .rounds(n, count: count)))
            case renameExercise.long:
                guard let equals = value.firstIndex(of: "=") else {
                    throw .badValue(option: option, value: value, reason: "is not N=NAME such as 1=Squats")
                }
                let n = try position(String(value[..<equals]), option: option, whole: value)
                steps.append(QuickEditStep(option: option, value: value,
                                           edit: .renameExercise(n, name: String(value[value.index(after: equals)...]))))
            case sets.long:
                let count = try OptionValue.wholeNumber(value, option: option, range: IntervalWorkout.setsRange, unit: "")
                steps.append(QuickEditStep(option: option, value: value, edit: .sets(count)))
            case restAfter.spec.long:
                let (n, seconds) = try assignment(value, option: option, to: restAfter)
                steps.append(QuickEditStep(option: option, value: value, edit: .restAfter(n, seconds: seconds)))
            case cues.long:
                try RunWorkoutCommand.checkCues(value, option: option)
                steps.append(QuickEditStep(option: option, value: value, edit: .cues(value)))
            default:
                continue
            }
        }
        if let open = steps.first(where: { if case .move(_, 0) = $0.edit { true } else { false } }) {
            throw .badValue(option: open.option, value: open.value, reason: "needs --to <position> right after it")
        }
        return steps
    }

    /// A position: a whole number from 1.
    private static func position(_ text: String, option: String, whole: String? = nil) throws(CommandLineError) -> Int {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text), n >= 1 else {
            throw .badValue(option: option, value: whole ?? text, reason: "is not an exercise position (1, 2, …)")
        }
        return n
    }

    /// `N=VALUE` with a whole-number value (a duration's in seconds); the value's range is
    /// checked with the workout.
    private static func assignment(_ text: String, option: String,
                                   to edit: FieldEdit) throws(CommandLineError) -> (Int, Int) {
        let (what, example, range) = (edit.what, edit.example, edit.range)
        let unit = edit.isDuration ? " s" : ""
        let also = edit.isDuration ? " or \(example.prefix { $0 != "=" })=1:00" : ""
        let form = "is not N=\(what) such as \(example)\(also) (exercise N; \(edit.field) \(range.lowerBound)–\(range.upperBound)\(unit))"
        guard let equals = text.firstIndex(of: "=") else { throw .badValue(option: option, value: text, reason: form) }
        let n = try position(String(text[..<equals]), option: option, whole: text)
        let valueText = text[text.index(after: equals)...]
        if edit.isDuration {
            guard let seconds = DurationText.wholeSeconds(String(valueText)) else {
                throw .badValue(option: option, value: text, reason: form)
            }
            return (n, seconds)
        }
        guard !valueText.isEmpty, valueText.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .badValue(option: option, value: text, reason: form)
        }
        guard let value = Int(valueText) else {
            throw .badValue(option: option, value: text, reason: "is outside \(range.lowerBound)–\(range.upperBound)")
        }
        return (n, value)
    }

    // MARK: Applying

    /// Applies the steps in order. Values are not range-checked here: the caller validates
    /// the result once.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` when a position does
    ///   not exist at that point, naming the positions that do.
    static func apply(_ steps: [QuickEditStep], to workout: inout IntervalWorkout) throws(CommandLineError) {
        for step in steps {
            let count = workout.exercises.count
            func check(_ n: Int, upTo last: Int) throws(CommandLineError) -> Int {
                guard (1...max(last, 1)).contains(n), last >= 1 else {
                    let has = count == 1 ? "1 exercise" : "\(count) exercises"
                    let allowed = last >= 1 ? "; allowed 1–\(last)" : ""
                    throw .badValue(option: step.option, value: step.value,
                                    reason: "names position \(n), but the workout has \(has) at that point\(allowed)")
                }
                return n - 1
            }
            switch step.edit {
            case let .add(exercise, at):
                let index = try check(at ?? count + 1, upTo: count + 1)
                workout.exercises.insert(ExerciseArgument.named(exercise, position: index + 1), at: index)
            case let .remove(n):
                workout.exercises.remove(at: try check(n, upTo: count))
            case let .move(from, to):
                let source = try check(from, upTo: count)
                let target = try check(to, upTo: count)
                let exercise = workout.exercises.remove(at: source)
                workout.exercises.insert(exercise, at: target)
            case let .work(n, seconds):
                workout.exercises[try check(n, upTo: count)].workSeconds = seconds
            case let .rest(n, seconds):
                workout.exercises[try check(n, upTo: count)].restSeconds = seconds
            case let .rounds(n, rounds):
                workout.exercises[try check(n, upTo: count)].rounds = rounds
            case let .renameExercise(n, name):
                workout.exercises[try check(n, upTo: count)].name = name
            case let .restBetween(seconds):
                workout.restBetweenExercisesSeconds = seconds
            case let .prepare(seconds):
                workout.prepareSeconds = seconds
            case let .warmUp(seconds):
                workout.warmUpSeconds = seconds > 0 ? seconds : nil
            case let .coolDown(seconds):
                workout.coolDownSeconds = seconds > 0 ? seconds : nil
            case let .sets(count):
                workout.sets = count
            case let .restBetweenSets(seconds):
                workout.restBetweenSetsSeconds = seconds
            case let .restAfter(n, seconds):
                workout.exercises[try check(n, upTo: count)].restAfterSeconds = seconds
            case let .cues(text):
                // Checked when read, so the change applies; a failure would be a bug, said as one.
                do throws(PlanError) {
                    workout.cues = try workout.cues.applying(text)
                } catch {
                    throw .badValue(option: "--cues", value: text, reason: "\(error)")
                }
            }
        }
    }
}
