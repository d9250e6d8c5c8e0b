import Foundation
import TerminalUI
import WorkoutModel

/// How a multisport plan reads on screen (`hiit show PLAN`, `hiit plan …`) and as JSON
/// (`hiit show PLAN --json`, DESIGN §6).
enum PlanText {
    /// A leg's target as text: the distance in the unit it was typed in (`750 m` even in a
    /// yard pool, `5 km`, `1000 yd`; for older files in yards for a yard-pool swim, else m or
    /// km) and/or the time, `750 m`, `20 km, 40:00`, `30:00`; `no target` when there is none.
    static func target(of leg: Leg, glyphs: Glyphs = .unicode) -> String {
        var parts: [String] = []
        if let distance = leg.targetDistance { parts.append(distance.text) }
        if let seconds = leg.targetSeconds { parts.append(Format.clock(seconds)) }
        return parts.isEmpty ? (leg.sport == .transition ? "" : "no target") : glyphs.text(parts.joined(separator: ", "))
    }

    /// A leg's setting as text: `pool 25 m`, `pool 33⅓ yd` (`pool 33 1/3 yd` in ASCII),
    /// `open water`, then `indoor` or `outdoor` when set; empty when nothing is set.
    static func setting(of leg: Leg, glyphs: Glyphs = .unicode) -> String {
        var parts: [String] = []
        if let pool = leg.poolLength {
            parts.append("pool " + Distance(pool, leg.poolUnit ?? .meters).text)
        } else if leg.isOpenWater == true {
            parts.append("open water")
        }
        if let indoor = leg.isIndoor { parts.append(indoor ? "indoor" : "outdoor") }
        return glyphs.text(parts.joined(separator: ", "))
    }

    /// The expected time as a line: `Expected time: 1:20:00`, or why there is none.
    static func expected(_ plan: MultisportPlan, glyphs: Glyphs = .unicode) -> String {
        guard let seconds = plan.expectedSeconds else {
            return "Expected time: \(glyphs.dash) (needs a target time on every sport leg)"
        }
        return "Expected time: \(Format.words(seconds))"
    }

    /// The legs, one line each: `  1. Swim  750 m  pool 25 m, indoor`.
    static func legLines(_ plan: MultisportPlan, glyphs: Glyphs = .unicode) -> [String] {
        let labels = plan.legs.indices.map { plan.label(ofLeg: $0) }
        let targets = plan.legs.map { target(of: $0, glyphs: glyphs) }
        let labelWidth = labels.map(\.count).max() ?? 0
        let targetWidth = targets.map(\.displayWidth).max() ?? 0
        let numberWidth = String(plan.legs.count).count
        return plan.legs.indices.map { index in
            let number = String(index + 1).padded(toWidth: numberWidth, alignment: .right)
            let line = "  \(number). " + labels[index].padded(toWidth: labelWidth)
                + "  " + targets[index].padded(toWidth: targetWidth) + "  " + setting(of: plan.legs[index], glyphs: glyphs)
            return line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }

    /// The text of `hiit show PLAN`: name, kind and legs, the legs in order, the expected time.
    /// - Parameters:
    ///   - plan: the plan.
    ///   - width: the terminal's columns (the title wraps to them).
    ///   - glyphs: Unicode or ASCII punctuation.
    static func show(_ plan: MultisportPlan, width: Int = 80, glyphs: Glyphs = .unicode) -> String {
        let count = plan.legs.count
        var lines = Format.wrap("\(plan.name.sanitizedForTerminal) \(glyphs.dash) multisport, \(count) \(count == 1 ? "leg" : "legs")",
                                width: width, indent: "  ")
        lines += legLines(plan, glyphs: glyphs)
        lines += Format.wrap(expected(plan, glyphs: glyphs), width: width, indent: "  ")
        return lines.joined(separator: "\n")
    }
}
