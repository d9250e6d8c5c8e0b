extension Sport {
    /// Decodes a sport from its HealthKit name (`"swimming"`, …) as stored in files.
    /// - Throws: `DecodingError.dataCorrupted` naming the value and the sports allowed, e.g.
    ///   `"yoga" is not one of swimming, cycling, …, other` (plan legs allow fewer: see `Leg`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let sport = Sport(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text)\" is not one of " + Sport.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = sport
    }
}
