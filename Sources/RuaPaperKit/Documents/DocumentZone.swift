// SPDX-License-Identifier: Apache-2.0
import Glibc
package import RuaCore

/// The one time-zone rule for every document: "today", "information as of" and the printed
/// time are all taken in the same zone, and the printed time carries its offset. Documents use
/// the local zone (`TZ` respected, through the C library); golden snapshots use UTC so they do
/// not depend on the machine's zone.
package enum DocumentZone: Sendable {
  case local
  case utc

  /// Seconds east of UTC at `instant`; a daylight-saving change moves it.
  package func offsetSeconds(at instant: Instant) -> Int {
    switch self {
    case .utc: return 0
    case .local:
      var seconds = time_t(instant.secondsSinceEpoch)
      var parts = tm()
      guard localtime_r(&seconds, &parts) != nil else { return 0 }
      return Int(parts.tm_gmtoff)
    }
  }

  package func date(of instant: Instant) -> CivilDate {
    instant.date(offsetSeconds: offsetSeconds(at: instant))
  }

  package func printed(_ instant: Instant) -> String {
    instant.printed(offsetSeconds: offsetSeconds(at: instant))
  }
}
