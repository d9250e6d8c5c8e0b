#ifndef HIIT_CCAIRO_SHIM_H
#define HIIT_CCAIRO_SHIM_H
/* cairo (Debian libcairo2-dev): the PNG share cards (#17). Only the types and constants are
 * used from Swift: CardImages loads libcairo.so.2 with dlopen when a PNG is asked for, so that
 * the hiit executable does not load cairo and its dependencies at every start (README, Share
 * cards). Hence no `link` in module.modulemap. */
#include <cairo/cairo.h>
#endif
