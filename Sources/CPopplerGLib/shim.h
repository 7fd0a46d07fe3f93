// SPDX-License-Identifier: Apache-2.0
// Declarations only: poppler-glib is not linked, its functions are CLazyLibraries' stubs.
// glib's and cairo's include folders come from CPangoCairo's pkg-config flags.
#include <cairo.h>
#include <poppler/glib/poppler.h>
