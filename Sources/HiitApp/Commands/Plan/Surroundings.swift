import CommandLineKit

/// `--indoor` and `--outdoor` of `hiit plan new`, `add` and `set`: where the sport legs take
/// place. The two cannot go together; each command checks that (``isIndoor()``) where its
/// order of checks puts it.
struct Surroundings: ParsableArguments {
    /// `--indoor`: the sport legs are indoors.
    @Flag("indoor", help: "Indoors (pool, trainer, treadmill).") var isIndoorGiven: Bool
    /// `--outdoor`: the sport legs are outdoors.
    @Flag("outdoor", help: "Outdoors.") var isOutdoorGiven: Bool

    /// `--indoor` → `true`, `--outdoor` → `false`, neither → `nil`.
    /// - Throws: ``CommandLineError/conflict(_:)`` when both are given.
    func isIndoor() throws(CommandLineError) -> Bool? {
        switch (isIndoorGiven, isOutdoorGiven) {
        case (true, true):
            throw .conflict("\($isIndoorGiven.flagName) and \($isOutdoorGiven.flagName) cannot be given together; choose one")
        case (true, false): return true
        case (false, true): return false
        case (false, false): return nil
        }
    }
}
