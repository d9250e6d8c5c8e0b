import Foundation

/// The GPX and TCX fixture files under `Fixtures/gpx` and `Fixtures/tcx`, read from the test
/// bundle.
enum XMLFixture {
    /// The bytes of `Fixtures/<folder>/<name>`, e.g. `data("gpx", "ride-1.0.gpx")`.
    static func data(_ folder: String, _ name: String) throws -> Data {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        guard let url = Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Fixtures/\(folder)") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/\(folder)/\(name)"])
        }
        return try Data(contentsOf: url)
    }

    /// The instant `seconds` after 1970-01-01T00:00:00Z.
    static func utc(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }
}
