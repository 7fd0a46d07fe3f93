// SPDX-License-Identifier: Apache-2.0
/// A fill-in line ("Reviewed by ________ on ______", "at ____"): a screen reader would spell
/// every underscore, so the element gets an `/ActualText` with each blank said as "…".
enum FillIn {
  /// The text to speak for `text`, or nil when it has no blank (three underscores or more).
  static func spoken(_ text: String) -> String? {
    guard text.contains("___") else { return nil }
    var result = ""
    var underscores = 0
    func flush() {
      if underscores >= 3 {
        if let last = result.last, last != " " { result.append(" ") }
        result.append("…")
      } else {
        result += String(repeating: "_", count: underscores)
      }
      underscores = 0
    }
    for character in text {
      if character == "_" {
        underscores += 1
        continue
      }
      flush()
      if character.isWhitespace {
        if let last = result.last, !last.isWhitespace { result.append(" ") }
      } else {
        result.append(character)
      }
    }
    flush()
    return result
  }
}
