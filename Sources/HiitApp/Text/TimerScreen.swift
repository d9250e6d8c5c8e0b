import SessionEngine
import TerminalUI

/// The full-screen timer as a pure function of what is shown and the terminal size
/// (CONVENTIONS "The terminal": `render(state, size) -> Frame`).
enum TimerScreen {
    /// Everything the screen shows at one instant.
    struct State: Equatable {
        var workoutName: String
        var snapshot: SessionSnapshot
        /// Whether cues are muted by the person (`m`).
        var isMuted: Bool
        /// Why cues are off when they cannot play at all, e.g. "no sound device"; the header
        /// says "cues off" and the reason is shown as a notice at the start.
        var cuesOffReason: String?
        /// A question waiting for y/n, e.g. "Quit? Nothing will be recorded."
        var prompt: String?
        /// A short notice, e.g. "Cues on".
        var notice: String?
        /// This week against the weekly goal, shown while the prepare countdown runs (the
        /// start screen); `nil` without a goal.
        var week: String? = nil
    }

    /// The colour of a phase: prepare yellow, work green, rest blue, rest between exercises
    /// magenta, warm-up bright yellow, rest between sets bright magenta, cool-down bright
    /// blue, others cyan.
    static func colour(of kind: Segment.Kind?) -> Color {
        switch kind {
        case .prepare: .yellow
        case .work: .green
        case .rest: .blue
        case .restBetweenExercises: .magenta
        case .warmUp: .brightYellow
        case .restBetweenSets: .brightMagenta
        case .coolDown: .brightBlue
        default: .cyan
        }
    }

    /// Renders the screen: a frame of exactly `size.rows` lines, each `size.columns` cells.
    /// Big digits when they fit, a compact layout otherwise; never fails on any size.
    static func render(_ state: State, size: TerminalSize, glyphs: Glyphs) -> Frame {
        var none: Drawn?
        return render(state, size: size, glyphs: glyphs, reusing: &none)
    }

    /// A frame drawn before, with everything it shows but the fill of its progress bar, so that
    /// a next frame that differs only there (three of the four frames a second while a segment
    /// runs) is that frame with the bar's row replaced instead of laid out again (issue 12,
    /// item 25: build frames cheaply).
    struct Drawn {
        /// What the frame shows besides the bar's fill.
        fileprivate var shown: Shown
        /// The frame as drawn (punctuated for the glyphs).
        fileprivate var frame: Frame
        /// The row of the bar in `frame`.
        fileprivate var barRow: Int
    }

    /// What a layout shows besides the bar's fill, at one size and glyph set: the state with its
    /// clocks at the whole seconds they show and the clocks the screen does not show at zero.
    /// Two equal ones lay out the same frame but for the bar; comparing them makes no text (a
    /// value added to the state later is compared as it is: at worst a frame laid out anew).
    fileprivate struct Shown: Equatable {
        var size: TerminalSize
        var glyphs: Glyphs
        var state: State

        init(_ state: State, size: TerminalSize, glyphs: Glyphs) {
            self.size = size
            self.glyphs = glyphs
            self.state = state
            var snap = state.snapshot
            if let left = snap.remainingInSegment {
                snap.remainingInSegment = .seconds(Format.countdownSeconds(left))
                snap.elapsedInSegment = .zero
            } else {
                snap.elapsedInSegment = .seconds(Format.clockSeconds(snap.elapsedInSegment.inSeconds))
            }
            snap.totalElapsed = .seconds(Format.clockSeconds(snap.totalElapsed.inSeconds))
            snap.remaining = .seconds(Format.countdownSeconds(snap.remaining))
            snap.sessionElapsed = .zero
            snap.workElapsed = .zero
            self.state.snapshot = snap
        }
    }

    /// ``render(_:size:glyphs:)``, reusing `drawn` where only the bar's fill changed (the
    /// result equals a frame laid out anew) and keeping the frame there for the next call.
    /// - Parameter drawn: what the previous call drew, `nil` at first or after the screen was
    ///   invalidated.
    static func render(_ state: State, size: TerminalSize, glyphs: Glyphs, reusing drawn: inout Drawn?) -> Frame {
        let width = max(size.columns, 0)
        let rows = max(size.rows, 0)
        guard width > 0, rows > 0 else { return Frame(size: size) }
        let snap = state.snapshot
        let segment = snap.segment
        let colour = colour(of: segment?.kind)
        let fraction: Double = {
            guard let duration = segment?.duration, duration > .zero else { return 0 }
            return snap.elapsedInSegment.inSeconds / duration.inSeconds
        }()
        let shown = Shown(state, size: size, glyphs: glyphs)
        if var reused = drawn, reused.shown == shown {
            let line = line(bar(fraction, width: width, glyphs: glyphs), style: TextStyle(foreground: colour), width: width,
                            centred: true)
            reused.frame.setLine(reused.barRow, glyphs == .ascii ? line.withASCIIPunctuation() : line)
            drawn = reused
            return reused.frame
        }
        drawn = nil
        let phaseStyle = TextStyle(foreground: colour, bold: true)
        let paused = snap.phase == .paused

        let phaseName = segment.map { Format.phase($0.kind) } ?? ""
        let title = paused ? "\(phaseName) — PAUSED" : phaseName
        let time = snap.remainingInSegment.map(Format.countdown) ?? Format.clock(snap.elapsedInSegment.inSeconds)
        let detail = detailLine(segment)
        let next = "Next: " + (snap.nextSegment.map(nextLine) ?? "finish")
        let clocks = "Elapsed \(Format.clock(snap.totalElapsed.inSeconds))   Remaining \(Format.countdown(snap.remaining))"
        let cues = RunScreen.cueState(isMuted: state.isMuted, cuesOffReason: state.cuesOffReason)
        let pauseKey = paused ? "space resume" : "space pause"
        let keys = width >= 76 ? "\(pauseKey) · ← back · n skip · +/- 10 s · r restart · m mute · q quit"
            : width >= 52 ? "\(pauseKey) · n skip · r restart · m mute · q quit"
            : "\(pauseKey) · n skip · q quit"
        let bottom: StyledText.Span = state.prompt.map { StyledText.Span("\($0) [y/N]", style: TextStyle(bold: true, reversed: true)) }
            ?? StyledText.Span(state.notice ?? keys, style: TextStyle(dim: state.notice == nil))

        let week = segment?.kind == .prepare ? state.week ?? "" : ""

        // Header: name on the left (at least half the width), cue state on the right.
        let header = RunScreen.header(name: state.workoutName, cues: cues, width: width, glyphs: glyphs)
        let footer = line(bottom.text, style: bottom.style, width: width, centred: true)

        // The full layout: header, title, detail, digits, bar, next, clocks, footer with
        // blank lines between groups: 12 + digits rows.
        let digits = RunScreen.bigDigits(for: time, width: width, rows: rows, reserved: 12, glyphs: glyphs)
        var body: [StyledText] = []
        var barIndex = 0  // the bar's place in `body`
        func add(_ text: String, _ style: TextStyle = .plain) {
            body.append(line(text, style: style, width: width, centred: true))
        }
        if let digits {
            body += RunScreen.bigTimeLines(title: title, detail: detail, time: time, digits: digits, colour: colour,
                                           width: width)
            barIndex = body.count
            add(bar(fraction, width: width, glyphs: glyphs), TextStyle(foreground: colour))
            // The start screen says where the week stands; the line is blank otherwise.
            add(fitted(week, width: width, glyphs: glyphs), TextStyle(dim: true))
            add(next)
            add(clocks, TextStyle(dim: true))
        } else if rows >= 6 {
            add("\(title)  \(time)", phaseStyle)
            add(detail)
            barIndex = body.count
            add(bar(fraction, width: width, glyphs: glyphs), TextStyle(foreground: colour))
            add(next)
            if rows >= 7 { add(clocks, TextStyle(dim: true)) }
        } else {
            // Tiny: as much as fits, most important first, no header or footer.
            let essentials: [(String, TextStyle)] = [
                ("\(title) \(time)", phaseStyle),
                (state.prompt.map { "\($0) [y/N]" } ?? detail, state.prompt == nil ? .plain : TextStyle(reversed: true)),
                (next, .plain), (clocks, TextStyle(dim: true)), (cues, TextStyle(dim: true)),
            ]
            return RunScreen.punctuated(
                Frame(size: size, lines: essentials.prefix(rows).map { line($0.0, style: $0.1, width: width, centred: false) }),
                glyphs: glyphs)
        }
        let frame = RunScreen.punctuated(RunScreen.frame(header: header, body: body, footer: footer, size: size),
                                         glyphs: glyphs)
        let barRow = RunScreen.bodyTop(bodyRows: body.count, size: size) + barIndex
        if barRow < rows - 1 { drawn = Drawn(shown: shown, frame: frame, barRow: barRow) }
        return frame
    }

    /// `text` when it fits in `width`, else its words up to the bar (`Week 95 of 150 min`),
    /// else nothing.
    private static func fitted(_ text: String, width: Int, glyphs: Glyphs) -> String {
        if text.displayWidth <= width { return text }
        let bar = glyphs == .ascii ? " [" : " ▕"
        if let cut = text.range(of: bar) {
            let short = String(text[..<cut.lowerBound])
            if short.displayWidth <= width { return short }
        }
        return ""
    }

    /// What comes next, briefly: `WORK Squats 0:40`, `REST 0:20`.
    static func nextLine(_ segment: Segment) -> String {
        var parts = [Format.phase(segment.kind)]
        if segment.kind == .work { parts.append(segment.label) }
        parts.append(segment.duration.map { Format.clock($0.inSeconds) } ?? "open")
        return parts.joined(separator: " ")
    }

    /// `Burpees · round 3/8 · exercise 1/4 · set 2/3` (the set in a workout of several),
    /// `exercise 1/4 done` during a rest between exercises, `set 1/3 done` during a rest
    /// between sets.
    static func detailLine(_ segment: Segment?) -> String {
        guard let segment else { return "" }
        var parts: [String] = []
        switch segment.kind {
        case .work, .rest: parts.append(segment.label)
        case .restBetweenExercises, .restBetweenSets, .warmUp, .coolDown: break
        case .prepare: parts.append("Get ready")
        case .leg, .transition: parts.append(segment.label)
        }
        if let round = segment.round, let rounds = segment.rounds { parts.append("round \(round)/\(rounds)") }
        if let exercise = segment.exercise, let exercises = segment.exercises, exercises > 1 {
            parts.append(segment.kind == .restBetweenExercises
                         ? "exercise \(exercise)/\(exercises) done" : "exercise \(exercise)/\(exercises)")
        }
        if let set = Format.setText(segment) {
            parts.append(segment.kind == .restBetweenSets ? "\(set) done" : set)
        }
        return parts.joined(separator: " · ")
    }

    /// The segment's progress between end marks: `▕████▌    ▏` (ASCII `[####-----]`).
    private static func bar(_ fraction: Double, width: Int, glyphs: Glyphs) -> String {
        let inner = ProgressBar.render(fraction: fraction, width: barCells(width: width), glyphs: glyphs)
        return glyphs == .unicode ? "▕" + inner + "▏" : "[" + inner + "]"
    }

    /// The cells of the bar inside its end marks: the width less 6, at most 60.
    private static func barCells(width: Int) -> Int {
        max(min(width - 6, 60), 0)
    }

    /// How many times the progress bar moves over a segment at `size`: once per eighth of a
    /// cell with Unicode blocks, once per cell in ASCII; 0 where the layout draws no bar (fewer
    /// than 6 rows). The run redraws the bar no more often than that (``IntervalRun``).
    static func barSteps(size: TerminalSize, glyphs: Glyphs) -> Int {
        guard size.rows >= 6 else { return 0 }
        return barCells(width: size.columns) * (glyphs == .unicode ? 8 : 1)
    }

    /// One span padded to exactly `width` cells, centred or left-aligned, truncated with an ellipsis.
    private static func line(_ text: String, style: TextStyle, width: Int, centred: Bool) -> StyledText {
        StyledText(text.padded(toWidth: width, alignment: centred ? .center : .left), style: style)
    }
}
