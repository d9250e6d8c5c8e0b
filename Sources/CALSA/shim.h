#ifndef HIIT_CALSA_SHIM_H
#define HIIT_CALSA_SHIM_H
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

/* Installs the no-op handler: alsa-lib prints nothing from now on (process-wide). */
static inline void hiit_alsa_silence_errors(void) {
    snd_lib_error_set_handler(hiit_alsa_silent_error_handler);
}

/* Puts back alsa-lib's default handler, which prints to stderr (process-wide). */
static inline void hiit_alsa_restore_error_output(void) {
    snd_lib_error_set_handler(NULL);
}

#endif
