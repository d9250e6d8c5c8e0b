#ifndef HIIT_CESPEAKNG_SHIM_H
#define HIIT_CESPEAKNG_SHIM_H
/* libespeak-ng (Debian libespeak-ng-dev): the speech synthesiser of spoken cues (#16). */
#include <espeak-ng/speak_lib.h>
#endif
