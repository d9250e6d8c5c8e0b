// MARK: - Converting typed values

/// Where a value being converted came from, for the error message.
public struct ValueOrigin: Equatable, Sendable {
    /// The option or argument as shown in messages: `--prepare`, `<period>`.
    public var name: String
    /// The value's place among the values of a repeatable option or repeating argument, from
    /// 1; 1 for a single value.
    public var position: Int

    /// Creates an origin.
    /// - Parameters:
    ///   - name: the option (`--prepare`) or argument (`<period>`) as shown.
    ///   - position: from 1 (default 1).
    public init(name: String, position: Int = 1) {
        self.name = name
        self.position = position
    }
}

/// How the text typed for an option or argument becomes a typed value, e.g.
/// `.wholeNumber(range: 0...3600, unit: "seconds")`. A conversion that fails throws a
/// ``CommandLineError`` naming the option, usually ``CommandLineError/badValue(option:value:reason:)``.
public struct ValueConversion<Value> {
    /// Converts one text.
    let convert: (_ text: String, _ origin: ValueOrigin) throws(CommandLineError) -> Value

    /// Creates a conversion.
    /// - Parameter convert: makes the value from the text typed; `origin` names the option
    ///   for its error.
    public init(_ convert: @escaping (_ text: String, _ origin: ValueOrigin) throws(CommandLineError) -> Value) {
        self.convert = convert
    }

    /// Converts each text in order, numbering them from 1.
    /// - Parameters:
    ///   - texts: the values as typed.
    ///   - name: the option or argument as shown.
    /// - Throws: the first failing conversion's error.
    func convert(_ texts: [String], name: String) throws(CommandLineError) -> [Value] {
        var values: [Value] = []
        for (index, text) in texts.enumerated() {
            values.append(try convert(text, ValueOrigin(name: name, position: index + 1)))
        }
        return values
    }
}

extension ValueConversion where Value == String {
    /// The text as typed.
    public static var text: Self { Self { text, _ in text } }
}

extension ValueConversion where Value == Int {
    /// ``OptionValue/wholeNumber(_:option:range:unit:)``: a whole number in `range`.
    /// - Parameters:
    ///   - range: the accepted values.
    ///   - unit: the unit in words, plural (`seconds`), or `""` for a plain count.
    public static func wholeNumber(range: ClosedRange<Int>, unit: String) -> Self {
        Self { text, origin throws(CommandLineError) in
            try OptionValue.wholeNumber(text, option: origin.name, range: range, unit: unit)
        }
    }
}

extension ValueConversion where Value == Int {
    /// ``OptionValue/duration(_:option:range:)``: a duration of whole seconds in `range`
    /// (`40`, `90s`, `1m30s`, `1:00`).
    /// - Parameter range: the accepted seconds.
    public static func duration(range: ClosedRange<Int>) -> Self {
        Self { text, origin throws(CommandLineError) in
            try OptionValue.duration(text, option: origin.name, range: range)
        }
    }
}

extension ValueConversion where Value == Double {
    /// ``OptionValue/decimal(_:option:range:unit:)``: a decimal number in `range`.
    /// - Parameters:
    ///   - range: the accepted values.
    ///   - unit: the unit in words (`kg`, `kilograms`), or `""`.
    public static func decimal(range: ClosedRange<Double>, unit: String) -> Self {
        Self { text, origin throws(CommandLineError) in
            try OptionValue.decimal(text, option: origin.name, range: range, unit: unit)
        }
    }
}

extension ValueConversion where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// ``OptionValue/choice(_:option:allowed:)``: one of the type's raw values, listed in
    /// case order in the error.
    public static var choice: Self {
        Self { text, origin throws(CommandLineError) in
            let word = try OptionValue.choice(text, option: origin.name, allowed: Value.allCases.map(\.rawValue))
            guard let value = Value(rawValue: word) else {
                preconditionFailure("\(word) is a raw value of \(Value.self) that does not make one")
            }
            return value
        }
    }
}

extension ValueConversion {
    /// This conversion, keeping the text as typed beside the value, for a message that quotes
    /// it after binding (`--weight: '70' cannot be given with --no-weight`).
    public var keepingText: ValueConversion<(value: Value, text: String)> {
        ValueConversion<(value: Value, text: String)> { text, origin throws(CommandLineError) in
            (try convert(text, origin), text)
        }
    }
}
