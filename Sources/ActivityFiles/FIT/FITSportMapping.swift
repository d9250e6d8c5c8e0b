import WorkoutModel

/// FIT's sport and sub-sport (FIT SDK Profile.xlsx, Types sheet `sport` and `sub_sport`) as
/// hiit's ``Sport`` and the file's own sport name.
enum FITSportMapping {
    /// hiit's sport for a FIT `sport` and `sub_sport`: running 1, cycling 2, transition 3,
    /// swimming 5, walking 11, rowing 15, hiking 17; paddling 19, stand_up_paddleboarding 37,
    /// kayaking 41 and canoeing 88 are paddling; cross_country_skiing 12 and alpine_skiing 13
    /// are skiing (snowboarding 14 is not a ski sport: other); training 10 with sub-sport
    /// strength_training 20 is strength, with hiit 70 HIIT; hiit 62 is HIIT; fitness_equipment 4
    /// with indoor_rowing 14 is rowing, with indoor_cycling 6 cycling, with treadmill 1
    /// running. Generic 0, an absent sport and everything else: ``Sport/other``.
    static func sport(_ sport: UInt64?, subSport: UInt64?) -> Sport {
        switch sport {
        case 1: .running
        case 2: .cycling
        case 3: .transition
        case 5: .swimming
        case 11: .walking
        case 15: .rowing
        case 17: .hiking
        case 19, 37, 41, 88: .paddling
        case 12, 13: .skiing
        case 62: .hiit
        case 10:
            switch subSport {
            case 20: .strength
            case 70: .hiit
            default: .other
            }
        case 4:
            switch subSport {
            case 14: .rowing
            case 6: .cycling
            case 1: .running
            default: .other
            }
        default: .other
        }
    }

    /// The file's name of the sport: FIT's sport name, with `/sub_sport_name` appended when
    /// the sub-sport is present and not generic (`cycling/indoor_cycling`,
    /// `training/strength_training`); a value the profile does not name is its number;
    /// no sport at all is `generic`.
    static func name(_ sport: UInt64?, subSport: UInt64?) -> String {
        let sportName = sport.map { FITProfile.sportNames[$0] ?? String($0) } ?? "generic"
        guard let subSport, subSport != 0 else { return sportName }
        return sportName + "/" + (FITProfile.subSportNames[subSport] ?? String(subSport))
    }
}
