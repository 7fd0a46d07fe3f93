// SPDX-License-Identifier: Apache-2.0
/// A content version, `MAJOR.MINOR.PATCH`. It goes up whenever a text, a source or a block
/// list changes; review decisions alone do not change it.
public struct ContentVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
  public let major: Int
  public let minor: Int
  public let patch: Int

  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 6, part.allSatisfy({ $0.isASCII && $0.isNumber }),
        part == "0" || !part.hasPrefix("0"), let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    major = numbers[0]
    minor = numbers[1]
    patch = numbers[2]
  }

  public var description: String { "\(major).\(minor).\(patch)" }

  public static func < (a: ContentVersion, b: ContentVersion) -> Bool {
    (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
  }
}
