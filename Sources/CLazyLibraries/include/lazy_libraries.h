// SPDX-License-Identifier: Apache-2.0
#ifndef RUA_LAZY_LIBRARIES_H
#define RUA_LAZY_LIBRARIES_H

/// The libraries only some commands use, loaded on their first call (lazy_libraries.c).
enum rua_lazy_library { RUA_LAZY_POPPLER_GLIB = 0, RUA_LAZY_CUPS = 1, RUA_LAZY_QPDF = 2 };

/// Loads `library` if it is not loaded yet. Returns NULL when it is loaded; otherwise the
/// loader's reason, valid until this thread's next call.
const char *rua_lazy_load(enum rua_lazy_library library);

/// The library's file name as the loader looks for it (`libpoppler-glib.so.8`).
const char *rua_lazy_file(enum rua_lazy_library library);

/// Whether the library is mapped in this process (what a test of `er` asks).
int rua_lazy_is_loaded(enum rua_lazy_library library);

#endif
