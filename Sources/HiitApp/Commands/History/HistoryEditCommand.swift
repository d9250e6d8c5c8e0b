import CommandLineKit
import WorkoutModel
import WorkoutStore

/// `hiit history edit ID --leg N --distance D`: corrects a multisport leg's distance; its pace
/// (shown, never stored) and kcal follow, and the session's kcal becomes the sum of its legs'.
/// The weight used is the one stored with the session. Every other line is kept byte for byte.
/// A distance faster than the sport allows for the leg's time is stored as given (it is the
/// person's correction) with a warning on stderr, the words the timer uses when it drops one.
struct HistoryEditCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["history", "edit"], abstract: "Correct a multisport leg's distance; its pace and kcal are recomputed.",
        discussion: "The leg is numbered as 'hiit history show ID' lists it. The calorie estimate uses the weight stored with the session. Every other line of the history file is kept exactly as it is.")

    /// The ID as typed.
    @Argument("ID", help: SessionIDMatch.argumentHelp) var id: String
    /// `--leg N`: the leg's number as `hiit history show` lists it (from 1).
    @Option("leg", valueName: "n", help: "The leg to correct, from 1.", example: "--leg 3",
            as: .wholeNumber(range: 0...1000, unit: ""))
    var number: Int
    /// `--distance D`: the new distance.
    @Option("distance", valueName: "distance",
            help: "The distance covered: a number and m, km, yd or mi (19.6km, 750m, 1000yd, 33⅓yd).",
            example: "--distance 19.6km", as: Self.distanceConversion)
    var newDistance: Distance

    /// `--distance`'s conversion: a number and m, km, yd or mi.
    private static var distanceConversion: ValueConversion<Distance> {
        ValueConversion { text, origin throws(CommandLineError) in
            do {
                return try Distance(parsing: text)
            } catch {
                throw .badValue(option: origin.name, value: text,
                                reason: "is not a distance; use a number and m, km, yd or mi, such as 19.6km, 750m or 33⅓yd")
            }
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let console = context.console
        let units = ProfileLoader.load(context.locations, console: console, consequence: nil).units
        let history = DataFolder(url: context.locations.dataFolder).history
        let entry = try SessionIDMatch.entry(id, in: history, console: console)
        let named = HistoryText.oneLine(entry.record)
        let legs = entry.record.legs
        guard !legs.isEmpty else {
            throw CommandFailure.usage("session \(named) has no legs (it is an interval workout); --leg applies to multisport sessions")
        }
        guard (1...legs.count).contains(number) else {
            throw CommandFailure.usage("--leg: '\(number)' is not a leg of session \(named); it has legs 1–\(legs.count)")
        }
        let label = LegTable.labels(legs)[number - 1]
        guard legs[number - 1].sport != Sport.transition.rawValue else {
            throw CommandFailure.usage("--leg: leg \(number) of session \(named) is a transition (\(label)), which has no distance")
        }
        guard newDistance.meters <= RecordLimits.legDistanceMeters.upperBound else {
            throw CommandFailure.usage("--distance: '\(newDistance.text)' is more than \(Distance.reading(meters: RecordLimits.legDistanceMeters.upperBound))")
        }
        let updated: [SessionRecord]
        do {
            updated = try history.updateSession(withID: entry.record.id) { record in
                var record = record
                guard number - 1 < record.legs.count else { return record }
                record.legs[number - 1].distanceMeters = newDistance.meters
                record.legs[number - 1].recomputeKcal(weightKg: record.weightKg)
                if let kcal = SessionRecord.kcal(ofLegs: record.legs, weightKg: record.weightKg) { record.kcal = kcal }
                return record
            }
        } catch {
            throw CommandFailure(status: ErrorReport.status(for: error), message: "\(error); nothing was changed")
        }
        guard let record = updated.first else {
            throw CommandFailure.usage("session \(entry.record.id.uuidString) is no longer in \(history.url.path); nothing was changed")
        }
        console.out("Leg \(number) (\(label)) of session \(named): distance \(context.glyphs.text(newDistance.text)).")
        let leg = record.legs[number - 1]
        if let sport = Sport(rawValue: leg.sport), sport.isImplausible(meters: newDistance.meters, seconds: leg.timerSeconds) {
            console.err("Warning: leg \(number) (\(label)): "
                        + PlausibilityText.tooFast(meters: newDistance.meters, seconds: leg.timerSeconds, sport: sport, units: units)
                        + "; stored as given, check the distance")
        }
        console.out("")
        console.out(LegTable.lines(record.legs, units: units, width: context.width, glyphs: context.glyphs).joined(separator: "\n"))
        return ExitStatus.success
    }
}
