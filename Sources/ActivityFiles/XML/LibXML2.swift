import CLibXML2
import POSIX

/// libxml2's functions that the GPX and TCX reader uses, found with `dlopen` and `dlsym` once,
/// on the first XML file read.
///
/// Foundation's `XMLParser` (FoundationXML) is this same parser underneath, but linking it
/// makes every start of `hiit` load and relocate libxml2 and the ICU, lzma and zlib libraries
/// it brings: 0.9–1.0 MiB of a timer run's resident memory, measured with `bench/cost.py`
/// (issue 12, item 26), for files that only `history import`, `history show` and `history
/// export` read. So the reader calls libxml2's SAX2 push parser itself, with the options and
/// callbacks `XMLParser` gives it (see ``XMLElementReader``). Immutable after loading.
final class LibXML2: @unchecked Sendable {
    // @unchecked Sendable: function pointers only, set once; libxml2's parser functions are
    // safe to call from several threads on separate contexts once `xmlInitParser` has run.

    /// The library's file names, tried in order: Debian 12 and 13 ship `libxml2.so.2`; libxml2
    /// 2.14 and later are `libxml2.so.16`. The SAX2 and error layouts are the same in both.
    static let names = ["libxml2.so.2", "libxml2.so.16"]

    /// The library, loaded on first use; the reason when it cannot be (one line).
    static let shared: Result<LibXML2, ActivityFileError> = Result { () throws(ActivityFileError) in try LibXML2() }

    /// A parser context (`xmlParserCtxtPtr`), opaque here.
    typealias Context = OpaquePointer

    /// `xmlCreatePushParserCtxt(sax, userData, chunk, size, filename)`.
    let createPushParser: @convention(c) (UnsafeMutablePointer<hiit_xml_sax_handler>?, UnsafeMutableRawPointer?,
                                          UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> Context?
    /// `xmlCtxtUseOptions(context, options)`.
    let useOptions: @convention(c) (Context?, Int32) -> Int32
    /// `xmlParseChunk(context, chunk, size, terminate)`.
    let parseChunk: @convention(c) (Context?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    /// `xmlStopParser(context)`.
    let stopParser: @convention(c) (Context?) -> Void
    /// `xmlCtxtReset(context)`: frees the document the parser made for entity declarations.
    let reset: @convention(c) (Context?) -> Void
    /// `xmlFreeParserCtxt(context)`.
    let freeParser: @convention(c) (Context?) -> Void
    /// `xmlSAX2GetLineNumber(context)`.
    let lineNumber: @convention(c) (Context?) -> Int32
    /// `xmlSAX2GetColumnNumber(context)`.
    let columnNumber: @convention(c) (Context?) -> Int32
    /// `xmlGetPredefinedEntity(name)`: `&lt;`, `&gt;`, `&amp;`, `&apos;`, `&quot;`.
    let predefinedEntity: @convention(c) (UnsafePointer<UInt8>?) -> UnsafeMutableRawPointer?
    /// `xmlSAX2GetEntity(context, name)`: an entity the document's internal subset declared.
    let declaredEntity: @convention(c) (Context?, UnsafePointer<UInt8>?) -> UnsafeMutableRawPointer?

    private init() throws(ActivityFileError) {
        var firstReason: String?
        var opened: LoadedLibrary?
        for name in Self.names where opened == nil {
            do throws(LoadedLibrary.LoadError) {
                opened = try LoadedLibrary(name: name)
            } catch {
                firstReason = firstReason ?? error.reason
            }
        }
        guard let library = opened else {
            throw .readerUnavailable(detail: "\(Self.names[0]) cannot be loaded: \(firstReason ?? "not found")")
        }
        do throws(LoadedLibrary.LoadError) {
            createPushParser = try library.function("xmlCreatePushParserCtxt", as: type(of: createPushParser))
            useOptions = try library.function("xmlCtxtUseOptions", as: type(of: useOptions))
            parseChunk = try library.function("xmlParseChunk", as: type(of: parseChunk))
            stopParser = try library.function("xmlStopParser", as: type(of: stopParser))
            reset = try library.function("xmlCtxtReset", as: type(of: reset))
            freeParser = try library.function("xmlFreeParserCtxt", as: type(of: freeParser))
            lineNumber = try library.function("xmlSAX2GetLineNumber", as: type(of: lineNumber))
            columnNumber = try library.function("xmlSAX2GetColumnNumber", as: type(of: columnNumber))
            predefinedEntity = try library.function("xmlGetPredefinedEntity", as: type(of: predefinedEntity))
            declaredEntity = try library.function("xmlSAX2GetEntity", as: type(of: declaredEntity))
            let initParser = try library.function("xmlInitParser", as: (@convention(c) () -> Void).self)
            let setLoader = try library.function(
                "xmlSetExternalEntityLoader",
                as: (@convention(c) (@convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, Context?) -> UnsafeMutableRawPointer?) -> Void).self)
            initParser()
            // External entities and DTDs are never loaded, from a file or the network (what
            // `XMLParser` does under its default policy): every load finds nothing.
            setLoader { _, _, _ in nil }
        } catch {
            throw .readerUnavailable(detail: error.description)
        }
    }
}
