import Foundation
import WorkoutModel
import WorkoutStore

/// The library commands' work for multisport plans (`hiit show`, `list`, `duplicate`,
/// `export`, `import`, `edit` on a plan); the commands themselves are in `Commands/Library/`.
extension LibraryCommand {
    /// `hiit show PLAN [--json]`.
    func showPlan(_ plan: MultisportPlan, json: Bool) -> Int32 {
        guard json else {
            console.out(PlanText.show(plan))
            return ExitStatus.success
        }
        do {
            console.out(try PlanText.JSON(plan).render())
        } catch {
            console.err("Error: cannot write JSON: \(error)")
            return ExitStatus.ioError
        }
        return ExitStatus.success
    }

    /// The `hiit list` row of a plan: kind `multisport`, its number of legs and expected time.
    static func listRow(for plan: MultisportPlan, file: URL, selected: Bool) -> ListRow {
        ListRow(name: plan.name, kind: "multisport", exercises: nil, legs: plan.legs.count,
                estimatedSeconds: plan.expectedSeconds.map { Int($0.rounded()) }, file: file.path,
                selected: selected, error: nil)
    }

    /// Lines describing a workout or plan after it was created or changed.
    static func summary(of document: LibraryDocument) -> [String] {
        switch document {
        case let .intervals(workout): summary(of: workout)
        case let .multisport(plan): PlanText.legLines(plan) + [PlanText.expected(plan)]
        }
    }
}

extension LibraryCommand {
    /// Quick edits (`hiit edit W --work …`) are for interval workouts: on a plan, says which
    /// commands change it and returns 64.
    func refuseQuickEdits(on plan: MultisportPlan) -> Int32 {
        console.err("Error: '\(Self.shown(plan.name))' is a multisport plan; quick edits apply to interval workouts. Change its legs with 'hiit plan add|remove|move|set', or open it in your editor with 'hiit edit \"\(Self.shown(plan.name))\"' (no options)")
        return ExitStatus.usage
    }
}
