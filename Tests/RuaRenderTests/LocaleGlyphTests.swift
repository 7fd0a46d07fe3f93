// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaDocuments
import RuaRender
import Testing

/// Every label, language name, guide sentence and drug-class label of every locale is drawn by
/// the pinned fonts: no tofu boxes, whatever the script (Han, Hangul, Arabic, Cyrillic,
/// Vietnamese diacritics).
@Suite struct LocaleGlyphTests {
  /// Every string in a JSON value, with where it is.
  static func strings(_ value: Any, at path: String) -> [(path: String, text: String)] {
    switch value {
    case let text as String: return [(path, text)]
    case let object as [String: Any]:
      return object.sorted { $0.key < $1.key }.flatMap {
        strings($0.value, at: path + "." + $0.key)
      }
    case let array as [Any]:
      return array.enumerated().flatMap { strings($0.element, at: path + "[\($0.offset)]") }
    default: return []
    }
  }

  static func json(_ relative: String) throws -> Any {
    try JSONSerialization.jsonObject(
      with: Data(contentsOf: RenderFixture.templates.appendingPathComponent(relative)))
  }

  @Test(arguments: DocumentKind.languages)
  func everyTextOfTheLocaleIsDrawn(language: String) throws {
    let coverage = try FontCoverage(fontsConf: RenderFixture.fontsConf)
    let locale = try #require(Self.json("locales/\(language).json") as? [String: Any])
    let guide = try #require(Self.json("content/falls.\(language).json") as? [String: Any])
    let blocks = try #require(guide["blocks"] as? [[String: Any]])
    var texts = Self.strings(locale["labels"] as Any, at: "labels")
    texts += Self.strings(locale["languages"] as Any, at: "languages")
    texts += blocks.compactMap { block in
      (block["text"] as? String).map { ("blocks.\(block["id"] ?? "?")", $0) }
    }
    let table = try #require(Self.json("drug-classes.json") as? [String: Any])
    let classes = try #require(table["classes"] as? [[String: Any]])
    for drugClass in classes {
      let labels = try #require(drugClass["label"] as? [String: String])
      let label = try #require(labels[language], "\(drugClass["id"] ?? "?") has no \(language)")
      texts.append(("drug class \(drugClass["id"] ?? "?")", label))
    }
    #expect(texts.count > 250)
    for (path, text) in texts {
      let missing = coverage.firstUndrawable(in: text)
      #expect(
        missing == nil,
        "\(language) \(path): no pinned font draws \(missing.map { "U+" + String($0.value, radix: 16, uppercase: true) } ?? "")"
      )
    }
  }

  /// The check itself can fail: a script no pinned font has is reported.
  @Test func aScriptWithoutAFontIsReported() throws {
    let coverage = try FontCoverage(fontsConf: RenderFixture.fontsConf)
    #expect(coverage.firstUndrawable(in: "ok \u{E000}") == "\u{E000}")  // private use
    #expect(coverage.firstUndrawable(in: "한국어 中文 العربية Русский Tiếng Việt") == nil)
  }
}
