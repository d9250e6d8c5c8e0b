import CommandLineKit
import Foundation
import TerminalUI
import WorkoutModel
import WorkoutStats
import WorkoutStore

/// `hiit stats [PERIOD] [--date YYYY-MM-DD] [--back N] [--compare previous|last-year]
/// [--metric sessions|time|kcal|distance|elevation] [--sport SPORT] [--json]` (DESIGN §4, §6).
///
/// The only place of the statistics that reads the clock (``CommandContext/now``), the zone (``LocalTimeZone``) and
/// the locale of `LC_ALL`/`LC_TIME`/`LANG` (``UserLocale``); everything below gets them as a ``StatsContext``. Day-or-longer periods
/// are answered from the daily roll-up; `day` and `24h` read the records.
struct StatsCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["stats"], abstract: "Show how your workouts add up over a period: a bar chart, totals and a comparison.",
        discussion: "A session counts once, whole, on the local date and hour it started where it took place. The last 7 days and weeks have a bar per day, a month has bars for days 1–7, 8–14, 15–21, 22–28 and 29 to the end, quarters and years a bar per month, day and 24h a bar per hour. day places each session of that date in the hour of the wall clock where it took place (07:00 in New York is the 07:00 bar, seen from anywhere); 24h is a rolling window of real time and places sessions by their start instant in your zone (the same session is in the 13:00 bar seen from Prague). The average is per bar begun so far (today included). A period in progress is compared with the same part of the other period; a week against last year is the week 52 weeks (364 days) earlier, which after a 53-week year has the next week number (2021-W01 against 2020-W02). Durations read in hours and minutes (1 h 53 min). Weeks start on the profile's first weekday ('hiit profile --first-weekday'). At the end, as of today whatever the period: the streak (days in a row with a session, counted through yesterday until today has one) and, with a weekly goal ('hiit goal'), this week's progress and the weeks in a row that met it. The screen fits the terminal's width (COLUMNS when it is not a terminal, else 80).\nLines of the history that cannot be read are reported on standard error and skipped.")

    /// PERIOD: the period asked for, if given.
    @Argument("PERIOD",
              help: "7d (the last 7 days, the default), day, 24h, week, month, quarter, year, or FROM..TO (two dates YYYY-MM-DD, both included).",
              as: StatsCommand.parsing(PeriodSpec.init(argument:), reason: StatsCommand.periodReason))
    var period: PeriodSpec?
    /// `--date DATE`: a day of the period, if given.
    @Option("date", valueName: "date",
            help: "Show the period holding this date, YYYY-MM-DD (default: today; for 7d the last of the seven days). Not with 24h or FROM..TO.",
            as: StatsCommand.dateConversion)
    var date: LocalDay?
    /// `--back N`: how many periods to go back, if given.
    @Option("back", valueName: "n", help: "Go back n periods from there (0–10000, default 0): --back 1 is last week, last month, …",
            as: .wholeNumber(range: 0...10_000, unit: "periods"))
    var back: Int?
    /// `--compare BASELINE`, if given.
    @Option("compare", valueName: "baseline",
            help: "Compare with the previous period (previous, the default) or the same period a year earlier (last-year).",
            as: StatsCommand.parsing(Baseline.init(argument:)) { _ in "is not one of previous, last-year" })
    var baseline: Baseline?
    /// `--metric METRIC`, if given.
    @Option("metric", valueName: "metric",
            help: "What the bars show: sessions, time (workout time, the default), kcal, distance, or elevation (metres climbed, feet with imperial units).",
            as: StatsCommand.parsing(Metric.init(argument:)) { _ in "is not one of sessions, time, kcal, distance, elevation" })
    var metric: Metric?
    /// `--sport SPORT`: the sessions counted, if given.
    @Option("sport", valueName: "sport",
            help: "Count only sessions with this sport (\(StatsCommand.filterSports), or run, bike, swim, walk, row, hike, paddle, ski) or only interval workouts (intervals; hiit is the same: timed ones and a device's HIIT sessions); distances and ascent are then that sport's.",
            as: StatsCommand.filterConversion)
    var filter: SessionFilter?
    /// `--cumulative`: whether to draw the running total beside the baseline's (issue 17).
    @Flag("cumulative", help: "Draw the running total of the metric over the period day by day (hour by hour for day and 24h) as a line, with the comparison period's as a dotted line beside it; with --json, add both series as cumulative.")
    var isCumulative: Bool
    /// `--cache`: whether to show the roll-up cache's state instead of a report.
    @Flag("cache", help: "Show the statistics' roll-up cache instead of a report: its file, the days it holds, when it was last written and whether it matches the history.")
    var showsCache: Bool
    /// `--rebuild-cache`: whether to drop the roll-up cache and build it again from the history.
    @Flag("rebuild-cache", help: "Drop the roll-up cache and build it again from the whole history, then say what it holds.")
    var rebuildsCache: Bool
    /// `--json`: whether to write JSON instead of the screen.
    @Flag("json", help: "Write the report as one JSON object (period, buckets, totals, averagePerBucket, best, comparison, streaks, goal; cumulative with --cumulative) instead of the screen.")
    var isJSON: Bool
    /// `--card FILE.svg|FILE.png`: the period as a picture to share, if given (#17).
    @Option("card", valueName: "file",
            help: "Write the period as a 1080×1350 picture to share instead of the screen: FILE.svg (SVG) or FILE.png (PNG, drawn with cairo). The title, the bars, the comparison and the totals.",
            as: CardFile.conversion)
    var card: CardFile?

    /// The sports `--sport` takes by name, as its help and error list them: every ``Sport``
    /// (`swimming, cycling, running, …, hiit, other`; `hiit` counts interval workouts).
    static let filterSports = Sport.allCases.map(\.rawValue).joined(separator: ", ")

    /// `--sport`'s conversion (here and in `hiit goal`): a ``SessionFilter`` word, or a usage
    /// error listing the words taken.
    static var filterConversion: ValueConversion<SessionFilter> {
        parsing(SessionFilter.init(argument:)) { _ in
            "is not a sport: use one of \(filterSports) (or run, bike, swim, walk, row, hike, paddle, ski), or intervals"
        }
    }

    /// The period, baseline, metric and filter asked for, with the command line's defaults.
    var query: StatsQuery { query(defaults: Profile()) }

    /// The period, baseline, metric and filter asked for; a period or baseline not given comes
    /// from the profile's `defaultPeriod` and `defaultCompare` (`hiit profile --default-period`),
    /// else the last 7 days against the previous period.
    func query(defaults profile: Profile) -> StatsQuery {
        var query = StatsQuery()
        if let word = profile.defaultPeriod, let stored = try? PeriodSpec(argument: word) { query.period = stored }
        if let word = profile.defaultCompare, let stored = try? Baseline(argument: word) { query.baseline = stored }
        if let period { query.period = period }
        if let date { query.date = date }
        if let back { query.back = back }
        if let baseline { query.baseline = baseline }
        if let metric { query.metric = metric }
        if let filter { query.filter = filter }
        return query
    }

    /// - Throws: ``CommandLineError/conflict(_:)`` for `--date` with `24h` or a FROM..TO range, and
    ///   for `--cache` or `--rebuild-cache` with a period or any option of a report.
    func validate() throws(CommandLineError) {
        if showsCache || rebuildsCache {
            let flag = rebuildsCache ? $rebuildsCache.flagName : $showsCache.flagName
            let others: [(Bool, String)] = [
                (period != nil, "a period"), (date != nil, $date.flagName), (back != nil, $back.flagName),
                (baseline != nil, $baseline.flagName), (metric != nil, $metric.flagName), (filter != nil, $filter.flagName),
                (isCumulative, $isCumulative.flagName), (card != nil, $card.flagName),
            ]
            if let other = others.first(where: \.0) {
                throw .conflict("\(flag) cannot be given with \(other.1): it shows the cache, not a report")
            }
            return
        }
        let query = query
        if isJSON, card != nil { throw .conflict("--card and --json cannot be given together; choose one") }
        if query.date != nil, query.period == .last24Hours || query.period.kind == .range {
            throw .conflict("--date cannot be given with the period \(query.period.argument): "
                + (query.period == .last24Hours ? "24h is always the 24 hours up to now" : "a FROM..TO range names its own dates"))
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let environment = context.environment

        // The clock (the context's now), the zone and the locale are read here and nowhere else.
        let folder = DataFolder(url: context.locations.dataFolder)
        if showsCache || rebuildsCache {
            return try StatsCacheReport.run(folder: folder, rebuilds: rebuildsCache, shows: showsCache, isJSON: isJSON,
                                            context: context)
        }
        let profile = ProfileLoader.load(context.locations, console: console,
                                         consequence: "weeks start on Monday and distances are metric")
        let statsContext = WeekStanding.context(now: context.now, firstWeekday: profile.firstWeekday,
                                                environment: environment)
        let query = query(defaults: profile)

        // An hourly period is built from every record as the history is read (never held);
        // the others come from the roll-up.
        let isHourly = query.period == .day || query.period == .last24Hours
        let builder: StatsReportBuilder?
        do throws(StatsError) {
            builder = isHourly ? try StatsReportBuilder(query: query, context: statsContext) : nil
        } catch {
            throw Self.usageError(error, query: query)
        }
        let data: StatsData
        do {
            data = try StatsData.load(folder: folder, hourly: builder)
        } catch {
            throw CommandFailure.io("\(error)")
        }
        HistoryReading.report(data.problems, path: folder.historyURL.path, console: console)

        var report: StatsReport
        do throws(StatsError) {
            if let hourly = data.hourly {
                report = hourly
            } else {
                report = try StatsReport(rollup: data.rollup, query: query, context: statsContext)
            }
        } catch {
            throw Self.usageError(error, query: query)
        }
        // Streaks and the goal are as of today, whatever the period shown.
        report.streaks = StreakReport(rollup: data.rollup, goal: profile.weeklyGoal, context: statsContext)
        // The running totals: asked for, or under the bars when the terminal has the rows for them.
        let isTerminal = console.stdoutIsTerminal
        let rows = isTerminal ? (TerminalSize.query(fd: STDOUT_FILENO)?.rows ?? 0) : 0
        if isCumulative || (!isJSON && rows >= Self.rowsForChart) {
            report.cumulative = isHourly ? CumulativeSeries(hourly: report) : CumulativeSeries(rollup: data.rollup, report: report)
        }

        if isJSON {
            do {
                console.out(String(decoding: try report.jsonData(), as: UTF8.self))
            } catch {
                throw CommandFailure.io("the report cannot be written as JSON: \(error)")
            }
            return ExitStatus.success
        }
        if data.rollup.sessionCount == 0, data.problems.isEmpty {
            console.out(Format.wrap(StatsScreen.emptyHistoryLine, width: context.width).joined(separator: "\n"))
            return ExitStatus.success
        }
        if let card {
            let screen = StatsScreen(report: report, context: statsContext, units: profile.units, glyphs: .unicode,
                                     width: StatsScreen.maximumWidth)
            try card.write(screen.card().scene)
            console.out("Wrote \(card.url.path)")
            return ExitStatus.success
        }
        let style = StyleMode.decide(isTerminal: isTerminal, noColor: environment["NO_COLOR"], term: environment["TERM"])
        var screen = StatsScreen(report: report, context: statsContext, units: profile.units, glyphs: context.glyphs,
                                 width: context.width, streaks: report.streaks, cumulative: report.cumulative)
        var lines = isCumulative ? screen.cumulativeLines() : screen.lines()
        if !isCumulative, report.cumulative != nil, lines.count >= rows {
            // Under the bars only when the whole screen still fits the terminal.
            screen.cumulative = nil
            lines = screen.lines()
        }
        console.out(lines.map { $0.rendered(in: style) }.joined(separator: "\n"))
        return ExitStatus.success
    }

    /// The terminal rows from which plain `hiit stats` draws the running totals under the bars
    /// (when the whole screen fits them too): 40.
    static let rowsForChart = 40

    // MARK: Pieces

    /// A conversion through a statistics parser: a word it refuses is a
    /// ``CommandLineError/badValue(option:value:reason:)`` naming the option, with `reason`.
    /// - Parameters:
    ///   - make: the parser (`Metric.init(argument:)`).
    ///   - reason: the end of the message for the parser's error.
    static func parsing<Value>(_ make: @escaping (String) throws(StatsError) -> Value,
                               reason: @escaping (StatsError) -> String) -> ValueConversion<Value> {
        ValueConversion { text, origin throws(CommandLineError) in
            do throws(StatsError) {
                return try make(text)
            } catch {
                throw .badValue(option: origin.name, value: text, reason: reason(error))
            }
        }
    }

    /// `--date`'s conversion: a day YYYY-MM-DD.
    static var dateConversion: ValueConversion<LocalDay> {
        ValueConversion { text, origin throws(CommandLineError) in
            guard let day = LocalDay(text) else {
                throw .badValue(option: origin.name, value: text, reason: "is not a date YYYY-MM-DD, such as 2026-11-29")
            }
            return day
        }
    }

    /// The end of "'WORD' …" for a period word that does not parse.
    static func periodReason(_ error: StatsError) -> String {
        switch error {
        case .badDate(let text):
            "has a date that is not a date YYYY-MM-DD: '\(text)'"
        case .rangeEndsBeforeStart:
            "ends before it starts"
        default:
            "is not one of 7d, day, 24h, week, month, quarter, year, FROM..TO (YYYY-MM-DD..YYYY-MM-DD)"
        }
    }

    /// A statistics error met once the history was read, as a usage error (exit 64): they all
    /// come from the command line's values (a date too far back, a date with 24h).
    static func usageError(_ error: StatsError, query: StatsQuery) -> CommandLineError {
        switch error {
        case .outOfCalendarRange:
            let value = query.date?.description ?? query.period.argument
            return .badValue(option: query.date != nil ? "--date" : "--back", value: query.date != nil ? value : String(query.back),
                             reason: "reaches outside the years 1–9999")
        default:
            return .conflict(error.description)
        }
    }
}
