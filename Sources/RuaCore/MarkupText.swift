// SPDX-License-Identifier: Apache-2.0
/// Text for XML or HTML: element content and quoted attribute values. One escaper serves the
/// XMP metadata packet, the HTML comparison report and the JUnit XML.
public enum MarkupText {
  /// `&`, `<`, `>`, `"` and `'` as entities (`&#39;` is valid in XML and HTML alike).
  public static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
