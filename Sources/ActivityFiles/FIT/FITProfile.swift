/// The parts of the FIT profile the decoder and the encoder use: message and field numbers, scales and
/// offsets, and the names of enumerated values. Source: Garmin FIT SDK, Profile.xlsx (the
/// profile of SDK 21.x), sheets "Messages" and "Types"; the field numbers are the column
/// "Field Def #", scales and offsets the columns "Scale" and "Offset".
enum FITProfile {
    // MARK: Message numbers (Types sheet, `mesg_num`)

    /// `file_id`, message 0.
    static let fileID: UInt16 = 0
    /// `sport`, message 12.
    static let sport: UInt16 = 12
    /// `session`, message 18.
    static let session: UInt16 = 18
    /// `lap`, message 19.
    static let lap: UInt16 = 19
    /// `record`, message 20.
    static let record: UInt16 = 20
    /// `event`, message 21.
    static let event: UInt16 = 21
    /// `activity`, message 34.
    static let activity: UInt16 = 34
    /// `length`, message 101.
    static let length: UInt16 = 101
    /// `device_info`, message 23.
    static let deviceInfo: UInt16 = 23
    /// `field_description`, message 206: describes one developer field.
    static let fieldDescription: UInt16 = 206
    /// `developer_data_id`, message 207: the application a developer data index stands for.
    static let developerDataID: UInt16 = 207

    /// Field 253, `timestamp`, in every message that has one (seconds since the FIT epoch).
    static let timestampField: UInt8 = 253

    /// The FIT epoch, 1989-12-31 00:00:00 UTC, as seconds since 1970-01-01 (FIT protocol,
    /// "date_time"): 631,065,600.
    static let epochUnixSeconds: Double = 631_065_600
    /// `date_time` values below this are seconds since the device powered on, not instants
    /// (FIT SDK Profile.xlsx, `date_time` "min"): 0x10000000.
    static let smallestAbsoluteTime: UInt32 = 0x1000_0000

    /// A message's profile name for notes ("record", "session"), else "message N".
    static func messageName(_ number: UInt16) -> String {
        switch number {
        case fileID: "file_id"
        case sport: "sport"
        case session: "session"
        case lap: "lap"
        case record: "record"
        case event: "event"
        case activity: "activity"
        case length: "length"
        case deviceInfo: "device_info"
        case fieldDescription: "field_description"
        case developerDataID: "developer_data_id"
        default: "message \(number)"
        }
    }

    // MARK: Field numbers (Messages sheet)

    /// `file_id` fields: type 0, manufacturer 1, product 2, serial_number 3 (`uint32z`),
    /// time_created 4, product_name 8.
    enum FileID {
        static let type: UInt8 = 0, manufacturer: UInt8 = 1, product: UInt8 = 2, serialNumber: UInt8 = 3
        static let timeCreated: UInt8 = 4, productName: UInt8 = 8
    }

    /// Field 254, `message_index`, of the messages that are numbered in order (lap, session,
    /// length).
    static let messageIndexField: UInt8 = 254

    /// `session` fields (message 18).
    enum Session: FITSummaryFields {
        static let startTime: UInt8 = 2, sport: UInt8 = 5, subSport: UInt8 = 6
        static let totalElapsedTime: UInt8 = 7, totalTimerTime: UInt8 = 8, totalDistance: UInt8 = 9
        static let totalCalories: UInt8 = 11, maxSpeed: UInt8 = 15, avgHeartRate: UInt8 = 16
        static let maxHeartRate: UInt8 = 17, avgCadence: UInt8 = 18, maxCadence: UInt8 = 19
        static let totalAscent: UInt8 = 22, totalDescent: UInt8 = 23, firstLapIndex: UInt8 = 25
        static let numLaps: UInt8 = 26, poolLength: UInt8 = 44, enhancedMaxSpeed: UInt8 = 125
        static let event: UInt8 = 0, eventType: UInt8 = 1, trigger: UInt8 = 28, numLengths: UInt8 = 33
        static let poolLengthUnit: UInt8 = 46, numActiveLengths: UInt8 = 47
        /// `session_trigger` activity_end (Types sheet).
        static let activityEnd: UInt64 = 0
        /// `display_measure` metric and statute (Types sheet), for `pool_length_unit`.
        static let metric: UInt64 = 0, statute: UInt64 = 1
    }

    /// `lap` fields (message 19).
    enum Lap: FITSummaryFields {
        static let startTime: UInt8 = 2, totalElapsedTime: UInt8 = 7, totalTimerTime: UInt8 = 8
        static let totalDistance: UInt8 = 9, totalCalories: UInt8 = 11, maxSpeed: UInt8 = 14
        static let avgHeartRate: UInt8 = 15, maxHeartRate: UInt8 = 16, avgCadence: UInt8 = 17
        static let maxCadence: UInt8 = 18, totalAscent: UInt8 = 21, totalDescent: UInt8 = 22
        static let sport: UInt8 = 25, subSport: UInt8 = 39, enhancedMaxSpeed: UInt8 = 111
        static let event: UInt8 = 0, eventType: UInt8 = 1, intensity: UInt8 = 23, lapTrigger: UInt8 = 24
        static let numLengths: UInt8 = 32, firstLengthIndex: UInt8 = 35, numActiveLengths: UInt8 = 40
        /// `lap_trigger` manual and session_end (Types sheet).
        static let manual: UInt64 = 0, sessionEnd: UInt64 = 7
    }

    /// `length` fields (message 101).
    enum Length {
        static let startTime: UInt8 = 2, totalElapsedTime: UInt8 = 3, totalTimerTime: UInt8 = 4
        static let totalStrokes: UInt8 = 5, lengthType: UInt8 = 12, event: UInt8 = 0, eventType: UInt8 = 1
        /// `length_type` idle (Types sheet): a rest at the wall.
        static let idle: UInt64 = 0
        /// `length_type` active (Types sheet): a swum length.
        static let active: UInt64 = 1
    }

    /// `record` fields (message 20).
    enum Record {
        static let positionLat: UInt8 = 0, positionLong: UInt8 = 1, altitude: UInt8 = 2
        static let heartRate: UInt8 = 3, cadence: UInt8 = 4, distance: UInt8 = 5, speed: UInt8 = 6
        static let enhancedSpeed: UInt8 = 73, enhancedAltitude: UInt8 = 78
    }

    /// `event` fields (message 21) and the values the decoder uses (Types sheet `event`,
    /// `event_type`).
    enum Event {
        static let event: UInt8 = 0, eventType: UInt8 = 1
        /// `event` timer.
        static let timer: UInt64 = 0
        /// `event_type` start.
        static let start: UInt64 = 0
        /// `event_type` stop, stop_all, stop_disable, stop_disable_all.
        static let stops: Set<UInt64> = [1, 4, 8, 9]
        /// `event_type` stop (1): what a summary message (lap, session, length, activity) ends with.
        static let stop: UInt64 = 1
        /// `event_type` stop_all (4): the timer stopped (a pause, or the end).
        static let stopAll: UInt64 = 4
        /// `event` values of the summary messages: session 8, lap 9, activity 26, length 28.
        static let session: UInt64 = 8, lap: UInt64 = 9, activity: UInt64 = 26, length: UInt64 = 28
    }

    /// `activity` fields (message 34): total_timer_time 0 (scale 1000, s), num_sessions 1,
    /// type 2, event 3, event_type 4, local_timestamp 5 (timestamp is 253).
    enum Activity {
        static let totalTimerTime: UInt8 = 0, numSessions: UInt8 = 1, type: UInt8 = 2, event: UInt8 = 3
        static let eventType: UInt8 = 4, localTimestamp: UInt8 = 5
        /// `activity` type manual (0) and auto_multi_sport (1) (Types sheet `activity`).
        static let manual: UInt64 = 0, autoMultiSport: UInt64 = 1
    }

    /// `sport` fields (message 12): sport 0, sub_sport 1, name 3.
    enum SportMessage {
        static let sport: UInt8 = 0, subSport: UInt8 = 1, name: UInt8 = 3
    }

    /// `device_info` fields (message 23): device_index 0 (0 is the creator, the device that
    /// recorded the file), manufacturer 2, product 4, product_name 27.
    enum DeviceInfo {
        static let deviceIndex: UInt8 = 0, manufacturer: UInt8 = 2, product: UInt8 = 4, productName: UInt8 = 27
        /// `device_index` creator (Types sheet `device_index`).
        static let creator: UInt64 = 0
    }

    /// `developer_data_id` fields (message 207): application_id 1 (16 bytes), manufacturer_id 2,
    /// developer_data_index 3, application_version 4.
    enum DeveloperDataID {
        static let applicationID: UInt8 = 1, manufacturerID: UInt8 = 2, developerDataIndex: UInt8 = 3
        static let applicationVersion: UInt8 = 4
    }

    /// `field_description` fields (message 206): developer_data_index 0,
    /// field_definition_number 1, fit_base_type_id 2, field_name 3, units 8.
    enum FieldDescription {
        static let developerDataIndex: UInt8 = 0, fieldDefinitionNumber: UInt8 = 1, fitBaseTypeID: UInt8 = 2
        static let fieldName: UInt8 = 3, units: UInt8 = 8
    }

    // MARK: Scales and offsets (Messages sheet)

    /// `total_elapsed_time`, `total_timer_time`: scale 1000 (seconds).
    static let timeScale = 1000.0
    /// `total_distance`, `record.distance`, `session.pool_length`: scale 100 (metres).
    static let distanceScale = 100.0
    /// `speed`, `enhanced_speed`, `max_speed`, `enhanced_max_speed`: scale 1000 (m/s).
    static let speedScale = 1000.0
    /// `altitude`, `enhanced_altitude`: scale 5 (metres).
    static let altitudeScale = 5.0
    /// `altitude`, `enhanced_altitude`: offset 500 (metres).
    static let altitudeOffset = 500.0
    /// Degrees per semicircle (`position_lat`/`position_long`): 180 / 2³¹.
    static let degreesPerSemicircle = 180.0 / 2_147_483_648.0

    // MARK: Names (Types sheet)

    /// `file` type activity (4).
    static let activityFileType: UInt64 = 4
    /// `manufacturer` development (255): a maker without a number of its own, as hiit.
    static let development: UInt64 = 255
    /// `sport` multisport (18): a `sport` message of this sport says the kind of multisport
    /// event in its `sub_sport` (triathlon 78, duathlon 79, brick 80, swim_run 81).
    static let multisport: UInt64 = 18

    /// What a file of `type` (Types sheet `file`) holds instead of an activity, as the
    /// refusal says it: "a FIT course file", "a FIT monitoring file", ….
    static func fileKind(_ type: UInt64) -> String {
        switch type {
        case 1: "a FIT device file"
        case 2: "a FIT settings file"
        case 3: "a FIT sport settings file"
        case 5: "a FIT workout file"
        case 6: "a FIT course file"
        case 7: "a FIT schedules file"
        case 9: "a FIT weight file"
        case 10: "a FIT totals file"
        case 11: "a FIT goals file"
        case 14: "a FIT blood pressure file"
        case 15, 28, 32: "a FIT monitoring file"
        case 20: "a FIT activity summary file"
        case 34: "a FIT segment file"
        case 35: "a FIT segment list file"
        case 40: "a FIT display configuration file"
        default: "a FIT file of type \(type)"
        }
    }

    /// `sport` names (Types sheet `sport`), by value.
    static let sportNames: [UInt64: String] = [
        0: "generic", 1: "running", 2: "cycling", 3: "transition", 4: "fitness_equipment",
        5: "swimming", 6: "basketball", 7: "soccer", 8: "tennis", 9: "american_football",
        10: "training", 11: "walking", 12: "cross_country_skiing", 13: "alpine_skiing", 14: "snowboarding",
        15: "rowing", 16: "mountaineering", 17: "hiking", 18: "multisport", 19: "paddling",
        20: "flying", 21: "e_biking", 22: "motorcycling", 23: "boating", 24: "driving",
        25: "golf", 26: "hang_gliding", 27: "horseback_riding", 28: "hunting", 29: "fishing",
        30: "inline_skating", 31: "rock_climbing", 32: "sailing", 33: "ice_skating", 34: "sky_diving",
        35: "snowshoeing", 36: "snowmobiling", 37: "stand_up_paddleboarding", 38: "surfing", 39: "wakeboarding",
        40: "water_skiing", 41: "kayaking", 42: "rafting", 43: "windsurfing", 44: "kitesurfing",
        45: "tactical", 46: "jumpmaster", 47: "boxing", 48: "floor_climbing", 49: "baseball",
        53: "diving", 56: "shooting", 58: "winter_sport", 59: "grinding", 62: "hiit",
        63: "video_gaming", 64: "racket", 65: "wheelchair_push_walk", 66: "wheelchair_push_run", 67: "meditation",
        68: "para_sport", 69: "disc_golf", 70: "team_sport", 71: "cricket", 72: "rugby",
        73: "hockey", 74: "lacrosse", 75: "volleyball", 76: "water_tubing", 77: "wakesurfing",
        78: "water_sport", 79: "archery", 80: "mixed_martial_arts", 81: "motor_sports", 82: "snorkeling",
        83: "dance", 84: "jump_rope", 85: "pool_apnea", 86: "mobility", 87: "geocaching",
        88: "canoeing",
    ]

    /// `sub_sport` names (Types sheet `sub_sport`), by value.
    static let subSportNames: [UInt64: String] = [
        0: "generic", 1: "treadmill", 2: "street", 3: "trail",
        4: "track", 5: "spin", 6: "indoor_cycling", 7: "road",
        8: "mountain", 9: "downhill", 10: "recumbent", 11: "cyclocross",
        12: "hand_cycling", 13: "track_cycling", 14: "indoor_rowing", 15: "elliptical",
        16: "stair_climbing", 17: "lap_swimming", 18: "open_water", 19: "flexibility_training",
        20: "strength_training", 21: "warm_up", 22: "match", 23: "exercise",
        24: "challenge", 25: "indoor_skiing", 26: "cardio_training", 27: "indoor_walking",
        28: "e_bike_fitness", 29: "bmx", 30: "casual_walking", 31: "speed_walking",
        32: "bike_to_run_transition", 33: "run_to_bike_transition", 34: "swim_to_bike_transition", 35: "atv",
        36: "motocross", 37: "backcountry", 38: "resort", 39: "rc_drone",
        40: "wingsuit", 41: "whitewater", 42: "skate_skiing", 43: "yoga",
        44: "pilates", 45: "indoor_running", 46: "gravel_cycling", 47: "e_bike_mountain",
        48: "commuting", 49: "mixed_surface", 50: "navigate", 51: "track_me",
        52: "map", 53: "single_gas_diving", 54: "multi_gas_diving", 55: "gauge_diving",
        56: "apnea_diving", 57: "apnea_hunting", 58: "virtual_activity", 59: "obstacle",
        62: "breathing", 63: "ccr_diving", 65: "sail_race", 66: "expedition",
        67: "ultra", 68: "indoor_climbing", 69: "bouldering", 70: "hiit",
        71: "indoor_grinding", 72: "hunting_with_dogs", 73: "amrap", 74: "emom",
        75: "tabata", 77: "esport", 78: "triathlon", 79: "duathlon",
        80: "brick", 81: "swim_run", 82: "adventure_race", 83: "trucker_workout",
        84: "pickleball", 85: "padel", 86: "indoor_wheelchair_walk", 87: "indoor_wheelchair_run",
        88: "indoor_hand_cycling", 90: "field", 91: "ice", 92: "ultimate",
        93: "platform", 94: "squash", 95: "badminton", 96: "racquetball",
        97: "table_tennis", 98: "overland", 99: "trolling_motor", 110: "fly_canopy",
        111: "fly_paraglide", 112: "fly_paramotor", 113: "fly_pressurized", 114: "fly_navigate",
        115: "fly_timer", 116: "fly_altimeter", 117: "fly_wx", 118: "fly_vfr",
        119: "fly_ifr", 121: "dynamic_apnea", 123: "enduro", 124: "rucking",
        125: "rally", 126: "pool_triathlon", 127: "e_bike_enduro",
    ]

    /// `manufacturer` names (Types sheet `manufacturer`) of the makers whose files hiit is
    /// most likely to meet; any other number is kept as text.
    static let manufacturerNames: [UInt64: String] = [
        1: "garmin", 3: "zephyr", 6: "srm", 7: "quarq", 13: "dynastream_oem", 15: "dynastream", 23: "suunto",
        28: "peaksware", 32: "wahoo_fitness", 37: "magellan", 40: "concept2", 41: "shimano", 51: "4iiiis",
        70: "sigmasport", 89: "tacx", 95: "stryd", 107: "magene", 115: "igpsport", 123: "polar_electro",
        255: "development", 258: "lezyne", 260: "zwift", 263: "favero_electronics", 265: "strava",
        267: "bryton", 282: "the_sufferfest", 289: "hammerhead", 294: "coros", 339: "zepp", 348: "huawei",
    ]

    /// The manufacturers whose `product` field is a `garmin_product` (Messages sheet,
    /// `file_id.product` sub-field reference): garmin 1, dynastream_oem 13, dynastream 15, tacx 89.
    static let garminProductMakers: Set<UInt64> = [1, 13, 15, 89]

    /// `garmin_product` names (Types sheet `garmin_product`) of a handful of common devices;
    /// any other number is kept as text.
    static let garminProductNames: [UInt64: String] = [
        1765: "fr920xt", 1836: "edge1000", 2067: "edge520", 2691: "fr935", 2697: "fenix5", 3076: "fr245", 3112: "edge_520_plus",
        3113: "fr945", 3121: "edge_530", 3122: "edge_830", 3290: "fenix6", 3570: "edge_1030_plus",
        3589: "fr745", 3843: "edge_1040", 3906: "fenix7", 3943: "epix_gen2", 3992: "fr255", 4024: "fr955",
        4061: "edge_540", 4062: "edge_840", 4257: "fr265_large", 4258: "fr265_small", 4315: "fr965",
        4432: "fr165", 4440: "edge_1050", 65534: "connect",
    ]
}

extension FITProfile {
    /// `sport` values by name: the reverse of ``sportNames``.
    static let sportNumbers: [String: UInt64] = reversed(sportNames)
    /// `sub_sport` values by name: the reverse of ``subSportNames``.
    static let subSportNumbers: [String: UInt64] = reversed(subSportNames)
    /// `manufacturer` values by name: the reverse of ``manufacturerNames``.
    static let manufacturerNumbers: [String: UInt64] = reversed(manufacturerNames)
    /// `garmin_product` values by name: the reverse of ``garminProductNames``.
    static let garminProductNumbers: [String: UInt64] = reversed(garminProductNames)

    /// A table of names by value turned into values by name (the tables name each value once).
    private static func reversed(_ names: [UInt64: String]) -> [String: UInt64] {
        Dictionary(names.map { ($0.value, $0.key) }, uniquingKeysWith: { min($0, $1) })
    }
}

/// The field numbers of the totals a `session` and a `lap` message both carry, at different
/// numbers in each (FIT SDK Profile.xlsx, messages 18 and 19).
protocol FITSummaryFields {
    static var startTime: UInt8 { get }
    static var sport: UInt8 { get }
    static var subSport: UInt8 { get }
    static var totalElapsedTime: UInt8 { get }
    static var totalTimerTime: UInt8 { get }
    static var totalDistance: UInt8 { get }
    static var totalCalories: UInt8 { get }
    static var maxSpeed: UInt8 { get }
    static var enhancedMaxSpeed: UInt8 { get }
    static var avgHeartRate: UInt8 { get }
    static var maxHeartRate: UInt8 { get }
    static var avgCadence: UInt8 { get }
    static var maxCadence: UInt8 { get }
    static var totalAscent: UInt8 { get }
    static var totalDescent: UInt8 { get }
}
