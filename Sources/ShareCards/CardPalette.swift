/// The colours of every card: light text on a dark slate ground, orange bars and routes.
public enum CardPalette {
    /// The canvas.
    public static let background = CardColor(0x0F172A)
    /// Panels behind the chart, the route and the figures.
    public static let panel = CardColor(0x1E293B)
    /// Lines inside panels (the chart's axis, empty bars).
    public static let rule = CardColor(0x334155)
    /// Titles and values.
    public static let text = CardColor(0xF8FAFC)
    /// Captions, labels and notes.
    public static let muted = CardColor(0x94A3B8)
    /// Bars, the route, the brand.
    public static let accent = CardColor(0xFB923C)
    /// The best bar.
    public static let best = CardColor(0xFACC15)
    /// The bar still in progress.
    public static let current = CardColor(0xFDBA74)
    /// A change up.
    public static let up = CardColor(0x4ADE80)
    /// A change down.
    public static let down = CardColor(0xF87171)
    /// A route's start.
    public static let start = CardColor(0x4ADE80)
    /// A route's finish.
    public static let finish = CardColor(0xF87171)

    /// The colour of a sport (HealthKit's names: `swimming`, `cycling`, `running`,
    /// `transition`; others share one colour).
    public static func sport(_ name: String) -> CardColor {
        switch name {
        case "swimming": CardColor(0x38BDF8)
        case "cycling": CardColor(0xFB923C)
        case "running": CardColor(0x4ADE80)
        case "transition": CardColor(0x94A3B8)
        case "walking", "hiking": CardColor(0xFACC15)
        default: CardColor(0xC084FC)
        }
    }
}

/// A figure of a card: a label over its value, and its change against the baseline when
/// there is one (`Sessions` `5` `▲ 25%`).
public struct CardFigure: Sendable, Equatable {
    /// `Sessions`, `Workout time`, `Running`, `Heart rate`.
    public var label: String
    /// `5`, `1 h 20 min`, `12.5 km`, `148 bpm`.
    public var value: String
    /// The change, when compared.
    public var change: CardChange?

    /// A figure with an optional change.
    public init(label: String, value: String, change: CardChange? = nil) {
        self.label = label
        self.value = value
        self.change = change
    }
}

/// A change against the baseline as shown: its text (`▲ 25%`, `new`, `same`) and which way it
/// went (which colour).
public struct CardChange: Sendable, Equatable {
    /// Which way a figure went.
    public enum Direction: String, Sendable, Equatable {
        /// More than the baseline (green).
        case up
        /// Less (red).
        case down
        /// The same, or nothing to compare (muted).
        case level
    }

    /// `▲ 25%`, `▼ 12%`, `new`, `same`, `—`.
    public var text: String
    /// Up, down or level.
    public var direction: Direction

    /// A change shown as `text`.
    public init(text: String, direction: Direction) {
        self.text = text
        self.direction = direction
    }

    /// The colour of the change's text.
    var color: CardColor {
        switch direction {
        case .up: CardPalette.up
        case .down: CardPalette.down
        case .level: CardPalette.muted
        }
    }
}

/// Pieces every card layout uses.
enum CardLayout {
    /// The margin around the card's content, pixels.
    static let margin = 72.0
    /// The content's width, pixels (1080 − 2 × 72).
    static let contentWidth = Double(CardScene.cardWidth) - 2 * margin

    /// A text fitted to `width` (``CardTextWidth/fitted(_:size:minimumSize:weight:maximumWidth:)``).
    static func text(_ string: String, x: Double, y: Double, size: Double, minimumSize: Double? = nil,
                     weight: CardText.Weight = .regular, color: CardColor, anchor: CardText.Anchor = .start,
                     width: Double) -> CardElement {
        let line = CardTextWidth.oneLine(string)
        let fit = CardTextWidth.fitted(line, size: size, minimumSize: minimumSize ?? size * 0.6, weight: weight, maximumWidth: width)
        return .text(CardText(fit.text, x: x, y: y, size: fit.size, weight: weight, color: color, anchor: anchor,
                              maximumWidth: width))
    }

    /// The grid of figures: up to three a row, rows of ``figureRowHeight`` from `top`, each in a panel.
    static func figures(_ figures: [CardFigure], top: Double) -> [CardElement] {
        var elements: [CardElement] = []
        let columns = 3.0, gap = 24.0
        let cellWidth = (contentWidth - gap * (columns - 1)) / columns
        for (index, figure) in figures.prefix(maximumFigures).enumerated() {
            let column = Double(index % 3), row = Double(index / 3)
            let x = margin + column * (cellWidth + gap), y = top + row * figureRowHeight
            elements.append(.rect(CardRect(x: x, y: y, width: cellWidth, height: figureRowHeight - gap, cornerRadius: 20,
                                           fill: CardPalette.panel)))
            let inner = cellWidth - 48
            var labelWidth = inner
            if let change = figure.change {
                let changeWidth = min(inner / 2, CardTextWidth.width(of: change.text, size: 26, weight: .bold))
                elements.append(text(change.text, x: x + cellWidth - 24, y: y + 40, size: 26, minimumSize: 18, weight: .bold,
                                     color: change.color, anchor: .end, width: inner / 2))
                labelWidth = inner - changeWidth - 12
            }
            elements.append(text(figure.label, x: x + 24, y: y + 40, size: 26, minimumSize: 18, color: CardPalette.muted,
                                 width: labelWidth))
            elements.append(text(figure.value, x: x + 24, y: y + 92, size: 44, minimumSize: 26, weight: .bold,
                                 color: CardPalette.text, width: inner))
        }
        return elements
    }

    /// The most figures a card shows (two rows of three).
    static let maximumFigures = 6
    /// The height of a row of figures, gap included, pixels.
    static let figureRowHeight = 140.0

    /// How many rows `count` figures take.
    static func figureRows(_ count: Int) -> Int {
        (min(count, maximumFigures) + 2) / 3
    }

    /// The brand at the top left, with `right` at the top right.
    static func header(right: String) -> [CardElement] {
        [text("hiit", x: margin, y: 118, size: 40, weight: .bold, color: CardPalette.accent, width: 200),
         text(right, x: margin + contentWidth, y: 118, size: 30, minimumSize: 20, color: CardPalette.muted, anchor: .end,
              width: contentWidth - 240)]
    }
}
