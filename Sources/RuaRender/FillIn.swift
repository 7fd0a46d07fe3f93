// SPDX-License-Identifier: Apache-2.0
/// A fill-in line ("Reviewed by ________ on ______", "at ____"): a screen reader would spell
/// every underscore, so the element gets an `/ActualText` with each blank said as "…".
enum FillIn {
  /// The text to speak for `text`, or nil when it has no blank (three underscores or more).
  static func spoken(_ text: String) -> String? {
    // Three "_" Characters are three bytes 5F in a row (no other sequence equals "_"), so
    // text without them, nearly every box, skips the Character search (about 11,000
    // instructions a box; 78 boxes a sheet).
    guard hasThreeUnderscores(text.utf8), text.contains("___") else { return nil }
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

  private static func hasThreeUnderscores(_ bytes: String.UTF8View) -> Bool {
    var run = 0
    for byte in bytes {
      run = byte == 0x5F ? run + 1 : 0
      if run == 3 { return true }
    }
    return false
  }
}
