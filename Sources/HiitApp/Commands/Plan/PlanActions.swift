import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// The work of `hiit plan new|add|remove|move|set`. Every change validates the whole plan
/// and is written atomically under the library's lock (``WorkoutLibrary/updatePlan(_:_:)``);
/// a plan that breaks a rule is refused with the leg and the rule (exit 64) and nothing is
/// written.
struct PlanActions {
    let command: LibraryCommand

    var console: Console { command.console }

    // MARK: Options

    /// `--indoor` → `true`, `--outdoor` → `false`, neither → `nil`.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` when both are given.
    static func indoor(_ parsed: ParsedCommand) throws(CommandLineError) -> Bool? {
        switch (parsed.hasFlag("indoor"), parsed.hasFlag("outdoor")) {
        case (true, true): throw .badValue(option: "--indoor", value: "--outdoor", reason: "cannot be given together; choose one")
        case (true, false): return true
        case (false, true): return false
        case (false, false): return nil
        }
    }

    /// A leg position typed for `N`, `--at` or `--to`, from 1 to `count`.
    static func position(_ value: String?, option: String, count: Int) throws(CommandLineError) -> Int {
        try OptionValue.wholeNumber(value ?? "", option: option, range: 1...max(count, 1), unit: "")
    }

    // MARK: new

    /// `hiit plan new NAME LEG… [--pool P] [--indoor|--outdoor]`.
    func create(_ parsed: ParsedCommand) throws(CommandLineError) -> Int32 {
        let name = (parsed.argument("NAME") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let words = parsed.argumentValues("LEG")
        guard !words.isEmpty else { throw .missingArgument("<leg>") }
        var legs: [Leg] = []
        for (index, word) in words.enumerated() {
            legs.append(try LegArgument.parse(word, position: index + 1))
        }
        let pool = try parsed.value("pool").map { (value: String) throws(CommandLineError) in try LegArgument.pool(value) }
        let indoor = try Self.indoor(parsed)
        for index in legs.indices where legs[index].sport != .transition {
            if legs[index].sport == .swimming { pool?.apply(to: &legs[index]) }
            if let indoor { legs[index].isIndoor = indoor }
        }
        if pool != nil, !legs.contains(where: { $0.sport == .swimming }) {
            console.err("Error: --pool applies to swim legs, and '\(LibraryCommand.shown(name))' has none")
            return ExitStatus.usage
        }
        let plan = MultisportPlan(name: name, legs: legs)
        do {
            try plan.validate()
        } catch {
            console.err("Error: cannot create '\(LibraryCommand.shown(name))': \(error)")
            return ExitStatus.usage
        }
        do {
            let entry = try command.library.add(.multisport(plan))
            console.out("Created '\(plan.name)' (\(entry.url.path)):")
        } catch {
            return command.fail(error)
        }
        for line in LibraryCommand.summary(of: .multisport(plan)) { console.out(line) }
        return ExitStatus.success
    }

    // MARK: Changes

    /// `hiit plan add PLAN LEG [--at N] [--pool P] [--indoor|--outdoor]`.
    func add(_ word: String, parsed: ParsedCommand) throws(CommandLineError) -> Int32 {
        var leg = try LegArgument.parse(parsed.argument("LEG") ?? "", position: 1)
        if let value = parsed.value("pool") {
            guard leg.sport == .swimming else {
                throw .badValue(option: "--pool", value: value, reason: "applies to swim legs only")
            }
            try LegArgument.pool(value).apply(to: &leg)
        }
        if let indoor = try Self.indoor(parsed) { leg.isIndoor = indoor }
        let at = parsed.value("at")
        return try change(word) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try at.map { (value: String) throws(CommandLineError) in
                try Self.position(value, option: "--at", count: plan.legs.count + 1)
            } ?? plan.legs.count + 1
            plan.legs.insert(leg, at: index - 1)
        }
    }

    /// `hiit plan remove PLAN N`.
    func remove(_ word: String, parsed: ParsedCommand) throws(CommandLineError) -> Int32 {
        let value = parsed.argument("N")
        return try change(word) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try Self.position(value, option: "N", count: plan.legs.count)
            plan.legs.remove(at: index - 1)
        }
    }

    /// `hiit plan move PLAN N --to M`.
    func move(_ word: String, parsed: ParsedCommand) throws(CommandLineError) -> Int32 {
        let from = parsed.argument("N")
        let to = parsed.value("to")
        return try change(word) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let source = try Self.position(from, option: "N", count: plan.legs.count)
            let target = try Self.position(to, option: "--to", count: plan.legs.count)
            let leg = plan.legs.remove(at: source - 1)
            plan.legs.insert(leg, at: target - 1)
        }
    }

    /// `hiit plan set PLAN N [--distance D|none] [--time T|none] [--pool P|open-water] [--indoor|--outdoor]`.
    func set(_ word: String, parsed: ParsedCommand) throws(CommandLineError) -> Int32 {
        let position = parsed.argument("N")
        var distance: Double??
        if let value = parsed.value("distance") {
            if value.lowercased() == "none" {
                distance = .some(nil)
            } else {
                do { distance = try Distance(parsing: value).meters } catch {
                    throw .badValue(option: "--distance", value: value, reason: "is not a distance; use a number and m, km, yd or mi such as 750m, 20km or 33⅓yd, or none")
                }
            }
        }
        var time: Double??
        if let value = parsed.value("time") {
            if value.lowercased() == "none" {
                time = .some(nil)
            } else {
                guard let seconds = LegArgument.seconds(value) else {
                    throw .badValue(option: "--time", value: value, reason: "is not a time; use 30min, 1h, 1h30min, 45s, 25:00 or 1:20:00, or none")
                }
                time = seconds
            }
        }
        let pool = try parsed.value("pool").map { (value: String) throws(CommandLineError) in try LegArgument.pool(value) }
        let indoor = try Self.indoor(parsed)
        guard distance != nil || time != nil || pool != nil || indoor != nil else {
            throw .missingArgument("--distance, --time, --pool, --indoor or --outdoor")
        }
        return try change(word) { (plan: inout MultisportPlan) throws(CommandLineError) in
            let index = try Self.position(position, option: "N", count: plan.legs.count) - 1
            if let distance { plan.legs[index].targetDistanceMeters = distance }
            if let time { plan.legs[index].targetSeconds = time }
            if let pool {
                guard plan.legs[index].sport == .swimming else {
                    throw .badValue(option: "--pool", value: parsed.value("pool") ?? "",
                                    reason: "applies to swim legs only; leg \(index + 1) is \(plan.label(ofLeg: index))")
                }
                pool.apply(to: &plan.legs[index])
            }
            if let indoor { plan.legs[index].isIndoor = indoor }
        }
    }

    /// Finds the plan, applies `edit` under the library lock, validates and writes it, then
    /// says what changed. A rule broken by the result is refused naming the leg (exit 64).
    /// - Throws: the ``CommandLineError`` that `edit` throws for a bad position or value.
    private func change(_ word: String,
                        _ edit: (inout MultisportPlan) throws(CommandLineError) -> Void) throws(CommandLineError) -> Int32 {
        var usageError: CommandLineError?
        let outcome: LibraryChange
        do {
            outcome = try command.library.updatePlan(word) { (plan: inout MultisportPlan) throws(LibraryError) in
                do throws(CommandLineError) {
                    try edit(&plan)
                } catch {
                    usageError = error
                    throw .invalid(.legRule(leg: 0, label: "", rule: error.description))
                }
            }
        } catch {
            if let usageError { throw usageError }
            if case let .invalid(planError) = error {
                let name = (try? command.library.workout(named: word))?.name ?? word
                if case .notAPlan = planError {
                    console.err("Error: \(planError)")
                } else {
                    console.err("Error: cannot change '\(LibraryCommand.shown(name))': \(planError); nothing was saved")
                }
                return ExitStatus.usage
            }
            return command.fail(error)
        }
        guard let plan = outcome.after.plan else { return ExitStatus.dataError }
        if outcome.isUnchanged {
            console.out("No changes to '\(plan.name)'.")
        } else {
            console.out("Changed '\(plan.name)' (\(outcome.after.url.path)):")
        }
        for line in LibraryCommand.summary(of: .multisport(plan)) { console.out(line) }
        return ExitStatus.success
    }
}
