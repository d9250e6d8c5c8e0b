import Foundation
import GPSD
import Testing
import Tracks

@Suite("gpsd reports: one JSON line each")
struct GPSDReportTests {
    static func decode(_ line: String) -> (report: GPSDReport?, warnings: [GPSDWarning]) {
        GPSDReport.decode(Array(line.utf8))
    }

    /// 2026-12-03T12:01:45Z.
    static let epoch = Date(timeIntervalSince1970: 1_796_299_200 + 105)

    @Test("a 3-D TPV as gpsd 3.22 writes it from NMEA: every field read")
    func threeDimensional() throws {
        let line = #"{"class":"TPV","device":"/dev/pts/2","mode":3,"time":"2026-12-03T12:01:45.000Z","ept":0.005,"lat":48.002833333,"lon":11.000000000,"altHAE":547.0000,"altMSL":500.0000,"alt":500.0000,"track":0.0000,"magtrack":3.1993,"magvar":3.2,"speed":2.999,"climb":0.000,"geoidSep":47.000,"eph":17.100}"#
        let (report, warnings) = Self.decode(line)
        #expect(warnings.isEmpty)
        guard case let .tpv(fix)? = report else { Issue.record("not a TPV: \(String(describing: report))"); return }
        #expect(fix.device == "/dev/pts/2")
        #expect(fix.mode == .threeDimensional)
        #expect(fix.time == Self.epoch)
        #expect(fix.latitude == 48.002833333)
        #expect(fix.longitude == 11)
        #expect(fix.altitudeHAEMeters == 547)
        #expect(fix.altitudeMSLMeters == 500)
        #expect(fix.speedMetersPerSecond == 2.999)
        #expect(fix.trackDegrees == 0)
        #expect(fix.eph == 17.1)
        #expect(fix.horizontalErrorMeters == 17.1)
        let converted = fix.fix(fallbackTime: .distantPast)
        #expect(converted.mode == .threeDimensional)
        #expect(converted.point == TrackPoint(time: Self.epoch, latitude: 48.002833333, longitude: 11, altitudeMeters: 500,
                                               speedMetersPerSecond: 2.999, horizontalErrorMeters: 17.1))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var line: String
        var report: GPSDReport?
        var warnings: [GPSDWarning] = []
        var testDescription: String { name }
    }

    static func tpv(_ change: (inout GPSDFix) -> Void) -> GPSDReport {
        var fix = GPSDFix(mode: .threeDimensional)
        change(&fix)
        return .tpv(fix)
    }

    static let cases: [Case] = [
        Case(name: "2-D from an RMC sentence alone: no error reported",
             line: #"{"class":"TPV","device":"/dev/pts/2","mode":2,"time":"2026-12-03T12:00:00.000Z","ept":0.005,"lat":48.000000000,"lon":11.000000000,"track":0.0000,"magtrack":3.1992,"magvar":3.2,"speed":2.999}"#,
             report: tpv { $0.mode = .twoDimensional; $0.device = "/dev/pts/2"; $0.time = Date(timeIntervalSince1970: 1_796_299_200)
                 $0.latitude = 48; $0.longitude = 11; $0.trackDegrees = 0; $0.speedMetersPerSecond = 2.999 }),
        Case(name: "a u-blox 3-D fix with epx/epy/epv, no eph: the larger of epx and epy",
             line: #"{"class":"TPV","mode":3,"time":"2021-03-01T10:00:00.5Z","lat":-33.5,"lon":151.25,"alt":12.5,"epx":3.1,"epy":4.4,"epv":7.0,"speed":0.012}"#,
             report: tpv { $0.time = Date(timeIntervalSince1970: 1_614_592_800.5); $0.latitude = -33.5; $0.longitude = 151.25
                 $0.altitudeMSLMeters = 12.5; $0.epx = 3.1; $0.epy = 4.4; $0.epv = 7; $0.speedMetersPerSecond = 0.012 }),
        Case(name: "no fix yet: mode 1 and nothing else",
             line: #"{"class":"TPV","device":"/dev/ttyACM0","mode":1}"#,
             report: tpv { $0.mode = .noFix; $0.device = "/dev/ttyACM0" }),
        Case(name: "a mode gpsd never sends reads 0",
             line: #"{"class":"TPV","mode":7}"#, report: tpv { $0.mode = .unknown }),
        Case(name: "a latitude as a string is left out, with a warning",
             line: #"{"class":"TPV","mode":3,"lat":"48.1","lon":11.5}"#,
             report: tpv { $0.longitude = 11.5 }, warnings: [.badField(className: "TPV", field: "lat")]),
        Case(name: "an unreadable time is left out, with a warning",
             line: #"{"class":"TPV","mode":3,"time":"2026-02-30T12:00:00Z"}"#,
             report: tpv { _ in }, warnings: [.unreadableTime("2026-02-30T12:00:00Z")]),
        Case(name: "VERSION",
             line: #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
             report: .version(release: "3.22", protocolMajor: 3, protocolMinor: 14)),
        Case(name: "DEVICES",
             line: #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/2","activated":"2026-12-03T15:03:20.228Z","native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}]}"#,
             report: .devices(["/dev/pts/2"])),
        Case(name: "DEVICE active",
             line: #"{"class":"DEVICE","path":"/dev/pts/2","driver":"NMEA0183","activated":"2026-12-03T15:03:20.231Z","native":0,"bps":4800}"#,
             report: .device(path: "/dev/pts/2", isActive: true)),
        Case(name: "DEVICE gone (activated 0)",
             line: #"{"class":"DEVICE","path":"/dev/pts/2","activated":0}"#,
             report: .device(path: "/dev/pts/2", isActive: false)),
        Case(name: "WATCH",
             line: #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#,
             report: .watch(isEnabled: true)),
        Case(name: "ERROR",
             line: #"{"class":"ERROR","message":"Unrecognized request 'WATC'"}"#,
             report: .error(message: "Unrecognized request 'WATC'")),
        Case(name: "SKY is ignored",
             line: #"{"class":"SKY","device":"/dev/pts/2","hdop":0.9,"satellites":[{"PRN":5,"el":45,"az":120,"ss":40,"used":true}]}"#,
             report: .sky),
        Case(name: "an unknown class keeps its name",
             line: #"{"class":"PPS","device":"/dev/pps0","real_sec":1796299200,"real_nsec":0}"#,
             report: .other(className: "PPS")),
        Case(name: "not JSON", line: "$GPRMC,120000.00,A,4800.0000,N", report: nil,
             warnings: [.notJSON(preview: "$GPRMC,120000.00,A,4800.0000,N")]),
        Case(name: "cut short", line: #"{"class":"TPV","mode":3,"lat":48."#, report: nil,
             warnings: [.notJSON(preview: #"{"class":"TPV","mode":3,"lat":48."#)]),
        Case(name: "a JSON array, not an object", line: "[1,2,3]", report: nil, warnings: [.notJSON(preview: "[1,2,3]")]),
        Case(name: "no class", line: #"{"mode":3}"#, report: nil, warnings: [.noClass]),
        Case(name: "a class that is a number", line: #"{"class":3}"#, report: nil, warnings: [.noClass]),
    ]

    @Test(arguments: cases)
    func decodes(_ example: Case) {
        let (report, warnings) = Self.decode(example.line)
        #expect(report == example.report)
        #expect(warnings == example.warnings)
    }

    @Test("invalid UTF-8 and a long garbage line give a short warning, never a trap")
    func garbage() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x7B] + [UInt8](repeating: 0x41, count: 5000)
        let (report, warnings) = GPSDReport.decode(bytes)
        #expect(report == nil)
        guard case let .notJSON(preview)? = warnings.first else { Issue.record("\(warnings)"); return }
        #expect(preview.count <= GPSDWarning.previewLength)
    }

    @Test("a line of 30,000 nested arrays (within the 64 KiB line limit) is refused, never a stack overflow")
    func deepNesting() {
        let line = [UInt8](repeating: UInt8(ascii: "["), count: 30_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 30_000)
        let (report, warnings) = GPSDReport.decode(line)
        #expect(report == nil)
        #expect(warnings.count == 1)
    }

    @Test("the horizontal error: eph first, else the larger of epx and epy, else none")
    func horizontalError() {
        var fix = GPSDFix(mode: .threeDimensional)
        #expect(fix.horizontalErrorMeters == nil)
        fix.epy = 6
        #expect(fix.horizontalErrorMeters == 6)
        fix.epx = 9
        #expect(fix.horizontalErrorMeters == 9)
        fix.eph = 4
        #expect(fix.horizontalErrorMeters == 4)
    }

    @Test("times: fractions to nanoseconds, none, a leap year's 29 February; bad ones refused")
    func times() {
        func time(_ text: String) -> Date? {
            guard case let .tpv(fix)? = Self.decode(#"{"class":"TPV","mode":3,"time":"\#(text)"}"#).report else { return nil }
            return fix.time
        }
        let nanos = time("2026-12-03T12:00:00.123456789Z")?.timeIntervalSince1970 ?? 0
        #expect(abs(nanos - 1_796_299_200.123456789) < 1e-6)
        #expect(time("2026-12-03T12:00:00Z") == Date(timeIntervalSince1970: 1_796_299_200))
        #expect(time("2024-02-29T00:00:00.000Z") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(time("1999-12-31T23:59:59.9Z") == Date(timeIntervalSince1970: 946_684_799.9))
        for bad in ["2025-02-29T00:00:00Z", "2026-12-03 12:00:00Z", "2026-12-03T12:00:00", "2026-12-03T24:00:00Z",
                    "2026-12-03T12:00:00.Z", "2026-13-03T12:00:00Z", "2026-12-03T12:00:00+01:00", "20261203T120000Z", ""] {
            #expect(time(bad) == nil, "\(bad)")
        }
    }

    @Test("a TPV without a time takes the fallback time the caller gives")
    func fallbackTime() {
        let fix = GPSDFix(mode: .twoDimensional)
        #expect(fix.fix(fallbackTime: Self.epoch).point.time == Self.epoch)
    }
}
