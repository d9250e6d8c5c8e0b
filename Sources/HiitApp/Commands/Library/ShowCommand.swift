import CommandLineKit
import Foundation
import SessionEngine
import WorkoutModel
import WorkoutStore

/// `hiit show WORKOUT [--json]` (DESIGN §6): an interval workout's exercises, timeline and
/// estimated time, or a multisport plan's legs; as text or as JSON. WORKOUT is anything the
/// resolver takes, so a QUICK form or a file shows without touching the data folder.
struct ShowCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["show"], abstract: "Show a workout's exercises, timeline and estimated time, or a multisport plan's legs.")

    /// The WORKOUT argument as typed.
    @Argument("WORKOUT", help: ArgumentHelp.workout) var word: String
    /// `--json`: the timeline as JSON instead of text.
    @Flag("json", help: "Write the timeline as JSON.") var isJSON: Bool

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        switch try UserLibrary(context).resolver.resolveDocument(word).0 {
        case let .intervals(workout):
            let program = Program(workout)
            console.out(isJSON ? try Self.jsonText { try TimelineJSON(program: program, kind: "intervals", cues: workout.cues).render() }
                               : Format.plan(workout, program: program, width: context.width, glyphs: context.glyphs))
        case let .multisport(plan):
            console.out(isJSON ? try Self.jsonText { try TimelineJSON(plan).render() } : PlanText.show(plan, width: context.width, glyphs: context.glyphs))
        }
        return ExitStatus.success
    }

    /// The JSON text that `render` makes.
    /// - Throws: ``CommandFailure/io(_:)`` `cannot write JSON: …` when it cannot be encoded (74).
    private static func jsonText(_ render: () throws -> String) throws(CommandFailure) -> String {
        do {
            return try render()
        } catch {
            throw .io("cannot write JSON: \(error)")
        }
    }
}
