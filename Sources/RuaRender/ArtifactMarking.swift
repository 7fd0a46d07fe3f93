// SPDX-License-Identifier: Apache-2.0
/// Page furniture (running header, footer, rules, the repeated stamp) must be an artifact in a
/// tagged PDF, so screen readers skip it. cairo 1.16 rejects an `Artifact` tag, so the painter
/// draws furniture inside a `Private` structure tag (a standard type rua-paper uses for nothing
/// else) and the post-pass turns each `/Private <</MCID n>> BDC` into `/Artifact BMC` and drops
/// the `Private` elements from the structure tree.
enum ArtifactMarking {
  /// What a furniture group is, for the artifact's property list (ISO 32000-1 14.8.2.2.2):
  /// the running header or the footer of a page (`/Pagination`), or marks of the sheet's
  /// layout (a wallet card's cut and fold lines, `/Layout`).
  enum Kind: Equatable {
    case header, footer, layout

    /// The entries of the artifact's property list.
    var entries: String {
      switch self {
      case .header: return "/Type /Pagination /Subtype /Header"
      case .footer: return "/Type /Pagination /Subtype /Footer"
      case .layout: return "/Type /Layout"
      }
    }
  }

  /// The structure type the painter opens for page furniture.
  static let cairoTag = "Private"
  static let structureType = "/Private"

  /// `content` with every `/Private << /MCID n >> BDC` (outside strings) replaced by
  /// `/Artifact << kind >> BDC` (`kind(group)`, or `/Artifact BMC` when nil), and the ids `n`
  /// it replaced; nil when there is none. The matching `EMC` stays as it is. (rua-paper draws no images, so there is no inline image data to skip.)
  /// `properties` names the property list of a group, by its place among the page's groups
  /// (counted from `first`): that group becomes `/Artifact /NAME BDC` (`VolatileMarking`).
  static func rewrite(
    _ content: [UInt8], first: Int = 0, properties: (Int) -> String? = { _ in nil },
    kind: (Int) -> Kind? = { _ in nil }
  ) -> (content: [UInt8], ids: [Int])? {
    var output: [UInt8] = []
    output.reserveCapacity(content.count)
    var index = 0
    var ids: [Int] = []
    var lastCopied = 0
    while index < content.count {
      let byte = content[index]
      switch byte {
      case UInt8(ascii: "("):
        index = skipLiteralString(content, from: index)
      case UInt8(ascii: "<"):
        let opensDictionary = index + 1 < content.count && content[index + 1] == byte
        index = opensDictionary ? index + 2 : skipHexString(content, from: index)
      case UInt8(ascii: "/"):
        if let (end, id) = matchPrivateBDC(content, at: index) {
          output += content[lastCopied..<index]
          if let name = properties(first + ids.count) {
            output += Array("/Artifact /\(name) BDC".utf8)
          } else if let kind = kind(first + ids.count) {
            output += Array("/Artifact << \(kind.entries) >> BDC".utf8)
          } else {
            output += replacement
          }
          lastCopied = end
          index = end
          ids.append(id)
        } else {
          index += 1
        }
      default:
        index += 1
      }
    }
    guard !ids.isEmpty else { return nil }
    output += content[lastCopied...]
    return (output, ids)
  }

  private static let replacement = Array("/Artifact BMC".utf8)
  private static let prefix = Array("/Private << /MCID ".utf8)
  private static let suffix = Array(" >> BDC".utf8)

  /// The index after `/Private << /MCID <digits> >> BDC` starting at `start`, as cairo writes
  /// it, and the id.
  private static func matchPrivateBDC(_ bytes: [UInt8], at start: Int) -> (end: Int, id: Int)? {
    guard start == 0 || isWhitespace(bytes[start - 1]) else { return nil }
    guard bytes.count - start > prefix.count + suffix.count,
      bytes[start..<(start + prefix.count)].elementsEqual(prefix)
    else { return nil }
    var index = start + prefix.count
    let digitsStart = index
    var id = 0
    while index < bytes.count, (48...57).contains(bytes[index]), index - digitsStart < 9 {
      id = id * 10 + Int(bytes[index] - 48)
      index += 1
    }
    guard index > digitsStart, bytes.count - index >= suffix.count,
      bytes[index..<(index + suffix.count)].elementsEqual(suffix)
    else { return nil }
    let end = index + suffix.count
    guard end == bytes.count || isWhitespace(bytes[end]) else { return nil }
    return (end, id)
  }

  /// Past a `( … )` string: balanced parentheses, backslash escapes.
  static func skipLiteralString(_ bytes: [UInt8], from start: Int) -> Int {
    var depth = 0
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 1
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"):
        depth -= 1
        if depth == 0 { return index + 1 }
      default: break
      }
      index += 1
    }
    return bytes.count
  }

  /// Past a `< … >` hex string.
  private static func skipHexString(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
    return min(index + 1, bytes.count)
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 32 || byte == 10 || byte == 13 || byte == 9 || byte == 12 || byte == 0
  }
}
