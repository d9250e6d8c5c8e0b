import CALSA
import POSIX

/// alsa-lib's functions that the cue player uses, found with `dlopen("libasound.so.2")` and
/// `dlsym` once, when the first ``ALSACuePlayer`` is made.
///
/// Linked instead, alsa-lib was loaded and relocated by every start of `hiit`: 0.6 MiB of a
/// muted timer run's resident memory (`bench/cost.py`, issue 12, item 26), and every quick
/// command's. A run with cues loads it as before. Immutable after loading.
final class ALSALibrary: @unchecked Sendable {
    // @unchecked Sendable: function pointers only, set once; alsa-lib's PCM functions are
    // called on one handle from one queue at a time (``ALSACuePlayer``).

    /// The shared library's name (its soname, installed by Debian's libasound2).
    static let name = "libasound.so.2"

    /// The library, loaded on first use; the error when it cannot be.
    static let shared: Result<ALSALibrary, AudioError> = Result { () throws(AudioError) in try ALSALibrary() }

    /// A PCM handle (`snd_pcm_t *`).
    typealias PCM = OpaquePointer

    /// `snd_pcm_open(&pcm, name, stream, mode)`.
    let open: @convention(c) (UnsafeMutablePointer<PCM?>?, UnsafePointer<CChar>?, snd_pcm_stream_t, Int32) -> Int32
    /// `snd_pcm_nonblock(pcm, nonblock)`.
    let nonblock: @convention(c) (PCM?, Int32) -> Int32
    /// `snd_pcm_set_params(pcm, format, access, channels, rate, soft_resample, latency)`.
    let setParams: @convention(c) (PCM?, snd_pcm_format_t, snd_pcm_access_t, UInt32, UInt32, Int32, UInt32) -> Int32
    /// `snd_pcm_writei(pcm, buffer, frames)`: frames written, or a negative error code.
    let writei: @convention(c) (PCM?, UnsafeRawPointer?, snd_pcm_uframes_t) -> snd_pcm_sframes_t
    /// `snd_pcm_recover(pcm, error, silent)`.
    let recover: @convention(c) (PCM?, Int32, Int32) -> Int32
    /// `snd_pcm_drain(pcm)`.
    let drain: @convention(c) (PCM?) -> Int32
    /// `snd_pcm_drop(pcm)`.
    let drop: @convention(c) (PCM?) -> Int32
    /// `snd_pcm_prepare(pcm)`.
    let prepare: @convention(c) (PCM?) -> Int32
    /// `snd_pcm_close(pcm)`.
    let close: @convention(c) (PCM?) -> Int32
    /// `snd_strerror(code)`.
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// `snd_lib_error_set_handler(handler)`: `NULL` puts back alsa-lib's printing to stderr.
    private let setErrorHandler: @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// Loads the library and every function.
    /// - Throws: ``AudioError/libraryMissing(reason:)`` with `dlerror`'s reason.
    private init() throws(AudioError) {
        do throws(LoadedLibrary.LoadError) {
            let library = try LoadedLibrary(name: Self.name)
            open = try library.function("snd_pcm_open", as: type(of: open))
            nonblock = try library.function("snd_pcm_nonblock", as: type(of: nonblock))
            setParams = try library.function("snd_pcm_set_params", as: type(of: setParams))
            writei = try library.function("snd_pcm_writei", as: type(of: writei))
            recover = try library.function("snd_pcm_recover", as: type(of: recover))
            drain = try library.function("snd_pcm_drain", as: type(of: drain))
            drop = try library.function("snd_pcm_drop", as: type(of: drop))
            prepare = try library.function("snd_pcm_prepare", as: type(of: prepare))
            close = try library.function("snd_pcm_close", as: type(of: close))
            strerror = try library.function("snd_strerror", as: type(of: strerror))
            setErrorHandler = try library.function("snd_lib_error_set_handler", as: type(of: setErrorHandler))
        } catch {
            throw .libraryMissing(reason: error.description)
        }
    }

    /// Installs a handler that prints nothing: alsa-lib prints nothing from now on
    /// (process-wide; its messages would wreck a full-screen screen).
    func silenceErrors() {
        _ = setErrorHandler(hiit_alsa_silent_error_handler_address())
    }

    /// Puts back alsa-lib's default handler, which prints to stderr (process-wide).
    func restoreErrorOutput() {
        _ = setErrorHandler(nil)
    }

    /// `snd_strerror`'s text for an ALSA result code.
    func text(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}
