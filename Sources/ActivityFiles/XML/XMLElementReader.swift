import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a decoder of an XML activity format does with the elements FoundationXML's
/// `XMLParser` reads, in document order.
///
/// `path` is the reader's own stack of local names (namespace prefix dropped) from the root to
/// the element, the element last; it is lent for the call only (read it by index, do not keep
/// it: copying it per element would make a deeply nested file quadratic).
protocol XMLElementHandler: AnyObject {
    /// An element opened, with its attributes by local name (prefix dropped).
    func elementStarted(_ path: [String], attributes: [String: String])
    /// An element closed; `text` is the character data (CDATA included) since the last tag,
    /// which is the element's content for a leaf, white space trimmed, at most
    /// ``XMLElementReader/longestText`` UTF-8 bytes.
    func elementEnded(_ path: [String], text: String)
}

/// Reads an XML document with FoundationXML's `XMLParser` (libxml2 underneath; never a
/// parser of our own) and hands its elements to an ``XMLElementHandler``.
///
/// The first well-formedness error stops the reading and becomes
/// ``ActivityFileError/malformed(detail:)`` with the parser's line and column. libxml2's
/// namespace errors (an undeclared prefix, which real exports have) and warnings do not stop
/// it. External entities are never loaded (`XMLParser`'s default policy), and libxml2 itself
/// refuses entity loops and exponential expansion ("billion laughs").
final class XMLElementReader: NSObject, XMLParserDelegate {
    /// Elements nested deeper than this are refused as malformed: GPX and TCX need at most
    /// about ten levels; the bar keeps a hostile file's stack bounded (the project's value).
    static let deepestNesting = 256
    /// The longest text kept for one element, in UTF-8 bytes; the rest is dropped (a name or
    /// a number is far shorter; the project's value).
    static let longestText = 4_096

    private let handler: any XMLElementHandler
    private var path: [String] = []
    private var text = ""
    private var failure: ActivityFileError?
    /// Whether any element was read (an empty document raises no error in `XMLParser`).
    private var sawElement = false
    /// The line and column of the first error, for telling a file that stops in the middle.
    private var failurePlace: (line: Int, column: Int)?

    private init(handler: any XMLElementHandler) {
        self.handler = handler
    }

    /// Reads `data` as an XML document into `handler`.
    /// - Throws: ``ActivityFileError/malformed(detail:)`` "XML line L, column C: …" for the
    ///   first well-formedness error (where the data ends, with elements open, followed by
    ///   "(the file ends there, inside <gpx>: it was probably cut off)"), for nesting deeper than
    ///   ``deepestNesting``, or for a document with no element at all.
    static func read(_ data: Data, into handler: any XMLElementHandler) throws(ActivityFileError) {
        let reader = XMLElementReader(handler: handler)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        _ = parser.parse()  // returns true after some fatal errors on Linux: the delegate decides
        parser.delegate = nil
        if let failure = reader.failure {
            // An error where the data ends, with elements still open: the file stops in the
            // middle (a copy cut off while it was written), which the parser's words do not say.
            if case let .malformed(detail) = failure, let root = reader.path.first, let (line, column) = reader.failurePlace,
               case let end = Self.endPlace(of: data), line >= end.line, column >= end.column {
                throw .malformed(detail: detail + " (the file ends there, inside <\(root)>: it was probably cut off)")
            }
            throw failure
        }
        if !reader.sawElement { throw .malformed(detail: "XML line 1, column 1: the document has no element") }
    }

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        guard path.count < Self.deepestNesting else {
            fail(parser, "elements nested more than \(Self.deepestNesting) deep")
            return
        }
        sawElement = true
        path.append(Self.localName(elementName))
        text = ""
        if attributeDict.keys.contains(where: { $0.utf8.contains(UInt8(ascii: ":")) }) {
            var attributes: [String: String] = [:]
            for (key, value) in attributeDict { attributes[Self.localName(key)] = value }
            handler.elementStarted(path, attributes: attributes)
        } else {
            handler.elementStarted(path, attributes: attributeDict)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, !path.isEmpty else { return }
        handler.elementEnded(path, text: XMLValue.trimmed(text))
        path.removeLast()
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, text.utf8.count < Self.longestText else { return }
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard failure == nil, text.utf8.count < Self.longestText else { return }
        text += String(decoding: CDATABlock.prefix(Self.longestText), as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        guard !Self.isTolerated(code) else { return }
        fail(parser, Self.phrase(forLibxml2Code: code, openElement: path.last))
    }

    // MARK: Helpers

    private func fail(_ parser: XMLParser, _ what: String) {
        failure = .malformed(detail: "XML line \(parser.lineNumber), column \(parser.columnNumber): \(what)")
        failurePlace = (parser.lineNumber, parser.columnNumber)
        parser.abortParsing()
    }

    /// Where `data` ends, as the parser counts places: the number of its last line (a final
    /// line end starts no new line) and that line's length in bytes, its line end left out.
    static func endPlace(of data: Data) -> (line: Int, column: Int) {
        let body = data.last == 0x0A ? data.dropLast() : data[...]
        var line = 1
        var lineStart = body.startIndex
        for index in body.indices where body[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, body.endIndex - lineStart)
    }

    /// `gpxtpx:hr` → `hr`.
    static func localName(_ name: String) -> String {
        let utf8 = name.utf8
        guard let colon = utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
        return String(name[utf8.index(after: colon)...])
    }

    /// libxml2's warnings and namespace errors, which leave the document readable (codes from
    /// libxml2's `xmlerror.h`, enum `xmlParserErrors`: `XML_WAR_*` 27, 93, 97–100, 102, 106,
    /// 107; `XML_NS_ERR_*` 200–205).
    static func isTolerated(_ code: Int) -> Bool {
        [27, 93, 97, 98, 99, 100, 102, 106, 107].contains(code) || (200...205).contains(code)
    }

    /// A short phrase for libxml2's error `code` (libxml2 `xmlerror.h`, enum
    /// `xmlParserErrors`), naming the element open at the time when that helps.
    static func phrase(forLibxml2Code code: Int, openElement: String?) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5, 86:
            if let openElement { return "the document ends inside <\(openElement)>" }
            return "content after the end of the root element"
        case 9: return "a character that XML does not allow"
        case 6, 7, 8: return "an invalid character reference"
        case 23: return "an entity reference without its ';'"
        case 26: return "an undeclared entity"
        case 31, 32: return "an encoding libxml2 does not know"
        case 38: return "a '<' inside an attribute value"
        case 39, 40, 41: return "an attribute without a quoted value"
        case 42: return "an attribute written twice"
        case 64: return "a processing instruction named xml after the start"
        case 68: return "a name was expected"
        case 73: return "a '>' was expected"
        case 76:
            if let openElement { return "a closing tag does not match <\(openElement)>" }
            return "a closing tag does not match its opening tag"
        case 77: return openElement.map { "<\($0)> is not closed" } ?? "a tag is not closed"
        case 81: return "bytes that are not valid in the document's encoding"
        case 89: return "entity references that loop or expand too far"
        default: return "not well-formed XML (libxml2 error \(code))"
        }
    }
}

/// Numbers and text read from XML elements.
enum XMLValue {
    /// `text` as a finite number (`nan`, `inf` and anything unreadable give `nil`).
    static func number(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `text` as a finite number ≥ 0 (a time, a distance, a heart rate), or `nil`.
    static func nonNegative(_ text: String) -> Double? {
        guard let value = number(text), value >= 0 else { return nil }
        return value
    }

    /// The text, or `nil` when empty.
    static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// `text` without XML's white space (space, tab, CR, LF: XML 1.0 §2.3 `S`) at either end;
    /// the text itself when there is none (the common case, with no copy).
    static func trimmed(_ text: String) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        guard isSpace(first) || isSpace(last) else { return text }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }), let end = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start...end])
    }
}
