import SessionEngine
import TerminalUI
import WorkoutModel

/// The full-screen view of a multisport session as a pure function of what is shown, the
/// session, the instant and the terminal size (CONVENTIONS: `render(state, size) -> Frame`).
///
/// It shows the current leg (its name — T1/T2 for transitions — its timer time in big
/// digits, its target and lap), the race clock, and the legs done, current and next.
enum MultisportScreen {
    /// Everything besides the session that the screen shows.
    struct State: Equatable {
        var run: MultisportRun
        /// Whether cues are muted by the person (`m`).
        var isMuted = false
        /// Why cues cannot play at all, or `nil`.
        var cuesOffReason: String?
        /// A question waiting for y/n.
        var prompt: String?
        /// A short notice (a refusal, "Lap 3", "Second n within 3 s ignored").
        var notice: String?
        /// With `--gps`: the live line (`3.42 km · 5:12 /km · avg 5:20 /km · GPS 3D ±4 m`).
        var gpsLine: String?
    }

    /// Renders a frame of exactly `size.rows` lines of `size.columns` cells; never fails.
    static func render(_ state: State, session: MultisportSession, at now: Duration, size: TerminalSize,
                       glyphs: Glyphs) -> Frame {
        RunScreen.punctuated(layout(state, session: session, at: now, size: size, glyphs: glyphs), glyphs: glyphs)
    }

    private static func layout(_ state: State, session: MultisportSession, at now: Duration, size: TerminalSize,
                               glyphs: Glyphs) -> Frame {
        let width = max(size.columns, 0)
        let rows = max(size.rows, 0)
        guard width > 0, rows > 0 else { return Frame(size: size) }
        let derived = session.derive()
        let results = session.results(at: now)
        let run = state.run
        let current = derived.currentLeg.map { derived.legs[$0] }
        let currentResult = derived.currentLeg.flatMap { index in results.indices.contains(index) ? results[index] : nil }
        let colour = session.countdown == nil ? MultisportRun.colour(of: current?.sport) : .yellow
        let paused = derived.isPaused

        // Title: "LEG 3/5 · BIKE", "T1", "SWIM", or "Between legs".
        var title: String
        if let current {
            let label = run.label(of: current, among: derived.legs).uppercased()
            if let plan = run.plan {
                let name = current.sport == .transition ? "TRANSITION" : current.sport.displayName.uppercased()
                title = label == name ? "LEG \(current.index + 1)/\(plan.legs.count) · \(name)"
                    : "LEG \(current.index + 1)/\(plan.legs.count) · \(label)"
            } else {
                title = label
            }
            if run.isTrack { title = current.sport.displayName.uppercased() }
        } else if derived.isFinished {
            title = "FINISHED"
        } else {
            title = derived.legs.isEmpty ? "READY" : (run.isIntervals ? "RECOVERY" : "BETWEEN LEGS")
        }
        if paused { title += " — PAUSED" }
        let countdown = session.countdown
        if let countdown { title = "GET READY" + (countdown.isPaused ? " — PAUSED" : "") }

        let legTime = countdown.map { Format.countdown($0.remaining(at: now)) }
            ?? currentResult.map { Format.clock($0.timer.inSeconds) } ?? blankTime(derived, now: now)
        let raceElapsed = derived.start.map { now - $0 } ?? .zero
        let pausedTotal = derived.start.map { derived.paused(from: $0, to: now, now: now) } ?? .zero
        var race = "\(run.plan == nil || run.isTrack ? "Total" : "Race") \(Format.clock(raceElapsed.inSeconds))"
        if pausedTotal >= .seconds(1) { race += "   paused \(Format.clock(pausedTotal.inSeconds))" }
        let detail = countdown == nil ? detailLine(run: run, derived: derived, current: current, result: currentResult, now: now)
            : firstLegLine(run.plan)

        let cues = RunScreen.cueState(isMuted: state.isMuted, cuesOffReason: state.cuesOffReason)
        let keys = run.keyHelp(width: width, isPaused: session.isPaused)
        let bottom = state.prompt.map { StyledText("\($0) [y/N]".padded(toWidth: width, alignment: .center),
                                                   style: TextStyle(bold: true, reversed: true)) }
            ?? StyledText((state.notice ?? keys).padded(toWidth: width, alignment: .center),
                          style: TextStyle(dim: state.notice == nil))
        let header = RunScreen.header(name: run.title, cues: cues, width: width, glyphs: glyphs)

        let phaseStyle = TextStyle(foreground: colour, bold: true)
        var body: [StyledText] = []
        func add(_ text: String, _ style: TextStyle = .plain) {
            body.append(StyledText(text.padded(toWidth: width, alignment: .center), style: style))
        }
        // The full layout: header, title, detail, digits, race clock, footer and the blank
        // lines between: 9 + digits rows, then the legs in what is left.
        let digits = RunScreen.bigDigits(for: legTime, width: width, rows: rows, reserved: state.gpsLine == nil ? 9 : 10,
                                         glyphs: glyphs)
        let legRows = legLines(run: run, derived: derived, results: results, width: width, glyphs: glyphs)

        if let digits {
            body += RunScreen.bigTimeLines(title: title, detail: detail, time: legTime, digits: digits, colour: colour,
                                           width: width)
            add(race, TextStyle(dim: true))
            if let gpsLine = state.gpsLine { add(gpsLine, TextStyle(bold: true)) }
            // The legs list takes what is left (a blank line above it), current leg kept in view.
            let room = rows - 2 - body.count - 1
            if room >= 1 {
                body.append(StyledText("".padded(toWidth: width)))
                body += window(legRows, room: room, current: derived.legs.count - 1)
            }
        } else if rows >= 5 {
            add("\(title)  \(legTime)", phaseStyle)
            add(detail)
            add(race, TextStyle(dim: true))
            if let gpsLine = state.gpsLine { add(gpsLine, TextStyle(bold: true)) }
            let room = rows - 2 - body.count
            if room >= 1 { body += window(legRows, room: room, current: derived.legs.count - 1) }
        } else {
            let essentials: [(String, TextStyle)] = [
                ("\(title) \(legTime)", phaseStyle),
                (state.prompt.map { "\($0) [y/N]" } ?? state.notice ?? detail, state.prompt == nil ? .plain : TextStyle(reversed: true)),
                (race, TextStyle(dim: true)), (cues, TextStyle(dim: true)),
            ]
            return Frame(size: size, lines: essentials.prefix(rows).map {
                StyledText($0.0.padded(toWidth: width), style: $0.1)
            })
        }
        return RunScreen.frame(header: header, body: body, footer: bottom, size: size)
    }

    /// What the countdown before a plan's first leg says of it: `First: Swim 750 m`.
    private static func firstLegLine(_ plan: MultisportPlan?) -> String {
        guard let plan, let leg = plan.legs.first else { return "First: " }
        let target = PlanText.target(of: leg)
        return "First: " + plan.label(ofLeg: 0) + (target.isEmpty || leg.targetDistanceMeters == nil && leg.targetSeconds == nil ? "" : " " + target)
    }

    /// Time since the last leg ended (blank time between free-form legs), or 0:00 before any.
    private static func blankTime(_ derived: MultisportSession.State, now: Duration) -> String {
        guard let last = derived.legs.last, let end = last.end, !derived.isFinished else { return Format.clock(0) }
        return Format.clock((now - end).inSeconds)
    }

    /// `Target 20 km`, `Target 15:00 · 5:12 left`, `Target 10 km in 50:00 · 5:12 left`,
    /// `25 m pool · Length 4 0:31 · 75/750 m`, `Lap 2 0:03:10`, or the next sport to begin.
    ///
    /// Each target is written once: a distance and a time together read `Target 10 km in
    /// 50:00`. In a pool swim the distance target is shown against the lengths done instead
    /// (`75/750 m`: three lengths of 25 m finished while the fourth is swum; without a target,
    /// `75 m`), in the pool's unit.
    static func detailLine(run: MultisportRun, derived: MultisportSession.State, current: MultisportSession.LegState?,
                           result: LegResult?, now: Duration) -> String {
        guard let current, let result else {
            if derived.isFinished { return "" }
            if run.isIntervals, let sport = run.allowed.first { return "Enter starts a \(sport.rawValue) interval" }
            if run.plan == nil { return "Begin: s swim · b bike · r run · t transition" }
            return ""
        }
        var parts: [String] = []
        let planLeg = run.plan.flatMap { current.index < $0.legs.count ? $0.legs[current.index] : nil }
        let isPool = run.isPoolSwim(derived)
        if let planLeg {
            // A pool swim's distance target goes with the lengths done, below.
            let distance = isPool ? nil : planLeg.targetDistanceMeters.map { Format.distance($0, units: run.units, leg: planLeg) }
            if let seconds = planLeg.targetSeconds {
                let left = seconds - result.timer.inSeconds
                parts.append("Target " + (distance.map { "\($0) in " } ?? "") + Format.clock(seconds)
                             + (left >= 0 ? " · \(Format.clock(left)) left" : " · \(Format.clock(-left)) over"))
            } else if let distance {
                parts.append("Target " + distance)
            }
        }
        if isPool, let planLeg, let pool = planLeg.poolLength {
            parts.append("\(Distance.number(pool)) \(planLeg.poolUnit?.rawValue ?? "m") pool")
        } else if planLeg?.sport == .swimming, planLeg?.isOpenWater == true {
            parts.append("open water")
        }
        if current.sport != .transition, result.laps.count > 1 || isPool {
            let lap = result.laps.last.map { Format.clock($0.elapsed.inSeconds) } ?? "0:00"
            parts.append("\(isPool ? "Length" : "Lap") \(result.laps.count) \(lap)")
        }
        if isPool, let planLeg, let pool = planLeg.poolLengthMeters {
            parts.append(lengthsDone(max(result.laps.count - 1, 0), poolMeters: pool, leg: planLeg, units: run.units))
        }
        return parts.joined(separator: " · ")
    }

    /// The distance of the lengths finished in a pool swim, against the leg's target distance
    /// when it has one: `75/750 m`, `100/820 yd`, or `75 m`.
    /// - Parameters:
    ///   - lengths: the lengths finished (the one being swum is not counted).
    ///   - poolMeters: the pool's length in metres.
    ///   - leg: the plan's leg (its target and pool unit).
    ///   - units: the profile's units.
    /// - Returns: the text, in the pool's unit.
    static func lengthsDone(_ lengths: Int, poolMeters: Double, leg: Leg, units: Profile.Units) -> String {
        let done = Format.distance(Double(lengths) * poolMeters, units: units, leg: leg)
        guard let target = leg.targetDistanceMeters.map({ Format.distance($0, units: units, leg: leg) }) else { return done }
        // Both are written in the pool's unit ("75 m", "750 m"): the unit once, after the target.
        let number = done.split(separator: " ").first.map(String.init) ?? done
        return number + "/" + target
    }

    /// One line per leg: done (✓ with its time to the nearest second, as the summary's leg table
    /// says it), current (▶, its clock counting in whole seconds), and the plan's legs to come.
    static func legLines(run: MultisportRun, derived: MultisportSession.State, results: [LegResult], width: Int,
                         glyphs: Glyphs) -> [StyledText] {
        let done = glyphs == .unicode ? "✓" : "+"
        let here = glyphs == .unicode ? "▶" : ">"
        var lines: [StyledText] = []
        let column = min(max(width - 4, 10), 44)
        for (position, leg) in derived.legs.enumerated() {
            let result = position < results.count ? results[position] : nil
            let label = run.label(of: leg, among: derived.legs)
            let target = run.plan.flatMap { leg.index < $0.legs.count ? $0.legs[leg.index] : nil }
                .flatMap { planLeg in planLeg.targetDistanceMeters.map { Format.distance($0, units: run.units, leg: planLeg) } } ?? ""
            let time = result.map { Format.clock(leg.end == nil ? $0.timer.inSeconds : $0.timer.inSeconds.rounded()) } ?? ""
            let mark = leg.end == nil ? here : done
            let text = "\(mark) \(label.padded(toWidth: 12)) \(target.padded(toWidth: 9)) \(time.padded(toWidth: 9, alignment: .right))"
            let style = leg.end == nil ? TextStyle(foreground: MultisportRun.colour(of: leg.sport), bold: true) : TextStyle(dim: true)
            lines.append(StyledText(text.padded(toWidth: column).padded(toWidth: width, alignment: .center), style: style))
        }
        if let plan = run.plan {
            for index in derived.legs.count..<plan.legs.count {
                let leg = plan.legs[index]
                let target = leg.targetDistanceMeters.map { Format.distance($0, units: run.units, leg: leg) }
                    ?? leg.targetSeconds.map { Format.clock($0) } ?? ""
                let text = "  \(plan.label(ofLeg: index).padded(toWidth: 12)) \(target.padded(toWidth: 9)) \("".padded(toWidth: 9))"
                lines.append(StyledText(text.padded(toWidth: column).padded(toWidth: width, alignment: .center)))
            }
        }
        return lines
    }

    /// At most `room` lines of `lines`, keeping line `current` in view (with the one after it).
    static func window(_ lines: [StyledText], room: Int, current: Int) -> [StyledText] {
        guard lines.count > room, room > 0 else { return Array(lines.prefix(max(room, 0))) }
        let wanted = min(max(current + 2, room), lines.count)
        return Array(lines[(wanted - room)..<wanted])
    }
}
