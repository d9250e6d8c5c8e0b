import CardImages
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ShareCards
import Testing

/// The share cards (#17): the scenes' structure through their SVG, read back with XMLParser;
/// the same bytes for the same input; the PNG's size from its IHDR and its pixels through cairo.
@Suite struct ShareCardTests {
    static let week = PeriodCard(
        title: "7 days · 23–29 Nov 2026", caption: "Workout time per day", headline: "2 h 49 min",
        headlineChange: CardChange(text: "▼ 27%", direction: .down), baselineName: "the previous period",
        bars: [("Mon", 2940.0), ("Tue", 180), ("Wed", 0), ("Thu", 0), ("Fri", 240), ("Sat", 6780), ("Sun", 0)].enumerated().map {
            CardBar(label: $0.element.0, detail: "\(23 + $0.offset) Nov", value: $0.element.1, valueText: "\(Int($0.element.1 / 60)) min",
                    isBest: $0.offset == 5)
        },
        figures: [CardFigure(label: "Sessions", value: "4", change: CardChange(text: "same", direction: .level)),
                  CardFigure(label: "Workout time", value: "2 h 49 min", change: CardChange(text: "▼ 27%", direction: .down)),
                  CardFigure(label: "Energy", value: "~1992 kcal"), CardFigure(label: "Running", value: "30 km")],
        note: "Compared with the previous period: 16–22 Nov 2026.")

    static func run(route: Bool) -> SessionCard {
        let loop = (0...40).map { i -> CardPoint in
            let a = Double(i) / 40 * 2 * Double.pi
            return CardPoint(x: 800 * cos(a), y: 500 * sin(a))
        }
        return SessionCard(title: "Morning run <&> \"R&D\"", subtitle: "Saturday 28 November 2026 · 09:25", kind: "Running",
                           route: route ? CardRoute(pieces: [.init(sport: "running", points: loop)]) : nil,
                           headline: "24 min", headlineDetail: "5.08 km",
                           parts: [SessionCard.Part(label: "Work 20 min", seconds: 1200, color: CardPalette.accent)],
                           figures: [CardFigure(label: "Duration", value: "24 min"), CardFigure(label: "Distance", value: "5.08 km")])
    }

    /// The SVG's elements by name with their attributes, and the texts in order.
    final class Outline: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        private var current: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name, attributes))
            if name == "text" { current = "" }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let current { texts.append(current) }
            current = nil
        }
    }

    static func outline(_ bytes: [UInt8]) throws -> Outline {
        let parser = XMLParser(data: Data(bytes))
        let outline = Outline()
        parser.delegate = outline
        #expect(parser.parse(), "the SVG parses: \(String(describing: parser.parserError))")
        return outline
    }

    @Test func periodCardIs1080By1350WithTheTitleAndABarPerBucket() throws {
        let outline = try Self.outline(CardSVG.document(Self.week.scene))
        let svg = try #require(outline.elements.first)
        #expect(svg.name == "svg" && svg.attributes["width"] == "1080" && svg.attributes["height"] == "1350")
        #expect(outline.texts.contains("7 days · 23–29 Nov 2026"))
        #expect(outline.texts.contains("2 h 49 min"))
        // Four bars have a value above zero (the others draw nothing above the axis).
        let bars = Self.week.scene.rects.filter { $0.fill == CardPalette.accent || $0.fill == CardPalette.best }
        #expect(bars.count == 4)
        #expect(outline.texts.filter { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].contains($0) }.count == 7)
        #expect(outline.elements.contains { $0.name == "polyline" } == false)
    }

    @Test func sessionCardHasARouteOnlyWithATrackAndEscapesItsText() throws {
        let with = try Self.outline(CardSVG.document(Self.run(route: true).scene))
        #expect(with.elements.filter { $0.name == "polyline" }.count == 1)
        #expect(with.texts.contains("Morning run <&> \"R&D\""))
        let without = try Self.outline(CardSVG.document(Self.run(route: false).scene))
        #expect(!without.elements.contains { $0.name == "polyline" })
        #expect(without.texts.contains("24 min"))
    }

    @Test func sameInputSameBytes() throws {
        #expect(CardSVG.document(Self.week.scene) == CardSVG.document(Self.week.scene))
        let first = try CardPNG.render(Self.run(route: true).scene), second = try CardPNG.render(Self.run(route: true).scene)
        #expect(first == second)
    }

    @Test func numbersHaveAtMostTwoDecimals() {
        #expect(CardSVG.number(12) == "12")
        #expect(CardSVG.number(12.5) == "12.5")
        #expect(CardSVG.number(12.345) == "12.35")
        #expect(CardSVG.number(-0.001) == "0")
        #expect(CardSVG.number(-3.1) == "-3.1")
        #expect(CardSVG.number(.nan) == "0")
    }

    @Test(arguments: [false, true]) func pngIs1080By1350AndNotBlank(route: Bool) throws {
        let png = try CardPNG.render(route ? Self.run(route: true).scene : Self.week.scene)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: length, "IHDR", width and height big-endian.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1080 && height == 1350)
        let image = try CardPNG.decode(png)
        #expect(image.width == 1080 && image.height == 1350)
        let background: UInt32 = 0xFF0F_172A
        let painted = image.pixels.filter { $0 | 0xFF00_0000 != background }.count
        #expect(painted > image.pixels.count / 10, "\(painted) pixels differ from the background")
    }

    @Test func longAndForeignTextsFitTheirRoom() {
        let card = SessionCard(title: String(repeating: "Sehr langer Name ", count: 8) + "東京マラソン", subtitle: "x", kind: "Running",
                               figures: [])
        for text in card.scene.texts {
            #expect(CardTextWidth.width(of: text.text, size: text.size, weight: text.weight) <= text.maximumWidth + 0.5)
        }
        #expect((try? CardPNG.render(card.scene)) != nil)
    }
}
