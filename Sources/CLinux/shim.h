// Linux calls Swift's Glibc module does not bring in, wrapped so Swift can call them. The
// headers are included without _GNU_SOURCE (which would make their types differ from Glibc's);
// the GNU-only calls are declared here with their documented values.
#include <fcntl.h>
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/types.h>
#include <unistd.h>

extern int memfd_create(const char *name, unsigned int flags);
extern int linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags);

#define RUA_O_TMPFILE (020000000 | O_DIRECTORY)
#define RUA_MFD_CLOEXEC 1U

static inline int rua_set_not_dumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
/// An unnamed file in `dir` that becomes visible only when linked (nothing is left after a crash).
static inline int rua_open_tmpfile(const char *dir, int mode) {
  return open(dir, RUA_O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
}
static inline int rua_open_nofollow_read(const char *path) {
  return open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
}
static inline int rua_memfd(const char *name) { return memfd_create(name, RUA_MFD_CLOEXEC); }
static inline ssize_t rua_getrandom(void *buffer, size_t length) {
  return getrandom(buffer, length, 0);
}
