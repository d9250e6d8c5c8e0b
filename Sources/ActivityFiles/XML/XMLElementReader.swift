import CLibXML2
import Foundation

/// What a decoder of an XML activity format does with the elements libxml2's SAX2 parser
/// reads (``XMLElementReader``), in document order.
///
/// `path` is the reader's own stack of local names (namespace prefix dropped) from the root to
/// the element, the element last; it is lent for the call only (read it by index, do not keep
/// it: copying it per element would make a deeply nested file quadratic).
protocol XMLElementHandler: AnyObject {
    /// An element opened, with its attributes by local name (prefix dropped; namespace
    /// declarations are attributes too: `xmlns`, and `gpxtpx` for `xmlns:gpxtpx`).
    func elementStarted(_ path: [String], attributes: [String: String])
    /// An element closed; `text` is the character data (CDATA included) since the last tag,
    /// which is the element's content for a leaf, white space trimmed, at most
    /// ``XMLElementReader/longestText`` UTF-8 bytes.
    func elementEnded(_ path: [String], text: String)
}

/// Reads an XML document with libxml2's SAX2 push parser (never a parser of our own; the
/// library is opened on first use, see ``LibXML2``) and hands its elements to an
/// ``XMLElementHandler``.
///
/// The parser is driven as Foundation's `XMLParser` drives it on Linux, so that it reads what
/// `XMLParser` reads and stops where it stops (the tests compare the two): a push parser made
/// with the first 4 bytes (fewer than 4 bytes are no document), then fed the rest in chunks
/// that end at multiples of 128 KiB, then told the data ended; options `XML_PARSE_RECOVER`
/// and `XML_PARSE_NOENT` (entities declared in the document are substituted; the five
/// predefined ones always are).
///
/// The first well-formedness error stops the reading and becomes
/// ``ActivityFileError/malformed(detail:)`` with the parser's line and column. libxml2's
/// namespace errors (an undeclared prefix, which real exports have) and warnings do not stop
/// it. External entities and DTDs are never loaded (``LibXML2`` refuses every load), and
/// libxml2 itself refuses entity loops and exponential expansion ("billion laughs").
final class XMLElementReader {
    /// Elements nested deeper than this are refused as malformed: GPX and TCX need at most
    /// about ten levels; the bar keeps a hostile file's stack bounded (the project's value).
    static let deepestNesting = 256
    /// The longest text kept for one element, in UTF-8 bytes; the rest is dropped (a name or
    /// a number is far shorter; the project's value).
    static let longestText = 4_096
    /// The parser is fed the data in chunks ending at multiples of this many bytes (128 KiB,
    /// what `XMLParser` feeds it).
    static let chunkSize = 128 * 1024

    private let handler: any XMLElementHandler
    private let library: LibXML2
    /// The parser, while it reads.
    private var context: LibXML2.Context?
    private var path: [String] = []
    /// The character data since the last tag, as UTF-8.
    private var text: [UInt8] = []
    private var failure: ActivityFileError?
    /// Whether any element was read (an empty document raises no error in the push parser).
    private var sawElement = false
    /// The line and column of the first error, for telling a file that stops in the middle.
    private var failurePlace: (line: Int, column: Int)?

    private init(handler: any XMLElementHandler, library: LibXML2) {
        self.handler = handler
        self.library = library
    }

    /// Reads `data` as an XML document into `handler`.
    /// - Throws: ``ActivityFileError/malformed(detail:)`` "XML line L, column C: …" for the
    ///   first well-formedness error (where the data ends, with elements open, followed by
    ///   "(the file ends there, inside <gpx>: it was probably cut off)"), for nesting deeper than
    ///   ``deepestNesting``, or for a document with no element at all;
    ///   ``ActivityFileError/readerUnavailable(detail:)`` when libxml2 cannot be loaded.
    static func read(_ data: Data, into handler: any XMLElementHandler) throws(ActivityFileError) {
        let reader = XMLElementReader(handler: handler, library: try LibXML2.shared.get())
        reader.parse(data)
        try outcome(of: data, failure: reader.failure, failurePlace: reader.failurePlace, root: reader.path.first,
                    sawElement: reader.sawElement)
    }

    /// How a reading of `data` ended, as the reader reports it: the first error (one where the
    /// data ends, with elements still open, says the file was probably cut off: a copy cut
    /// off while it was written, which the parser's words do not say), or a document with no
    /// element, or nothing.
    /// - Parameters:
    ///   - failure: the first error, if any; `failurePlace` its line and column.
    ///   - root: the root element's local name when elements were still open at the end.
    ///   - sawElement: whether any element was read.
    /// - Throws: the error to report, as ``read(_:into:)`` says.
    static func outcome(of data: Data, failure: ActivityFileError?, failurePlace: (line: Int, column: Int)?,
                        root: String?, sawElement: Bool) throws(ActivityFileError) {
        if let failure {
            if case let .malformed(detail) = failure, let root, let (line, column) = failurePlace,
               case let end = endPlace(of: data), line >= end.line, column >= end.column {
                throw .malformed(detail: detail + " (the file ends there, inside <\(root)>: it was probably cut off)")
            }
            throw failure
        }
        if !sawElement { throw .malformed(detail: "XML line 1, column 1: the document has no element") }
    }

    /// Runs the push parser over `data` (see the type's comment), then frees it.
    private func parse(_ data: Data) {
        guard data.count >= 4 else { return }
        var sax = hiit_xml_sax_handler()
        sax.initialized = HIIT_XML_SAX2_MAGIC
        sax.getEntity = { me, name in
            let reader = XMLElementReader.of(me)
            return reader.library.predefinedEntity(name) ?? reader.library.declaredEntity(reader.context, name)
        }
        sax.startElementNs = { me, localName, _, _, namespaceCount, namespaces, attributeCount, _, attributes in
            XMLElementReader.of(me).started(localName, namespaces: namespaces, namespaceCount: Int(namespaceCount),
                                            attributes: attributes, attributeCount: Int(attributeCount))
        }
        sax.endElementNs = { me, _, _, _ in XMLElementReader.of(me).ended() }
        sax.characters = { me, characters, length in XMLElementReader.of(me).found(characters, length: Int(length), cdata: false) }
        sax.cdataBlock = { me, characters, length in XMLElementReader.of(me).found(characters, length: Int(length), cdata: true) }
        sax.serror = { me, error in
            guard let error else { return }
            XMLElementReader.of(me).errorOccurred(code: Int(error.pointee.code))
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            guard let context = library.createPushParser(&sax, me, base, 4, nil) else {
                failure = .malformed(detail: "XML line 1, column 1: libxml2 could not start a parser")
                return
            }
            self.context = context
            _ = library.useOptions(context, HIIT_XML_PARSE_RECOVER | HIIT_XML_PARSE_NOENT)
            var offset = 4
            while offset < raw.count, failure == nil {
                let end = min(raw.count, (offset / Self.chunkSize + 1) * Self.chunkSize)
                _ = library.parseChunk(context, base + offset, Int32(end - offset), 0)
                offset = end
            }
            if failure == nil { _ = library.parseChunk(context, nil, 0, 1) }
            library.reset(context)  // frees the document libxml2 made for the entity declarations
            library.freeParser(context)
            self.context = nil
        }
    }

    /// The reader a callback's user data points to (the reader is alive for the whole parse).
    private static func of(_ pointer: UnsafeMutableRawPointer?) -> XMLElementReader {
        // The parser hands back exactly the pointer `parse` gave it.
        Unmanaged<XMLElementReader>.fromOpaque(UnsafeRawPointer(pointer.unsafelyUnwrapped)).takeUnretainedValue()
    }

    // MARK: The parser's callbacks

    private func started(_ localName: UnsafePointer<UInt8>?, namespaces: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
                         namespaceCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, attributeCount: Int) {
        guard failure == nil else { return }
        guard path.count < Self.deepestNesting else {
            fail("elements nested more than \(Self.deepestNesting) deep")
            return
        }
        sawElement = true
        path.append(Self.localName(localName))
        text.removeAll(keepingCapacity: true)
        var attributeDictionary: [String: String] = [:]
        if let namespaces {
            // (prefix, URI) pairs: `xmlns:p="…"` is attribute `p`, `xmlns="…"` attribute `xmlns`.
            for index in stride(from: 0, to: namespaceCount * 2, by: 2) {
                let name = namespaces[index].map { Self.localName($0) } ?? "xmlns"
                attributeDictionary[name] = namespaces[index + 1].map { String(cString: $0) } ?? ""
            }
        }
        if let attributes {
            // (local name, prefix, URI, value start, value end) for each attribute.
            for index in stride(from: 0, to: attributeCount * 5, by: 5) {
                guard let name = attributes[index], let start = attributes[index + 3], let end = attributes[index + 4] else { continue }
                attributeDictionary[Self.localName(name)] = String(decoding: UnsafeBufferPointer(start: start, count: max(0, end - start)),
                                                                    as: UTF8.self)
            }
        }
        handler.elementStarted(path, attributes: attributeDictionary)
    }

    private func ended() {
        guard failure == nil, !path.isEmpty else { return }
        handler.elementEnded(path, text: XMLValue.trimmed(String(decoding: text, as: UTF8.self)))
        path.removeLast()
        text.removeAll(keepingCapacity: true)
    }

    /// Character data (`cdata`: a CDATA section, of which at most ``longestText`` bytes are kept).
    private func found(_ characters: UnsafePointer<UInt8>?, length: Int, cdata: Bool) {
        guard failure == nil, text.count < Self.longestText, let characters, length > 0 else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: characters, count: cdata ? min(length, Self.longestText) : length))
    }

    private func errorOccurred(code: Int) {
        guard failure == nil, !Self.isTolerated(code) else { return }
        fail(Self.phrase(forLibxml2Code: code, openElement: path.last))
    }

    private func fail(_ what: String) {
        let line = Int(library.lineNumber(context)), column = Int(library.columnNumber(context))
        failure = .malformed(detail: "XML line \(line), column \(column): \(what)")
        failurePlace = (line, column)
        library.stopParser(context)
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

    /// A name as a local name: what follows its last `:`. libxml2 has taken the prefix off
    /// already; a name it could not split (`ns3:` where a file is cut off) still has one.
    static func localName(_ name: UnsafePointer<UInt8>?) -> String {
        guard let name else { return "" }
        let whole = String(cString: name)
        let utf8 = whole.utf8
        guard let colon = utf8.lastIndex(of: UInt8(ascii: ":")) else { return whole }
        return String(whole[utf8.index(after: colon)...])
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
