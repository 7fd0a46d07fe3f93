// SPDX-License-Identifier: Apache-2.0
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

#include <signal.h>
#include <string.h>

/// A crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) prints one fixed line and exits
/// 70: no registers, no memory, no backtrace that could hold part of a key. Runs on its own
/// stack so a stack overflow is caught too. Async-signal-safe: write(2) and _exit(2) only.
static void rua_crash_handler(int signal_number) {
  (void)signal_number;
  static const char message[] =
      "rua-paper: internal error (the process crashed); nothing more is printed so that no "
      "secret can leak. If a store command was running, check it with 'rua-paper doctor'.\n";
  ssize_t ignored = write(2, message, sizeof message - 1);
  (void)ignored;
  _exit(70);
}

static inline int rua_install_crash_handlers(void) {
  static char alternate_stack[65536];
  stack_t stack;
  memset(&stack, 0, sizeof stack);
  stack.ss_sp = alternate_stack;
  stack.ss_size = sizeof alternate_stack;
  if (sigaltstack(&stack, 0) != 0) return -1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = rua_crash_handler;
  action.sa_flags = SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    if (sigaction(signals[i], &action, 0) != 0) return -1;
  }
  return 0;
}

#include <sys/time.h>

/// The page watchdog (`rasterize`/`diff --page-timeout`): poppler cannot be interrupted while it
/// draws or reads one page, so a real-time timer ends the whole process at the deadline. Its
/// message and exit code are set before the page starts; the handler only writes them and
/// exits (async-signal-safe: write(2) and _exit(2)). Only RuaCLI calls these.
struct rua_watchdog_state {
  char message[2048];
  volatile size_t length;
  volatile int code;
};

static inline struct rua_watchdog_state *rua_watchdog(void) {
  static struct rua_watchdog_state state;
  return &state;
}

static void rua_watchdog_fire(int signal_number) {
  (void)signal_number;
  struct rua_watchdog_state *state = rua_watchdog();
  ssize_t ignored = write(2, state->message, state->length);
  (void)ignored;
  _exit(state->code);
}

/// Arms the timer for `milliseconds`; at the deadline `message` (truncated to 2047 bytes) goes
/// to stderr and the process exits with `code`. Returns 0, or -1 when the timer cannot be set.
static inline int rua_watchdog_arm(long milliseconds, const char *message, int code) {
  struct itimerval off;
  memset(&off, 0, sizeof off);
  setitimer(ITIMER_REAL, &off, 0);
  struct rua_watchdog_state *state = rua_watchdog();
  size_t length = strlen(message);
  if (length > sizeof state->message - 1) length = sizeof state->message - 1;
  memcpy(state->message, message, length);
  state->length = length;
  state->code = code;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = rua_watchdog_fire;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGALRM, &action, 0) != 0) return -1;
  struct itimerval timer;
  memset(&timer, 0, sizeof timer);
  timer.it_value.tv_sec = milliseconds / 1000;
  timer.it_value.tv_usec = (milliseconds % 1000) * 1000;
  return setitimer(ITIMER_REAL, &timer, 0);
}

/// Stops the timer armed by `rua_watchdog_arm`.
static inline void rua_watchdog_disarm(void) {
  struct itimerval off;
  memset(&off, 0, sizeof off);
  setitimer(ITIMER_REAL, &off, 0);
}
