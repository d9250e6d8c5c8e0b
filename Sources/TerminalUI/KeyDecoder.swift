/// Turns the bytes read from a terminal in raw mode into ``Key`` values.
///
/// Pure and incremental: bytes may arrive split anywhere (a UTF-8 character or an escape
/// sequence across two reads), so the decoder keeps the unfinished part between calls.
///
/// What it understands:
/// - printable ASCII and UTF-8 characters (invalid or overlong UTF-8 is skipped);
/// - control bytes: CR/LF (enter; CR LF counts once), DEL/BS (backspace), tab, Ctrl-C,
///   Ctrl-D, other Ctrl-letters; other C0 bytes and NUL are ignored;
/// - CSI sequences `ESC [ params intermediates final` and SS3 sequences `ESC O final` for
///   arrows, Home/End, Page Up/Down, Insert/Delete, Shift-Tab and F1–F12. Modifier parameters
///   (`ESC [ 1 ; 5 A`, Ctrl-Up) are accepted and dropped. Unknown or malformed sequences are
///   consumed and produce no key; a sequence longer than 64 bytes is abandoned.
/// - `ESC` followed by anything else: `.escape`, then that input decoded as usual (Alt-q
///   gives `.escape, .character("q")`).
///
/// A lone `ESC` at the end of the input cannot be told apart from the start of a sequence
/// yet: it stays pending (``hasPendingInput`` is true). The caller waits a short time (e.g.
/// 50 ms) for more input and calls ``flush()`` if none came, which yields `.escape`.
public struct KeyDecoder: Sendable {
    private enum State: Sendable, Equatable {
        case ground
        case escape
        case csi
        case ss3
        case utf8(expected: Int)
    }

    private var state: State = .ground
    private var pending: [UInt8] = []
    private var lastWasCarriageReturn = false

    /// The longest escape sequence kept before it is abandoned as garbage, in bytes.
    static let maximumSequenceLength = 64

    /// A decoder with nothing pending.
    public init() {}

    /// Whether some bytes of an unfinished escape sequence or UTF-8 character are held back.
    /// When true, wait briefly for more input and call ``flush()`` if none arrives.
    public var hasPendingInput: Bool { state != .ground }

    /// Decodes `bytes`, continuing any sequence left unfinished by the previous call.
    /// - Parameter bytes: bytes as read from the terminal, any number (empty is fine).
    /// - Returns: the keys completed by these bytes, in order.
    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        var keys: [Key] = []
        for byte in bytes {
            feed(byte, into: &keys)
        }
        return keys
    }

    /// Decodes the bytes of one `read` from a terminal: as ``decode(_:)``, and an `ESC` that
    /// ends the read is the Escape key (a terminal sends an escape sequence in one write, so
    /// nothing more of it is coming).
    /// - Parameter bytes: one read's bytes.
    /// - Returns: the keys, in order.
    public mutating func decodeRead(_ bytes: [UInt8]) -> [Key] {
        var keys = decode(bytes)
        if hasPendingInput, bytes.last == 0x1B { keys += flush() }
        return keys
    }

    /// Gives up waiting for the rest of a pending sequence: a lone `ESC` becomes `.escape`;
    /// an unfinished escape sequence or UTF-8 character is dropped.
    /// - Returns: `[.escape]` for a lone pending `ESC`, otherwise an empty array.
    public mutating func flush() -> [Key] {
        let wasLoneEscape = state == .escape
        state = .ground
        pending.removeAll()
        return wasLoneEscape ? [.escape] : []
    }

    // MARK: - Byte by byte

    private mutating func feed(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            ground(byte, into: &keys)
        case .escape:
            if byte == UInt8(ascii: "[") {
                state = .csi
                pending = [byte]
            } else if byte == UInt8(ascii: "O") {
                state = .ss3
                pending = [byte]
            } else {
                // ESC followed by something else: the Escape key, then that byte on its own
                // (Alt-key, or ESC ESC).
                state = .ground
                pending.removeAll()
                keys.append(.escape)
                ground(byte, into: &keys)
            }
        case .ss3:
            state = .ground
            pending.removeAll()
            if let key = KeyDecoder.ss3Key(byte) {
                keys.append(key)
            } else if byte < 0x20 || byte == 0x7F {
                // Not a sequence after all: decode the control byte on its own.
                ground(byte, into: &keys)
            }
        case .csi:
            csi(byte, into: &keys)
        case let .utf8(expected):
            guard byte & 0xC0 == 0x80 else {
                // Truncated character: drop what was collected and start over with this byte.
                state = .ground
                pending.removeAll()
                ground(byte, into: &keys)
                return
            }
            pending.append(byte)
            if pending.count == expected {
                if let character = KeyDecoder.decodeUTF8(pending) {
                    keys.append(.character(character))
                }
                state = .ground
                pending.removeAll()
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
        let afterCarriageReturn = lastWasCarriageReturn
        lastWasCarriageReturn = false
        switch byte {
        case 0x1B:
            state = .escape
            pending.removeAll()
        case 0x0D:
            lastWasCarriageReturn = true
            keys.append(.enter)
        case 0x0A:
            if !afterCarriageReturn { keys.append(.enter) }
        case 0x03:
            keys.append(.interrupt)
        case 0x04:
            keys.append(.endOfInput)
        case 0x08, 0x7F:
            keys.append(.backspace)
        case 0x09:
            keys.append(.tab)
        case 0x01...0x1A:
            keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
        case 0x00, 0x1C...0x1F:
            break
        case 0x20:
            keys.append(.space)
        case 0x21...0x7E:
            keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0xC2...0xDF:
            state = .utf8(expected: 2)
            pending = [byte]
        case 0xE0...0xEF:
            state = .utf8(expected: 3)
            pending = [byte]
        case 0xF0...0xF4:
            state = .utf8(expected: 4)
            pending = [byte]
        default:
            // 0x80–0xC1 and 0xF5–0xFF never start a UTF-8 character.
            break
        }
    }

    private mutating func csi(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x20...0x3F:
            // Parameter (0x30–0x3F) or intermediate (0x20–0x2F) byte.
            pending.append(byte)
            if pending.count > KeyDecoder.maximumSequenceLength {
                state = .ground
                pending.removeAll()
            }
        case 0x40...0x7E:
            let parameters = Array(pending.dropFirst())  // without the "["
            state = .ground
            pending.removeAll()
            if let key = KeyDecoder.csiKey(parameters: parameters, final: byte) {
                keys.append(key)
            }
        default:
            // Malformed: abandon the sequence and decode the byte on its own
            // (an ESC here starts a new sequence).
            state = .ground
            pending.removeAll()
            ground(byte, into: &keys)
        }
    }

    // MARK: - Tables

    private static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "M"): return .enter  // keypad Enter in application mode
        default: return nil
        }
    }

    private static func csiKey(parameters: [UInt8], final: UInt8) -> Key? {
        // Only plain numeric parameters separated by ";" are understood; private sequences
        // ("<", "=", ">", "?") and intermediates are ignored.
        guard parameters.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") }) else {
            return nil
        }
        let first = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).first
            .flatMap { digits -> Int? in
                guard !digits.isEmpty, digits.count <= 4 else { return nil }
                return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            }
        switch final {
        case UInt8(ascii: "Z"): return .backTab
        // CSI M is a mouse report, not keypad Enter as SS3 M is.
        case UInt8(ascii: "M"): return nil
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11: return .function(1)
            case 12: return .function(2)
            case 13: return .function(3)
            case 14: return .function(4)
            case 15: return .function(5)
            case 17: return .function(6)
            case 18: return .function(7)
            case 19: return .function(8)
            case 20: return .function(9)
            case 21: return .function(10)
            case 23: return .function(11)
            case 24: return .function(12)
            default: return nil
            }
        default:
            // Arrows, Home/End and F1–F4 end the same way after CSI as after SS3.
            return ss3Key(final)
        }
    }

    /// Decodes one complete multi-byte UTF-8 sequence; nil for overlong forms, surrogates,
    /// values above U+10FFFF and C1 control characters.
    private static func decodeUTF8(_ bytes: [UInt8]) -> Character? {
        guard let lead = bytes.first else { return nil }
        var value: UInt32
        let minimum: UInt32
        switch bytes.count {
        case 2: value = UInt32(lead & 0x1F); minimum = 0x80
        case 3: value = UInt32(lead & 0x0F); minimum = 0x800
        case 4: value = UInt32(lead & 0x07); minimum = 0x10000
        default: return nil
        }
        for byte in bytes.dropFirst() {
            value = (value << 6) | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        if (0x80...0x9F).contains(value) { return nil }
        return Character(scalar)
    }
}
