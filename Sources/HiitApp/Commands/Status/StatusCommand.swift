import CommandLineKit
import Foundation
import POSIX
import RunStatus
import TerminalUI

/// `hiit status [--waybar | --i3blocks | --tmux | --format TEMPLATE] [--follow]` (#17): one line
/// for a status bar: the running timer (`WORK 0:12 · Burpees 3/8`), read from the `state.json`
/// a run publishes (``RunStatusService``), or when none runs the week (`Week 95/150 min ▲12%`).
///
/// Without `--follow` it prints once and exits, for bars that poll. With it, it prints a line
/// whenever the line changes (each second while a timer counts), for bars that read a stream:
/// it sleeps in `poll(2)` until the shown second turns over, the timer's folder changes
/// (inotify), a minute passes (the week), or a signal comes; it exits with status 0, quietly, on
/// SIGTERM, SIGINT, SIGHUP or once its reader has gone (a closed pipe: `EPIPE` or `POLLERR`).
struct StatusCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["status"], abstract: "Print one line for a status bar: the running timer, or this week when none runs.",
        discussion: "While a timer runs ('hiit run', any front end) the line shows its phase, the time left (or a leg's time), the exercise and the round, read from the state the timer publishes in $XDG_RUNTIME_DIR/hiit/state.json (/tmp/hiit-UID without XDG_RUNTIME_DIR). Otherwise it shows this week: the weekly goal's progress when one is set ('hiit goal'), else the week's workout minutes, with the change against last week at the same point. --format placeholders: {text} {phase} {remaining} {label} {round} {rounds} {workout} {state} {class} {percent} {week} {change}; {{ and }} write braces.")

    /// `--waybar`.
    @Flag("waybar", help: "One JSON object a line for waybar's custom module with \"return-type\": \"json\": text, tooltip, class (work, rest, prepare, leg, transition, paused, idle, goal-met) and percentage.")
    var isWaybar: Bool
    /// `--i3blocks`.
    @Flag("i3blocks", help: "For i3blocks: full_text, short_text and color lines; with --follow one JSON object a line (format=json, interval=persist).")
    var isI3blocks: Bool
    /// `--tmux`.
    @Flag("tmux", help: "For tmux's status-right: colours in tmux's #[fg=...] syntax.")
    var isTmux: Bool
    /// `--format TEMPLATE`, parsed.
    @Option("format", valueName: "template", help: "Your own line, e.g. '{phase} {remaining}' (the placeholders are listed above).",
            as: StatusCommand.templateConversion)
    var template: StatusTemplate?
    /// `--follow`.
    @Flag("follow", help: "Keep running and print a new line whenever it changes (each second while a timer counts), for bars that read a stream.")
    var follows: Bool

    /// `--format`'s conversion: a template whose placeholders are all known.
    static var templateConversion: ValueConversion<StatusTemplate> {
        ValueConversion { text, origin throws(CommandLineError) in
            do throws(StatusTemplateError) {
                return try StatusTemplate(parsing: text)
            } catch {
                let known = StatusTemplate.Placeholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
                let reason = switch error {
                case let .unknownPlaceholder(name): "has an unknown placeholder {\(name)}; known: \(known)"
                case .unmatchedBrace: "has a brace that is not matched; write {{ and }} for braces"
                }
                throw .badValue(option: origin.name, value: text, reason: reason)
            }
        }
    }

    /// - Throws: ``CommandLineError/conflict(_:)`` for two formats at once.
    func validate() throws(CommandLineError) {
        let given = [isWaybar ? "--waybar" : nil, isI3blocks ? "--i3blocks" : nil, isTmux ? "--tmux" : nil,
                     template != nil ? "--format" : nil].compactMap { $0 }
        if given.count > 1 { throw .conflict("\(given[0]) and \(given[1]) cannot be given together: choose one format") }
    }

    /// The format asked for.
    var format: StatusFormat {
        if isWaybar { return .waybar }
        if isI3blocks { return .i3blocks }
        if isTmux { return .tmux }
        if let template { return .template(template) }
        return .plain
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let reader = StatusReader(folder: RuntimeFolder(environment: context.environment), locations: context.locations,
                                  environment: context.environment)
        let ascii = context.glyphs == .ascii
        guard follows else {
            context.console.out(StatusLine.render(reader.reading(now: context.now), as: format, at: context.now, ascii: ascii))
            return ExitStatus.success
        }
        return try follow(reader, console: context.console, ascii: ascii)
    }

    // MARK: --follow

    /// How long the week's figures are kept before they are read again while idle: a minute.
    static let weekLifetime: TimeInterval = 60

    /// Prints a line each time it changes, until a signal or the reader's going away.
    /// - Throws: ``CommandFailure`` (74) when the signals cannot be watched or `poll` fails.
    private func follow(_ reader: StatusReader, console: Console, ascii: Bool) throws -> Int32 {
        // A reader that closes the pipe makes writes fail with EPIPE (the console then stops
        // quietly) rather than end the process mid-line.
        signal(SIGPIPE, SIG_IGN)
        let signals: SignalPipe
        do {
            signals = try SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP])
        } catch {
            throw CommandFailure.io("cannot watch signals: \(error)")
        }
        defer { signals.close() }
        var watch: FolderWatch?
        var last: String?
        var week: (figures: WeekFigures, at: Date)?
        var wasRunning = false
        while true {
            if watch == nil, (try? reader.folder.check()) != nil { watch = try? FolderWatch(reader.folder.path) }
            let now = Date()
            let state = reader.state().flatMap { RunningProcess.exists($0.pid) ? $0 : nil }
            let reading: StatusReading
            if let state {
                reading = .running(state)
            } else {
                if week == nil || wasRunning || now.timeIntervalSince(week?.at ?? now) >= Self.weekLifetime
                    || now < week?.at ?? now {
                    week = (reader.week(now: now), now)
                }
                reading = .idle(week?.figures ?? WeekFigures(amount: "0 min"))
            }
            wasRunning = state != nil
            let text = StatusLine.render(reading, as: format, at: now, ascii: ascii, isStreaming: true)
            if text != last {
                console.out(text)
                last = text
                if console.stdoutIsStopped { return ExitStatus.success }
            }
            var entries = [pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)]
            if let watch { entries.append(pollfd(fd: watch.descriptor.rawValue, events: Int16(POLLIN), revents: 0)) }
            do {
                _ = try Poll.wait(&entries, timeout: Self.untilChange(state, at: now, watching: watch != nil))
            } catch {
                throw CommandFailure.io("\(error)")
            }
            if entries[0].revents != 0, !signals.drain().isEmpty { return ExitStatus.success }
            if entries[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return ExitStatus.success }
            if entries.count > 2, entries[2].revents != 0 {
                // The folder itself went away (IN_DELETE_SELF) or changed: drain, and watch again
                // from scratch when it is gone.
                watch?.drain()
                if (try? reader.folder.check()) == nil { watch = nil }
            }
        }
    }

    /// How long until the line may change without a file event: until the shown second turns
    /// over (2 ms after) while a timer counts; a few seconds while paused (to notice a run that
    /// was killed); a minute when idle; a second when the folder cannot be watched.
    static func untilChange(_ state: RunState?, at now: Date, watching: Bool) -> Duration {
        let fallback: Duration = watching ? .seconds(weekLifetime) : .seconds(1)
        guard let state else { return fallback }
        if state.isPaused { return min(fallback, .seconds(5)) }
        let seconds: Double
        if let left = state.remaining(at: now) {
            let fraction = left - left.rounded(.down)
            seconds = fraction > 0 ? fraction : 1
        } else if let elapsed = state.elapsed(at: now) {
            seconds = 1 - (elapsed - elapsed.rounded(.down))
        } else {
            seconds = 1
        }
        return min(.milliseconds(Int64((seconds * 1000).rounded(.up)) + 2), .seconds(1))
    }
}
