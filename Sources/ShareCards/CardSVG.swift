import XMLText

/// A ``CardScene`` written as an SVG 1.1 document, directly (no library): the same scene
/// always gives the same bytes.
///
/// Numbers are written with at most two decimals (rounded half away from zero, trailing zeros
/// dropped, never an exponent or `-0`), colours as `#rrggbb`, text escaped as all hiit's XML
/// is (`XMLText.escaped(_:)`: `&`, `<`, `>`, `"`, `'`, tab and line breaks), attributes in a
/// fixed order, one element per line, a final line end. Text is set in `DejaVu Sans` with the
/// viewer's sans-serif font as the fallback.
public enum CardSVG {
    /// The font list of every text element.
    public static let fontFamily = "DejaVu Sans, Verdana, sans-serif"

    /// The document's bytes (UTF-8).
    public static func document(_ scene: CardScene) -> [UInt8] {
        Array(text(scene).utf8)
    }

    /// The document as text.
    public static func text(_ scene: CardScene) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(scene.width)\" height=\"\(scene.height)\""
            + " viewBox=\"0 0 \(scene.width) \(scene.height)\">\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(scene.width)\" height=\"\(scene.height)\" fill=\"\(scene.background.hex)\"/>\n"
        for element in scene.elements {
            switch element {
            case .rect(let rect):
                out += "<rect x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(rect.width))\""
                    + " height=\"\(number(rect.height))\""
                    + (rect.cornerRadius > 0 ? " rx=\"\(number(rect.cornerRadius))\"" : "")
                    + " fill=\"\(rect.fill.hex)\"/>\n"
            case .polyline(let line):
                let points = line.points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
                out += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(line.stroke.hex)\""
                    + " stroke-width=\"\(number(line.lineWidth))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
            case .circle(let circle):
                out += "<circle cx=\"\(number(circle.center.x))\" cy=\"\(number(circle.center.y))\""
                    + " r=\"\(number(circle.radius))\" fill=\"\(circle.fill.hex)\"/>\n"
            case .text(let text):
                out += "<text x=\"\(number(text.x))\" y=\"\(number(text.y))\" font-family=\"\(fontFamily)\""
                    + " font-size=\"\(number(text.size))\""
                    + (text.weight == .bold ? " font-weight=\"bold\"" : "")
                    + (text.anchor == .start ? "" : " text-anchor=\"\(text.anchor.rawValue)\"")
                    + " fill=\"\(text.color.hex)\">\(XMLText.escaped(text.text))</text>\n"
            }
        }
        out += "</svg>\n"
        return out
    }

    /// `12`, `12.5`, `12.34`, `-3.1`: at most two decimals, half away from zero, no exponent;
    /// not-a-number and infinities as `0`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded(.toNearestOrAwayFromZero)
        guard abs(hundredths) < 9e15 else { return "0" }
        let whole = Int64(hundredths)
        if whole == 0 { return "0" }
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        let integer = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(integer)" }
        if fraction % 10 == 0 { return "\(sign)\(integer).\(fraction / 10)" }
        return "\(sign)\(integer).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
