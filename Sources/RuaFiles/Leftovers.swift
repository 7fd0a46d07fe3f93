// SPDX-License-Identifier: Apache-2.0
internal import Glibc

extension AtomicFile {
  /// A named temporary this tool left in a folder: `.rua-paper-<pid>-…`, and the process that
  /// made it.
  public struct Leftover: Sendable, Equatable {
    public let path: String
    public let processID: Int32
  }

  /// The named temporaries in `folder` (regular files only), whatever process made them.
  public static func leftovers(in folder: String) -> [Leftover] {
    var found: [Leftover] = []
    for name in Files.entries(folder) {
      guard name.hasPrefix(temporaryPrefix) else { continue }
      let digits = name.dropFirst(temporaryPrefix.count).prefix(while: \.isNumber)
      guard let pid = Int32(digits), pid > 0,
        name.dropFirst(temporaryPrefix.count + digits.count).hasPrefix("-")
      else { continue }
      let path = folder + "/" + name
      if case .regular = Files.entry(path) { found.append(Leftover(path: path, processID: pid)) }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// True when no process `pid` exists any more (so its temporaries can never be renamed).
  public static func processIsGone(_ pid: Int32) -> Bool {
    kill(pid, 0) != 0 && errno == ESRCH
  }
}
