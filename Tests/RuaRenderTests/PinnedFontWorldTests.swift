// SPDX-License-Identifier: Apache-2.0
import CPangoCairo
import Foundation
import RuaCore
import RuaDocuments
import RuaTestSupport
import Testing

@testable import RuaRender

/// Documents are drawn with the unhinted copies alone when they can (issue 32 item 2): the
/// same bytes as with every face of fonts.conf, and every face when a character or a style is
/// not among the copies.
@Suite struct PinnedFontWorldTests {
  /// The languages and bilingual pairs `--lang` takes.
  static let languages = LayoutMeasurementTests.languages

  /// Why the copies alone give the same bytes: for every character they draw and every font
  /// the templates ask for (Noto Sans, regular and bold, in each document language), the full
  /// config's first face with that character, the one Pango draws it with, is the same copy.
  @Test func everyCharacterOfTheCopiesGetsTheSameFaceFromTheFullConfig() throws {
    let path = RenderFixture.fontsConf
    let pinned = try #require(FontConfigs.pinned(path))
    let full = try #require(FontConfigs.full(path))
    defer {
      FcConfigDestroy(pinned)
      FcConfigDestroy(full)
    }
    let copies = try #require(FcConfigGetFonts(pinned, FcSetApplication))
    #expect(copies.pointee.nfont == 10)
    let covered = FcCharSetCreate()
    defer { FcCharSetDestroy(covered) }
    for index in 0..<Int(copies.pointee.nfont) {
      var charset: OpaquePointer?
      _ = FcPatternGetCharSet(copies.pointee.fonts[index], FC_CHARSET, 0, &charset)
      _ = FcCharSetMerge(covered, charset, nil)
    }
    let characters = (0..<UInt32(0x11_0000)).filter { FcCharSetHasChar(covered, $0) != 0 }
    #expect(characters.count > 40_000)
    var differ: [String] = []
    for language in ["en", "es", "vi", "tl", "ht", "ru", "ar", "ko", "zh-cn", "hi", "he"] {
      for weight in [80, 200] {
        let name = "Noto Sans:weight=\(weight):slant=0:lang=\(language)"
        let fromCopies = try Self.sorted(pinned, name)
        let fromAll = try Self.sorted(full, name)
        #expect(fromCopies.count == 10 && fromAll.count > 100, "\(name)")
        for character in characters {
          let copy = fromCopies.first { FcCharSetHasChar($0.charset, character) != 0 }?.file
          let any = fromAll.first { FcCharSetHasChar($0.charset, character) != 0 }?.file
          if copy != any, differ.count < 20 {
            differ.append(
              "\(name) U+\(String(character, radix: 16)): \(copy ?? "-") ≠ \(any ?? "-")")
          }
        }
      }
    }
    #expect(differ == [])
  }

  /// Every kind in every language, for a sample person and the adversarial record: drawn with
  /// the copies alone, and byte for byte what every face draws.
  @Test(arguments: languages) func everyDocumentIsDrawnWithTheCopiesAndTheSameBytes(
    language: String
  ) throws {
    let copies = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let every = try PDFRenderer(fontsConf: RenderFixture.fontsConf, pinnedFacesFirst: false)
    let sample = try DocumentFixture.sample()
    let number = Self.languages.firstIndex(of: language) ?? 0
    var differ: [String] = []
    for patient in [sample[number % sample.count], SamplePatients.adversarial] {
      for kind in DocumentKind.allCases {
        let built = try LayoutMeasurementTests.describe(
          kind, patient, language, paper: .letter, large: false)
        let what = "\(patient.id) \(kind.rawValue) \(language)"
        let pdf = try copies.render(
          built.document, template: built.template, now: RenderFixture.now, creator: "t")
        if !copies.lastDrawnWithCopiesOnly { differ.append("\(what): not drawn with the copies") }
        let expected = try every.render(
          built.document, template: built.template, now: RenderFixture.now, creator: "t")
        if pdf.bytes != expected.bytes { differ.append("\(what): other bytes") }
      }
    }
    #expect(differ == [])
    #expect(every.allFaces == nil && !every.fonts.pinnedFacesOnly)
  }

  /// Armenian is in DejaVu Sans, not in the copies: the sheet falls back to every face, draws
  /// the name with DejaVu Sans, and is what every face draws.
  @Test func aCharacterTheCopiesLackIsDrawnWithAnotherFace() throws {
    var patient = SamplePatients.typical
    patient.fullName = "Արամ Petrosyan"
    let (document, template) = try RenderFixture.sheet(patient)
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let pdf = try renderer.render(
      document, template: template, now: RenderFixture.now, creator: "t")
    #expect(!renderer.lastDrawnWithCopiesOnly)
    #expect(renderer.allFaces != nil)
    let fonts = try RenderFixture.poppler("pdffonts", [], pdf: pdf.bytes)
    #expect(fonts.contains("DejaVuSans"), "\(fonts)")
    let every = try PDFRenderer(fontsConf: RenderFixture.fontsConf, pinnedFacesFirst: false)
    let expected = try every.render(
      document, template: template, now: RenderFixture.now, creator: "t")
    #expect(pdf.bytes == expected.bytes)
    // The next document the copies draw are drawn with them again.
    _ = try renderer.render(
      try RenderFixture.sheet(SamplePatients.typical).0, template: template, now: RenderFixture.now,
      creator: "t")
    #expect(renderer.lastDrawnWithCopiesOnly)
  }

  /// An italic style is not among the copies (Noto Sans Italic is a system face): such a
  /// template is drawn with every face, in that italic.
  @Test func aStyleTheCopiesLackIsDrawnWithEveryFace() throws {
    let (document, plain) = try RenderFixture.sheet(SamplePatients.typical)
    var template = plain
    for name in template.styles.keys { template.styles[name]?.italic = true }
    #expect(!PDFRenderer.copiesHaveEveryStyle(template) && PDFRenderer.copiesHaveEveryStyle(plain))
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let pdf = try renderer.render(
      document, template: template, now: RenderFixture.now, creator: "t")
    #expect(!renderer.lastDrawnWithCopiesOnly)
    let fonts = try RenderFixture.poppler("pdffonts", [], pdf: pdf.bytes)
    #expect(fonts.contains("NotoSans-Italic"), "\(fonts)")
  }

  /// The faces of `config` in the order fontconfig sorts them for the pattern `name`, as Pango
  /// asks (the config's substitutions, then the defaults).
  static func sorted(_ config: OpaquePointer, _ name: String) throws -> [(
    file: String, charset: OpaquePointer?
  )] {
    let pattern = try #require(
      name.withCString { FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) })
    defer { FcPatternDestroy(pattern) }
    _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    let set = try #require(FcFontSort(config, pattern, FcBool(0), nil, &result))
    defer { FcFontSetDestroy(set) }
    return (0..<Int(set.pointee.nfont)).map { index in
      let font = set.pointee.fonts[index]
      var file: UnsafeMutablePointer<FcChar8>?
      var charset: OpaquePointer?
      _ = FcPatternGetString(font, FC_FILE, 0, &file)
      _ = FcPatternGetCharSet(font, FC_CHARSET, 0, &charset)
      // The charset belongs to the font pattern, which the config's font set keeps alive.
      return (file.map { String(cString: $0) } ?? "?", charset)
    }
  }
}
