// SPDX-License-Identifier: Apache-2.0
// cairo's PDF writer prints every number through snprintf: each coordinate, glyph position and
// colour as "%f" (or "%.*f" below 0.1), each object number, offset and glyph id as "%d",
// "%ld", "%04x"… About 3,100 calls a sheet, and glibc's printf (its multi-precision float
// conversion, its locale and stream machinery) spent about 6 M instructions a batch sheet on
// them, a tenth of the sheet. cairo is compiled with _FORTIFY_SOURCE, so it calls
// `__snprintf_chk`; the executable defines that symbol, and the dynamic linker binds every
// library's calls to the executable's definition first. The definition below writes the
// conversions cairo uses itself, to the byte what glibc writes (the same digits, correctly
// rounded, ties to even as glibc in the default rounding mode; `NumberTextTests` compares
// them on millions of values), and hands every other format, value or buffer to glibc's own
// `__vsnprintf_chk`, so every other caller in the process gets glibc's answer.
#define _GNU_SOURCE
#include "number_text.h"

#include <dlfcn.h>
#include <langinfo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(__GLIBC__) && defined(__SIZEOF_INT128__)

typedef unsigned __int128 wide;

/// `value`'s decimal digits, written backwards from `end`; returns where they start. In 64 bits
/// once the value fits (a 128-bit division is a call, a 64-bit one by 10 a multiplication).
static char *digits_before(char *end, wide value) {
  while (value > UINT64_MAX) {
    *--end = (char)('0' + (int)(value % 10));
    value /= 10;
  }
  uint64_t low = (uint64_t)value;
  do {
    *--end = (char)('0' + (int)(low % 10));
    low /= 10;
  } while (low);
  return end;
}

static const uint64_t powers_of_ten[19] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
    1000000000000000000ULL};

/// "%.*f" of `value` with `precision` (0…18) digits: the exact value of the double times
/// 10^precision, rounded to an integer (a tie to the even one), then its digits with the point
/// put back. A double is mantissa × 2^-shift with a mantissa below 2^53; below 2^31 times at
/// most 10^18 every product fits in 128 bits.
static int fixed(char *out, double value, int precision) {
  if (precision < 0 || precision > 18 || !isfinite(value)) return -1;
  double magnitude = fabs(value);
  if (magnitude >= 2147483648.0) return -1;
  uint64_t bits;
  memcpy(&bits, &magnitude, sizeof bits);
  int exponent = (int)((bits >> 52) & 0x7ff);
  uint64_t mantissa = bits & ((UINT64_C(1) << 52) - 1);
  int shift;
  if (exponent == 0) {
    shift = 1074;  // subnormal
  } else {
    mantissa |= UINT64_C(1) << 52;
    shift = 1075 - exponent;
  }
  wide scale = powers_of_ten[precision];
  wide scaled = 0;
  if (mantissa != 0) {
    if (shift <= 0) {
      scaled = ((wide)mantissa << -shift) * scale;
    } else if (shift < 120) {
      wide product = (wide)mantissa * scale;  // below 2^53 × 10^18 < 2^113
      scaled = product >> shift;
      wide rest = product & (((wide)1 << shift) - 1);
      wide half = (wide)1 << (shift - 1);
      if (rest > half || (rest == half && (scaled & 1))) scaled += 1;
    }
    // A shift of 120 or more: the product is below 2^113, under half a unit: 0.
  }
  char buffer[48];
  char *end = buffer + sizeof buffer;
  char *start = digits_before(end, scaled);
  int count = (int)(end - start);
  char *o = out;
  // glibc writes the sign of every negative value, -0.0 and those that round to 0 too.
  if (signbit(value)) *o++ = '-';
  if (count <= precision) {
    *o++ = '0';
    if (precision > 0) {
      *o++ = '.';
      for (int i = count; i < precision; i++) *o++ = '0';
      memcpy(o, start, (size_t)count);
      o += count;
    }
  } else {
    memcpy(o, start, (size_t)(count - precision));
    o += count - precision;
    if (precision > 0) {
      *o++ = '.';
      memcpy(o, start + count - precision, (size_t)precision);
      o += precision;
    }
  }
  *o = 0;
  return (int)(o - out);
}

/// An integer in base 10 or 16 (lower case), padded to `width` with zeros (after the sign) or
/// spaces (before it).
static int integer(char *out, int negative, unsigned long long magnitude, unsigned base,
                   int width, int zeros) {
  char buffer[32];
  char *end = buffer + sizeof buffer;
  char *start = end;
  if (base == 16) {
    do {
      unsigned digit = (unsigned)(magnitude & 15);
      *--start = (char)(digit < 10 ? '0' + digit : 'a' + digit - 10);
      magnitude >>= 4;
    } while (magnitude);
  } else {
    do {
      *--start = (char)('0' + (int)(magnitude % 10));
      magnitude /= 10;
    } while (magnitude);
  }
  int count = (int)(end - start) + negative;
  char *o = out;
  if (zeros) {
    if (negative) *o++ = '-';
    for (int i = count; i < width; i++) *o++ = '0';
  } else {
    for (int i = count; i < width; i++) *o++ = ' ';
    if (negative) *o++ = '-';
  }
  memcpy(o, start, (size_t)(end - start));
  o += end - start;
  *o = 0;
  return (int)(o - out);
}

int rua_number_text(char *out, const char *format, va_list ap) {
  const char *f = format;
  if (*f++ != '%') return -1;
  int zeros = 0, width = 0, precision = -1, star = 0, isLong = 0;
  if (*f == '0') {
    zeros = 1;
    f++;
  }
  while (*f >= '0' && *f <= '9') {
    width = width * 10 + (*f++ - '0');
    if (width > 32) return -1;
  }
  if (*f == '.') {
    f++;
    if (*f == '*') {
      star = 1;
      f++;
    } else {
      precision = 0;
      while (*f >= '0' && *f <= '9') {
        precision = precision * 10 + (*f++ - '0');
        if (precision > 18) return -1;
      }
    }
  }
  if (*f == 'l') {
    isLong = 1;
    f++;
  }
  char conversion = *f++;
  if (*f != 0) return -1;
  switch (conversion) {
  case 'f': {
    if (zeros || width || isLong) return -1;
    // glibc writes the locale's decimal point.
    const char *point = nl_langinfo(RADIXCHAR);
    if (!point || point[0] != '.' || point[1] != 0) return -1;
    if (star) {
      precision = va_arg(ap, int);
    } else if (precision < 0) {
      precision = 6;
    }
    return fixed(out, va_arg(ap, double), precision);
  }
  case 'd': {
    if (star || precision >= 0) return -1;
    long long value = isLong ? va_arg(ap, long) : va_arg(ap, int);
    unsigned long long magnitude =
        value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
    return integer(out, value < 0, magnitude, 10, width, zeros);
  }
  case 'u':
  case 'x': {
    if (star || precision >= 0) return -1;
    unsigned long long value = isLong ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
    return integer(out, 0, value, conversion == 'x' ? 16 : 10, width, zeros);
  }
  default:
    return -1;
  }
}

extern int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format,
                           va_list ap);

/// The fortified snprintf every library built with _FORTIFY_SOURCE calls: the conversions
/// above written here, everything else (and a buffer the check would refuse) by glibc.
int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int length = -1;
  if (maxlen <= slen) {
    char buffer[64];
    va_list copy;
    va_copy(copy, ap);
    length = rua_number_text(buffer, format, copy);
    va_end(copy);
    if (length >= 0 && maxlen > 0) {
      size_t kept = (size_t)length < maxlen - 1 ? (size_t)length : maxlen - 1;
      memcpy(s, buffer, kept);
      s[kept] = 0;
    }
  }
  if (length < 0) length = __vsnprintf_chk(s, maxlen, flag, slen, format, ap);
  va_end(ap);
  return length;
}

int rua_number_text_is_installed(void) {
  return dlsym(RTLD_DEFAULT, "__snprintf_chk") == (void *)__snprintf_chk;
}

#else

int rua_number_text_is_installed(void) { return 0; }

int rua_number_text(char *out, const char *format, va_list ap) {
  (void)out;
  (void)format;
  (void)ap;
  return -1;
}

#endif
