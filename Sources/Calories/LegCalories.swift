import WorkoutModel

/// One row of the Compendium of Physical Activities: a MET value, the five-digit activity
/// code it comes from, the edition that lists it, and the Compendium's wording of the activity.
///
/// 1 MET ≈ 1 kcal per kg of body weight per hour (the Compendium's convention for gross
/// energy, DESIGN §4).
public struct METValue: Equatable, Sendable {
    /// The metabolic equivalent (kcal · kg⁻¹ · h⁻¹), e.g. `12.0`.
    public let met: Double
    /// The Compendium's five-digit activity code, e.g. `"01050"`.
    public let code: String
    /// The edition that lists `met` under `code`: ``METValue/compendium2011`` or
    /// ``METValue/compendium2024``.
    public let edition: String
    /// The Compendium's description of the activity, as that edition words it.
    public let activity: String

    /// Ainsworth BE, Haskell WL, Herrmann SD, et al. 2011 Compendium of Physical Activities:
    /// a second update of codes and MET values. Med Sci Sports Exerc 2011;43(8):1575–1581.
    public static let compendium2011 = "2011 Adult Compendium (Ainsworth et al.)"
    /// Herrmann SD, Willis EA, Ainsworth BE, et al. 2024 Adult Compendium of Physical
    /// Activities: a third update of the energy costs of human activities.
    /// J Sport Health Sci 2024;13(1):6–12.
    public static let compendium2024 = "2024 Adult Compendium (Herrmann et al.)"
}

/// Calorie estimate of one leg of a multisport session (DESIGN §4 "Multisport legs").
///
/// Gross energy by the Compendium convention: `kcal = MET × kg × hours`, hours from the leg's
/// timer time (pauses excluded). The MET is the sport's Compendium value for the leg's average
/// speed (`distance / timer time`); each value below names its code and edition.
///
/// Speed bands (the project's choice, DESIGN §4): a speed belongs to the band whose lower
/// bound it reaches (a speed within 1e-9 km/h of a bound counts as reaching it, so that
/// 16 km in exactly one hour is 16 km/h). Compendium bands given in mph are rounded to whole
/// km/h:
///
/// | sport | km/h (or pace) → MET |
/// |---|---|
/// | cycling | < 16 → 4.0 · 16 → 6.8 · 19 → 8.0 · 22 → 10.0 · 26 → 12.0 · 32 and faster → 15.8 |
/// | running | < 8 → 7.5 · 8 → 8.5 · 10 → 9.3 · 12 → 11.8 · 14 → 12.5 · 16 and faster → 14.8 |
/// | pool swim | slower than 2:30 /100 m → 5.8 · 2:30 to 1:45 exclusive → 8.0 · 1:45 and faster → 9.8 |
/// | open-water swim | 6.0 at any speed |
/// | walking | < 4.5 → 3.0 · 4.5 → 3.8 · 5.6 → 4.8 · 6.4 → 5.5 · 7.2 → 7.0 · 8 and faster → 8.5 |
/// | rowing | 5.8 at any speed |
/// | transition | 4.5, time only |
/// | hiking · paddling · skiing · strength · HIIT (recorded activities) | 6.0 · 5.0 · 5.3 · 3.5 · 8.0 at any speed |
/// | other | none: no estimate |
///
/// Without a speed (no distance, zero distance, or no timer time) each sport uses its
/// moderate default: cycling 8.0, running 9.3, pool swim 8.0, walking 3.8.
public enum LegCalories {
    // MARK: Cycling — 2011 Compendium (DESIGN §4: 16–19/19–22/22–26/26–32 km/h, faster)

    /// Cycling below 16 km/h: 4.0 MET, 2011 Adult Compendium code 01010 ("bicycling,
    /// <10 mph, leisure"); 10 mph ≈ 16.1 km/h. Not in DESIGN §4's list, which starts at 16 km/h.
    public static let cyclingLeisure = METValue(
        met: 4.0, code: "01010", edition: METValue.compendium2011,
        activity: "bicycling, <10 mph, leisure, to work or for pleasure")
    /// Cycling 16 to under 19 km/h: 6.8 MET, 2011 Adult Compendium code 01020
    /// (10–11.9 mph ≈ 16.1–19.2 km/h).
    public static let cyclingSlow = METValue(
        met: 6.8, code: "01020", edition: METValue.compendium2011,
        activity: "bicycling, 10-11.9 mph, leisure, slow, light effort")
    /// Cycling 19 to under 22 km/h, and the default without a speed: 8.0 MET, 2011 Adult
    /// Compendium code 01030 (12–13.9 mph ≈ 19.3–22.4 km/h).
    public static let cyclingModerate = METValue(
        met: 8.0, code: "01030", edition: METValue.compendium2011,
        activity: "bicycling, 12-13.9 mph, leisure, moderate effort")
    /// Cycling 22 to under 26 km/h: 10.0 MET, 2011 Adult Compendium code 01040
    /// (14–15.9 mph ≈ 22.5–25.6 km/h).
    public static let cyclingFast = METValue(
        met: 10.0, code: "01040", edition: METValue.compendium2011,
        activity: "bicycling, 14-15.9 mph, racing or leisure, fast, vigorous effort")
    /// Cycling 26 to under 32 km/h: 12.0 MET, 2011 Adult Compendium code 01050
    /// (16–19 mph ≈ 25.7–30.6 km/h).
    public static let cyclingVeryFast = METValue(
        met: 12.0, code: "01050", edition: METValue.compendium2011,
        activity: "bicycling, 16-19 mph, racing/not drafting or > 19 mph drafting, very fast, racing general")
    /// Cycling at 32 km/h and faster: 15.8 MET, 2011 Adult Compendium code 01060
    /// (> 20 mph ≈ 32.2 km/h). The 2024 edition lists 16.8 under the same code; DESIGN §4
    /// keeps the 2011 value.
    public static let cyclingRacing = METValue(
        met: 15.8, code: "01060", edition: METValue.compendium2011,
        activity: "bicycling, > 20 mph, racing, not drafting")

    // MARK: Running — 2024 Compendium (DESIGN §4: 8/10/12/14/16 km/h)

    /// Running below 8 km/h: 7.5 MET, 2024 Adult Compendium code 12020 (jogging at a
    /// self-selected pace). Not in DESIGN §4's list, which starts at 8 km/h.
    public static let jogging = METValue(
        met: 7.5, code: "12020", edition: METValue.compendium2024,
        activity: "Jogging, general, self-selected pace")
    /// Running 8 to under 10 km/h: 8.5 MET, 2024 Adult Compendium code 12030
    /// (5.0–5.2 mph ≈ 8.0–8.4 km/h).
    public static let running8 = METValue(
        met: 8.5, code: "12030", edition: METValue.compendium2024,
        activity: "Running, 5.0 to 5.2 mph (12 min/mile)")
    /// Running 10 to under 12 km/h, and the default without a speed: 9.3 MET, 2024 Adult
    /// Compendium code 12050 (6–6.3 mph ≈ 9.7–10.1 km/h).
    public static let running10 = METValue(
        met: 9.3, code: "12050", edition: METValue.compendium2024,
        activity: "Running, 6-6.3 mph (10 min/mile)")
    /// Running 12 to under 14 km/h: 11.8 MET, 2024 Adult Compendium code 12080
    /// (7.5 mph ≈ 12.1 km/h).
    public static let running12 = METValue(
        met: 11.8, code: "12080", edition: METValue.compendium2024,
        activity: "Running, 7.5 mph (8 min/mile)")
    /// Running 14 to under 16 km/h: 12.5 MET, 2024 Adult Compendium code 12100
    /// (8.6 mph ≈ 13.8 km/h).
    public static let running14 = METValue(
        met: 12.5, code: "12100", edition: METValue.compendium2024,
        activity: "Running, 8.6 mph (7 min/mile)")
    /// Running at 16 km/h and faster: 14.8 MET, 2024 Adult Compendium code 12120
    /// (10 mph ≈ 16.1 km/h). Faster rows of the Compendium (11 mph and up) are not used.
    public static let running16 = METValue(
        met: 14.8, code: "12120", edition: METValue.compendium2024,
        activity: "Running, 10 mph (6 min/mile)")

    // MARK: Swimming — 2024 Compendium (DESIGN §4: freestyle slow/moderate/fast, open water)

    /// Pool swim slower than 2:30 per 100 m: 5.8 MET, 2024 Adult Compendium code 18240.
    public static let swimmingSlow = METValue(
        met: 5.8, code: "18240", edition: METValue.compendium2024,
        activity: "Swimming laps, freestyle, slow, recreational")
    /// Pool swim from 2:30 per 100 m to faster than 1:45, and the default without a speed:
    /// 8.0 MET, 2024 Adult Compendium code 18290 (~50 yd/min ≈ 2:11 per 100 m). The 2011
    /// edition lists 8.3 under this code.
    public static let swimmingModerate = METValue(
        met: 8.0, code: "18290", edition: METValue.compendium2024,
        activity: "Swimming, crawl, medium speed, ~50 yards/minute, vigorous effort")
    /// Pool swim at 1:45 per 100 m and faster: 9.8 MET, 2024 Adult Compendium code 18230.
    public static let swimmingFast = METValue(
        met: 9.8, code: "18230", edition: METValue.compendium2024,
        activity: "Swimming laps, freestyle, fast, vigorous effort")
    /// Open-water swim at any speed: 6.0 MET, 2024 Adult Compendium code 18300 (the same
    /// value and code as in 2011).
    public static let swimmingOpenWater = METValue(
        met: 6.0, code: "18300", edition: METValue.compendium2024,
        activity: "Swimming, lake, ocean, river (Taylor Codes 280, 295)")

    // MARK: Walking — 2024 Compendium (not in DESIGN §4)

    /// Walking below 4.5 km/h: 3.0 MET, 2024 Adult Compendium code 17170 (2.5 mph ≈ 4.0 km/h).
    public static let walkingSlow = METValue(
        met: 3.0, code: "17170", edition: METValue.compendium2024,
        activity: "Walking, 2.5 mph, firm, level surface")
    /// Walking 4.5 to under 5.6 km/h, and the default without a speed: 3.8 MET, 2024 Adult
    /// Compendium code 17190 (2.8–3.4 mph ≈ 4.5–5.5 km/h).
    public static let walkingModerate = METValue(
        met: 3.8, code: "17190", edition: METValue.compendium2024,
        activity: "Walking, 2.8 to 3.4 mph, level, moderate pace, firm surface")
    /// Walking 5.6 to under 6.4 km/h: 4.8 MET, 2024 Adult Compendium code 17200
    /// (3.5–3.9 mph ≈ 5.6–6.3 km/h).
    public static let walkingBrisk = METValue(
        met: 4.8, code: "17200", edition: METValue.compendium2024,
        activity: "Walking, 3.5 to 3.9 mph, level, brisk, firm surface, walking for exercise")
    /// Walking 6.4 to under 7.2 km/h: 5.5 MET, 2024 Adult Compendium code 17220
    /// (4.0–4.4 mph ≈ 6.4–7.1 km/h).
    public static let walkingVeryBrisk = METValue(
        met: 5.5, code: "17220", edition: METValue.compendium2024,
        activity: "Walking, 4.0 to 4.4 mph (6.4 to 7.0 km/h), level, firm surface, very brisk pace")
    /// Walking 7.2 to under 8 km/h: 7.0 MET, 2024 Adult Compendium code 17230
    /// (4.5–4.9 mph ≈ 7.2–7.9 km/h).
    public static let walkingVeryVeryBrisk = METValue(
        met: 7.0, code: "17230", edition: METValue.compendium2024,
        activity: "Walking, 4.5 to 4.9 mph, level, firm surface, very, very brisk")
    /// Walking at 8 km/h and faster: 8.5 MET, 2024 Adult Compendium code 17231
    /// (5.0–5.5 mph ≈ 8.0–8.9 km/h).
    public static let walkingFast = METValue(
        met: 8.5, code: "17231", edition: METValue.compendium2024,
        activity: "Walking, 5.0 to 5.5 mph (8.8 to 8.9 km/h), level, firm surface")

    // MARK: Rowing and transitions

    /// Rowing at any speed: 5.8 MET, 2011 Adult Compendium code 18050 (on-water rowing,
    /// 4.0–5.9 mph, moderate effort). One moderate value: a leg's speed does not say whether
    /// it was rowed on water or on an ergometer, whose Compendium rows are by watts.
    public static let rowing = METValue(
        met: 5.8, code: "18050", edition: METValue.compendium2011,
        activity: "canoeing, rowing, 4.0-5.9 mph, moderate effort")
    /// A transition (T1, T2, …) at any speed: 4.5 MET, 2011 Adult Compendium code 11800,
    /// walking at 3.0 mph carrying light objects (under 25 lb). The Compendium has no row for
    /// a triathlon transition; this is the project's closest match for moving through the
    /// transition area with a bike and gear (DESIGN §4's 4.5).
    public static let transition = METValue(
        met: 4.5, code: "11800", edition: METValue.compendium2011,
        activity: "walking, 3.0 mph, moderately and carrying light objects less than 25 lbs")

    // MARK: Sports of recorded activities (a single moderate row each)

    /// Hiking at any speed: 6.0 MET, 2011 Adult Compendium code 17080 ("hiking, cross
    /// country").
    public static let hiking = METValue(
        met: 6.0, code: "17080", edition: METValue.compendium2011, activity: "hiking, cross country")
    /// Paddling (kayak, canoe, stand-up paddle) at any speed: 5.0 MET, 2011 Adult Compendium
    /// code 18100 ("kayaking, moderate effort").
    public static let paddling = METValue(
        met: 5.0, code: "18100", edition: METValue.compendium2011, activity: "kayaking, moderate effort")
    /// Skiing at any speed: 5.3 MET, 2011 Adult Compendium code 19150 ("skiing, downhill,
    /// alpine or snowboarding, moderate effort, general, active time only"). Of the skiing
    /// rows the lower one (cross-country, code 19090, is 9.0), so that an alpine day's lift
    /// time is not counted as hard work; devices record skiing with their own kcal.
    public static let skiing = METValue(
        met: 5.3, code: "19150", edition: METValue.compendium2011,
        activity: "skiing, downhill, alpine or snowboarding, moderate effort, general, active time only")
    /// Strength training: 3.5 MET, 2011 Adult Compendium code 02054 ("resistance (weight)
    /// training, multiple exercises, 8-15 repetitions at varied resistance").
    public static let strength = METValue(
        met: 3.5, code: "02054", edition: METValue.compendium2011,
        activity: "resistance (weight) training, multiple exercises, 8-15 repetitions at varied resistance")
    /// HIIT recorded by a device: 8.0 MET, 2011 Adult Compendium code 02020, the work value
    /// of ``HIITCalories/workMET`` (the device's file does not say which part was rest).
    public static let hiit = METValue(
        met: HIITCalories.workMET, code: "02020", edition: METValue.compendium2011,
        activity: "calisthenics (e.g., push ups, sit ups, pull-ups, jumping jacks), vigorous effort")

    // MARK: Bands

    /// Speed bands by lower bound in km/h, ascending; the first row's bound is 0.
    private static let cyclingBands: [(kmh: Double, value: METValue)] = [
        (0, cyclingLeisure), (16, cyclingSlow), (19, cyclingModerate),
        (22, cyclingFast), (26, cyclingVeryFast), (32, cyclingRacing),
    ]
    private static let runningBands: [(kmh: Double, value: METValue)] = [
        (0, jogging), (8, running8), (10, running10),
        (12, running12), (14, running14), (16, running16),
    ]
    private static let walkingBands: [(kmh: Double, value: METValue)] = [
        (0, walkingSlow), (4.5, walkingModerate), (5.6, walkingBrisk),
        (6.4, walkingVeryBrisk), (7.2, walkingVeryVeryBrisk), (8, walkingFast),
    ]
    /// Pool-swim paces in seconds per 100 m: at or faster than `fastPace` is fast, at or
    /// faster than `moderatePace` is moderate, slower is slow (the project's thresholds).
    private static let fastPace = 105.0
    private static let moderatePace = 150.0
    /// Slack that lets a speed computed as `distance / time` reach a bound it equals on paper.
    private static let tolerance = 1e-9

    // MARK: API

    /// MET for a leg of `sport` at an average speed (metres per second, nil when unknown);
    /// `isOpenWater` for swims.
    ///
    /// - Parameters:
    ///   - sport: the leg's sport.
    ///   - metersPerSecond: average speed over the leg's timer time in m/s; `nil`, zero,
    ///     negative or non-finite means unknown and selects the sport's moderate default.
    ///   - isOpenWater: for `swimming`, open water (6.0 at any speed) rather than a pool;
    ///     ignored for other sports.
    /// - Returns: the Compendium row used, with its code and edition (see the table in
    ///   ``LegCalories``); `nil` for `other`, a sport the Compendium cannot be asked about.
    public static func met(for sport: Sport, metersPerSecond: Double?, isOpenWater: Bool) -> METValue? {
        let speed = metersPerSecond.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        switch sport {
        case .cycling:
            guard let speed else { return cyclingModerate }
            return band(cyclingBands, kmh: speed * 3.6)
        case .running:
            guard let speed else { return running10 }
            return band(runningBands, kmh: speed * 3.6)
        case .walking:
            guard let speed else { return walkingModerate }
            return band(walkingBands, kmh: speed * 3.6)
        case .swimming:
            if isOpenWater { return swimmingOpenWater }
            guard let speed else { return swimmingModerate }
            let secondsPer100m = 100 / speed
            if secondsPer100m <= fastPace + tolerance { return swimmingFast }
            if secondsPer100m <= moderatePace + tolerance { return swimmingModerate }
            return swimmingSlow
        case .rowing:
            return rowing
        case .transition:
            return transition
        case .hiking: return hiking
        case .paddling: return paddling
        case .skiing: return skiing
        case .strength: return strength
        case .hiit: return hiit
        case .other: return nil
        }
    }

    /// Estimated gross energy of one leg in kcal, unrounded = met × weightKg × timerSeconds /
    /// 3600, speed = distanceMeters / timerSeconds when both > 0.
    ///
    /// - Parameters:
    ///   - sport: the leg's sport.
    ///   - distanceMeters: distance covered in metres, if known; `nil`, zero or negative
    ///     means unknown (the sport's moderate default MET is used).
    ///   - timerSeconds: the leg's timer time in seconds, pauses excluded.
    ///   - weightKg: body weight in kilograms.
    ///   - isOpenWater: for `swimming`, open water rather than a pool.
    /// - Returns: kcal, unrounded (store this; round only to show it, as
    ///   ``HIITCalories/display(_:)`` does); 0 when `timerSeconds` or `weightKg` is not above
    ///   0 or not finite; `nil` for `other` (no MET, so no estimate).
    public static func kcal(sport: Sport, distanceMeters: Double?, timerSeconds: Double,
                            weightKg: Double, isOpenWater: Bool) -> Double? {
        let speed = distanceMeters.flatMap { $0.isFinite && $0 > 0 && timerSeconds > 0 ? $0 / timerSeconds : nil }
        guard let value = met(for: sport, metersPerSecond: speed, isOpenWater: isOpenWater) else { return nil }
        guard timerSeconds.isFinite, timerSeconds > 0, weightKg.isFinite, weightKg > 0 else { return 0 }
        return value.met * weightKg * timerSeconds / 3600
    }

    /// The last band whose lower bound `kmh` reaches (bands ascending, first bound 0).
    private static func band(_ bands: [(kmh: Double, value: METValue)], kmh: Double) -> METValue {
        var chosen = bands[0].value
        for row in bands where kmh >= row.kmh - tolerance {
            chosen = row.value
        }
        return chosen
    }
}
