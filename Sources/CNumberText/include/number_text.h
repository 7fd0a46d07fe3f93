// SPDX-License-Identifier: Apache-2.0
#ifndef RUA_NUMBER_TEXT_H
#define RUA_NUMBER_TEXT_H

#include <stdarg.h>

/// Writes into `out` (at least 64 bytes) what glibc's `vsnprintf(out, 64, format, ap)` writes,
/// for a `format` that is exactly one of the conversions cairo's PDF writer prints numbers with
/// (`%d`, `%ld`, `%u`, `%lu`, `%x`, with an optional `0` flag and width; `%f`, `%.Nf` and
/// `%.*f` up to 18 digits, of a finite value below 2^31); returns the length. Returns -1 for
/// any other format or value, having written nothing (the caller then asks glibc).
int rua_number_text(char *out, const char *format, va_list ap);

/// Whether the libraries' `__snprintf_chk` is the one in number_text.c (the executable's).
int rua_number_text_is_installed(void);

#endif
