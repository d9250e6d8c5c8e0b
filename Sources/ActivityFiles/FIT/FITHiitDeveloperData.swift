import Foundation
import WorkoutModel

/// hiit's own FIT developer data (FIT protocol 2.0 "developer data"; FIT SDK Profile.xlsx
/// messages `developer_data_id` 207 and `field_description` 206): the values of a session
/// hiit recorded that no standard field holds, so that a file hiit wrote decodes to the same
/// ``RecordedActivity``.
///
/// The application is ``applicationID``, always at developer data index 0 in the files hiit
/// writes; a reader knows the fields by their `field_name` under that application (a field of
/// the same name under another application is not hiit's).
enum FITHiitDeveloperData {
    /// hiit's `application_id`: the UUID `d47214bf-c840-4561-afc2-744a2f482a14`, chosen once
    /// for hiit (a random version 4 UUID) and never changed; written as its 16 bytes in the
    /// order of its text (`d4 72 14 bf c8 40 …`).
    static let applicationID = UUID(uuid: (0xD4, 0x72, 0x14, 0xBF, 0xC8, 0x40, 0x45, 0x61,
                                           0xAF, 0xC2, 0x74, 0x4A, 0x2F, 0x48, 0x2A, 0x14))

    /// ``applicationID``'s 16 bytes as `application_id` holds them.
    static var applicationIDBytes: [UInt8] {
        withUnsafeBytes(of: applicationID.uuid) { Array($0) }
    }

    /// The developer data index hiit's fields use in the files it writes.
    static let developerIndex: UInt8 = 0
    /// `application_version` written in `developer_data_id`: 1, the version of these fields.
    static let applicationVersion: Int64 = 1

    /// hiit's developer fields: `field_definition_number` (the raw value), `field_name`, base
    /// type and units, and the message each goes in.
    enum Field: UInt8, CaseIterable, Sendable {
        /// `hiit_id` (string): the record's UUID; first session.
        case id = 0
        /// `hiit_kind` (string): `intervals` or `multisport`; first session.
        case kind = 1
        /// `hiit_workout` (string, at most 254 bytes of UTF-8): the workout's name; first session.
        case workout = 2
        /// `hiit_time_zone` (string): the IANA zone, e.g. `Europe/Prague`; first session.
        case timeZone = 3
        /// `hiit_rounds` (uint16): rounds counted; first session.
        case rounds = 4
        /// `hiit_exercises` (uint16): exercises counted; first session.
        case exercises = 5
        /// `hiit_workout_time` (float64, s): Workout Time; first session.
        case workoutTime = 6
        /// `hiit_kcal` (float64, kcal): the record's unrounded kcal, absent without; first session.
        case kcal = 7
        /// `hiit_weight` (float64, kg): the weight of the estimate, absent without; first session.
        case weight = 8
        /// `hiit_start_ms` (uint16, ms): the start's milliseconds past its whole second
        /// (`start_time`); every session and lap.
        case startMilliseconds = 9
        /// `hiit_lap_name` (string): the lap's name; laps that have one.
        case lapName = 10
        /// `hiit_name` (string): the activity's name (``RecordedActivity/name``); first session.
        case activityName = 11
        /// `hiit_manufacturer` (string): the recording device's maker when FIT's
        /// `manufacturer` type has no number for it (`polar`, `apple`); the creator's
        /// `device_info`.
        case manufacturer = 12
        /// `hiit_no_laps` (uint8, 1): the session had no laps, and its one `lap` message
        /// (activity files need one a session) was written for readers that need it; sessions
        /// without laps.
        case noLaps = 13

        /// `field_name`.
        var name: String {
            switch self {
            case .id: "hiit_id"
            case .kind: "hiit_kind"
            case .workout: "hiit_workout"
            case .timeZone: "hiit_time_zone"
            case .rounds: "hiit_rounds"
            case .exercises: "hiit_exercises"
            case .workoutTime: "hiit_workout_time"
            case .kcal: "hiit_kcal"
            case .weight: "hiit_weight"
            case .startMilliseconds: "hiit_start_ms"
            case .lapName: "hiit_lap_name"
            case .activityName: "hiit_name"
            case .manufacturer: "hiit_manufacturer"
            case .noLaps: "hiit_no_laps"
            }
        }

        /// `fit_base_type_id`.
        var baseType: FITBaseType {
            switch self {
            case .id, .kind, .workout, .timeZone, .lapName, .activityName, .manufacturer: .string
            case .rounds, .exercises, .startMilliseconds: .uint16
            case .workoutTime, .kcal, .weight: .float64
            case .noLaps: .uint8
            }
        }

        /// `units`, `nil` for none.
        var units: String? {
            switch self {
            case .workoutTime: "s"
            case .kcal: "kcal"
            case .weight: "kg"
            case .startMilliseconds: "ms"
            default: nil
            }
        }

        /// The field of `name`, `nil` for a name that is not one of hiit's.
        static func named(_ name: String) -> Field? {
            allCases.first { $0.name == name }
        }
    }
}

/// The developer data a FIT file declares as it is read: which application each developer
/// data index stands for (`developer_data_id`) and how each developer field is described
/// (`field_description`), so that hiit's fields are found by application and name and every
/// other field is left alone.
struct FITDeveloperDescriptions {
    /// `application_id` by `developer_data_index`.
    private var applications: [UInt8: [UInt8]] = [:]
    /// hiit's fields by `developer_data_index << 8 | field_definition_number`, with the base
    /// type their description gives.
    private var hiitFields: [UInt16: (field: FITHiitDeveloperData.Field, baseType: FITBaseType)] = [:]
    /// Every description's name and base type, by developer data index and field number, so
    /// that the order of `developer_data_id` and `field_description` does not matter (at most
    /// 256 × 256 entries, whatever the file holds).
    private var described: [UInt8: [UInt8: (name: String, baseType: FITBaseType)]] = [:]

    /// Whether any developer field of hiit's has been described.
    var hasHiitFields: Bool { !hiitFields.isEmpty }

    /// Reads a `developer_data_id` (207): the application of its index. A new application for
    /// an index drops what was known of that index's fields as hiit's.
    mutating func addApplication(_ message: FITMessage) {
        typealias D = FITProfile.DeveloperDataID
        guard let index = message.unsigned(D.developerDataIndex).map({ UInt8(truncatingIfNeeded: $0) }) else { return }
        applications[index] = message.byteArray(D.applicationID)
        resolve(index)
    }

    /// Reads a `field_description` (206).
    mutating func addDescription(_ message: FITMessage) {
        typealias F = FITProfile.FieldDescription
        guard let index = message.unsigned(F.developerDataIndex).map({ UInt8(truncatingIfNeeded: $0) }),
              let number = message.unsigned(F.fieldDefinitionNumber).map({ UInt8(truncatingIfNeeded: $0) }),
              let type = message.unsigned(F.fitBaseTypeID).map({ UInt8(truncatingIfNeeded: $0) }),
              let name = message.string(F.fieldName) else { return }
        described[index, default: [:]][number] = (name, FITBaseType(byte: type))
        resolve(index, number)
    }

    /// hiit's developer values in `message`: text for the string fields, numbers for the
    /// others, each absent when invalid or not written.
    func hiitValues(_ message: FITMessage) -> FITHiitValues {
        var values = FITHiitValues()
        guard !hiitFields.isEmpty else { return values }
        for developerField in message.definition.developerFields {
            guard let known = hiitFields[UInt16(developerField.developerIndex) << 8 | UInt16(developerField.number)] else { continue }
            let field = message.field(developerField, baseType: known.baseType)
            if known.baseType == .string {
                if let text = message.string(in: field) { values.texts[known.field] = text }
            } else if let number = message.number(in: field) {
                values.numbers[known.field] = number
            }
        }
        return values
    }

    /// Recomputes whether the fields of `index` are hiit's (those described under hiit's
    /// application id with one of hiit's names).
    private mutating func resolve(_ index: UInt8) {
        for number in (described[index] ?? [:]).keys { resolve(index, number) }
    }

    /// Recomputes whether field `number` of `index` is hiit's.
    private mutating func resolve(_ index: UInt8, _ number: UInt8) {
        let key = UInt16(index) << 8 | UInt16(number)
        if applications[index] == FITHiitDeveloperData.applicationIDBytes, let description = described[index]?[number],
           let field = FITHiitDeveloperData.Field.named(description.name) {
            hiitFields[key] = (field, description.baseType)
        } else {
            hiitFields[key] = nil
        }
    }
}

/// hiit's developer values of one message, by field.
struct FITHiitValues {
    /// The string fields' text.
    var texts: [FITHiitDeveloperData.Field: String] = [:]
    /// The numeric fields' values.
    var numbers: [FITHiitDeveloperData.Field: Double] = [:]

    /// `hiit_start_ms` as seconds (0…0.999), 0 without.
    var startFraction: Double {
        guard let milliseconds = numbers[.startMilliseconds], milliseconds >= 0, milliseconds < 1000 else { return 0 }
        return milliseconds / 1000
    }

    /// hiit's session values, when `hiit_id` is a UUID and `hiit_kind` a kind hiit knows;
    /// `nil` otherwise. Missing text is empty; missing counts and Workout Time are 0.
    var session: HiitSessionData? {
        guard let id = texts[.id].flatMap(UUID.init(uuidString:)),
              let kind = texts[.kind].flatMap(SessionRecord.Kind.init(rawValue:)) else { return nil }
        func count(_ field: FITHiitDeveloperData.Field) -> Int { numbers[field].map { Int($0) } ?? 0 }
        return HiitSessionData(id: id, kind: kind, workout: texts[.workout] ?? "", timeZone: texts[.timeZone] ?? "",
                               rounds: count(.rounds), exercises: count(.exercises),
                               workoutSeconds: numbers[.workoutTime] ?? 0, kcal: numbers[.kcal], weightKg: numbers[.weight])
    }
}
