/// One bar of a period card: a bucket of the period (a day, a week, a month, an hour).
public struct CardBar: Sendable, Equatable {
    /// The first line under the bar: `Mon`, `1–7`, `Jan`, `07`.
    public var label: String
    /// A second line under it, or empty: `23 Nov`.
    public var detail: String
    /// The metric's value, in any unit (only the ratios to the largest bar matter); ≥ 0.
    public var value: Double
    /// The value as shown above the bar: `49 min`, `12.5 km`.
    public var valueText: String
    /// Whether it is the best bar (drawn in the best colour).
    public var isBest: Bool
    /// Whether it is the bar of now, still in progress (drawn lighter).
    public var isCurrent: Bool

    /// A bar; see the properties.
    public init(label: String, detail: String = "", value: Double, valueText: String, isBest: Bool = false, isCurrent: Bool = false) {
        self.label = label
        self.detail = detail
        self.value = value.isFinite ? max(0, value) : 0
        self.valueText = valueText
        self.isBest = isBest
        self.isCurrent = isCurrent
    }
}

/// What a period's card shows (`hiit stats PERIOD --card FILE`), every text already formatted,
/// and its layout (``scene``).
///
/// ```
/// hiit                                   Workout time per day
/// 7 days · 23–29 Nov 2026
/// 2 h 49 min
/// ▼ 27% against the previous period
/// ┌ the bars, the best one yellow, values over them, labels under them ┐
/// [Sessions 4] [Workout time 2 h 49 min ▼ 27%] [Energy ~1992 kcal] …
/// Compared with the previous period: 16–22 Nov 2026.
/// ```
public struct PeriodCard: Sendable, Equatable {
    /// The period: `7 days · 23–29 Nov 2026`, `October 2026 (in progress)`.
    public var title: String
    /// What the bars show: `Workout time per day`.
    public var caption: String
    /// The period's total of the metric, large: `2 h 49 min`.
    public var headline: String
    /// The change of the metric, under the headline (`▼ 27%` and the baseline's name in ``baselineName``).
    public var headlineChange: CardChange?
    /// `the previous period`, `the same period last year`: after the headline's change.
    public var baselineName: String
    /// The bars, in time order.
    public var bars: [CardBar]
    /// The totals (at most six are shown).
    public var figures: [CardFigure]
    /// The line at the foot: which dates the comparison covers.
    public var note: String

    /// A period card; see the properties.
    public init(title: String, caption: String, headline: String, headlineChange: CardChange? = nil, baselineName: String = "",
                bars: [CardBar], figures: [CardFigure], note: String = "") {
        self.title = title
        self.caption = caption
        self.headline = headline
        self.headlineChange = headlineChange
        self.baselineName = baselineName
        self.bars = bars
        self.figures = figures
        self.note = note
    }

    /// The most bars labelled one by one; with more, every second, third, … bar is labelled.
    static let labelledBars = 12

    /// The card laid out, 1080 × 1350 pixels.
    public var scene: CardScene {
        let m = CardLayout.margin, width = CardLayout.contentWidth
        var elements = CardLayout.header(right: caption)
        elements.append(CardLayout.text(title, x: m, y: 212, size: 58, minimumSize: 34, weight: .bold, color: CardPalette.text,
                                        width: width))
        elements.append(CardLayout.text(headline, x: m, y: 352, size: 120, minimumSize: 60, weight: .bold,
                                        color: CardPalette.text, width: width))
        if let change = headlineChange {
            let line = baselineName.isEmpty ? change.text : "\(change.text) against \(baselineName)"
            elements.append(CardLayout.text(line, x: m, y: 418, size: 34, minimumSize: 22, weight: .bold, color: change.color,
                                            width: width))
        }
        let rows = CardLayout.figureRows(figures.count)
        let noteHeight = note.isEmpty ? 0.0 : 56
        let figuresTop = Double(CardScene.cardHeight) - 56 - noteHeight - Double(rows) * CardLayout.figureRowHeight
        let chartTop = 466.0, chartBottom = figuresTop - 24
        elements.append(.rect(CardRect(x: m, y: chartTop, width: width, height: chartBottom - chartTop, cornerRadius: 28,
                                       fill: CardPalette.panel)))
        elements += chart(top: chartTop, bottom: chartBottom)
        elements += CardLayout.figures(figures, top: figuresTop)
        if !note.isEmpty {
            elements.append(CardLayout.text(note, x: m, y: Double(CardScene.cardHeight) - 64, size: 26, minimumSize: 17,
                                            color: CardPalette.muted, width: width))
        }
        return CardScene(background: CardPalette.background, elements: elements)
    }

    /// The bars inside the chart's panel from `top` to `bottom`: values over the bars (every
    /// bar up to ``labelledBars``, else the best one only), labels under them.
    func chart(top: Double, bottom: Double) -> [CardElement] {
        guard !bars.isEmpty else { return [] }
        let left = CardLayout.margin + 32, right = CardLayout.margin + CardLayout.contentWidth - 32
        let hasDetail = bars.contains { !$0.detail.isEmpty }
        let baseline = bottom - (hasDetail ? 92 : 60)
        let tallest = baseline - (top + 80)
        let slot = (right - left) / Double(bars.count)
        let barWidth = min(96, slot * 0.68)
        let largest = bars.map(\.value).max() ?? 0
        let step = bars.count <= Self.labelledBars ? 1 : (bars.count + Self.labelledBars - 1) / Self.labelledBars
        var elements: [CardElement] = [
            .rect(CardRect(x: left, y: baseline, width: right - left, height: 3, fill: CardPalette.rule)),
        ]
        for (index, bar) in bars.enumerated() {
            let center = left + slot * (Double(index) + 0.5)
            let height = largest > 0 ? max(bar.value > 0 ? 6 : 0, tallest * bar.value / largest) : 0
            let color = bar.isBest ? CardPalette.best : bar.isCurrent ? CardPalette.current : CardPalette.accent
            if height > 0 {
                elements.append(.rect(CardRect(x: center - barWidth / 2, y: baseline - height, width: barWidth, height: height,
                                               cornerRadius: min(10, barWidth / 4), fill: color)))
            }
            let showsValue = bars.count <= Self.labelledBars ? true : bar.isBest
            if showsValue, !bar.valueText.isEmpty {
                let room = bars.count <= Self.labelledBars ? slot - 8 : 200
                let x = min(max(center, left + room / 2), right - room / 2)
                elements.append(CardLayout.text(bar.valueText, x: x, y: baseline - height - 16, size: 28, minimumSize: 15,
                                                weight: .bold, color: bar.isBest ? CardPalette.best : CardPalette.text,
                                                anchor: .middle, width: room))
            }
            if index % step == 0 {
                let room = slot * Double(step) - 8
                elements.append(CardLayout.text(bar.label, x: center, y: baseline + 42, size: 28, minimumSize: 15,
                                                color: bar.isCurrent ? CardPalette.current : CardPalette.muted,
                                                anchor: .middle, width: room))
                if !bar.detail.isEmpty {
                    elements.append(CardLayout.text(bar.detail, x: center, y: baseline + 78, size: 22, minimumSize: 13,
                                                    color: CardPalette.muted, anchor: .middle, width: room))
                }
            }
        }
        return elements
    }
}
