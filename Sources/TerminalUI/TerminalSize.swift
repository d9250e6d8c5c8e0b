import Glibc
import POSIX

/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in columns (cells), 0 or more.
    public var columns: Int
    /// Height in rows (lines), 0 or more.
    public var rows: Int

    /// Creates a size; negative values become 0.
    /// - Parameters:
    ///   - columns: width in cells.
    ///   - rows: height in lines.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// The classic 80×24, used when nothing better is known.
    public static let standard = TerminalSize(columns: 80, rows: 24)

    /// `80x24` style.
    public var description: String { "\(columns)x\(rows)" }

    /// Asks the kernel for the size of the terminal on `fd` (`ioctl(TIOCGWINSZ)`).
    /// - Parameter fd: a descriptor open on the terminal, e.g. `STDOUT_FILENO`.
    /// - Returns: the size as reported, which may have a 0 dimension (some emulators and
    ///   serial lines report 0×0); nil when `fd` is not a terminal or the call fails.
    public static func query(fd: Int32) -> TerminalSize? {
        guard let size = try? FileDescriptor(rawValue: fd).windowSize() else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// The size to lay out for: the kernel's answer, dimension by dimension falling back to
    /// the values the caller read from the environment, then to `default`.
    ///
    /// The kernel wins over `COLUMNS`/`LINES` because those are not updated on resize.
    /// - Parameters:
    ///   - fd: a descriptor open on the terminal (default `STDOUT_FILENO`).
    ///   - columns: the `COLUMNS` environment value as read, or nil.
    ///   - lines: the `LINES` environment value as read, or nil.
    ///   - default: used for a dimension nothing else gives (default 80×24).
    /// - Returns: a size whose dimensions are both at least 1.
    public static func current(
        fd: Int32 = STDOUT_FILENO,
        columns: String? = nil,
        lines: String? = nil,
        default fallback: TerminalSize = .standard
    ) -> TerminalSize {
        resolve(queried: query(fd: fd), columns: columns, lines: lines, default: fallback)
    }

    /// The pure part of ``current(fd:columns:lines:default:)``: picks each dimension from
    /// `queried` when above 0, else from the parsed environment value, else from `default`
    /// (itself raised to at least 1).
    /// - Parameters:
    ///   - queried: what `ioctl` said, or nil.
    ///   - columns: the `COLUMNS` text, e.g. `"120"`; see ``parseDimension(_:)``.
    ///   - lines: the `LINES` text.
    ///   - default: the last resort.
    /// - Returns: a size whose dimensions are both at least 1.
    public static func resolve(
        queried: TerminalSize?,
        columns: String?,
        lines: String?,
        default fallback: TerminalSize = .standard
    ) -> TerminalSize {
        let width = queried.flatMap { $0.columns > 0 ? $0.columns : nil }
            ?? parseDimension(columns) ?? max(1, fallback.columns)
        let height = queried.flatMap { $0.rows > 0 ? $0.rows : nil }
            ?? parseDimension(lines) ?? max(1, fallback.rows)
        return TerminalSize(columns: width, rows: height)
    }

    /// Reads a `COLUMNS`/`LINES` value: a whole number 1–10000 with optional surrounding
    /// spaces; anything else (empty, 0, negative, text, absurdly large) gives nil.
    /// - Parameter text: the environment value, or nil when unset.
    public static func parseDimension(_ text: String?) -> Int? {
        guard let text, let value = Int(text.trimmingSpaces) else { return nil }
        return (1...10_000).contains(value) ? value : nil
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }
}
