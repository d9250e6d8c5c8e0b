import CCairo
import POSIX
#if canImport(Glibc)
import Glibc
#endif

/// What went wrong making or reading a PNG card.
public enum CardImageError: Error, Equatable, CustomStringConvertible {
    /// libcairo could not be loaded, or lacks a function (`dlerror`'s text).
    case libraryMissing(library: String, reason: String)
    /// A cairo call failed (`cairo_status_to_string`'s text).
    case cairo(operation: String, status: String)

    /// One line for a person.
    public var description: String {
        switch self {
        case let .libraryMissing(library, reason):
            "PNG cards need cairo (Debian libcairo2): \(library) cannot be loaded: \(reason)"
        case let .cairo(operation, status):
            "cairo could not \(operation): \(status)"
        }
    }
}

/// libcairo's functions that the cards use, found with `dlopen("libcairo.so.2")` and `dlsym`
/// once, on the first PNG (so `hiit` starts without loading cairo, pixman, fontconfig,
/// FreeType, libpng and the X libraries it brings). Immutable after loading.
final class CairoLibrary: @unchecked Sendable {
    /// The shared library's name (its soname, installed by Debian's libcairo2).
    static let name = "libcairo.so.2"

    /// The library, loaded on first use; the error when it cannot be.
    static let shared: Result<CairoLibrary, CardImageError> = Result { () throws(CardImageError) in try CairoLibrary() }

    typealias Surface = OpaquePointer
    typealias Context = OpaquePointer
    typealias WriteFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> cairo_status_t
    typealias ReadFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, UInt32) -> cairo_status_t

    let imageSurfaceCreate: @convention(c) (cairo_format_t, Int32, Int32) -> Surface?
    let surfaceDestroy: @convention(c) (Surface?) -> Void
    let surfaceStatus: @convention(c) (Surface?) -> cairo_status_t
    let surfaceFlush: @convention(c) (Surface?) -> Void
    let create: @convention(c) (Surface?) -> Context?
    let destroy: @convention(c) (Context?) -> Void
    let status: @convention(c) (Context?) -> cairo_status_t
    let statusToString: @convention(c) (cairo_status_t) -> UnsafePointer<CChar>?
    let setSourceRGB: @convention(c) (Context?, Double, Double, Double) -> Void
    let rectangle: @convention(c) (Context?, Double, Double, Double, Double) -> Void
    let arc: @convention(c) (Context?, Double, Double, Double, Double, Double) -> Void
    let newPath: @convention(c) (Context?) -> Void
    let newSubPath: @convention(c) (Context?) -> Void
    let closePath: @convention(c) (Context?) -> Void
    let moveTo: @convention(c) (Context?, Double, Double) -> Void
    let lineTo: @convention(c) (Context?, Double, Double) -> Void
    let fill: @convention(c) (Context?) -> Void
    let stroke: @convention(c) (Context?) -> Void
    let setLineWidth: @convention(c) (Context?, Double) -> Void
    let setLineCap: @convention(c) (Context?, cairo_line_cap_t) -> Void
    let setLineJoin: @convention(c) (Context?, cairo_line_join_t) -> Void
    let selectFontFace: @convention(c) (Context?, UnsafePointer<CChar>?, cairo_font_slant_t, cairo_font_weight_t) -> Void
    let setFontSize: @convention(c) (Context?, Double) -> Void
    let textExtents: @convention(c) (Context?, UnsafePointer<CChar>?, UnsafeMutablePointer<cairo_text_extents_t>?) -> Void
    let showText: @convention(c) (Context?, UnsafePointer<CChar>?) -> Void
    let fontOptionsCreate: @convention(c) () -> OpaquePointer?
    let fontOptionsDestroy: @convention(c) (OpaquePointer?) -> Void
    let fontOptionsSetAntialias: @convention(c) (OpaquePointer?, cairo_antialias_t) -> Void
    let fontOptionsSetHintStyle: @convention(c) (OpaquePointer?, cairo_hint_style_t) -> Void
    let fontOptionsSetHintMetrics: @convention(c) (OpaquePointer?, cairo_hint_metrics_t) -> Void
    let setFontOptions: @convention(c) (Context?, OpaquePointer?) -> Void
    let writeToPNGStream: @convention(c) (Surface?, WriteFunction?, UnsafeMutableRawPointer?) -> cairo_status_t
    let createFromPNGStream: @convention(c) (ReadFunction?, UnsafeMutableRawPointer?) -> Surface?
    let imageWidth: @convention(c) (Surface?) -> Int32
    let imageHeight: @convention(c) (Surface?) -> Int32
    let imageStride: @convention(c) (Surface?) -> Int32
    let imageData: @convention(c) (Surface?) -> UnsafeMutablePointer<UInt8>?

    /// Loads the library and every function.
    /// - Throws: ``CardImageError/libraryMissing(library:reason:)``.
    private init() throws(CardImageError) {
        let library = try LoadedLibrary.forCards(Self.name)
        func symbol<T>(_ name: String, as type: T.Type) throws(CardImageError) -> T {
            try library.cardFunction(name, as: type)
        }
        imageSurfaceCreate = try symbol("cairo_image_surface_create", as: (@convention(c) (cairo_format_t, Int32, Int32) -> Surface?).self)
        surfaceDestroy = try symbol("cairo_surface_destroy", as: (@convention(c) (Surface?) -> Void).self)
        surfaceStatus = try symbol("cairo_surface_status", as: (@convention(c) (Surface?) -> cairo_status_t).self)
        surfaceFlush = try symbol("cairo_surface_flush", as: (@convention(c) (Surface?) -> Void).self)
        create = try symbol("cairo_create", as: (@convention(c) (Surface?) -> Context?).self)
        destroy = try symbol("cairo_destroy", as: (@convention(c) (Context?) -> Void).self)
        status = try symbol("cairo_status", as: (@convention(c) (Context?) -> cairo_status_t).self)
        statusToString = try symbol("cairo_status_to_string", as: (@convention(c) (cairo_status_t) -> UnsafePointer<CChar>?).self)
        setSourceRGB = try symbol("cairo_set_source_rgb", as: (@convention(c) (Context?, Double, Double, Double) -> Void).self)
        rectangle = try symbol("cairo_rectangle", as: (@convention(c) (Context?, Double, Double, Double, Double) -> Void).self)
        arc = try symbol("cairo_arc", as: (@convention(c) (Context?, Double, Double, Double, Double, Double) -> Void).self)
        newPath = try symbol("cairo_new_path", as: (@convention(c) (Context?) -> Void).self)
        newSubPath = try symbol("cairo_new_sub_path", as: (@convention(c) (Context?) -> Void).self)
        closePath = try symbol("cairo_close_path", as: (@convention(c) (Context?) -> Void).self)
        moveTo = try symbol("cairo_move_to", as: (@convention(c) (Context?, Double, Double) -> Void).self)
        lineTo = try symbol("cairo_line_to", as: (@convention(c) (Context?, Double, Double) -> Void).self)
        fill = try symbol("cairo_fill", as: (@convention(c) (Context?) -> Void).self)
        stroke = try symbol("cairo_stroke", as: (@convention(c) (Context?) -> Void).self)
        setLineWidth = try symbol("cairo_set_line_width", as: (@convention(c) (Context?, Double) -> Void).self)
        setLineCap = try symbol("cairo_set_line_cap", as: (@convention(c) (Context?, cairo_line_cap_t) -> Void).self)
        setLineJoin = try symbol("cairo_set_line_join", as: (@convention(c) (Context?, cairo_line_join_t) -> Void).self)
        selectFontFace = try symbol("cairo_select_font_face",
                                    as: (@convention(c) (Context?, UnsafePointer<CChar>?, cairo_font_slant_t, cairo_font_weight_t) -> Void).self)
        setFontSize = try symbol("cairo_set_font_size", as: (@convention(c) (Context?, Double) -> Void).self)
        textExtents = try symbol("cairo_text_extents",
                                 as: (@convention(c) (Context?, UnsafePointer<CChar>?, UnsafeMutablePointer<cairo_text_extents_t>?) -> Void).self)
        showText = try symbol("cairo_show_text", as: (@convention(c) (Context?, UnsafePointer<CChar>?) -> Void).self)
        fontOptionsCreate = try symbol("cairo_font_options_create", as: (@convention(c) () -> OpaquePointer?).self)
        fontOptionsDestroy = try symbol("cairo_font_options_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self)
        fontOptionsSetAntialias = try symbol("cairo_font_options_set_antialias",
                                             as: (@convention(c) (OpaquePointer?, cairo_antialias_t) -> Void).self)
        fontOptionsSetHintStyle = try symbol("cairo_font_options_set_hint_style",
                                             as: (@convention(c) (OpaquePointer?, cairo_hint_style_t) -> Void).self)
        fontOptionsSetHintMetrics = try symbol("cairo_font_options_set_hint_metrics",
                                               as: (@convention(c) (OpaquePointer?, cairo_hint_metrics_t) -> Void).self)
        setFontOptions = try symbol("cairo_set_font_options", as: (@convention(c) (Context?, OpaquePointer?) -> Void).self)
        writeToPNGStream = try symbol("cairo_surface_write_to_png_stream",
                                      as: (@convention(c) (Surface?, WriteFunction?, UnsafeMutableRawPointer?) -> cairo_status_t).self)
        createFromPNGStream = try symbol("cairo_image_surface_create_from_png_stream",
                                         as: (@convention(c) (ReadFunction?, UnsafeMutableRawPointer?) -> Surface?).self)
        imageWidth = try symbol("cairo_image_surface_get_width", as: (@convention(c) (Surface?) -> Int32).self)
        imageHeight = try symbol("cairo_image_surface_get_height", as: (@convention(c) (Surface?) -> Int32).self)
        imageStride = try symbol("cairo_image_surface_get_stride", as: (@convention(c) (Surface?) -> Int32).self)
        imageData = try symbol("cairo_image_surface_get_data", as: (@convention(c) (Surface?) -> UnsafeMutablePointer<UInt8>?).self)
    }

    /// cairo's words for a status.
    func text(_ status: cairo_status_t) -> String {
        statusToString(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    }
}

extension LoadedLibrary {
    /// Opens a library the cards need (cairo, fontconfig).
    /// - Throws: ``CardImageError/libraryMissing(library:reason:)`` with `dlerror`'s reason.
    static func forCards(_ name: String) throws(CardImageError) -> LoadedLibrary {
        do throws(LoadError) { return try LoadedLibrary(name: name) } catch {
            throw .libraryMissing(library: error.library, reason: error.reason)
        }
    }

    /// ``function(_:as:)`` for the cards.
    /// - Throws: ``CardImageError/libraryMissing(library:reason:)`` ("no function NAME").
    func cardFunction<T>(_ symbol: String, as type: T.Type) throws(CardImageError) -> T {
        do throws(LoadError) { return try function(symbol, as: type) } catch {
            throw .libraryMissing(library: error.library, reason: error.reason)
        }
    }
}
