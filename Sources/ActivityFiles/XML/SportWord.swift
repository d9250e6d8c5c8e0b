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

    /// The sport and its name for a GPX `trk/type` as Strava's GPX export writes it: a number
    /// from Strava's list of activity types (`1` Ride, `9` Run, `10` Walk, `16` Swim, …), each
    /// mapped to hiit's sport, with the Strava type's name to keep beside it (`Kitesurf` is
    /// ``Sport/other``, named). `nil` for a word that is not all digits or a number not in the
    /// list. The numbers are the order of Strava's activity types as its GPX export writes them
    /// (1–31, 51–53), as the GPX files it exports show.
    static func stravaType(_ word: String) -> (sport: Sport, name: String)? {
        let digits = word.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(digits), let type = stravaTypes[number] else { return nil }
        return type
    }

    /// Strava's GPX activity type numbers with hiit's sport and Strava's name.
    private static let stravaTypes: [Int: (sport: Sport, name: String)] = [
        1: (.cycling, "Ride"), 2: (.skiing, "AlpineSki"), 3: (.skiing, "BackcountrySki"), 4: (.hiking, "Hike"),
        5: (.other, "IceSkate"), 6: (.other, "InlineSkate"), 7: (.skiing, "NordicSki"), 8: (.skiing, "RollerSki"),
        9: (.running, "Run"), 10: (.walking, "Walk"), 11: (.other, "Workout"), 12: (.other, "Snowboard"),
        13: (.other, "Snowshoe"), 14: (.other, "Kitesurf"), 15: (.other, "Windsurf"), 16: (.swimming, "Swim"),
        17: (.cycling, "VirtualRide"), 18: (.cycling, "EBikeRide"), 19: (.cycling, "Velomobile"),
        21: (.paddling, "Canoeing"), 22: (.paddling, "Kayaking"), 23: (.rowing, "Rowing"),
        24: (.paddling, "StandUpPaddling"), 25: (.other, "Surfing"), 26: (.other, "Crossfit"),
        27: (.other, "Elliptical"), 28: (.other, "RockClimbing"), 29: (.other, "StairStepper"),
        30: (.strength, "WeightTraining"), 31: (.other, "Yoga"), 51: (.cycling, "Handcycle"),
        52: (.other, "Wheelchair"), 53: (.running, "VirtualRun"),
    ]

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
