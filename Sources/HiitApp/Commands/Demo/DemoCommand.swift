import CommandLineKit
import Foundation
import WorkoutModel
import WorkoutStore

/// `hiit demo [--folder PATH] [--until YYYY-MM-DD] [--force]`: fills a demo data root of its
/// own with a year of made-up sessions (``DemoHistory``), a profile and a README, and says how
/// to point the other commands at it. The person's own data folder is never read or written.
struct DemoCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["demo"], abstract: "Fill a separate demo folder with a year of made-up sessions, to try 'hiit stats' and 'hiit history'.",
        discussion: "The demo folder gets hiit/history.jsonl (a year of HIIT and multisport sessions up to the end date, 3 to 6 a week; always the same sessions for the same end date), hiit/profile.json (weight 70 kg) and a README saying it holds demo data. Your own data folder is never touched.\nUse it by naming the demo folder in XDG_DATA_HOME, for example: XDG_DATA_HOME=~/.local/share/hiit-demo hiit stats month")

    /// `--folder PATH` as typed, if given.
    @Option("folder", valueName: "path",
            help: "The demo folder (default: $XDG_DATA_HOME/hiit-demo, else ~/.local/share/hiit-demo; XDG_DATA_HOME itself when an earlier demo filled it, or when it is called hiit-demo and holds no hiit data). It cannot be the folder that holds your own hiit data.")
    var folderPath: String?
    /// `--until DATE` as typed, if given (checked against today in ``run(_:)``, which reads the clock).
    @Option("until", valueName: "date",
            help: "The last day of the demo history, YYYY-MM-DD, today or earlier (default: today). A past date always gives the same file.")
    var untilText: String?
    /// `--force`: whether an earlier demo history is replaced.
    @Flag("force", help: "Replace the demo history that an earlier 'hiit demo' wrote in the folder.") var replaces: Bool

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let clock = Date()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = LocalTimeZone.current(environment: context.environment, at: clock)
        calendar.firstWeekday = 2  // Monday, as ISO 8601 weeks
        calendar.minimumDaysInFirstWeek = 4

        var now = clock
        if let value = untilText {
            now = try Self.endOfDay(value, calendar: calendar, now: clock)
        }
        let ownData = context.locations.dataFolder
        let root: URL
        if let value = folderPath {
            guard !value.isEmpty else { throw CommandLineError.badValue(option: "--folder", value: value, reason: "is not a folder") }
            root = URL(fileURLWithPath: value, isDirectory: true).standardizedFileURL
            if let reason = Self.overlap(root: root, ownData: ownData) {
                throw CommandLineError.badValue(option: "--folder", value: value, reason: reason)
            }
        } else if Self.isDemoRoot(ownData.deletingLastPathComponent()) {
            // XDG_DATA_HOME already names a demo folder: fill it rather than nest hiit-demo/hiit-demo.
            root = ownData.deletingLastPathComponent()
        } else {
            root = ownData.deletingLastPathComponent().appendingPathComponent(Self.folderName, isDirectory: true)
        }

        let records = DemoHistory.sessions(seed: DemoHistory.defaultSeed, now: now, calendar: calendar,
                                           weightKg: DemoHistory.defaultWeightKg)
        let demoFolder = DemoFolder(root: root)
        let refilled = demoFolder.isMarkedAsDemo
        let outcome: DemoFolder.Outcome
        do {
            outcome = try demoFolder.fill(history: records, profile: Profile(weightKg: DemoHistory.defaultWeightKg),
                                      readme: Self.readme(root: root), replacing: replaces)
        } catch {
            throw CommandFailure.io("the demo folder was not filled: \(error)")
        }
        switch outcome {
        case .historyExists:
            throw CommandFailure.usage("\(demoFolder.data.historyURL.path) already holds a demo history; add --force to replace it (nothing was changed)")
        case .notADemoFolder:
            throw CommandFailure.usage("\(root.path) holds hiit data that 'hiit demo' did not write (no README marking it as demo data); choose another --folder (nothing was changed)")
        case .written:
            console.out(Self.summary(records, folder: demoFolder, ownData: ownData, refilled: refilled))
            return ExitStatus.success
        }
    }

    // MARK: Pieces

    /// The instant `--until DATE` stands for: the end of that local day, or `now` for today.
    /// - Throws: ``CommandLineError/badValue(option:value:reason:)`` for text that is not a
    ///   date `YYYY-MM-DD` of the calendar, or a date after today.
    static func endOfDay(_ text: String, calendar: Calendar, now: Date) throws(CommandLineError) -> Date {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let notADate = CommandLineError.badValue(option: "--until", value: text, reason: "is not a date YYYY-MM-DD")
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1
        else { throw notADate }
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: day),
              let interval = calendar.dateInterval(of: .day, for: date)
        else { throw notADate }
        guard interval.start <= now else {
            throw .badValue(option: "--until", value: text, reason: "is after today; give today or an earlier date")
        }
        return min(interval.end, now)
    }

    /// Why a demo root may not be used, or `nil`: it is the root of the person's own data (its
    /// `hiit` folder would be theirs), or their data folder, or inside it. Symbolic links are
    /// resolved as far as the paths exist.
    /// - Parameters:
    ///   - root: the demo root asked for.
    ///   - ownData: the person's data folder (`$XDG_DATA_HOME/hiit`).
    static func overlap(root: URL, ownData: URL) -> String? {
        let demo = root.resolvingSymlinksInPath().standardizedFileURL.path
        let own = ownData.resolvingSymlinksInPath().standardizedFileURL.path
        let ownRoot = ownData.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL.path
        if demo == ownRoot {
            return "is where your own hiit data lives (\(ownData.path)); choose another folder for the demo"
        }
        if demo == own || demo.hasPrefix(own.hasSuffix("/") ? own : own + "/") {
            return "is inside your own hiit data folder (\(ownData.path)); choose another folder for the demo"
        }
        return nil
    }

    /// The README written at the demo root.
    static func readme(root: URL) -> String {
        """
        \(DemoFolder.readmeMark)
        \(String(repeating: "=", count: DemoFolder.readmeMark.count))

        Everything in this folder was made up by 'hiit demo': a year of HIIT and multisport
        sessions in hiit/history.jsonl and a profile with a weight of 70 kg in
        hiit/profile.json. It is not your own training data, which hiit keeps in its usual
        data folder and which 'hiit demo' never touches.

        Point hiit at this folder with XDG_DATA_HOME:

            XDG_DATA_HOME=\(shellQuoted(root.path)) hiit stats month
            XDG_DATA_HOME=\(shellQuoted(root.path)) hiit history

        'hiit demo --force' writes it again; deleting this folder removes the demo.

        """
    }

    /// The demo folder's own name, under the data home (`$XDG_DATA_HOME/hiit-demo`).
    static let folderName = "hiit-demo"

    /// Whether the data home `home` (what `XDG_DATA_HOME` names) is itself a demo folder: one an
    /// earlier `hiit demo` filled (the command line it printed), or one named ``folderName``
    /// that holds no hiit data yet (set up by hand for the demo). A folder of that name with a
    /// history or profile and no demo README is someone's data: the demo then goes into a
    /// folder of its own below it, as anywhere else.
    static func isDemoRoot(_ home: URL) -> Bool {
        let folder = DemoFolder(root: home)
        return folder.isMarkedAsDemo || (home.standardizedFileURL.lastPathComponent == folderName && !folder.holdsData)
    }

    /// What `hiit demo` prints once the folder is filled.
    static func summary(_ records: [SessionRecord], folder: DemoFolder, ownData: URL, refilled: Bool) -> String {
        let root = shellQuoted(folder.root.path)
        var range = ""
        if let first = records.first?.localDate, let last = records.last?.localDate {
            range = " (\(first) to \(last))"
        }
        return """
            Wrote \(records.count) made-up sessions\(range) to \(folder.data.historyURL.path)
            and a demo profile (weight 70 kg) to \(folder.data.profileURL.path).
            \(folder.data.url.standardizedFileURL.path == ownData.standardizedFileURL.path
                ? (refilled ? "XDG_DATA_HOME names this demo folder, so the demo was written there again."
                            : "XDG_DATA_HOME names a folder called \(folderName) without hiit data, so the demo was written there.")
                : "This is demo data in a folder of its own; your data in \(ownData.path) was not touched.")
            Point a command at it with XDG_DATA_HOME:
              XDG_DATA_HOME=\(root) hiit stats month
              XDG_DATA_HOME=\(root) hiit history
            """
    }

    /// `path` as a shell word: unchanged when it holds only safe characters, else in single
    /// quotes (a `'` inside written `'\''`).
    static func shellQuoted(_ path: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@%")
        if !path.isEmpty, path.allSatisfy({ safe.contains($0) }) { return path }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
