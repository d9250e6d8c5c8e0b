#ifndef HIIT_CALSA_SHIM_H
#define HIIT_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
