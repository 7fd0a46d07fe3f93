// SPDX-License-Identifier: Apache-2.0
import CLinux
import RuaCore
import RuaVisual

/// `--page-timeout` for `rasterize` and `diff`: every piece of poppler work on one page
/// (drawing it, reading its text) must end within the timeout, or the process ends.
///
/// Poppler offers no way to interrupt a page being drawn, and a thread cannot be stopped, so a
/// real-time timer (SIGALRM) armed before each page writes "page N of FILE took longer than S
/// seconds …" to stderr and exits at the deadline (65 for `rasterize`, 2 for `diff`). Nothing is left behind: images are
/// written through unnamed files linked into place only when whole.
enum PageWatchdog {
  static let defaultSeconds = 5.0

  /// Makes every page of `document` run under the watchdog, in the real process only
  /// (`Context.watchesPages`).
  static func guardPages(
    of document: PDFDocument, seconds: Double, exit code: ExitCode, _ context: Context
  ) {
    guard context.watchesPages else { return }
    let name = VisibleText.escaped(document.name)
    document.pageWatch = { page in
      let message =
        "rua-paper: page \(page) of \(name) took longer than \(seconds.formatted) seconds to "
        + "draw or read (--page-timeout \(seconds.formatted)); the PDF may be hostile, or give a "
        + "larger --page-timeout; stopped, nothing more was written\n"
      let armed = rua_watchdog_arm(Int(seconds * 1000), message, code.rawValue)
      return { if armed == 0 { rua_watchdog_disarm() } }
    }
  }
}

extension Double {
  fileprivate var formatted: String {
    self == rounded() && abs(self) < 1e9 ? String(Int(self)) : String(self)
  }
}
