#ifndef HIIT_CALSA_SHIM_H
#define HIIT_CALSA_SHIM_H
/* alsa-lib (Debian libasound2-dev): the header only, for the types and constants of the cue
   player. The library is opened with dlopen when the first player is made (AudioCues'
   ALSALibrary), so that a muted run, a quick command or a run with the terminal bell alone
   never loads it. */
#include <alsa/asoundlib.h>

/*
 * alsa-lib prints its own diagnostics ("ALSA lib pcm.c:...: Unknown PCM ...") to stderr
 * through a global, variadic error handler. Swift cannot define a variadic C function, so
 * the no-op handler lives here; `static` gives every importing translation unit its own
 * private copy, so no C target or object file is needed.
 */
static void hiit_alsa_silent_error_handler(const char *file, int line, const char *function,
                                           int err, const char *fmt, ...) {
    (void)file;
    (void)line;
    (void)function;
    (void)err;
    (void)fmt;
}

/* The no-op handler's address, for snd_lib_error_set_handler (looked up with dlsym). */
static inline void *hiit_alsa_silent_error_handler_address(void) {
    return (void *)hiit_alsa_silent_error_handler;
}

#endif
