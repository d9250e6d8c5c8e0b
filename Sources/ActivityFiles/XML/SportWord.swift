import Foundation
import WorkoutModel

/// The sport a GPX `trk/type` or a TCX `Activity/@Sport` names, as a word (`running`,
/// `Biking`, `trail_running`, `kayaking`).
enum SportWord {
    /// hiit's sport for `word`, case-insensitive: running/run → running; biking/cycling/ride/
    /// bike → cycling; swimming/swim → swimming; walking/walk → walking; hiking/hike → hiking;
    /// rowing/row → rowing; paddling/kayaking/canoeing/paddleboarding → paddling;
    /// skiing/ski → skiing; strength → strength; hiit → hiit; transition → transition. A
    /// compound word is tried part by part, last part first (`trail_running`, `road biking`,
    /// `strength_training`, `cross-country skiing`, `indoor_cycling`). Anything else, and an
    /// empty word, is ``Sport/other`` (the caller keeps the file's word as the sport name).
    /// The list is the project's, from the words Garmin Connect, Strava and TCX's `Sport_t`
    /// write.
    static func sport(for word: String) -> Sport {
        let lowered = word.lowercased()
        if let sport = known(lowered) { return sport }
        let parts = lowered.split(whereSeparator: { !$0.isLetter })
        for part in parts.reversed() {
            if let sport = known(String(part)) { return sport }
        }
        return .other
    }

    private static func known(_ word: String) -> Sport? {
        switch word {
        case "running", "run": .running
        case "biking", "cycling", "ride", "bike", "bicycling": .cycling
        case "swimming", "swim": .swimming
        case "walking", "walk": .walking
        case "hiking", "hike": .hiking
        case "rowing", "row": .rowing
        case "paddling", "kayaking", "canoeing", "paddleboarding", "paddle": .paddling
        case "skiing", "ski": .skiing
        case "strength": .strength
        case "hiit": .hiit
        case "transition": .transition
        default: nil
        }
    }
}

/// The device a GPX `creator` attribute or a TCX `Creator/Name` names.
enum CreatorName {
    /// Makers recognised at the start of a creator's first word, lowercased (`Garmin Edge
    /// 530` → `garmin`, `StravaGPX iPhone` → `strava`); the project's list of the makers
    /// whose files users import most.
    static let knownMakers = ["garmin", "wahoo", "suunto", "polar", "coros", "apple", "strava", "komoot",
                              "bryton", "hammerhead", "zwift", "huawei", "amazfit", "samsung", "fitbit"]

    /// The device for `text`: product = the text as written (trimmed), manufacturer = a known
    /// maker at the start of the first word, else `nil`. `nil` for a missing or blank text.
    static func device(_ text: String?) -> RecordingDevice? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        let first = trimmed.prefix(while: { !$0.isWhitespace }).lowercased()
        let maker = knownMakers.first { first.hasPrefix($0) }
        return RecordingDevice(manufacturer: maker, product: trimmed)
    }
}
