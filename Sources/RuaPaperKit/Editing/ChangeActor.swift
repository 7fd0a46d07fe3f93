// SPDX-License-Identifier: Apache-2.0
import Glibc

/// The operating-system user a change is recorded under: "name (uid N)", or "uid N" when the
/// user has no passwd entry (a container, a deleted account).
package enum ChangeActor {
  package static func current() -> String {
    let uid = getuid()
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    let rc = getpwuid_r(uid, &entry, &buffer, buffer.count, &result)
    guard rc == 0, result != nil, let name = entry.pw_name else { return "uid \(uid)" }
    return "\(String(cString: name)) (uid \(uid))"
  }
}
