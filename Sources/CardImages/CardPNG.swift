import CCairo
import ShareCards

/// A ``CardScene`` rendered to PNG with cairo (loaded on first use, ``CairoLibrary``), and PNG
/// bytes read back into pixels (for checks and tests).
///
/// Text is set with cairo's toy font API in `DejaVu Sans` (regular or bold; Debian
/// fonts-dejavu-core), which fontconfig resolves; characters DejaVu lacks (CJK, for one) are
/// drawn in the font fontconfig picks for them (``CardFonts``), and as DejaVu's missing-glyph
/// box when no installed font has them — the card is still made, nothing fails. Fonts are
/// drawn with grey antialiasing and no hinting whatever the user's fontconfig settings, and
/// cairo's PNG writer adds no time or text chunks, so the same scene gives the same bytes.
/// A text the real glyphs make wider than its ``CardText/maximumWidth`` is set smaller to fit.
public enum CardPNG {
    /// The PNG's bytes (RGB, 8 bits a channel) of `scene`, `scene.width` × `scene.height` pixels.
    /// - Throws: ``CardImageError`` when cairo cannot be loaded or fails.
    public static func render(_ scene: CardScene) throws(CardImageError) -> [UInt8] {
        let cairo = try CairoLibrary.shared.get()
        guard let surface = cairo.imageSurfaceCreate(CAIRO_FORMAT_RGB24, Int32(scene.width), Int32(scene.height)) else {
            throw .cairo(operation: "make an image", status: "no memory")
        }
        defer { cairo.surfaceDestroy(surface) }
        guard cairo.surfaceStatus(surface) == CAIRO_STATUS_SUCCESS, let context = cairo.create(surface) else {
            throw .cairo(operation: "make an image", status: cairo.text(cairo.surfaceStatus(surface)))
        }
        defer { cairo.destroy(context) }
        let options = cairo.fontOptionsCreate()
        cairo.fontOptionsSetAntialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo.fontOptionsSetHintStyle(options, CAIRO_HINT_STYLE_NONE)
        cairo.fontOptionsSetHintMetrics(options, CAIRO_HINT_METRICS_OFF)
        cairo.setFontOptions(context, options)
        cairo.fontOptionsDestroy(options)

        var fonts = TextFonts()
        func source(_ color: CardColor) {
            cairo.setSourceRGB(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
        }
        source(scene.background)
        cairo.rectangle(context, 0, 0, Double(scene.width), Double(scene.height))
        cairo.fill(context)
        for element in scene.elements {
            switch element {
            case .rect(let rect):
                source(rect.fill)
                let r = rect.cornerRadius
                if r > 0 {
                    let x = rect.x, y = rect.y, w = rect.width, h = rect.height
                    cairo.newSubPath(context)
                    cairo.arc(context, x + w - r, y + r, r, -Double.pi / 2, 0)
                    cairo.arc(context, x + w - r, y + h - r, r, 0, Double.pi / 2)
                    cairo.arc(context, x + r, y + h - r, r, Double.pi / 2, Double.pi)
                    cairo.arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
                    cairo.closePath(context)
                } else {
                    cairo.rectangle(context, rect.x, rect.y, rect.width, rect.height)
                }
                cairo.fill(context)
            case .polyline(let line):
                guard let first = line.points.first else { continue }
                source(line.stroke)
                cairo.setLineWidth(context, line.lineWidth)
                cairo.setLineCap(context, CAIRO_LINE_CAP_ROUND)
                cairo.setLineJoin(context, CAIRO_LINE_JOIN_ROUND)
                cairo.moveTo(context, first.x, first.y)
                for point in line.points.dropFirst() { cairo.lineTo(context, point.x, point.y) }
                cairo.stroke(context)
            case .circle(let circle):
                source(circle.fill)
                cairo.newSubPath(context)
                cairo.arc(context, circle.center.x, circle.center.y, circle.radius, 0, 2 * Double.pi)
                cairo.fill(context)
            case .text(let text):
                guard !text.text.isEmpty else { continue }
                source(text.color)
                let runs = fonts.runs(of: text.text, weight: text.weight)
                let weight = text.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL
                func advance(at size: Double) -> Double {
                    var total = 0.0
                    for run in runs {
                        cairo.selectFontFace(context, run.family, CAIRO_FONT_SLANT_NORMAL, weight)
                        cairo.setFontSize(context, size)
                        var extents = cairo_text_extents_t()
                        cairo.textExtents(context, run.text, &extents)
                        total += extents.x_advance
                    }
                    return total
                }
                var size = text.size
                var width = advance(at: size)
                if width > text.maximumWidth, width > 0 {
                    size *= text.maximumWidth / width
                    width = advance(at: size)
                }
                let shift = switch text.anchor {
                case .start: 0.0
                case .middle: width / 2
                case .end: width
                }
                cairo.moveTo(context, text.x - shift, text.y)
                for run in runs {  // each show_text moves the current point to the run's end
                    cairo.selectFontFace(context, run.family, CAIRO_FONT_SLANT_NORMAL, weight)
                    cairo.setFontSize(context, size)
                    cairo.showText(context, run.text)
                }
                cairo.newPath(context)
            }
        }
        cairo.surfaceFlush(surface)
        if cairo.status(context) != CAIRO_STATUS_SUCCESS {
            throw .cairo(operation: "draw the card", status: cairo.text(cairo.status(context)))
        }
        let sink = ByteSink()
        let written = withExtendedLifetime(sink) {
            cairo.writeToPNGStream(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard written == CAIRO_STATUS_SUCCESS else { throw .cairo(operation: "write the PNG", status: cairo.text(written)) }
        return sink.bytes
    }

    /// A decoded image: ``width`` × ``height`` pixels, each `0xAARRGGBB` (alpha 0xFF for an
    /// opaque image), rows top to bottom.
    public struct Pixels: Sendable, Equatable {
        /// Width, pixels.
        public var width: Int
        /// Height, pixels.
        public var height: Int
        /// `width × height` pixels, row by row.
        public var pixels: [UInt32]
    }

    /// Reads PNG bytes back with cairo.
    /// - Throws: ``CardImageError`` when cairo cannot be loaded or the bytes are not a PNG it reads.
    public static func decode(_ png: [UInt8]) throws(CardImageError) -> Pixels {
        let cairo = try CairoLibrary.shared.get()
        let source = ByteSource(png)
        let surface = withExtendedLifetime(source) {
            cairo.createFromPNGStream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                for index in 0..<count { data[index] = source.bytes[source.offset + index] }
                source.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        defer { cairo.surfaceDestroy(surface) }
        let status = cairo.surfaceStatus(surface)
        guard status == CAIRO_STATUS_SUCCESS, let data = cairo.imageData(surface) else {
            throw .cairo(operation: "read the PNG", status: cairo.text(status))
        }
        let width = Int(cairo.imageWidth(surface)), height = Int(cairo.imageHeight(surface)), stride = Int(cairo.imageStride(surface))
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        let raw = UnsafeRawPointer(data)
        for row in 0..<height {
            for column in 0..<width {
                pixels.append(raw.loadUnaligned(fromByteOffset: row * stride + column * 4, as: UInt32.self))
            }
        }
        return Pixels(width: width, height: height, pixels: pixels)
    }
}

/// The fallback fonts of one card, regular and bold, made when a text needs them; without
/// fontconfig every text is one run in DejaVu Sans.
private struct TextFonts {
    private var fonts: [CardText.Weight: CardFonts?] = [:]

    mutating func runs(of text: String, weight: CardText.Weight) -> [CardFonts.Run] {
        let whole = [CardFonts.Run(family: CardFonts.primaryFamily, text: text)]
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return whole }  // DejaVu has all of ASCII
        let known = fonts[weight] ?? (try? CardFonts(weight: weight))
        guard var weightFonts = known else {
            fonts[weight] = .some(nil)
            return whole
        }
        let runs = weightFonts.runs(of: text)
        fonts[weight] = weightFonts
        return runs
    }
}

/// Where cairo's PNG writer puts the bytes.
private final class ByteSink {
    var bytes: [UInt8] = []
}

/// What cairo's PNG reader reads from.
private final class ByteSource {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
