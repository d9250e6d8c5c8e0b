/// Help texts of arguments that several commands take.
enum ArgumentHelp {
    /// A WORKOUT argument that takes any workout (`hiit show`, `duplicate`, `export`, `run`).
    static let workout =
        "A workout's name, a workout file, or a quick form WORK/REST[xROUNDS] such as 20/10x8 (work 20 s, rest 10 s, 8 rounds) or 1:00/0:30x3 (times as 40, 40s, 1m30s or 1:00; no xROUNDS is one round)."
}
