/// The profile: `hiit profile …` (not yet: issue 3).
enum ProfileCommands: CommandGroup {
    static let specs: [CommandSpec] = []

    static func handle(_ parsed: ParsedCommand, context: CommandContext) throws(CommandLineError) -> Int32? {
        nil
    }

    /// The weight stored in the profile, in kg, or `nil` when none is set.
    static func profileWeightKg(_ locations: Locations) -> Double? {
        nil
    }
}
