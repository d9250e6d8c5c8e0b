/// What one library file holds: an interval workout or a multisport plan, told apart by the
/// file's `kind` (`"intervals"`, the default when missing, or `"multisport"`).
public enum LibraryDocument: Codable, Equatable, Hashable, Sendable {
    /// An interval (HIIT, Tabata, EMOM) workout.
    case intervals(IntervalWorkout)
    /// A multisport plan (swim–bike–run and the like).
    case multisport(MultisportPlan)

    /// The kind as stored and listed: `intervals` or `multisport`.
    public var kind: String {
        switch self {
        case .intervals: "intervals"
        case .multisport: "multisport"
        }
    }

    /// The name inside the file.
    public var name: String {
        get {
            switch self {
            case let .intervals(workout): workout.name
            case let .multisport(plan): plan.name
            }
        }
        set {
            switch self {
            case var .intervals(workout):
                workout.name = newValue
                self = .intervals(workout)
            case var .multisport(plan):
                plan.name = newValue
                self = .multisport(plan)
            }
        }
    }

    /// The interval workout, when this is one.
    public var workout: IntervalWorkout? {
        if case let .intervals(workout) = self { return workout }
        return nil
    }

    /// The multisport plan, when this is one.
    public var plan: MultisportPlan? {
        if case let .multisport(plan) = self { return plan }
        return nil
    }

    /// Checks the rules of the kind: ``IntervalWorkout/validate()`` or ``MultisportPlan/validate()``.
    /// - Throws: ``PlanError`` naming the field or leg and the rule.
    public func validate() throws(PlanError) {
        switch self {
        case let .intervals(workout): try workout.validate()
        case let .multisport(plan): try plan.validate()
        }
    }

    /// The newest `version` either kind reads.
    public static var currentVersion: Int { max(IntervalWorkout.currentVersion, MultisportPlan.currentVersion) }

    /// The newest `version` a file of `kind` reads: ``MultisportPlan/currentVersion`` for
    /// `multisport`, ``IntervalWorkout/currentVersion`` for `intervals` or no kind, and
    /// ``currentVersion`` for a kind not known (whose own error follows).
    /// - Parameter kind: the file's `kind` as written, `nil` when it has none.
    public static func currentVersion(ofKind kind: String?) -> Int {
        switch kind {
        case "multisport": MultisportPlan.currentVersion
        case "intervals", nil: IntervalWorkout.currentVersion
        default: currentVersion
        }
    }

    private enum CodingKeys: String, CodingKey {
        case kind
    }

    /// Decodes by `kind`: `multisport` gives a plan; `intervals` or no `kind` a workout.
    /// - Throws: `DecodingError` for an unknown `kind` or the errors of the kind's decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decodeIfPresent(String.self, forKey: .kind) ?? "intervals"
        switch kind {
        case "intervals": self = .intervals(try IntervalWorkout(from: decoder))
        case "multisport": self = .multisport(try MultisportPlan(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "kind \"\(kind)\" is not known (expected \"intervals\" or \"multisport\")")
        }
    }

    /// Encodes the workout or plan as its own file shape (with `version` and `kind`).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .intervals(workout): try workout.encode(to: encoder)
        case let .multisport(plan): try plan.encode(to: encoder)
        }
    }
}
