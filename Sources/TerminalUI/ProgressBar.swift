/// A horizontal progress bar drawn with text.
///
/// Unicode bars have a resolution of 1/8 cell: full blocks `█` then one partial block from
/// `▏▎▍▌▋▊▉` (1/8 … 7/8, left-aligned), then spaces for the part still to go (give the bar
/// a background colour or brackets to show its extent). ASCII bars use `#` for done and `-`
/// for still to go, whole cells only.
public enum ProgressBar {
    /// The partial blocks for 1/8 … 7/8 of a cell.
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// Draws a bar `width` cells wide filled to `fraction`.
    ///
    /// The filled length is rounded down (to the eighth for Unicode, to the cell for ASCII), so
    /// the bar is full only at 1. Out-of-range fractions are clamped to 0...1 and NaN counts as
    /// 0, so a bar never overflows its field or crashes on a division by zero upstream.
    /// - Parameters:
    ///   - fraction: the part done, 0...1.
    ///   - width: the bar's width in cells; 0 or negative gives `""`.
    ///   - glyphs: block elements or ASCII (default Unicode).
    /// - Returns: exactly `max(0, width)` one-cell characters.
    public static func render(fraction: Double, width: Int, glyphs: Glyphs = .unicode) -> String {
        guard width > 0 else { return "" }
        let clamped = fraction.isNaN ? 0 : min(1, max(0, fraction))
        // A small epsilon keeps 0.3 × 10 × 8 = 23.999… from losing an eighth.
        switch glyphs {
        case .unicode:
            let eighthsFilled = min(width * 8, Int((clamped * Double(width) * 8 + 1e-9).rounded(.down)))
            let full = eighthsFilled / 8
            let partial = eighthsFilled % 8
            var bar = String.repeated("█", count: full)
            var used = full
            if partial > 0 {
                bar.append(eighths[partial - 1])
                used += 1
            }
            return bar + String.repeated(" ", count: width - used)
        case .ascii:
            let full = min(width, Int((clamped * Double(width) + 1e-9).rounded(.down)))
            return String.repeated("#", count: full) + String.repeated("-", count: width - full)
        }
    }
}
