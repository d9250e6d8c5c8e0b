import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// One change to the legs of a plan of the library (`hiit plan add|remove|move|set`): applied
/// under the library's lock (``WorkoutLibrary/updatePlan(_:_:)``), validated as a whole plan
/// and written atomically, then reported with the plan's legs. A plan that breaks a rule is
/// refused naming the leg and the rule (exit 64) and nothing is written.
enum PlanChange {
    /// Finds the plan named `word`, applies `edit`, and says what changed on stdout.
    /// - Parameters:
    ///   - word: the PLAN argument as typed.
    ///   - context: the command's context (the library, the console).
    ///   - edit: the change; it throws for a position or value that does not fit the plan.
    /// - Returns: 0.
    /// - Throws: the ``CommandLineError`` that `edit` throws (with the usage line);
    ///   ``CommandFailure`` `cannot change 'NAME': …; nothing was saved` for a broken rule, or
    ///   what is not a plan; the ``LibraryError`` for an unknown name or a failed write.
    static func apply(to word: String, context: CommandContext,
                      _ edit: (inout MultisportPlan) throws(CommandLineError) -> Void) throws -> Int32 {
        let library = UserLibrary(context)
        library.seedIfFirstUse()
        var usageError: CommandLineError?
        let outcome: LibraryChange
        do {
            outcome = try library.library.updatePlan(word) { (plan: inout MultisportPlan) throws(LibraryError) in
                do throws(CommandLineError) {
                    try edit(&plan)
                } catch {
                    usageError = error
                    throw .invalid(.legRule(leg: 0, label: "", rule: error.description))
                }
            }
        } catch {
            if let usageError { throw usageError }
            guard case let .invalid(planError) = error else { throw error }
            if case .notAPlan = planError { throw CommandFailure.usage("\(planError)") }
            let name = (try? library.library.workout(named: word))?.name ?? word
            throw CommandFailure.usage("cannot change '\(name.oneLineEscaped)': \(planError); nothing was saved")
        }
        guard let plan = outcome.after.plan else { return ExitStatus.dataError }
        let console = context.console
        if outcome.isUnchanged {
            console.out("No changes to '\(plan.name)'.")
        } else {
            console.out("Changed '\(plan.name)' (\(outcome.after.url.path)):")
        }
        for line in WorkoutSummary.lines(of: .multisport(plan), glyphs: console.glyphs) { console.out(line) }
        return ExitStatus.success
    }
}
