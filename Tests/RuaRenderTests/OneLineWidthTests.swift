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
        // A word of two letters or more in a script the proof covers takes the one layout.
        let word = text.runs[0].text
        if ["en", "es", "ru"].contains(language), word.count > 1, limit == 400,
          !word.contains(where: \.isWhitespace)
        {
          #expect(counter.calls == 1, "\(language) \(word)")
        }
      }
    }
  }

  /// Texts at the edges of the proof: combining marks and one letter of several scalars, a
  /// zero-width space, a joiner, trailing and inner spaces, a tab, a line separator, soft
  /// hyphens, kept words (a name, a phone number), styles side by side (several Pango items),
  /// Vietnamese, Greek, Arabic, Devanagari and Han.
  static let edges: [StyledText] =
    [
      "Jose\u{301}", "e\u{301}", "W", "a\u{200B}b", "a\u{200B}", "x\u{200D}y", "Lisinopril ",
      "Warfarin 5 mg", "a\tb", "a\u{2028}b", "Hydro\u{AD}chloro\u{AD}thiazide", "Nguyễn", "Đặng",
      "Ωμέγα", "يوسف", "لا", "Ali علي", "बा", "क्षत्रिय", "赵静", "ff", "AVAV", "T.", "Ü", "—", "·a",
    ].map { StyledText($0, style: "body") } + [
      StyledText([TextRun("Oyelaran-Whitfield", style: "body", keepsWhole: true)]),
      StyledText([TextRun("(555) 010-4477", style: "th", keepsWhole: true)]),
      StyledText([TextRun("Ana ", style: "body"), TextRun("Li", style: "th")]),
      StyledText([TextRun("Li", style: "th"), TextRun(" · continued", style: "body")]),
      StyledText([TextRun("A", style: "th"), TextRun("na", style: "body")]),
      StyledText([TextRun("Ana", style: "th"), TextRun(" ", style: "body")]),
      StyledText([
        TextRun("Linda", style: "th", keepsWhole: true), TextRun(" ", style: "th"),
        TextRun("Moore", style: "th", keepsWhole: true),
        TextRun("   Date of birth Sep 9, 1956 · continued", style: "body"),
      ]),
      StyledText([
        TextRun("赵建华", style: "th", keepsWhole: true),
        TextRun("   Date of birth Sep 29, 1973 · continued", style: "body"),
      ]),
    ]

  /// Where the measurer vouches that a text fits from its line's width up, or wraps below
  /// it, a layout at widths either side must say so: the proof in `TextLayout+OneLine.swift`
  /// checked on real Pango layouts.
  @Test(arguments: ["en", "ar"])
  func whatTheMeasurerVouchesForIsWhatPangoDoes(language: String) throws {
    let template = try RenderFixture.template()
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let cache = LayoutCache(
      context: renderer.fonts.context, template: template, language: language,
      direction: language == "ar" ? .rightToLeft : .leftToRight)
    var vouched = (fits: 0, wraps: 0)
    for text in try Self.edges + Self.texts(language) {
      // A fresh box each: the measurer stops at the first error it keeps.
      let failure = FailureBox()
      let measurer = renderer.measurer(template: template, failure: failure, cache: cache)
      let name = "\(language) \(text.plainText.debugDescription)"
      guard let line = measurer.lineWidth?(text, 400) else { continue }
      if line.fitsFromWidth {
        vouched.fits += 1
        for above in [0.0, 0.001, 0.25, 3, 50] {
          #expect(measurer.lineHeights(text, line.width + above).count == 1, "\(name) +\(above)")
        }
      }
      if let from = line.wrapsFrom {
        vouched.wraps += 1
        for below in [0.001, 0.01, 0.25, 1, 3, (line.width - from) / 2, line.width - from] {
          let width = line.width - below
          guard width >= from else { continue }
          #expect(measurer.lineHeights(text, width).count > 1, "\(name) -\(below)")
        }
      }
      #expect(failure.error == nil, "\(name)")
    }
    // The proof covers most of them, so the checks above checked something.
    #expect(vouched.fits > 60, "\(language)")
    // Wrapping is proven in Latin, Cyrillic and Han, not in Arabic (nor in the isolates
    // around a Latin word on an Arabic page, which have no width).
    if language == "en" { #expect(vouched.wraps > 60) }
  }
}
