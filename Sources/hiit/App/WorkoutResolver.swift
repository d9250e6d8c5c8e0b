import Foundation
import WorkoutModel
import WorkoutStore

/// Finds the workout a command names: the QUICK form (`20/10x8`), a path to a workout file,
/// or a name from the library (the data folder's `workouts/`) or the shipped `workouts/`.
/// Names match the workout's `name` or its file's base name, case-insensitively.
struct WorkoutResolver {
    /// Where a workout came from.
    enum Source: Equatable {
        case quick
        case file(URL)
    }

    /// Why a workout could not be found or read.
    enum ResolveError: Error, CustomStringConvertible {
        /// No workout of that name; `suggestion` is the closest name, if any is close.
        case unknown(name: String, suggestion: String?, known: [String])
        /// A path that does not exist.
        case noSuchFile(path: String)
        /// The QUICK form with a bad number.
        case quick(PlanError)
        /// The file exists but does not hold a valid workout.
        case store(StoreError)

        var description: String {
            switch self {
            case let .unknown(name, suggestion, known):
                if let suggestion { return "no workout named '\(name)'; did you mean '\(suggestion)'?" }
                if known.isEmpty { return "no workout named '\(name)' (the library is empty)" }
                return "no workout named '\(name)'; known: \(known.joined(separator: ", "))"
            case let .noSuchFile(path): return "\(path): no such file"
            case let .quick(error): return error.description
            case let .store(error): return error.description
            }
        }

        /// 65 for a file with bad data, 64 for a bad word on the command line.
        var exitStatus: Int32 {
            if case .store = self { return ExitStatus.dataError }
            return ExitStatus.usage
        }
    }

    /// Folders searched for names, in order (library first, then the shipped workouts).
    let folders: [URL]

    /// Resolves `word` to a workout.
    /// - Throws: ``ResolveError``.
    func resolve(_ word: String) throws(ResolveError) -> (IntervalWorkout, Source) {
        do {
            if let quick = try IntervalWorkout.quick(word) { return (quick, .quick) }
        } catch {
            throw .quick(error)
        }
        let looksLikePath = word.contains("/") || word.lowercased().hasSuffix(".json")
        if looksLikePath {
            let url = URL(fileURLWithPath: word)
            guard FileManager.default.fileExists(atPath: url.path) else { throw .noSuchFile(path: word) }
            do { return (try WorkoutFile.load(from: url), .file(url)) } catch { throw .store(error) }
        }
        let wanted = word.lowercased()
        var names: [String] = []
        for file in workoutFiles() {
            let base = file.deletingPathExtension().lastPathComponent
            // A file named like the word is read first; a broken one is reported.
            if base.lowercased() == wanted {
                do { return (try WorkoutFile.load(from: file), .file(file)) } catch { throw .store(error) }
            }
            guard let workout = try? WorkoutFile.load(from: file) else { continue }
            if workout.name.lowercased() == wanted { return (workout, .file(file)) }
            names.append(workout.name)
        }
        let lowered = names.map { $0.lowercased() }
        let suggestion = closestMatch(to: wanted, among: lowered)
            .flatMap { lowered.firstIndex(of: $0) }.map { names[$0] }
        throw .unknown(name: word, suggestion: suggestion, known: names)
    }

    /// Every `*.json` file of the folders, each folder sorted by name.
    func workoutFiles() -> [URL] {
        folders.flatMap { folder -> [URL] in
            let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            return files.filter { $0.pathExtension.lowercased() == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
    }
}

/// Exit statuses of DESIGN §6.
enum ExitStatus {
    /// Success.
    static let success: Int32 = 0
    /// Bad usage: an unknown option, a bad value, an unknown workout name (EX_USAGE).
    static let usage: Int32 = 64
    /// Bad data in a file (EX_DATAERR).
    static let dataError: Int32 = 65
    /// Could not write a file or use a device (EX_CANTCREAT / EX_IOERR family).
    static let ioError: Int32 = 74
}
