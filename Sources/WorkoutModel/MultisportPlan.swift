import Foundation

/// A length unit for pools and distances typed by a person.
public enum LengthUnit: String, Codable, Sendable, CaseIterable {
    /// Metres.
    case meters = "m"
    /// Yards (0.9144 m exactly, by the international yard of 1959).
    case yards = "yd"
    /// Kilometres.
    case kilometers = "km"
    /// Miles (1609.344 m exactly).
    case miles = "mi"

    /// Metres in one of this unit.
    public var meters: Double {
        switch self {
        case .meters: 1
        case .yards: 0.9144
        case .kilometers: 1000
        case .miles: 1609.344
        }
    }
}

/// One leg of a multisport plan (DESIGN §2 "Multisport rules").
///
/// A leg is identified by its position, never by its sport (swimrun repeats sports).
/// Stored as `{"sport": "swimming", "targetDistanceMeters": 750, "targetDistanceUnit": "m",
/// "poolLength": 25, "poolUnit": "m"}`; every field but `sport` may be missing.
public struct Leg: Codable, Equatable, Hashable, Sendable {
    /// The sport; `transition` for T1, T2, ….
    public var sport: Sport
    /// A target distance in metres, if any.
    public var targetDistanceMeters: Double?
    /// The unit the target distance was typed in (`5k` → km, `1000yd` → yd), so that it is
    /// shown as typed (`750 m` in a yard pool, not `820.21 yd`); `nil` in files written before
    /// it existed, whose targets are shown in the pool's or the profile's units.
    public var targetDistanceUnit: LengthUnit?
    /// A target time in seconds, if any.
    public var targetSeconds: Double?
    /// For a pool swim: the pool's length in `poolUnit` (25 m, 50 m, 25 yd, 33⅓ yd …).
    public var poolLength: Double?
    /// The unit of `poolLength`: metres or yards.
    public var poolUnit: LengthUnit?
    /// For a swim: open water rather than a pool.
    public var isOpenWater: Bool?
    /// Indoors (treadmill, trainer, pool) or outdoors; `nil` when not said.
    public var isIndoor: Bool?

    /// Creates a leg; see the properties.
    public init(sport: Sport, targetDistanceMeters: Double? = nil, targetSeconds: Double? = nil,
                poolLength: Double? = nil, poolUnit: LengthUnit? = nil, isOpenWater: Bool? = nil,
                isIndoor: Bool? = nil, targetDistanceUnit: LengthUnit? = nil) {
        self.sport = sport
        self.targetDistanceMeters = targetDistanceMeters
        self.targetDistanceUnit = targetDistanceUnit
        self.targetSeconds = targetSeconds
        self.poolLength = poolLength
        self.poolUnit = poolUnit
        self.isOpenWater = isOpenWater
        self.isIndoor = isIndoor
    }

    /// Decodes a leg from a plan file; its sport must be one a plan runs (``Sport/isPlanSport``).
    /// - Throws: `DecodingError.dataCorrupted` at `sport`, e.g. `"skiing" is not one of
    ///   swimming, cycling, running, walking, rowing, transition`; the decoders' errors for the
    ///   other fields.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let word = try container.decode(String.self, forKey: .sport)
        guard let sport = Sport(rawValue: word), sport.isPlanSport else {
            throw DecodingError.dataCorruptedError(
                forKey: .sport, in: container,
                debugDescription: "\"\(word)\" is not one of " + Sport.planSports.map(\.rawValue).joined(separator: ", "))
        }
        self.sport = sport
        targetDistanceMeters = try container.decodeIfPresent(Double.self, forKey: .targetDistanceMeters)
        targetDistanceUnit = try container.decodeIfPresent(LengthUnit.self, forKey: .targetDistanceUnit)
        targetSeconds = try container.decodeIfPresent(Double.self, forKey: .targetSeconds)
        poolLength = try container.decodeIfPresent(Double.self, forKey: .poolLength)
        poolUnit = try container.decodeIfPresent(LengthUnit.self, forKey: .poolUnit)
        isOpenWater = try container.decodeIfPresent(Bool.self, forKey: .isOpenWater)
        isIndoor = try container.decodeIfPresent(Bool.self, forKey: .isIndoor)
    }

    /// The pool length in metres, when this is a pool swim.
    public var poolLengthMeters: Double? {
        guard let poolLength else { return nil }
        return poolLength * (poolUnit ?? .meters).meters
    }

    /// The unit the target distance reads in: the one it was typed in, else (files written
    /// before that was kept) yards for a swim in a yard pool, else metres below 1 km and
    /// kilometres from 1 km (as ``Distance/reading(meters:in:)`` reads metres); `nil` without
    /// a target distance.
    public var targetDistanceReadingUnit: LengthUnit? {
        guard let meters = targetDistanceMeters else { return nil }
        if let targetDistanceUnit { return targetDistanceUnit }
        if poolLength != nil, poolUnit == .yards { return .yards }
        return meters < 1000 ? .meters : .kilometers
    }

    /// The target distance as it reads (`750 m`, `5 km`, `1000 yd`): in the unit it was typed
    /// in, else ``targetDistanceReadingUnit``'s; `nil` without one.
    public var targetDistance: Distance? {
        guard let meters = targetDistanceMeters, let unit = targetDistanceReadingUnit else { return nil }
        return Distance(meters / unit.meters, unit)
    }

    /// Keeps the target distance in the unit it reads in now (``targetDistanceReadingUnit``)
    /// when the unit it was typed in is not known, so that a change to the pool does not
    /// convert it (`750 m` given a 25 yd pool stays `750 m`, not `820.21 yd`).
    public mutating func keepTargetDistanceUnit() {
        if targetDistanceUnit == nil { targetDistanceUnit = targetDistanceReadingUnit }
    }

    /// Sets the target distance, keeping the unit it was typed in; `nil` clears both.
    public mutating func setTargetDistance(_ distance: Distance?) {
        targetDistanceMeters = distance?.meters
        targetDistanceUnit = distance?.unit
    }
}

/// A multisport plan: legs in order, e.g. swim–T1–bike–T2–run. Stored as one JSON file:
/// `{"version": 1, "kind": "multisport", "name": "Sprint triathlon", "legs": [...]}`.
///
/// Rules (DESIGN §2): at least one sport leg; a plan never starts or ends with a transition
/// and never has two transitions in a row; sports may repeat in any order; pool lengths and
/// targets are positive; pool settings belong to swims only.
public struct MultisportPlan: Codable, Equatable, Hashable, Sendable {
    /// The schema version this program writes and reads.
    public static let currentVersion = 1
    /// Allowed number of legs.
    public static let legCountRange: ClosedRange<Int> = 1...50
    /// The longest pool, in its unit (m or yd).
    public static let maximumPoolLength = 1000.0
    /// The shortest pool length, in the leg's pool unit (m or yd): 10. Real pools are 25 m,
    /// 50 m, 25 yd or 33⅓ yd; a length far below them would give absurd paces
    /// (0.0000000001 m made 63779352:13:20 /100 m).
    public static let minimumPoolLength = 10.0

    /// The plan's name, 1–60 characters.
    public var name: String
    /// The legs in order.
    public var legs: [Leg]

    /// Creates a plan; call ``validate()`` to check the rules.
    public init(name: String, legs: [Leg]) {
        self.name = name
        self.legs = legs
    }

    /// The label of leg `index` (0-based) as a person reads it: the sport's name, or `T1`,
    /// `T2`, … for transitions counted in order.
    public func label(ofLeg index: Int) -> String {
        guard legs.indices.contains(index) else { return "" }
        guard legs[index].sport == .transition else { return legs[index].sport.displayName }
        let number = legs[...index].filter { $0.sport == .transition }.count
        return "T\(number)"
    }

    /// Checks the rules of DESIGN §2.
    /// - Throws: ``PlanError`` naming the leg (1-based, with its label) and the rule broken.
    public func validate() throws(PlanError) {
        try PlanError.checkName(name, field: "name")
        guard Self.legCountRange.contains(legs.count) else {
            throw .outOfRange(field: "legs", value: legs.count, range: Self.legCountRange, unit: "")
        }
        guard legs.contains(where: { $0.sport != .transition }) else {
            throw .legRule(leg: 1, label: label(ofLeg: 0), rule: "a plan needs at least one sport leg")
        }
        if legs.first?.sport == .transition {
            throw .legRule(leg: 1, label: label(ofLeg: 0), rule: "a plan cannot start with a transition")
        }
        if legs.last?.sport == .transition {
            throw .legRule(leg: legs.count, label: label(ofLeg: legs.count - 1), rule: "a plan cannot end with a transition")
        }
        for (index, leg) in legs.enumerated() {
            let number = index + 1
            let name = label(ofLeg: index)
            if index > 0, leg.sport == .transition, legs[index - 1].sport == .transition {
                throw .legRule(leg: number, label: name, rule: "two transitions in a row")
            }
            if let distance = leg.targetDistanceMeters, !(distance.isFinite && distance > 0) {
                throw .legRule(leg: number, label: name, rule: "target distance must be above 0 (is \(distance) m)")
            }
            // Targets become the leg's record, so they keep the record's limits.
            let longest = RecordLimits.legDistanceMeters.upperBound
            if let distance = leg.targetDistanceMeters, distance > longest {
                throw .legRule(leg: number, label: name,
                               rule: "target distance is at most \(Distance.reading(meters: longest)) (is \(Distance.reading(meters: distance)))")
            }
            if let seconds = leg.targetSeconds, !(seconds.isFinite && seconds > 0) {
                throw .legRule(leg: number, label: name, rule: "target time must be above 0 (is \(seconds) s)")
            }
            if let seconds = leg.targetSeconds, seconds > RecordLimits.seconds.upperBound {
                throw .legRule(leg: number, label: name,
                               rule: "target time is at most \(Int(RecordLimits.seconds.upperBound / 86_400)) days (is \(Int(seconds)) s)")
            }
            if leg.sport == .transition, leg.targetDistanceMeters != nil {
                throw .legRule(leg: number, label: name, rule: "a transition has no distance")
            }
            if leg.poolLength != nil || leg.isOpenWater == true {
                guard leg.sport == .swimming else {
                    throw .legRule(leg: number, label: name, rule: "pool length and open water apply to swims only")
                }
            }
            if let pool = leg.poolLength {
                guard pool.isFinite, pool > 0 else {
                    throw .legRule(leg: number, label: name, rule: "pool length must be above 0 (is \(pool))")
                }
                guard pool >= Self.minimumPoolLength else {
                    throw .legRule(leg: number, label: name, rule: "pool length is at least 10 (is \(pool < 0.01 ? "below 0.01" : Distance.number(pool)))")
                }
                guard pool <= Self.maximumPoolLength else {
                    throw .legRule(leg: number, label: name, rule: "pool length is at most 1000 (is \(Distance.number(pool)))")
                }
                guard leg.isOpenWater != true else {
                    throw .legRule(leg: number, label: name, rule: "a swim is in a pool or in open water, not both")
                }
                if let unit = leg.poolUnit, unit != .meters, unit != .yards {
                    throw .legRule(leg: number, label: name, rule: "pool length is in m or yd (not \(unit.rawValue))")
                }
            }
        }
    }

    /// The expected time in seconds where every sport leg has a target time (transitions
    /// without one count 0), else `nil`.
    public var expectedSeconds: Double? {
        var total = 0.0
        for leg in legs {
            if let seconds = leg.targetSeconds { total += seconds }
            else if leg.sport != .transition { return nil }
        }
        return total
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case version, kind, name, legs
    }

    /// Decodes a plan.
    /// - Throws: `DecodingError` for a wrong or missing field, a newer `version`, or a `kind`
    ///   other than `multisport`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.decodeDocumentHeader(supported: Self.currentVersion, kind: "multisport", describedAs: "a multisport plan",
                                           isKindRequired: true, versionKey: .version, kindKey: .kind)
        name = try container.decode(String.self, forKey: .name)
        legs = try container.decode([Leg].self, forKey: .legs)
    }

    /// Encodes the plan with `version` and `kind: "multisport"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeDocumentHeader(version: Self.currentVersion, kind: "multisport", versionKey: .version, kindKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(legs, forKey: .legs)
    }
}
