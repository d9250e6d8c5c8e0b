@testable import ActivityFiles
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The GPX and TCX reader calls libxml2 itself, opened with dlopen (``LibXML2``), instead of
/// Foundation's `XMLParser` (issue 12, item 26: linking FoundationXML loads libxml2, ICU, lzma
/// and zlib into every start). These tests hold it to what `XMLParser` read: the same elements,
/// attributes and texts in the same order, and the same first error at the same line and
/// column, for every XML fixture, for the same fixtures cut off at many places, and for
/// hand-written documents that reach the parser's corners (entities, CDATA, namespaces,
/// encodings, errors).
@Suite("XML reader: libxml2 directly reads what FoundationXML's XMLParser reads")
struct XMLElementReaderTests {
    /// What a reader saw: one line per element start and end, then the error, if any.
    final class Transcript: XMLElementHandler {
        var lines: [String] = []
        func elementStarted(_ path: [String], attributes: [String: String]) {
            let pairs = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines.append("start \(path.joined(separator: "/")) [\(pairs.joined(separator: " "))]")
        }
        func elementEnded(_ path: [String], text: String) {
            lines.append("end \(path.joined(separator: "/")) \(text.debugDescription)")
        }
    }

    /// Our reader's transcript of `data`.
    static func ours(_ data: Data) -> [String] { transcript(of: data, by: XMLElementReader.read) }

    /// `XMLParser`'s transcript of `data`, through ``FoundationReader``.
    static func foundation(_ data: Data) -> [String] { transcript(of: data, by: FoundationReader.read) }

    static func transcript(of data: Data,
                           by read: (Data, any XMLElementHandler) throws(ActivityFileError) -> Void) -> [String] {
        let transcript = Transcript()
        do throws(ActivityFileError) {
            try read(data, transcript)
        } catch {
            transcript.lines.append("error \(error)")
        }
        return transcript.lines
    }

    /// Records an issue naming the first line where the two transcripts part (a whole
    /// transcript is thousands of lines).
    static func expectSame(_ ours: [String], _ foundation: [String], _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        guard ours != foundation else { return }
        let index = (0..<min(ours.count, foundation.count)).first { ours[$0] != foundation[$0] } ?? min(ours.count, foundation.count)
        let mine = index < ours.count ? ours[index] : "(nothing)"
        let theirs = index < foundation.count ? foundation[index] : "(nothing)"
        Issue.record("\(what): line \(index) of \(ours.count)/\(foundation.count): ours \(mine.prefix(300).debugDescription), XMLParser's \(theirs.prefix(300).debugDescription)",
                     sourceLocation: sourceLocation)
    }

    static func fixtures() throws -> [(name: String, data: Data)] {
        var found: [(String, Data)] = []
        for folder in ["gpx", "tcx", "real"] {
            let folderURL = try #require(Bundle.module.url(forResource: folder, withExtension: nil, subdirectory: "Fixtures"))
            let names = try FileManager.default.contentsOfDirectory(atPath: folderURL.path).sorted()
            for name in names where name.hasSuffix(".gpx") || name.hasSuffix(".tcx") {
                let url = folderURL.appendingPathComponent(name)
                found.append(("\(folder)/\(url.lastPathComponent)", try Data(contentsOf: url)))
            }
        }
        return found
    }

    @Test("every GPX and TCX fixture, the real devices' included, reads the same")
    func fixturesReadTheSame() throws {
        let fixtures = try Self.fixtures()
        #expect(fixtures.count >= 14)
        for (name, data) in fixtures {
            let ours = Self.ours(data)
            #expect(ours.count > 2, "\(name)")
            #expect(!(ours.last ?? "").hasPrefix("error"), "\(name)")
            Self.expectSame(ours, Self.foundation(data), name)
        }
    }

    @Test("fixtures cut off anywhere give the same error at the same place")
    func cutOffFixtures() throws {
        for (name, data) in try Self.fixtures() where data.count < 200_000 {
            // About 60 cuts per file, at places that do not line up with tags.
            let step = max(1, data.count / 60 + 7)
            for end in stride(from: 0, to: data.count, by: step) {
                let cut = data.prefix(end)
                Self.expectSame(Self.ours(cut), Self.foundation(cut), "\(name) cut at \(end)")
            }
        }
    }

    @Test("a file larger than one 128 KiB chunk, cut inside the second chunk, reads the same")
    func chunks() {
        let point = "<trkpt lat=\"50.1\" lon=\"14.2\"><ele>201.5</ele><time>2026-03-14T07:00:00Z</time></trkpt>\n"
        let body = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n"
            + String(repeating: point, count: 3_500) + "</trkseg></trk></gpx>\n"
        let data = Data(body.utf8)
        #expect(data.count > 2 * XMLElementReader.chunkSize)
        Self.expectSame(Self.ours(data), Self.foundation(data), "whole")
        for end in [XMLElementReader.chunkSize - 1, XMLElementReader.chunkSize, XMLElementReader.chunkSize + 3, 200_001] {
            Self.expectSame(Self.ours(data.prefix(end)), Self.foundation(data.prefix(end)), "cut at \(end)")
        }
    }

    /// Documents that reach the parser's corners.
    static let corners: [String] = [
        "",
        "<a",
        "<a/>",
        "   \n\n",
        "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?><gpx a=\"1\"><name>x</name></gpx>",
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx><name>caf\u{E9}</name></gpx>",
        "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:gpxtpx=\"urn:x\"><gpxtpx:hr gpxtpx:u=\"b\">150</gpxtpx:hr></gpx>",
        "<gpx><undeclared:x p:q=\"1\">t</undeclared:x></gpx>",
        "<gpx><name>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#233; &#x263A;</name></gpx>",
        "<gpx><name><![CDATA[<not a tag> & such]]></name><desc>x<![CDATA[y]]>z</desc></gpx>",
        "<!DOCTYPE gpx SYSTEM \"file:///etc/hostname\"><gpx><name>n</name></gpx>",
        "<gpx><name>&nope;</name></gpx>",
        "<gpx><name>a &amp b</name></gpx>",
        "<gpx><trk></gpx>",
        "<gpx></gpx><extra/>",
        "<gpx a=\"1\" a=\"2\"/>",
        "<gpx a=1/>",
        "<gpx a=\"<\"/>",
        "<gpx>\u{1}</gpx>",
        "<gpx><!-- a comment --><?pi data?><name> spaced \n text </name></gpx>",
        "<gpx>\r\n<name>crlf</name>\r\n</gpx>",
        "<?xml version=\"1.0\"?><?xml version=\"1.0\"?><gpx/>",
        "<gpx><name>" + String(repeating: "long ", count: 2_000) + "</name></gpx>",
        "<gpx><desc><![CDATA[" + String(repeating: "c", count: 9_000) + "]]></desc></gpx>",
        "<gpx>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300) + "</gpx>",
    ]

    @Test("hand-written corners: entities, CDATA, namespaces, encodings and errors read the same")
    func corners() {
        for text in Self.corners {
            let data = Data(text.utf8)
            Self.expectSame(Self.ours(data), Self.foundation(data), text.prefix(80).debugDescription)
        }
        // Bytes that are not UTF-8 in a document that says it is.
        let bad = Data("<gpx><name>".utf8) + Data([0xC3, 0x28]) + Data("</name></gpx>".utf8)
        Self.expectSame(Self.ours(bad), Self.foundation(bad), "not UTF-8")
    }

    /// Where the two part, on purpose: `XMLParser` on Linux drops the first run of text after
    /// each entity declared in the document ("&who; and &who;" reads as "and"), while libxml2
    /// itself hands over the whole text. Devices do not declare entities; what a person wrote
    /// should read whole.
    @Test("a declared entity is substituted everywhere, where XMLParser dropped the text after it")
    func declaredEntities() {
        let text = "<!DOCTYPE gpx [<!ENTITY who \"Ann\">]><gpx><name>&who; and &who;</name><desc a=\"&who;\">&who;</desc></gpx>"
        let data = Data(text.utf8)
        #expect(Self.ours(data) == ["start gpx []", "start gpx/name []", "end gpx/name \"Ann and Ann\"",
                                    "start gpx/desc [a=Ann]", "end gpx/desc \"Ann\"", "end gpx \"\""])
        #expect(Self.foundation(data).contains("end gpx/name \"and\""))
    }

    @Test("an external entity or DTD is never loaded, from a file or the network")
    func externalEntity() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hiit-xxe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("SECRET".utf8).write(to: secret)
        let entity = "<!DOCTYPE gpx [<!ENTITY x SYSTEM \"\(secret.absoluteString)\">]><gpx><name>[&x;]</name></gpx>"
        let lines = Self.ours(Data(entity.utf8))
        #expect(lines.contains("end gpx/name \"[]\""), "\(lines)")
        #expect(!lines.joined().contains("SECRET"))
        let dtd = folder.appendingPathComponent("gpx.dtd")
        try Data("<!ENTITY y \"SECRET\">".utf8).write(to: dtd)
        let external = "<!DOCTYPE gpx SYSTEM \"\(dtd.absoluteString)\"><gpx><name>[&y;]</name></gpx>"
        #expect(!Self.ours(Data(external.utf8)).joined().contains("SECRET"))
    }

    @Test("the element's text, its entities substituted, and its attributes by local name")
    func whatAHandlerSees() {
        let lines = Self.ours(Data("""
        <!DOCTYPE gpx [<!ENTITY who "Ann">]>
        <g:gpx xmlns:g="urn:g" g:version="1.1"><g:name> &who; &amp; <![CDATA[<Bob>]]> </g:name></g:gpx>
        """.utf8))
        #expect(lines == ["start gpx [g=urn:g version=1.1]", "start gpx/name []", "end gpx/name \"Ann & <Bob>\"", "end gpx \"\""])
    }
}

/// The reader as it was before it called libxml2 itself: Foundation's `XMLParser` with the
/// same settings, handing the same events to an ``XMLElementHandler`` and making the same
/// errors. The reference the tests above hold the reader to.
final class FoundationReader: NSObject, XMLParserDelegate {
    private let handler: any XMLElementHandler
    private var path: [String] = []
    private var text = ""
    private var failure: ActivityFileError?
    private var sawElement = false
    private var failurePlace: (line: Int, column: Int)?

    private init(handler: any XMLElementHandler) { self.handler = handler }

    static func read(_ data: Data, into handler: any XMLElementHandler) throws(ActivityFileError) {
        let reader = FoundationReader(handler: handler)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        _ = parser.parse()
        parser.delegate = nil
        try XMLElementReader.outcome(of: data, failure: reader.failure, failurePlace: reader.failurePlace,
                                     root: reader.path.first, sawElement: reader.sawElement)
    }

    private static func local(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        guard path.count < XMLElementReader.deepestNesting else {
            fail(parser, "elements nested more than \(XMLElementReader.deepestNesting) deep")
            return
        }
        sawElement = true
        path.append(Self.local(elementName))
        text = ""
        var attributes: [String: String] = [:]
        for (key, value) in attributeDict { attributes[Self.local(key)] = value }
        handler.elementStarted(path, attributes: attributes)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, !path.isEmpty else { return }
        handler.elementEnded(path, text: XMLValue.trimmed(text))
        path.removeLast()
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, text.utf8.count < XMLElementReader.longestText else { return }
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard failure == nil, text.utf8.count < XMLElementReader.longestText else { return }
        text += String(decoding: CDATABlock.prefix(XMLElementReader.longestText), as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        guard !XMLElementReader.isTolerated(code) else { return }
        fail(parser, XMLElementReader.phrase(forLibxml2Code: code, openElement: path.last))
    }

    private func fail(_ parser: XMLParser, _ what: String) {
        failure = .malformed(detail: "XML line \(parser.lineNumber), column \(parser.columnNumber): \(what)")
        failurePlace = (parser.lineNumber, parser.columnNumber)
        parser.abortParsing()
    }
}
