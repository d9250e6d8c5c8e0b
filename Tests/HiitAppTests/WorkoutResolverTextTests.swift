import Testing
@testable import HiitApp

/// What `hiit run WORD` says when WORD is neither a quick workout nor an existing file.
@Suite struct WorkoutResolverTextTests {
    static let quickHint = "is neither a file nor a quick workout; a quick workout is WORK/REST[xROUNDS], such as 20/10x8 or 1:00/0:30x3"

    /// A mistyped quick form gets the quick form's shape, not "no such file" (a new-user check
    /// found `20/-1` said "no such file" while `20/10x` got the shape).
    @Test(arguments: ["20/-1", "20/abc", "20/10x-3", "20s/10sx8", "20/10"])
    func aMistypedQuickFormIsShownTheShape(word: String) {
        #expect(WorkoutResolver.ResolveError.noSuchFile(path: word).description == "'\(word)' \(Self.quickHint)")
    }

    @Test(arguments: ["workouts/missing.json", "plans/leg day", "./tabata", "2024/plan.json"])
    func aMissingFileIsOne(word: String) {
        #expect(WorkoutResolver.ResolveError.noSuchFile(path: word).description == "\(word): no such file")
    }
}
