import Foundation

/// A small seeded pseudo-random generator (SplitMix64, Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014): 64 bits of state, advanced by a fixed odd
/// constant and scrambled by two multiply–xorshift rounds.
///
/// Used for demo data, where the same seed must give the same numbers on every machine and
/// every Swift version: the bounded helpers below are written here rather than taken from the
/// standard library's `random(in:using:)`, whose algorithm is not promised to stay the same.
struct SplitMix64 {
    /// The state; the next output is a function of it alone.
    private(set) var state: UInt64

    /// A generator starting from `seed` (any value, 0 included).
    init(seed: UInt64) {
        state = seed
    }

    /// A generator for one item of a larger whole (a week, a day), derived from a seed and keys
    /// so that each item's numbers depend on the seed and its keys only, never on how many
    /// numbers other items drew.
    /// - Parameters:
    ///   - seed: the whole's seed.
    ///   - keys: identify the item, e.g. `[20250317, 1]` for a day and a purpose.
    init(seed: UInt64, keys: [Int]) {
        var mixer = SplitMix64(seed: seed)
        var state = mixer.next()
        for key in keys {
            mixer = SplitMix64(seed: state ^ UInt64(bitPattern: Int64(key)))
            state = mixer.next()
        }
        self.init(seed: state)
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A whole number in `range`, each equally likely (up to a bias below 2⁻³² for the small
    /// ranges used here: the high half of a 64 × 64-bit product).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        guard span != 0 else { return Int(bitPattern: UInt(next())) }
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A number in `range`, uniform.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// `true` with probability `probability` (0...1).
    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// One of `choices`, each as likely as its weight (weights ≤ 0 are never picked); the last
    /// choice when every weight is 0.
    /// - Precondition: `choices` is not empty (a programmer error otherwise).
    mutating func pick<T>(_ choices: [(T, Double)]) -> T {
        precondition(!choices.isEmpty, "pick needs at least one choice")
        let total = choices.reduce(0) { $0 + max(0, $1.1) }
        var target = unit() * total
        for (choice, weight) in choices where weight > 0 {
            if target < weight { return choice }
            target -= weight
        }
        return choices[choices.count - 1].0
    }

    /// `values` in a random order (Fisher–Yates).
    mutating func shuffled<T>(_ values: [T]) -> [T] {
        var result = values
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, int(in: 0...index))
            index -= 1
        }
        return result
    }

    /// A random version 4 UUID (RFC 9562 §5.4) built from 128 generated bits.
    mutating func uuid() -> UUID {
        var bytes = [UInt8]()
        for word in [next(), next()] {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // variant 10
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
