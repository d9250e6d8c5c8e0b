/// One leg of a multisport session as its card lists it.
public struct CardLeg: Sendable, Equatable {
    /// The sport as stored (`swimming`, `transition`, …): picks the colour.
    public var sport: String
    /// The sport as shown: `Swim`, `T1`, `Kite surfing`.
    public var name: String
    /// `15:05`, `1:02:10`.
    public var time: String
    /// `750 m`, `20 km`, or empty.
    public var distance: String
    /// `2:00 /100 m`, `31.2 km/h`, `4:40 /km`, or empty.
    public var pace: String
    /// The leg's timer seconds (its share of the session's bar when there is no route), ≥ 0.
    public var seconds: Double

    /// A leg; see the properties.
    public init(sport: String, name: String, time: String, distance: String = "", pace: String = "", seconds: Double) {
        self.sport = sport
        self.name = name
        self.time = time
        self.distance = distance
        self.pace = pace
        self.seconds = seconds.isFinite ? max(0, seconds) : 0
    }
}

/// A route as drawn: one line of positions per leg, in metres east (`x`) and north (`y`) of any
/// origin (Tracks' `RouteProjection`), with the leg's sport for its colour.
public struct CardRoute: Sendable, Equatable {
    /// One piece of the route.
    public struct Piece: Sendable, Equatable {
        /// The sport (`running`): the line's colour when the route has several pieces.
        public var sport: String
        /// Positions, metres east and north; at least two make a line.
        public var points: [CardPoint]

        /// A piece of `sport` through `points` (metres east, north).
        public init(sport: String, points: [CardPoint]) {
            self.sport = sport
            self.points = points.filter { $0.x.isFinite && $0.y.isFinite }
        }
    }

    /// The pieces in order (the first one's first point is the start, the last one's last the finish).
    public var pieces: [Piece]

    /// A route of `pieces`; pieces of fewer than two points are left out.
    public init(pieces: [Piece]) {
        self.pieces = pieces.filter { $0.points.count >= 2 }
    }

    /// Whether there is a line to draw.
    public var isEmpty: Bool { pieces.isEmpty }
}

/// What a session's card shows (`hiit history show ID --card FILE`), every text already
/// formatted, and its layout (``scene``): the name and date, the route when the session has a
/// track (else the session's time as a large number over a bar of its parts: work and rest, or
/// the legs), the legs of a multisport session, and the figures.
public struct SessionCard: Sendable, Equatable {
    /// `Morning run`, `Evening Tabata`.
    public var title: String
    /// `Saturday 28 November 2026 · 09:25`.
    public var subtitle: String
    /// At the top right: `Running`, `Multisport`, `Intervals`.
    public var kind: String
    /// The route, when the session has positions.
    public var route: CardRoute?
    /// The large number without a route: `1 h 53 min`.
    public var headline: String
    /// Under it, without a route: `8 rounds · 1 exercise`.
    public var headlineDetail: String
    /// The parts of the session's bar without a route: (label, seconds, colour of the sport
    /// or `nil` for the accent) — `Work 2 min 40 s`, `Rest 1 min 10 s`.
    public var parts: [Part]
    /// The legs (listed when there are two or more).
    public var legs: [CardLeg]
    /// Duration, distance, energy, pace, heart rate, ascent (at most six are shown).
    public var figures: [CardFigure]

    /// A part of the session's time, for the bar shown when there is no route.
    public struct Part: Sendable, Equatable {
        /// `Work 2 min 40 s`.
        public var label: String
        /// Its seconds, ≥ 0.
        public var seconds: Double
        /// Its colour.
        public var color: CardColor

        /// A part of `seconds` seconds.
        public init(label: String, seconds: Double, color: CardColor) {
            self.label = label
            self.seconds = seconds.isFinite ? max(0, seconds) : 0
            self.color = color
        }
    }

    /// A session card; see the properties.
    public init(title: String, subtitle: String, kind: String, route: CardRoute? = nil, headline: String = "",
                headlineDetail: String = "", parts: [Part] = [], legs: [CardLeg] = [], figures: [CardFigure]) {
        self.title = title
        self.subtitle = subtitle
        self.kind = kind
        self.route = route.flatMap { $0.isEmpty ? nil : $0 }
        self.headline = headline
        self.headlineDetail = headlineDetail
        self.parts = parts
        self.legs = legs
        self.figures = figures
    }

    /// The most legs listed; more are summed up in one line.
    static let listedLegs = 7
    /// The height of a leg's row, pixels.
    static let legRowHeight = 54.0

    /// The card laid out, 1080 × 1350 pixels.
    public var scene: CardScene {
        let m = CardLayout.margin, width = CardLayout.contentWidth
        var elements = CardLayout.header(right: kind)
        elements.append(CardLayout.text(title, x: m, y: 214, size: 64, minimumSize: 36, weight: .bold, color: CardPalette.text,
                                        width: width))
        elements.append(CardLayout.text(subtitle, x: m, y: 268, size: 32, minimumSize: 20, color: CardPalette.muted, width: width))

        let rows = CardLayout.figureRows(figures.count)
        let figuresTop = Double(CardScene.cardHeight) - 56 - Double(rows) * CardLayout.figureRowHeight
        let listed = legs.count >= 2 ? min(legs.count, Self.listedLegs + (legs.count == Self.listedLegs + 1 ? 1 : 0)) : 0
        let legLines = listed + (legs.count > listed && listed > 0 ? 1 : 0)
        let legsHeight = legLines > 0 ? Double(legLines) * Self.legRowHeight + 40 : 0
        let panelTop = 310.0
        let panelBottom = figuresTop - 24 - legsHeight
        elements.append(.rect(CardRect(x: m, y: panelTop, width: width, height: panelBottom - panelTop, cornerRadius: 28,
                                       fill: CardPalette.panel)))
        if let route {
            elements += Self.routeElements(route, left: m + 48, top: panelTop + 48, width: width - 96,
                                           height: panelBottom - panelTop - 96)
        } else {
            elements += headlineElements(top: panelTop, bottom: panelBottom)
        }
        if legLines > 0 {
            elements += legElements(listed: listed, top: panelBottom + 40)
        }
        elements += CardLayout.figures(figures, top: figuresTop)
        return CardScene(background: CardPalette.background, elements: elements)
    }

    /// The route fitted into the box (`left`, `top`, `width` × `height` pixels), its shape kept
    /// (one scale for both axes, centred; north up), a dot at the start and at the finish.
    static func routeElements(_ route: CardRoute, left: Double, top: Double, width: Double, height: Double) -> [CardElement] {
        let all = route.pieces.flatMap(\.points)
        guard let first = all.first else { return [] }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in all {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        let spanX = maxX - minX, spanY = maxY - minY
        let span = max(spanX / width, spanY / height)
        // A route that stays on one spot (a treadmill's few positions) is drawn as a dot.
        let scale = span > 0 ? 1 / span : 0
        let offsetX = left + (width - spanX * scale) / 2, offsetY = top + (height - spanY * scale) / 2
        func place(_ point: CardPoint) -> CardPoint {
            CardPoint(x: offsetX + (point.x - minX) * scale, y: offsetY + (maxY - point.y) * scale)
        }
        let isMultisport = Set(route.pieces.map(\.sport)).count > 1
        var elements: [CardElement] = []
        for piece in route.pieces {
            let color = isMultisport ? CardPalette.sport(piece.sport) : CardPalette.accent
            elements.append(.polyline(CardPolyline(points: piece.points.map(place), stroke: color, lineWidth: 10)))
        }
        if let start = route.pieces.first?.points.first, let finish = route.pieces.last?.points.last {
            for (point, color) in [(finish, CardPalette.finish), (start, CardPalette.start)] {
                elements.append(.circle(CardCircle(center: place(point), radius: 17, fill: CardPalette.text)))
                elements.append(.circle(CardCircle(center: place(point), radius: 12, fill: color)))
            }
        }
        return elements
    }

    /// Without a route: the headline and its detail in the middle of the panel, and the bar of
    /// the session's parts with their labels under it.
    func headlineElements(top: Double, bottom: Double) -> [CardElement] {
        let m = CardLayout.margin, width = CardLayout.contentWidth
        let middle = (top + bottom) / 2
        var elements: [CardElement] = [
            CardLayout.text(headline, x: m + width / 2, y: middle - 20, size: 150, minimumSize: 70, weight: .bold,
                            color: CardPalette.text, anchor: .middle, width: width - 96),
        ]
        if !headlineDetail.isEmpty {
            elements.append(CardLayout.text(headlineDetail, x: m + width / 2, y: middle + 46, size: 36, minimumSize: 22,
                                            color: CardPalette.muted, anchor: .middle, width: width - 96))
        }
        let total = parts.map(\.seconds).reduce(0, +)
        guard total > 0 else { return elements }
        let barLeft = m + 48, barWidth = width - 96, barTop = bottom - 140
        var x = barLeft
        for part in parts where part.seconds > 0 {
            let share = barWidth * part.seconds / total
            elements.append(.rect(CardRect(x: x, y: barTop, width: max(2, share - 4), height: 36, cornerRadius: 8, fill: part.color)))
            x += share
        }
        // The labels in a row under the bar, each after a dot of its colour.
        let shown = parts.filter { $0.seconds > 0 }.prefix(6)
        let room = barWidth / Double(shown.count)
        for (index, part) in shown.enumerated() {
            let left = barLeft + room * Double(index)
            elements.append(.circle(CardCircle(center: CardPoint(x: left + 10, y: barTop + 80), radius: 9, fill: part.color)))
            elements.append(CardLayout.text(part.label, x: left + 28, y: barTop + 90, size: 28, minimumSize: 14,
                                            color: CardPalette.text, width: room - 40))
        }
        return elements
    }

    /// The list of legs from `top`: a dot of the sport's colour, the name, the time, the
    /// distance and the pace in columns; a last line `+ N more legs` when they do not all fit.
    func legElements(listed: Int, top: Double) -> [CardElement] {
        let m = CardLayout.margin, width = CardLayout.contentWidth
        var elements: [CardElement] = []
        for (index, leg) in legs.prefix(listed).enumerated() {
            let y = top + Self.legRowHeight * Double(index) + 36
            elements.append(.circle(CardCircle(center: CardPoint(x: m + 12, y: y - 11), radius: 11, fill: CardPalette.sport(leg.sport))))
            elements.append(CardLayout.text(leg.name, x: m + 40, y: y, size: 32, minimumSize: 18, weight: .bold,
                                            color: CardPalette.text, width: 300))
            elements.append(CardLayout.text(leg.time, x: m + 500, y: y, size: 32, minimumSize: 18, color: CardPalette.text,
                                            anchor: .end, width: 150))
            elements.append(CardLayout.text(leg.distance, x: m + 700, y: y, size: 32, minimumSize: 18, color: CardPalette.text,
                                            anchor: .end, width: 180))
            elements.append(CardLayout.text(leg.pace, x: m + width, y: y, size: 32, minimumSize: 18, color: CardPalette.muted,
                                            anchor: .end, width: 220))
        }
        if legs.count > listed {
            let more = legs.count - listed
            elements.append(CardLayout.text("+ \(more) more \(more == 1 ? "leg" : "legs")", x: m + 40,
                                            y: top + Self.legRowHeight * Double(listed) + 36, size: 28, color: CardPalette.muted,
                                            width: width - 40))
        }
        return elements
    }
}
