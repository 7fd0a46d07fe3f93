// SPDX-License-Identifier: Apache-2.0
// SQLCipher 4: the codec API (sqlite3_key_v2) is declared only under SQLITE_HAS_CODEC, and the
// header must be SQLCipher's, not plain SQLite's <sqlite3.h>.
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import.
static inline void (*rua_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
