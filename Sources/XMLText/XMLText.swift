/// Text made safe for XML 1.0, for every XML hiit writes: GPX and TCX exports
/// (ActivityFiles' `XMLWriter`) and SVG share cards (ShareCards' `CardSVG`).
public enum XMLText {
    /// `value` as XML character data or an attribute value: `&` `<` `>` `"` `'` as `&amp;`
    /// `&lt;` `&gt;` `&quot;` `&apos;`; tab, line feed and carriage return as character
    /// references (`&#9;` `&#10;` `&#13;`), so a parser's end-of-line and attribute-value
    /// normalisation (XML 1.0 §2.11, §3.3.3) gives them back; the characters XML 1.0 does not
    /// allow at all (C0 controls other than those three, U+FFFE, U+FFFF; XML 1.0 §2.2 `Char`)
    /// left out. Everything else, emoji included, is kept as UTF-8.
    public static func escaped(_ value: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
