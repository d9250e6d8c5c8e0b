import ActivityFiles
import Foundation
import Testing

@Suite("Activity file formats are recognised by content")
struct FormatSniffingTests {
    @Test("a FIT header is FIT whatever the name; 12- and 14-byte headers")
    func fitHeader() {
        var twelve = Data([12, 0x10, 0x64, 0x00, 0, 0, 0, 0])
        twelve.append(contentsOf: Array(".FIT".utf8))
        #expect(ActivityFile.format(of: twelve) == .fit)
        var fourteen = Data([14, 0x20, 0x64, 0x00, 0, 0, 0, 0])
        fourteen.append(contentsOf: Array(".FIT".utf8) + [0, 0])
        #expect(ActivityFile.format(of: fourteen) == .fit)
        var wrongSize = fourteen
        wrongSize[0] = 13
        #expect(ActivityFile.format(of: wrongSize) == nil)
    }

    @Test("GPX and TCX by the root element, after a BOM, the declaration, comments and a prefix")
    func xmlRoot() {
        let gpx = "\u{FEFF}<?xml version=\"1.0\"?>\r\n<!-- from a phone --><gpx version=\"1.1\"></gpx>"
        #expect(ActivityFile.format(of: Data(gpx.utf8)) == .gpx)
        let tcx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ns0:TrainingCenterDatabase xmlns:ns0=\"x\"/>"
        #expect(ActivityFile.format(of: Data(tcx.utf8)) == .tcx)
        let doctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n  <!ENTITY a \"x\">\n  <!ELEMENT gpx ANY>\n]>\n<gpx version=\"1.1\"/>"
        #expect(ActivityFile.format(of: Data(doctype.utf8)) == .gpx, "an internal subset with > inside it")
        #expect(ActivityFile.format(of: Data("<!DOCTYPE gpx [ <!ENTITY a \"x\"> ".utf8)) == nil)
        #expect(ActivityFile.format(of: Data("<kml></kml>".utf8)) == nil)
        #expect(ActivityFile.format(of: Data("{\"version\": 1}".utf8)) == nil)
        #expect(ActivityFile.format(of: Data()) == nil)
    }

    @Test("an unknown file is refused with a one-line reason")
    func unknown() {
        #expect(throws: ActivityFileError.unknownFormat) { try ActivityFile.decode(Data("hello".utf8)) }
        #expect(ActivityFileError.unknownFormat.description == "not a FIT, GPX or TCX file")
    }
}
