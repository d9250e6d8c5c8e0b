#ifndef HIIT_CESPEAKNG_SHIM_H
#define HIIT_CESPEAKNG_SHIM_H
/* libespeak-ng (Debian libespeak-ng-dev): the header only, for the types and constants of
   spoken cues (#16). The library is opened with dlopen on the first synthesizer, so that no
   start of hiit loads it and the PulseAudio and X libraries it brings. */
#include <espeak-ng/speak_lib.h>
#endif
