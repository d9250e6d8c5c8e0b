import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// Finds the workout a command names: the QUICK form (`20/10x8`), a path to a workout file,
/// a workout of the library (by name, ignoring case, or by file name), or a built-in workout
/// (Tabata, so that plain `hiit` always has something to run).
struct WorkoutResolver {
    /// Where a workout came from.
    enum Source: Equatable {
        /// The QUICK form typed on the command line.
        case quick
        /// A workout file named by its path.
        case file(URL)
        /// A file of the library.
        case library(URL)
        /// Built into the program (Tabata when the library has none).
        case builtIn
    }

    /// Why a workout could not be found or read.
    enum ResolveError: Error, CustomStringConvertible {
        /// No workout of that name; `suggestion` is the closest name, if any is close.
        case unknown(name: String, suggestion: String?, known: [String])
        /// A path that does not exist.
        case noSuchFile(path: String)
        /// The QUICK form with a bad number.
        case quick(PlanError)
        /// The file exists but does not hold a valid workout, or the library cannot be read.
        case store(StoreError)

        var description: String {
            switch self {
            case let .unknown(word, suggestion, known):
                let name = word.oneLineEscaped
                if let suggestion { return "no workout named '\(name)'; did you mean '\(suggestion)'?" }
                if known.isEmpty { return "no workout named '\(name)' (the library is empty)" }
                return "no workout named '\(name)'; known: " + known.sorted { $0.lowercased() < $1.lowercased() }
                    .map { "'\($0)'" }.joined(separator: ", ")
            case let .noSuchFile(path):
                // A mistyped quick form (20/10, 20s/10sx8, 20/-1, 20/abc) is more likely than a
                // missing file: digits and one `/`, or only the quick form's characters. The
                // message names both, so a real missing file is still said to be one.
                let looksQuick = !path.lowercased().hasSuffix(".json")
                    && (path.allSatisfy { $0.isNumber || "/xX×s. ".contains($0) }
                        || (path.first?.isNumber == true && path.filter { $0 == "/" }.count == 1))
                return looksQuick
                    ? "'\(path.oneLineEscaped)' is neither a file nor a quick workout; a quick workout is WORK/REST[xROUNDS], such as 20/10x8 or 1:00/0:30x3"
                    : "\(path.oneLineEscaped): no such file"
            case let .quick(error): return error.description
            case let .store(error): return error.description
            }
        }
    }

    /// Tabata as the HIIT Timer defines it (20 s work, 10 s rest, 8 rounds): run by plain
    /// `hiit` when nothing else is selected, even when the library has no Tabata.
    static let tabata = IntervalWorkout(
        name: "Tabata", exercises: [Exercise(name: "Burpees", workSeconds: 20, restSeconds: 10, rounds: 8)])

    /// The library searched for names.
    let library: WorkoutLibrary
    /// The shipped workouts offered to the library just before a name is first looked up in
    /// it (``WorkoutLibrary/seedIfFirstUse(from:)``); `nil` when they cannot be found.
    let shippedWorkouts: URL?
    /// Workouts found by name when the library has none of that name.
    var builtIns: [IntervalWorkout] = [WorkoutResolver.tabata]

    /// Resolves `word` to an interval workout or a multisport plan: QUICK form, then an
    /// existing file when the word looks like a path (holds `/` or ends in `.json`), then the
    /// library (see ``WorkoutLibrary/find(_:in:forChange:)``; a name may hold `/`), then the
    /// built-in workouts. A path-like word that is none of these is a missing file.
    ///
    /// Only the library step writes: on the library's first use it seeds the library from
    /// ``shippedWorkouts`` (silently; a data folder that cannot be written reads as empty), so
    /// a QUICK form or an existing file leaves the data folder untouched.
    /// - Throws: ``ResolveError``.
    func resolveDocument(_ word: String) throws(ResolveError) -> (LibraryDocument, Source) {
        do {
            if let quick = try IntervalWorkout.quick(word) { return (.intervals(quick), .quick) }
        } catch {
            throw .quick(error)
        }
        let isPath = Self.looksLikePath(word)
        if isPath {
            let url = URL(fileURLWithPath: word)
            if FileManager.default.fileExists(atPath: url.path) {
                do { return (try LibraryDocumentFile.load(from: url), .file(url)) } catch { throw .store(error) }
            }
        }
        let known: [String]
        _ = try? library.seedIfFirstUse(from: shippedWorkouts)
        do {
            let entry = try library.workout(named: word)
            if let document = entry.document { return (document, .library(entry.url)) }
            known = []
        } catch {
            switch error {
            case let .noSuchWorkout(_, names): known = names
            case let .unreadable(storeError), let .store(storeError): throw .store(storeError)
            default: known = []
            }
        }
        // A word with '/' that is neither a file nor a name (names may hold '/').
        if isPath { throw .noSuchFile(path: word) }
        let key = WorkoutFileName.matchKey(word)
        if let builtIn = builtIns.first(where: { WorkoutFileName.matchKey($0.name) == key }) {
            return (.intervals(builtIn), .builtIn)
        }
        let names = Self.distinctNames(known + builtIns.map(\.name))
        throw .unknown(name: word, suggestion: Self.suggestion(for: word, among: names), known: names)
    }

    /// Whether a word is taken as a path rather than a name: it holds `/` or ends in `.json`.
    static func looksLikePath(_ word: String) -> Bool {
        word.contains("/") || word.lowercased().hasSuffix(".json")
    }

    /// The known name closest to `word` (ignoring case), when it is a likely typo.
    static func suggestion(for word: String, among names: [String]) -> String? {
        let lowered = names.map { $0.lowercased() }
        let typed = word.lowercased()
        if let index = closestMatch(to: typed, among: lowered).flatMap({ lowered.firstIndex(of: $0) }) {
            return names[index]
        }
        // The start of a longer name ("classic" for "Classic HIIT"), when only one name fits.
        let starting = names.indices.filter { !typed.isEmpty && lowered[$0].hasPrefix(typed) }
        return starting.count == 1 ? names[starting[0]] : nil
    }

    /// Names without repeats (ignoring case), in order.
    static func distinctNames(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert(WorkoutFileName.matchKey($0)).inserted }
    }
}
