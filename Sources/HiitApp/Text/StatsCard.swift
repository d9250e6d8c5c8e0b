import Calories
import ShareCards
import WorkoutModel
import WorkoutStats

extension StatsScreen {
    /// The period's share card (`hiit stats PERIOD --card FILE`): the screen's title, caption,
    /// bars and notes in the card's shape (``PeriodCard``): the headline is the period's total of
    /// the metric with its change, the figures are the table's totals with their changes
    /// (sessions, workout time, energy when any, distance per sport, ascent when any; at most six).
    func card() -> PeriodCard {
        let metric = report.metric
        let chartRows = rows()
        let bars = zip(report.buckets, chartRows).map { bucket, row -> CardBar in
            // `Mon 23 Nov` → `Mon` over `23 Nov`; month buckets and hours as they are.
            let label = row.label
            var first = label, detail = ""
            if report.period.kind == .last7Days || report.period.kind == .week
                || (report.period.kind == .range && bucketNoun() == "day"),
               let space = label.firstIndex(of: " ") {
                first = String(label[..<space])
                detail = String(label[label.index(after: space)...])
            }
            return CardBar(label: first, detail: detail, value: row.value, valueText: row.valueText,
                           isBest: row.isBest, isCurrent: row.isCurrent)
        }
        let comparison = report.comparison
        func change(_ value: StatsChange?) -> CardChange? {
            guard let value else { return nil }
            let direction: CardChange.Direction = value.difference > 0 ? .up : value.difference < 0 ? .down : .level
            return CardChange(text: Self.changeText(value, glyphs: glyphs), direction: direction)
        }
        let totals = report.totals
        var figures = [
            CardFigure(label: "Sessions", value: String(totals.sessions), change: change(comparison?.change(of: .sessions))),
            CardFigure(label: "Workout time", value: Format.hoursMinutes(totals.workoutSeconds), change: change(comparison?.change(of: .time))),
        ]
        if totals.kcal > 0 { figures.append(CardFigure(label: "Energy", value: HIITCalories.display(totals.kcal), change: change(comparison?.change(of: .kcal)))) }
        let changes = comparison?.distanceBySportChange ?? [:]
        for sport in Self.sportOrder(Set(totals.distanceBySport.keys)) {
            figures.append(CardFigure(label: Self.sportName(sport), value: distance(totals.distanceBySport[sport], sport: sport),
                                      change: change(changes[sport])))
        }
        if totals.ascentMeters > 0 {
            figures.append(CardFigure(label: "Ascent", value: climb(totals.ascentMeters), change: change(comparison?.change(of: .elevation))))
        }
        if figures.count < 6 {
            figures.insert(CardFigure(label: "Total time", value: Format.hoursMinutes(totals.totalSeconds),
                                      change: change(comparison?.totalSecondsChange)), at: 2)
        }
        var note = comparison.map(comparisonNote) ?? ""
        if let best = report.best { note = "Best: \(best.label) (\(noteText(best.totals.value(of: metric)))). " + note }
        return PeriodCard(title: Self.title(report.period, filter: report.filter, context: context, glyphs: glyphs),
                          caption: caption(), headline: noteText(totals.value(of: metric)),
                          headlineChange: change(comparison?.change(of: metric)),
                          baselineName: comparison.map { $0.baseline == .lastYear ? "the same period last year" : "the previous period" } ?? "",
                          bars: bars, figures: figures, note: note)
    }
}
