import CommandLineKit
import Foundation
import SessionEngine
import WorkoutModel
import WorkoutStore

/// `hiit show WORKOUT [--json]` (DESIGN §6): an interval workout's exercises, timeline and
/// estimated time, or a multisport plan's legs; as text or as JSON. WORKOUT is anything the
/// resolver takes, so a QUICK form or a file shows without touching the data folder.
struct ShowCommand: Command {
    /// `--json`: the timeline as JSON instead of text.
    static let json = OptionSpec("json", help: "Write the timeline as JSON.")
    /// The workout to show.
    static let workout = ArgumentSpec("WORKOUT", help: ArgumentHelp.workout)

    static let path = ["show"]
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show a workout's exercises, timeline and estimated time, or a multisport plan's legs.",
        arguments: [workout],
        options: [json])

    /// The WORKOUT argument as typed.
    let word: String
    /// Whether `--json` was given.
    let isJSON: Bool

    init(_ parsed: ParsedCommand) throws(CommandLineError) {
        word = parsed.argument(Self.workout) ?? ""
        isJSON = parsed.hasFlag(Self.json)
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        switch try UserLibrary(context).resolver.resolveDocument(word).0 {
        case let .intervals(workout):
            let program = Program(workout)
            console.out(isJSON ? try Self.jsonText { try TimelineJSON(program: program, kind: "intervals").render() }
                               : Format.plan(workout, program: program))
        case let .multisport(plan):
            console.out(isJSON ? try Self.jsonText { try PlanText.JSON(plan).render() } : PlanText.show(plan))
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
