// SPDX-License-Identifier: Apache-2.0
import Glibc
public import RuaStore

extension AccessActor {
  /// This process's user (real uid, so a setuid wrapper still names the person who ran it) and
  /// host, with a new run id (a UUIDv7, so runs sort by start time): what the application gives the
  /// store to stamp on its access_log rows.
  public static func current() -> AccessActor {
    let uid = getuid()
    let now = Int64(time(nil))
    return AccessActor(
      userID: Int(uid), userName: userName(uid) ?? "uid \(uid)", host: hostName(),
      runID: (try? UUIDv7.make(seconds: now)) ?? "run-\(getpid())-\(now)")
  }

  /// The passwd name of `uid`, or nil when it has none (a container's numeric user).
  static func userName(_ uid: uid_t) -> String? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    let rc = getpwuid_r(uid, &entry, &buffer, buffer.count, &found)
    guard rc == 0, found != nil, let name = entry.pw_name else { return nil }
    return String(cString: name)
  }

  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
    return String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
