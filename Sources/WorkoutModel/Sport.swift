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
    /// Hiking (recorded activities; FIT sport `hiking`).
    case hiking
    /// Paddling: kayak, canoe, stand-up paddle (recorded activities; FIT `paddling`,
    /// `kayaking`, `stand_up_paddleboarding`).
    case paddling
    /// Skiing, cross-country or alpine (recorded activities; FIT `cross_country_skiing`,
    /// `alpine_skiing`).
    case skiing
    /// Strength training (recorded activities; FIT `training`/`strength_training`).
    case strength
    /// High-intensity interval training recorded by a device (FIT sport `hiit`, 62).
    case hiit
    /// Any other sport a file names; the record keeps the file's own name beside it.
    case other

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
        case "hike": self = .hiking
        case "paddle", "kayak", "canoe": self = .paddling
        case "ski": self = .skiing
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
        case .hiking: "Hike"
        case .paddling: "Paddle"
        case .skiing: "Ski"
        case .strength: "Strength"
        case .hiit: "HIIT"
        case .other: "Other"
        }
    }

    /// The sports a plan's legs and the timer use, in declaration order:
    /// swimming, cycling, running, walking, rowing, transition.
    public static var planSports: [Sport] { allCases.filter(\.isPlanSport) }

    /// Parses a sport word as ``init(commandLine:)`` does, but only the sports a plan and the
    /// timer run (``isPlanSport``): `ski` is a sport of recorded activities, not of plans.
    /// - Returns: `nil` for an unknown word or a sport plans do not use.
    public init?(planWord word: String) {
        guard let sport = Sport(commandLine: word), sport.isPlanSport else { return nil }
        self = sport
    }

    /// Whether this sport is one of those a multisport plan's legs use and this program's
    /// timer runs (swim, bike, run, walk, row, transition); the others come only from recorded
    /// activities.
    public var isPlanSport: Bool {
        switch self {
        case .swimming, .cycling, .running, .walking, .rowing, .transition: true
        case .hiking, .paddling, .skiing, .strength, .hiit, .other: false
        }
    }
}

// MARK: Plausible speeds

extension Sport {
    /// The fastest average speed in km/h a leg of this sport is taken to have been covered at;
    /// a distance implying more is not recorded (a plan's 20 km bike leg ended after 8 s was
    /// not ridden). `nil` for a transition (time only). Each limit sits above the human record:
    /// - running 45 km/h: Usain Bolt's 44.7 km/h peak over 100 m (Berlin, 2009);
    /// - walking 20 km/h: above race walking's 20 km record pace (about 16 km/h);
    /// - cycling 100 km/h: above the UCI hour record (56.8 km/h) and fast descents;
    /// - swimming 10 km/h: above the 50 m freestyle record (20.91 s, 8.6 km/h);
    /// - rowing 25 km/h: above the 2000 m single-sculls record pace (about 18 km/h) and
    ///   eights' (about 22.6 km/h);
    /// - hiking 20 km/h, as walking; paddling 25 km/h, as rowing (K1 200 m sprint is about
    ///   20 km/h); skiing 160 km/h (alpine downhill racing tops about 150 km/h).
    /// Strength, HIIT and other sports have no limit (`nil`): their distance, if any, is the
    /// device's.
    public var plausibleSpeedLimitKilometersPerHour: Double? {
        switch self {
        case .running: 45
        case .walking: 20
        case .cycling: 100
        case .swimming: 10
        case .rowing, .paddling: 25
        case .hiking: 20
        case .skiing: 160
        case .transition, .strength, .hiit, .other: nil
        }
    }

    /// Whether `meters` in `seconds` of this sport is faster than
    /// ``plausibleSpeedLimitKilometersPerHour``. A distance in no time at all is implausible;
    /// a transition never is.
    /// - Parameters:
    ///   - meters: the distance, metres (above 0).
    ///   - seconds: the timer time, seconds.
    public func isImplausible(meters: Double, seconds: Double) -> Bool {
        guard let limit = plausibleSpeedLimitKilometersPerHour, meters > 0 else { return false }
        guard seconds > 0 else { return true }
        return meters / seconds * 3.6 > limit * (1 + 1e-12)  // exactly the limit is plausible
    }
}
