import ActivityFiles
import Calories
import ShareCards
import Tracks
import WorkoutModel
import WorkoutStats

/// A session's share card (`hiit history show ID --card FILE`, #17): its title by time of day,
/// its local date and start time, the route of every leg with positions (one projection for
/// all, so the legs join up), the legs of a multisport session, and the figures (workout or
/// total time, distance, energy, pace or speed of a one-leg session, heart rate, ascent).
enum SessionCardText {
    /// The most positions drawn per leg (more are thinned evenly, the last one kept).
    static let mostRoutePoints = 1000

    /// The card of `record`, with the route from `activity` (its decoded original) when it has positions.
    static func card(_ record: SessionRecord, activity: RecordedActivity?, units: WorkoutModel.Profile.Units) -> SessionCard {
        let time = HistoryText.wallClock(record.start, utcOffsetSeconds: record.utcOffsetSeconds).time
        let day = record.localDate
        let subtitle = "\(day.weekdayAbbreviation) \(day.day) \(day.monthAbbreviation) \(day.year) · \(time)"
        let sportLegs = record.legs.filter { $0.sport != Sport.transition.rawValue }
        let kind: String
        if record.kind == .intervals {
            kind = "Intervals"
        } else if record.legs.count == 1, let leg = record.legs.first {
            kind = leg.knownSport?.displayName ?? StatsScreen.sportName(leg.sport)
        } else {
            kind = "Multisport"
        }
        var figures: [CardFigure] = []
        if record.kind == .intervals {
            figures.append(CardFigure(label: "Workout time", value: Format.hoursMinutes(record.workoutSeconds)))
        }
        figures.append(CardFigure(label: record.kind == .intervals ? "Total time" : "Time", value: Format.hoursMinutes(record.totalSeconds)))
        if let meters = Format.shownDistance(record.totalDistanceMeters) {
            figures.append(CardFigure(label: "Distance", value: Format.distance(meters, units: units, sport: nil, poolUnit: nil)))
        }
        if let kcal = record.kcal { figures.append(CardFigure(label: "Energy", value: HIITCalories.display(kcal))) }
        if sportLegs.count == 1, let leg = sportLegs.first, let sport = leg.knownSport, let meters = leg.distanceMeters,
           let pace = Pace.text(for: sport, meters: meters, seconds: leg.movingSeconds ?? leg.timerSeconds, units: units) {
            figures.append(CardFigure(label: pace.contains("/") ? "Pace" : "Speed", value: pace))
        }
        if let heart = record.legs.compactMap(\.avgHeartRate).max() {
            figures.append(CardFigure(label: "Heart rate", value: "\(Int(heart.rounded())) bpm"))
        }
        let ascent = record.legs.compactMap(\.ascentMeters).reduce(0, +)
        if ascent > 0 { figures.append(CardFigure(label: "Ascent", value: ActivityDetailText.climb(ascent, units: units))) }
        if record.kind == .intervals {
            figures.append(CardFigure(label: "Rounds", value: "\(record.rounds)"))
        }

        // Transitions are T1, T2 as in the leg table (short enough for the legend under the bar).
        let labels = LegTable.labels(record.legs)
        let legs = zip(record.legs, labels).map { leg, label in
            let sport = leg.knownSport
            let distance = Format.shownDistance(leg.distanceMeters).map { Format.distance($0, units: units, sport: sport, poolUnit: nil) }
            let pace = sport.flatMap { sport in
                leg.distanceMeters.flatMap { Pace.text(for: sport, meters: $0, seconds: leg.movingSeconds ?? leg.timerSeconds, units: units) }
            }
            let name = sport == .transition ? label : sport?.displayName ?? StatsScreen.sportName(leg.sport)
            return CardLeg(sport: leg.sport, name: name, time: Pace.clock(leg.timerSeconds),
                           distance: distance ?? "", pace: pace ?? "", seconds: leg.timerSeconds)
        }
        var parts: [SessionCard.Part]
        var detail: String
        if record.kind == .intervals {
            parts = [SessionCard.Part(label: "Work \(Format.hoursMinutes(record.workoutSeconds))", seconds: record.workoutSeconds,
                                      color: CardPalette.accent),
                     SessionCard.Part(label: "Rest \(Format.hoursMinutes(record.totalSeconds - record.workoutSeconds))",
                                      seconds: record.totalSeconds - record.workoutSeconds, color: CardPalette.muted)]
            detail = "\(record.rounds) \(record.rounds == 1 ? "round" : "rounds") · \(record.exercises) \(record.exercises == 1 ? "exercise" : "exercises")"
        } else {
            parts = legs.map { SessionCard.Part(label: $0.name, seconds: $0.seconds, color: CardPalette.sport($0.sport)) }
            detail = Format.shownDistance(record.totalDistanceMeters).map { Format.distance($0, units: units, sport: nil, poolUnit: nil) } ?? ""
        }
        if parts.count < 2 { parts = [] }
        return SessionCard(title: SessionTitle.title(for: record), subtitle: subtitle, kind: kind,
                           route: route(activity), headline: Format.hoursMinutes(record.totalSeconds), headlineDetail: detail,
                           parts: parts, legs: record.legs.count >= 2 ? legs : [], figures: figures)
    }

    /// Every leg's accepted positions in one projection (metres east and north), a piece per leg.
    static func route(_ activity: RecordedActivity?) -> CardRoute? {
        guard let activity else { return nil }
        let sessions = activity.sessions.sorted { $0.start < $1.start }
        guard let projection = RouteProjection(points: sessions.flatMap(\.points)) else { return nil }
        var pieces: [CardRoute.Piece] = []
        var offset = 0
        for session in sessions {
            let count = session.points.filter { point in
                guard point.isAcceptedPosition, let latitude = point.latitude, let longitude = point.longitude else { return false }
                return latitude.isFinite && longitude.isFinite
            }.count
            let end = min(projection.points.count, offset + count)
            let points = projection.points[offset..<end].map { CardPoint(x: $0.x, y: $0.y) }
            offset = end
            let step = max(1, (points.count + mostRoutePoints - 1) / mostRoutePoints)
            var thinned = stride(from: 0, to: points.count, by: step).map { points[$0] }
            if let last = points.last, thinned.last != last { thinned.append(last) }
            pieces.append(CardRoute.Piece(sport: session.sport.rawValue, points: thinned))
        }
        let route = CardRoute(pieces: pieces)
        return route.isEmpty ? nil : route
    }
}
