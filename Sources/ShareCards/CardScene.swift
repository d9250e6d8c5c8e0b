/// A share card as a small scene: a canvas of ``width`` × ``height`` pixels filled with
/// ``background``, and ``elements`` painted in order over it (later ones on top).
///
/// Coordinates are pixels from the top-left corner, `x` to the right and `y` down. The scene is
/// what both writers draw: ``CardSVG`` writes it as SVG text, and CardImages renders it to PNG
/// with cairo, so the two formats show the same card.
public struct CardScene: Sendable, Equatable {
    /// The card's width in pixels: 1080 (the 4:5 shape, 1080 × 1350, that social apps show
    /// whole without cropping).
    public static let cardWidth = 1080
    /// The card's height in pixels: 1350.
    public static let cardHeight = 1350

    /// Width in pixels (``cardWidth`` for every card laid out here).
    public var width: Int
    /// Height in pixels (``cardHeight`` for every card laid out here).
    public var height: Int
    /// The colour of the whole canvas, painted first.
    public var background: CardColor
    /// What is painted on it, bottom to top.
    public var elements: [CardElement]

    /// A scene of `width` × `height` pixels (default 1080 × 1350).
    public init(width: Int = cardWidth, height: Int = cardHeight, background: CardColor, elements: [CardElement] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.elements = elements
    }

    /// The polylines of the scene (a route drawn has at least one).
    public var polylines: [CardPolyline] {
        elements.compactMap { if case .polyline(let line) = $0 { line } else { nil } }
    }

    /// The texts of the scene, in painting order.
    public var texts: [CardText] {
        elements.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// The rectangles of the scene, in painting order.
    public var rects: [CardRect] {
        elements.compactMap { if case .rect(let rect) = $0 { rect } else { nil } }
    }
}

/// One thing painted on a card.
public enum CardElement: Sendable, Equatable {
    /// A filled rectangle, possibly with rounded corners.
    case rect(CardRect)
    /// A stroked open line through points.
    case polyline(CardPolyline)
    /// A filled circle.
    case circle(CardCircle)
    /// One line of text.
    case text(CardText)
}

/// An opaque colour, 8 bits per channel (sRGB).
public struct CardColor: Sendable, Equatable, Hashable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// The colour of 24 bits `0xRRGGBB`.
    public init(_ rgb: UInt32) {
        red = UInt8((rgb >> 16) & 0xFF)
        green = UInt8((rgb >> 8) & 0xFF)
        blue = UInt8(rgb & 0xFF)
    }

    /// `#rrggbb` in lower case.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0x0F)])
        }
        return text
    }
}

/// A point on the card, in pixels from the top-left corner.
public struct CardPoint: Sendable, Equatable {
    /// Pixels to the right of the left edge.
    public var x: Double
    /// Pixels below the top edge.
    public var y: Double

    /// The point (`x`, `y`) in pixels.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A filled rectangle: top-left corner (``x``, ``y``), ``width`` × ``height`` pixels, corners
/// rounded with ``cornerRadius`` pixels (0: square; at most half the shorter side).
public struct CardRect: Sendable, Equatable {
    /// Left edge, pixels.
    public var x: Double
    /// Top edge, pixels.
    public var y: Double
    /// Width, pixels (≥ 0).
    public var width: Double
    /// Height, pixels (≥ 0).
    public var height: Double
    /// Radius of the rounded corners, pixels.
    public var cornerRadius: Double
    /// The fill colour.
    public var fill: CardColor

    /// A rectangle at (`x`, `y`) of `width` × `height` pixels.
    public init(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double = 0, fill: CardColor) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
        self.cornerRadius = max(0, min(cornerRadius, min(self.width, self.height) / 2))
        self.fill = fill
    }
}

/// An open line through ``points`` in order, stroked ``lineWidth`` pixels wide with round caps
/// and joins (a route).
public struct CardPolyline: Sendable, Equatable {
    /// The points, pixels; at least two to be seen.
    public var points: [CardPoint]
    /// The stroke colour.
    public var stroke: CardColor
    /// The stroke's width in pixels.
    public var lineWidth: Double
}

/// A filled circle of ``radius`` pixels around ``center`` (a route's start and finish).
public struct CardCircle: Sendable, Equatable {
    /// The centre, pixels.
    public var center: CardPoint
    /// The radius, pixels.
    public var radius: Double
    /// The fill colour.
    public var fill: CardColor
}

/// One line of text: its baseline starts, centres or ends at (``x``, ``y``) as ``anchor`` says,
/// set in DejaVu Sans (``weight``) at ``size`` pixels (the em size).
///
/// ``maximumWidth`` is the room the layout gave it, in pixels: the layout sizes the text so
/// that its estimate (``CardTextWidth``) fits, and a renderer that measures the real glyphs
/// makes it smaller still if they do not (CardImages does).
public struct CardText: Sendable, Equatable {
    /// Where the text is placed along its baseline.
    public enum Anchor: String, Sendable, Equatable {
        /// `x` is the left end.
        case start
        /// `x` is the middle.
        case middle
        /// `x` is the right end.
        case end
    }

    /// The weight of the face.
    public enum Weight: String, Sendable, Equatable {
        /// DejaVu Sans.
        case regular
        /// DejaVu Sans Bold.
        case bold
    }

    /// The text, one line (no control characters: the layout removes them).
    public var text: String
    /// The anchor's `x`, pixels.
    public var x: Double
    /// The baseline's `y`, pixels.
    public var y: Double
    /// The font size (em) in pixels.
    public var size: Double
    /// Regular or bold.
    public var weight: Weight
    /// The text's colour.
    public var color: CardColor
    /// What `x` is: the left end, the middle or the right end.
    public var anchor: Anchor
    /// The widest the text may be, pixels.
    public var maximumWidth: Double

    /// A line of text; see the properties for the units.
    public init(_ text: String, x: Double, y: Double, size: Double, weight: Weight = .regular, color: CardColor,
                anchor: Anchor = .start, maximumWidth: Double) {
        self.text = text
        self.x = x
        self.y = y
        self.size = size
        self.weight = weight
        self.color = color
        self.anchor = anchor
        self.maximumWidth = maximumWidth
    }
}
