import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStore

extension LibraryCommand {
    /// One line of `hiit list`.
    struct ListRow: Encodable {
        var name: String?
        var kind: String
        var exercises: Int?
        /// The number of legs of a multisport plan.
        var legs: Int? = nil
        var estimatedSeconds: Int?
        var file: String
        var selected: Bool
        var error: String?
    }

    /// `hiit list [--json]`: every workout of the library, sorted by name, then the broken
    /// files. The selected workout is marked with `*`. Each broken file is a row of kind
    /// `broken` and one `Warning:` line with its error on stderr; it does not change the
    /// exit status (the list itself was made).
    func list(json: Bool) -> Int32 {
        let entries: [LibraryEntry]
        do {
            entries = try library.entries()
        } catch {
            return fail(error)
        }
        let selected = selection(warn: true)
        let selectedKey = selected.map(WorkoutFileName.matchKey)
        let workouts = entries.compactMap { entry in entry.document.map { (entry, $0) } }
        let selectionIsPresent = workouts.contains { WorkoutFileName.matchKey($0.1.name) == selectedKey }
        let selectionIsQuick = selected.flatMap { try? IntervalWorkout.quick($0) } != nil
        // The workout plain `hiit` runs: the selection, else Tabata.
        let runKey = selectionIsPresent || selectionIsQuick
            ? selectedKey : WorkoutFileName.matchKey(WorkoutResolver.tabata.name)

        var rows: [ListRow] = []
        var seen = Set<String>()
        for (entry, document) in workouts.sorted(by: { $0.1.name.lowercased() < $1.1.name.lowercased() }) {
            let key = WorkoutFileName.matchKey(document.name)
            let isFirst = seen.insert(key).inserted
            if !isFirst { console.err("Warning: \(entry.url.path): another file also holds '\(document.name)'; 'hiit run' uses the first") }
            let workout: IntervalWorkout
            switch document {
            case let .intervals(found): workout = found
            case let .multisport(plan):
                rows.append(Self.listRow(for: plan, file: entry.url, selected: false))
                continue
            }
            rows.append(ListRow(name: workout.name, kind: "intervals", exercises: workout.exercises.count,
                                estimatedSeconds: workout.estimatedSeconds, file: entry.url.path,
                                selected: isFirst && key == runKey, error: nil))
        }
        for entry in entries {
            guard let error = entry.error else { continue }
            console.err("Warning: \(error)")
            rows.append(ListRow(name: nil, kind: "broken", exercises: nil, estimatedSeconds: nil,
                                file: entry.url.path, selected: false, error: error.description))
        }

        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(rows) else { return ExitStatus.ioError }
            console.out(String(decoding: data, as: UTF8.self))
            return ExitStatus.success
        }
        if rows.isEmpty {
            console.out("The library is empty. Create a workout with 'hiit new', or run a quick one: hiit run 20/10x8")
        } else {
            for line in Self.table(rows) { console.out(line) }
        }
        console.out("")
        if let selected, !selectionIsPresent, !selectionIsQuick {
            console.out("The selected workout '\(selected)' is not in the library; plain 'hiit' runs \(WorkoutResolver.tabata.name).")
        } else if selectionIsQuick, let selected {
            console.out("Selected: the quick workout \(selected); plain 'hiit' runs it.")
        } else if rows.contains(where: \.selected) {
            console.out("* selected: plain 'hiit' runs it.")
        } else {
            console.out("Plain 'hiit' runs \(WorkoutResolver.tabata.name) (built in, 20/10x8).")
        }
        console.out("Library: \(library.url.path)")
        return ExitStatus.success
    }

    /// `hiit list --names`: the name of each workout and plan of the library, one per line,
    /// sorted as `hiit list` sorts them, each name once, nothing else: no header, no notes, no
    /// warnings (shell completion runs it on every Tab). A library that cannot be read gives
    /// no lines and exit status 74 (65 for a broken folder), with nothing on stderr.
    func listNames() -> Int32 {
        let entries: [LibraryEntry]
        do {
            entries = try library.entries()
        } catch {
            return Self.exitStatus(for: error)
        }
        var seen = Set<String>()
        let names = entries.compactMap { $0.document?.name }
            .sorted { $0.lowercased() < $1.lowercased() }
            .filter { seen.insert(WorkoutFileName.matchKey($0)).inserted }
        for name in names { console.out(name) }
        return ExitStatus.success
    }

    /// The rows as aligned text lines with a header.
    static func table(_ rows: [ListRow]) -> [String] {
        let names = rows.map { $0.name ?? URL(fileURLWithPath: $0.file).lastPathComponent }
        let nameWidth = min(max(names.map(\.displayWidth).max() ?? 0, 4), 40)
        let kindWidth = max(rows.map(\.kind.count).max() ?? 0, 4)
        var lines = ["  " + "NAME".padded(toWidth: nameWidth) + "  " + "KIND".padded(toWidth: kindWidth)
                     + "  EXERCISES  " + "TIME".padded(toWidth: 7, alignment: .right)]
        for (row, name) in zip(rows, names) {
            let exercises = row.exercises.map(String.init) ?? row.legs.map { $0 == 1 ? "1 leg" : "\($0) legs" } ?? "-"
            let time = row.estimatedSeconds.map { Format.clock(Double($0)) } ?? (row.legs == nil ? "-" : "—")
            lines.append((row.selected ? "* " : "  ") + name.sanitizedForTerminal.padded(toWidth: nameWidth)
                         + "  " + row.kind.padded(toWidth: kindWidth)
                         + "  " + exercises.padded(toWidth: 9, alignment: .right)
                         + "  " + time.padded(toWidth: 7, alignment: .right))
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }
}
