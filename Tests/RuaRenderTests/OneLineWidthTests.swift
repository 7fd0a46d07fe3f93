// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

@testable import RuaRender

/// `TextMeasurer.oneLineWidth` (headers, footers, column headers and their words) runs its
/// bisection on the width of the text's one line instead of a Pango layout per step, and
/// confirms the answer with at most two layouts; the answer must be the bisection's own.
@Suite struct OneLineWidthTests {
  /// Labels of a locale as whole texts, and each of their words, in two styles.
  static func texts(_ language: String) throws -> [StyledText] {
    let labels = try RenderFixture.labels(language)
    let phrases = LabelKey.allCases.prefix(80).map { labels[$0] }.filter { !$0.isEmpty }
    let words = phrases.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    return (phrases + words).flatMap { text in
      ["body", "th"].map { StyledText(text, style: $0) }
    }
  }

  /// A real measurer for `language`, counting the layouts asked for by line count (and the
  /// renderer, which owns the font map its layouts use).
  static func measurer(_ language: String) throws -> (TextMeasurer, Counter, PDFRenderer) {
    let template = try RenderFixture.template()
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let direction: TextDirection = language == "ar" ? .rightToLeft : .leftToRight
    let cache = LayoutCache(
      context: renderer.fonts.context, template: template, language: language,
      direction: direction)
    let real = renderer.measurer(template: template, failure: FailureBox(), cache: cache)
    let counter = Counter()
    let counted = TextMeasurer(
      lineHeights: { text, width in
        counter.calls += 1
        return real.lineHeights(text, width)
      }, firstBaseline: real.firstBaseline, lineWidth: real.lineWidth)
    return (counted, counter, renderer)
  }

  final class Counter { var calls = 0 }

  @Test(arguments: ["en", "es", "ru", "vi", "ar", "zh-Hans", "ko"])
  func theAnswerIsTheBisectionsOwnFromThreeLayouts(language: String) throws {
    let (measurer, counter, renderer) = try Self.measurer(language)
    defer { withExtendedLifetime(renderer) {} }
    var bisecting = measurer
    bisecting.lineWidth = nil
    for text in try Self.texts(language) {
      for limit in [400.0, 45] {
        let bisected = bisecting.oneLineWidth(text, limit: limit)
        counter.calls = 0
        let found = measurer.oneLineWidth(text, limit: limit)
        #expect(found == bisected, "\(language) \(text.runs[0].style) at \(limit)")
        // One layout at the limit, at most two that confirm (a bisection takes 9-12). One
        // letter is never broken, so it fits below its width too: that is bisected.
        if text.runs[0].text.count > 1 {
          #expect(counter.calls <= 3, "\(language) \(text.runs[0].style) at \(limit)")
        }
      }
    }
  }
}
