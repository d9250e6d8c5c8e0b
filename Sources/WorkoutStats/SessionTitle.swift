import Foundation
import WorkoutModel

/// The part of the day a session started in, from its local start hour (issue 5):
/// night 22:00–04:59, morning 05:00–11:59, afternoon 12:00–16:59, evening 17:00–21:59.
public enum TimeOfDay: String, Sendable, CaseIterable {
    /// 22:00–04:59.
    case night
    /// 05:00–11:59.
    case morning
    /// 12:00–16:59.
    case afternoon
    /// 17:00–21:59.
    case evening

    /// The part of the day of a local clock hour; hours outside 0–23 wrap (24 → 0, −1 → 23).
    public init(hour: Int) {
        switch ((hour % 24) + 24) % 24 {
        case 5..<12: self = .morning
        case 12..<17: self = .afternoon
        case 17..<22: self = .evening
        default: self = .night
        }
    }

    /// The part of the day of a record's start, in the record's own offset
    /// (`start + utcOffsetSeconds`): a session keeps its title when the viewer's zone changes.
    public init(of record: SessionRecord) {
        self.init(hour: RecordPlace(record).hour)
    }

    /// `Night`, `Morning`, `Afternoon`, `Evening`.
    public var name: String {
        switch self {
        case .night: "Night"
        case .morning: "Morning"
        case .afternoon: "Afternoon"
        case .evening: "Evening"
        }
    }
}

/// Names a session by its time of day, as `hiit history` lists it.
public enum SessionTitle {
    /// A title such as `Morning Tabata`, `Evening run`, `Morning Sprint triathlon`.
    ///
    /// Rules: the time of day (``TimeOfDay/init(of:)``), then
    /// - an interval session: its workout name (`Morning Tabata`; `Morning workout` if the name
    ///   is blank);
    /// - a multisport session whose workout name is a plan's name (not blank, not a sport word):
    ///   that name (`Morning Sprint triathlon`);
    /// - otherwise (free-form sessions named after their sport or not named): the sports of its
    ///   legs in order, transitions left out, repeats in a row merged, lowercase nouns joined
    ///   by `dash` (`Evening run`, `Morning swim–bike–run`); one cycling leg alone is a ride
    ///   (`Evening ride`); `Morning multisport` with no legs.
    /// - Parameters:
    ///   - record: the session.
    ///   - dash: what joins the sports (default `–`; `-` for an ASCII terminal).
    /// - Returns: the title; the workout name in it is the record's, as stored.
    public static func title(for record: SessionRecord, dash: String = "–") -> String {
        let time = TimeOfDay(of: record).name
        let name = record.workout.trimmingCharacters(in: .whitespaces)
        switch record.kind {
        case .intervals:
            return "\(time) \(name.isEmpty ? "workout" : name)"
        case .multisport:
            if !name.isEmpty, Sport(commandLine: name) == nil, !isSportDisplayName(name) {
                return "\(time) \(name)"
            }
            var words: [String] = []
            for leg in record.legs where leg.sport != Sport.transition.rawValue {
                let word = noun(leg.sport, sportName: leg.sportName)
                if words.last != word { words.append(word) }
            }
            // One ride is a ride, as the devices name it ("Evening ride"); in a row of sports
            // it is the bike of swim–bike–run.
            if words == ["bike"] { words = ["ride"] }
            return "\(time) \(words.isEmpty ? "multisport" : words.joined(separator: dash))"
        }
    }

    /// `swim`, `bike`, `run`, `walk`, `row`, `hike`, …; a sport hiit has no name for by the
    /// name its file gave it (`kitesurfing`, the sport of `kitesurfing/generic`, underscores as
    /// spaces), else `activity`; a sport of a newer hiit by its own (lowercase) name.
    static func noun(_ sport: String, sportName: String? = nil) -> String {
        if sport == Sport.other.rawValue {
            let name = (sportName ?? "").split(separator: "/").first.map(String.init) ?? ""
            let words = name.replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces).lowercased()
            return words.isEmpty || words == "generic" ? "activity" : words
        }
        return nounOfSport(sport)
    }

    private static func nounOfSport(_ sport: String) -> String {
        switch Sport(rawValue: sport) {
        case .swimming: "swim"
        case .cycling: "bike"
        case .running: "run"
        case .walking: "walk"
        case .rowing: "row"
        case .transition: "transition"
        case .hiking: "hike"
        case .paddling: "paddle"
        case .skiing: "ski"
        case .strength: "strength session"
        case .hiit: "HIIT session"
        case .other, nil: sport.lowercased()
        }
    }

    private static func isSportDisplayName(_ name: String) -> Bool {
        Sport.allCases.contains { $0.displayName.lowercased() == name.lowercased() }
    }
}
