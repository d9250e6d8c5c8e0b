import Foundation
import WorkoutModel
import WorkoutStore

extension LibraryCommand {
    // MARK: import

    /// `hiit import FILE… [--rename]`: each file is read, checked and added on its own, with
    /// one line per file. A taken name is refused, or with `--rename` imported as `NAME 2`
    /// (3, …). Exit status: 0 when every file was imported, else the worst failure (74 a file
    /// that cannot be read — missing, a folder, no permission — or written, 65 bad data, 64 a
    /// taken name), as `hiit history import` does.
    func importFiles(_ paths: [String], renaming: Bool) -> Int32 {
        var status = ExitStatus.success
        var imported = 0
        for path in paths {
            let url = URL(fileURLWithPath: path)
            let workout: LibraryDocument
            do {
                workout = try LibraryDocumentFile.load(from: url)
            } catch {
                if case let .io(_, _, code) = error {
                    let reason = code == ENOENT ? "no such file" : code == EISDIR ? "is a folder, not a file"
                        : String(cString: strerror(code))
                    console.err("Error: \(Self.shown(path)): cannot be read: \(reason); not imported")
                    status = max(status, ExitStatus.ioError)
                } else {
                    console.err("Error: \(error); not imported")
                    status = max(status, WorkoutResolver.exitStatus(for: error))
                }
                continue
            }
            var copy = workout
            for attempt in 1... {
                if attempt > 1 { copy.name = "\(workout.name) \(attempt)" }
                do {
                    let entry = try library.add(copy)
                    let renamed = attempt > 1 ? " as '\(copy.name)'" : ""
                    console.out("Imported '\(workout.name)'\(renamed) from \(path) (\(entry.url.path)).")
                    imported += 1
                } catch {
                    if case .nameTaken = error {
                        if renaming, attempt < 1000 { continue }
                        console.err("Error: \(Self.shown(path)): \(error); not imported (add --rename to import it as '\(Self.shown(workout.name)) 2')")
                        status = max(status, ExitStatus.usage)
                    } else {
                        console.err("Error: \(Self.shown(path)): \(error); not imported")
                        status = max(status, Self.exitStatus(for: error))
                    }
                }
                break
            }
        }
        if paths.count > 1 {
            console.out("Imported \(imported) of \(paths.count) files.")
        }
        return status
    }

    // MARK: export

    /// `hiit export WORKOUT [FILE] [--force]`: the workout's JSON (keys sorted, with its
    /// version) to FILE, or to stdout when FILE is left out or `-`. An existing FILE is
    /// replaced only with `--force`; the write is atomic and the file is 0600.
    func export(_ word: String, to path: String?, force: Bool) -> Int32 {
        let workout: LibraryDocument
        do {
            workout = try resolver.resolveDocument(word).0
        } catch {
            return fail(error)
        }
        guard let path, path != "-" else {
            do {
                let data = try LibraryDocumentFile.encode(workout, path: "-")
                console.out(String(decoding: data, as: UTF8.self).trimmingTrailingNewlines)
                return ExitStatus.success
            } catch {
                console.err("Error: \(error)")
                return ExitStatus.ioError
            }
        }
        let url = URL(fileURLWithPath: path)
        if !force, FileManager.default.fileExists(atPath: url.path) {
            console.err("Error: \(path) exists; add --force to replace it")
            return ExitStatus.usage
        }
        do {
            try DiskFile.writeAtomically(try LibraryDocumentFile.encode(workout, path: url.path), to: url)
        } catch {
            console.err("Error: \(error)")
            return WorkoutResolver.exitStatus(for: error)
        }
        console.out("Exported '\(workout.name)' to \(path).")
        return ExitStatus.success
    }
}
