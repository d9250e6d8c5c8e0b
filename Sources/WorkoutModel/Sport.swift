/// A sport, named as HealthKit names its activity types (DESIGN §6): `swimming`, `cycling`,
/// `running`, `transition`, and a few others by their plain names. The raw value is what
/// every file and JSON output holds.
public enum Sport: String, Codable, Sendable, CaseIterable {
    /// Swimming, in a pool or open water.
    case swimming
    /// Cycling, indoor or outdoor.
    case cycling
    /// Running, indoor (treadmill) or outdoor.
    case running
    /// Walking.
    case walking
    /// Rowing.
    case rowing
    /// A transition (T1, T2) between two legs of a multisport session: time only.
    case transition

    /// Parses a sport as typed on the command line: the HealthKit name or a short form
    /// (`swim`, `bike`, `run`, `walk`, `row`, `t`, `t1`, `t2`, … any `tN`), case-insensitive.
    /// - Returns: `nil` for an unknown word.
    public init?(commandLine word: String) {
        let lowered = word.lowercased()
        if let sport = Sport(rawValue: lowered) { self = sport; return }
        switch lowered {
        case "swim": self = .swimming
        case "bike", "cycle", "ride": self = .cycling
        case "run": self = .running
        case "walk": self = .walking
        case "row": self = .rowing
        case "t", "trans":
            self = .transition
        default:
            if lowered.hasPrefix("t"), lowered.count <= 3, Int(lowered.dropFirst()) != nil {
                self = .transition
            } else {
                return nil
            }
        }
    }

    /// The word a screen shows: `Swim`, `Bike`, `Run`, `Walk`, `Row`, `Transition`.
    public var displayName: String {
        switch self {
        case .swimming: "Swim"
        case .cycling: "Bike"
        case .running: "Run"
        case .walking: "Walk"
        case .rowing: "Row"
        case .transition: "Transition"
        }
    }
}
