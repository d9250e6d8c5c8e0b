/// The history of completed sessions: `hiit history …` (not yet: issue 3).
enum HistoryCommands: CommandGroup {
    static let specs: [CommandSpec] = []

    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32? {
        nil
    }
}
