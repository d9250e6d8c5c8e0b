import Foundation
import WorkoutModel

/// How `hiit status` writes its line, for a person or for a status bar.
public enum StatusFormat: Equatable, Sendable {
    /// `WORK 0:12 · Burpees 3/8`, `Week 95/150 min ▲12%`.
    case plain
    /// waybar's custom module with `"return-type": "json"` (waybar-custom(5)): one JSON object
    /// a line with `text`, `tooltip`, `class` and `percentage`.
    case waybar
    /// i3blocks: three lines (`full_text`, `short_text`, `color`) for a block that polls, or one
    /// JSON object a line (`full_text`, `short_text`, `color`) for `format=json` with
    /// `interval=persist` (``StatusLine/render(_:as:at:ascii:isStreaming:)``'s `isStreaming`).
    case i3blocks
    /// tmux's status line: the plain text with colours in tmux's `#[fg=…]` syntax, `#` doubled.
    case tmux
    /// `--format TEMPLATE`: placeholders replaced (``StatusTemplate``).
    case template(StatusTemplate)
}

/// The look of a reading, as waybar's `class` and the colours of tmux and i3blocks name it.
public enum StatusClass: String, Sendable, CaseIterable {
    /// A work segment.
    case work
    /// A rest: between rounds, exercises or sets, the cool-down, the time between legs.
    case rest
    /// Getting ready: the prepare countdown, the warm-up, a session not started.
    case prepare
    /// A multisport leg of a sport.
    case leg
    /// A multisport transition.
    case transition
    /// The timer is paused, whatever the segment.
    case paused
    /// No timer runs; the week has not met its goal (or has none).
    case idle
    /// No timer runs; the week has met its goal.
    case goalMet = "goal-met"

    /// The class of a reading.
    public init(_ reading: StatusReading) {
        switch reading {
        case let .idle(week): self = week.isGoalMet ? .goalMet : .idle
        case let .running(state):
            if state.isPaused { self = .paused; return }
            switch state.phase {
            case "work": self = .work
            case "rest", "restBetweenExercises", "restBetweenSets", "coolDown", "between": self = .rest
            case "prepare", "warmUp", "ready": self = .prepare
            case "transition": self = .transition
            default: self = state.kind == .multisport ? .leg : .work
            }
        }
    }

    /// tmux's colour name (tmux(1), STYLES): `red`, `green`, `yellow`, `cyan`, `magenta`; `nil`
    /// for the default colour.
    public var tmuxColour: String? {
        switch self {
        case .work: "red"
        case .rest, .goalMet: "green"
        case .prepare, .paused: "yellow"
        case .leg: "cyan"
        case .transition: "magenta"
        case .idle: nil
        }
    }

    /// i3bar's `color` (`#RRGGBB`), or `nil` for the bar's own colour.
    public var hexColour: String? {
        switch self {
        case .work: "#FF5555"
        case .rest, .goalMet: "#50FA7B"
        case .prepare, .paused: "#F1FA8C"
        case .leg: "#8BE9FD"
        case .transition: "#BD93F9"
        case .idle: nil
        }
    }
}

/// The texts of one reading: the pieces the formats and ``StatusTemplate`` put together.
public struct StatusFields: Equatable, Sendable {
    /// The reading these fields are of.
    public let reading: StatusReading
    /// The time shown: a timed segment's remaining time rounded up (`0:12`), an open segment's
    /// timer time rounded down (`12:34`); empty when idle or before the start.
    public let time: String
    /// Whether the texts may use only ASCII (`-` for `·`, `+`/`-` for `▲`/`▼`).
    public let ascii: Bool

    /// The fields of `reading` at `now`.
    /// - Parameters:
    ///   - reading: what to show.
    ///   - now: the reader's wall-clock time (the remaining time is computed from it).
    ///   - ascii: whether only ASCII may be written.
    public init(_ reading: StatusReading, at now: Date, ascii: Bool = false) {
        self.reading = reading
        self.ascii = ascii
        switch reading {
        case .idle: time = ""
        case let .running(state):
            if let left = state.remaining(at: now) {
                time = Pace.clock((left - 1e-9).rounded(.up).clamped(to: 0...Double(Int32.max)))
            } else if let elapsed = state.elapsed(at: now) {
                time = Pace.clock(elapsed.rounded(.down).clamped(to: 0...Double(Int32.max)))
            } else {
                time = ""  // not started: no clock yet
            }
        }
    }

    /// `·`, or `-` in ASCII.
    public var separator: String { ascii ? "-" : "·" }

    /// `WORK`, `BIKE`, `T1`; `IDLE` when no timer runs.
    public var phase: String {
        if case let .running(state) = reading { return state.title }
        return "IDLE"
    }

    /// `running`, `paused` or `idle`.
    public var state: String {
        switch reading {
        case let .running(state): state.isPaused ? "paused" : "running"
        case .idle: "idle"
        }
    }

    /// The exercise or leg label when it says more than the phase (`Burpees`); else empty.
    public var label: String {
        guard case let .running(state) = reading, let label = state.label, !label.isEmpty,
              label.uppercased() != state.title.uppercased() else { return "" }
        return label
    }

    /// `3/8`, or empty without a round.
    public var roundText: String {
        guard case let .running(state) = reading, let round = state.round else { return "" }
        return state.rounds.map { "\(round)/\($0)" } ?? "\(round)"
    }

    /// The round number, or empty.
    public var round: String {
        if case let .running(state) = reading, let round = state.round { return "\(round)" }
        return ""
    }

    /// The number of rounds, or empty.
    public var rounds: String {
        if case let .running(state) = reading, let rounds = state.rounds { return "\(rounds)" }
        return ""
    }

    /// The workout's name, or empty when idle.
    public var workout: String {
        if case let .running(state) = reading { return state.workout }
        return ""
    }

    /// `95/150 min` or `95 min` when idle; empty while a timer runs.
    public var week: String {
        if case let .idle(week) = reading { return week.amount }
        return ""
    }

    /// `▲12%`, `▼8%`, `±0%` (ASCII `+12%`, `-8%`, `+-0%`) when idle and last week had something
    /// by now; else empty.
    public var change: String {
        guard case let .idle(week) = reading, let percent = week.changePercent, percent.isFinite else { return "" }
        let whole = Int(percent.rounded().clamped(to: -1e9...1e9))
        if whole == 0 { return ascii ? "+-0%" : "±0%" }
        return (whole > 0 ? (ascii ? "+" : "▲") : (ascii ? "-" : "▼")) + "\(abs(whole))%"
    }

    /// A bar's percentage, 0…100: of the timed segment done while running, of the goal when
    /// idle with one; else 0.
    public func percent(at now: Date) -> Int {
        switch reading {
        case let .running(state): Int(((state.fractionDone(at: now) ?? 0) * 100 + 1e-4).rounded(.down))
        case let .idle(week): week.goalPercent ?? 0
        }
    }

    /// `WORK 0:12`, `Week 95/150 min`: the line's head, for a bar's short text.
    public var short: String {
        switch reading {
        case .running: time.isEmpty ? phase : "\(phase) \(time)"
        case .idle: "Week \(week)"
        }
    }

    /// The rest of the line after ``short``, with its leading space: ` · Burpees 3/8 · paused`,
    /// ` ▲12%`; possibly empty.
    public var tail: String {
        switch reading {
        case let .running(state):
            let detail = [label, roundText].filter { !$0.isEmpty }.joined(separator: " ")
            var parts: [String] = detail.isEmpty ? [] : [detail]
            if state.isPaused { parts.append("paused") }
            return parts.map { " \(separator) \($0)" }.joined()
        case .idle:
            return change.isEmpty ? "" : " \(change)"
        }
    }

    /// The whole plain line: `WORK 0:12 · Burpees 3/8`, `Week 95/150 min ▲12%`.
    public var text: String { short + tail }

    /// A longer description for a tooltip: `Tabata: WORK Burpees, round 3/8, 0:12 left`;
    /// `No timer running. This week: 95/150 min (63%), ▲12% on last week so far`.
    public var tooltip: String {
        switch reading {
        case let .running(state):
            var parts = [[phase, label].filter { !$0.isEmpty }.joined(separator: " ")]
            if !roundText.isEmpty { parts.append((state.kind == .multisport ? "leg " : "round ") + roundText) }
            if !time.isEmpty { parts.append(state.isTimed ? "\(time) left" : time) }
            if state.isPaused { parts.append("paused") }
            return "\(state.workout): " + parts.joined(separator: ", ")
        case let .idle(figures):
            var text = "No timer running. This week: \(figures.amount)"
            if let percent = figures.goalPercent { text += " (\(percent)%\(figures.isGoalMet ? ", goal met" : ""))" }
            if !change.isEmpty { text += ", \(change) on last week so far" }
            return text
        }
    }
}

/// Writes a ``StatusReading`` in a ``StatusFormat``.
public enum StatusLine {
    /// The output of one reading, without the final newline.
    /// - Parameters:
    ///   - reading: what to show.
    ///   - format: how.
    ///   - now: the reader's wall-clock time.
    ///   - ascii: whether only ASCII may be written (a locale that is not UTF-8).
    ///   - isStreaming: whether lines are written one after another for a bar that reads a stream
    ///     (`--follow`): i3blocks then gets one JSON object a line instead of three lines.
    /// - Returns: one line (three for ``StatusFormat/i3blocks`` when not streaming).
    public static func render(_ reading: StatusReading, as format: StatusFormat, at now: Date, ascii: Bool = false,
                              isStreaming: Bool = false) -> String {
        let fields = StatusFields(reading, at: now, ascii: ascii)
        let look = StatusClass(reading)
        switch format {
        case .plain:
            return fields.text
        case .waybar:
            return json(WaybarLine(text: fields.text, tooltip: fields.tooltip, class: look.rawValue,
                                   percentage: fields.percent(at: now)))
        case .i3blocks:
            if isStreaming { return json(I3blocksLine(fullText: fields.text, shortText: fields.short, color: look.hexColour)) }
            return [fields.text, fields.short, look.hexColour ?? ""].joined(separator: "\n")
        case .tmux:
            return tmux(fields, look: look)
        case let .template(template):
            return template.render(fields, at: now)
        }
    }

    /// `#[fg=red,bold]WORK 0:12#[default] · Burpees 3/8`: the head in the class's colour (bold
    /// while counting), the rest in the default colour; paused, the whole line in yellow; idle,
    /// the change in green (up) or red (down), the head green once the goal is met.
    static func tmux(_ fields: StatusFields, look: StatusClass) -> String {
        func escaped(_ text: String) -> String { text.replacingOccurrences(of: "#", with: "##") }
        func coloured(_ text: String, _ colour: String?, bold: Bool = false) -> String {
            guard let colour else { return escaped(text) }
            return "#[fg=\(colour)\(bold ? ",bold" : "")]\(escaped(text))#[default]"
        }
        switch fields.reading {
        case .running:
            if look == .paused { return coloured(fields.text, look.tmuxColour) }
            return coloured(fields.short, look.tmuxColour, bold: true) + escaped(fields.tail)
        case let .idle(week):
            var line = coloured(fields.short, look.tmuxColour)
            if !fields.change.isEmpty {
                let up = (week.changePercent ?? 0).rounded() >= 0
                line += " " + coloured(fields.change, up ? "green" : "red")
            }
            return line
        }
    }

    /// waybar's line (waybar-custom(5), RETURN-TYPE).
    struct WaybarLine: Encodable {
        var text: String
        var tooltip: String
        var `class`: String
        var percentage: Int
    }

    /// i3blocks' line for `format=json` (the i3bar protocol's keys); `color` left out for none.
    struct I3blocksLine: Encodable {
        var fullText: String
        var shortText: String
        var color: String?

        enum CodingKeys: String, CodingKey {
            case fullText = "full_text"
            case shortText = "short_text"
            case color
        }
    }

    /// One JSON object on one line, keys sorted, UTF-8 as it is (only what JSON requires escaped).
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and integers always encode.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension Comparable {
    /// The value limited to `range`.
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
