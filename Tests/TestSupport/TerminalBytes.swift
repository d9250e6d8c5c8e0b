/// What a terminal was sent, read as a person's terminal would take it: the bells that ring and
/// the window titles set, for the tests of the full screen (in-process and end to end).
public enum TerminalBytes {
    /// The bells in `bytes`: BEL bytes (0x07) that do not end an OSC sequence such as a title
    /// (`ESC ] 2 ; … BEL`; an OSC may also end with `ESC \`).
    public static func bells(in bytes: String) -> Int {
        var count = 0
        var inOSC = false
        var previous: Unicode.Scalar?
        for scalar in bytes.unicodeScalars {
            if inOSC {
                if scalar == "\u{07}" || (previous == "\u{1B}" && scalar == "\\") { inOSC = false }
            } else if previous == "\u{1B}", scalar == "]" {
                inOSC = true
            } else if scalar == "\u{07}" {
                count += 1
            }
            previous = scalar
        }
        return count
    }

    /// The window titles set in `bytes` (`ESC ] 2 ; title BEL`), in order.
    public static func titles(in bytes: String) -> [String] {
        bytes.components(separatedBy: "\u{1B}]2;").dropFirst().compactMap {
            $0.split(separator: "\u{07}", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        }
    }
}
