// SPDX-License-Identifier: Apache-2.0
import RuaPDF
import RuaTestSupport
import Testing

@testable import RuaRender

/// `NativePDF` reads cairo's output and refuses the rest with a typed error (then the finisher
/// uses libqpdf): never a crash, never a wrong document.
@Suite("native PDF reader")
struct NativePDFRefusalTests {
  /// One page whose content is object 4, `content`; `more` after it.
  static func onePage(_ content: String, _ more: [String] = []) -> [UInt8] {
    ClassicPDF.assemble(
      [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>", content,
      ] + more)
  }

  /// cairo's way: the stream's `/Length` an object written after it.
  static let minimal = onePage("<< /Length 5 0 R >>\nstream\n0 0 m 10 10 l S\nendstream", ["15"])

  @Test func readsAndWritesAClassicPDF() throws {
    let pdf = try NativePDF(Self.minimal)
    #expect(pdf.pages.count == 1)
    let stream = try #require(pdf.contentStreams(pdf.pages[0]).first)
    #expect(try pdf.decodedData(stream) == Array("0 0 m 10 10 l S".utf8))
    pdf.set(pdf.root, "/Lang", pdf.text("en-US"))
    let written = try pdf.write()
    let check = try RenderFixture.poppler("qpdf", ["--check"], pdf: written)
    #expect(check.contains("No syntax or stream encoding errors found"), "\(check)")
    let again = try QPDFDocument(written)
    #expect(again.utf8(again.key(again.root, "/Lang")) == "en-US")
    #expect(again.pageContent(again.pages[0]) == Array("0 0 m 10 10 l S".utf8))
  }

  @Test func aCutFileIsRefused() throws {
    for length in [0, 8, Self.minimal.count / 2, Self.minimal.count - 30] {
      #expect(throws: NativePDFError.self) { try NativePDF(Array(Self.minimal.prefix(length))) }
    }
  }

  @Test func garbageIsRefused() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let bytes =
        Array(Self.minimal.prefix(9))
        + (0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(throws: NativePDFError.self) { try NativePDF(bytes) }
    }
    #expect(throws: NativePDFError.self) { try NativePDF(Array("not a PDF at all".utf8)) }
  }

  @Test func hostileNestingIsRefused() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let bytes = ClassicPDF.assemble([
      "<< /Type /Catalog /Pages 2 0 R /Deep \(deep) >>",
      "<< /Type /Pages /Kids [] /Count 0 >>",
    ])
    #expect(throws: NativePDFError.self) { try NativePDF(bytes) }
  }

  @Test func aStreamLongerThanTheFileIsRefused() {
    let bytes = ClassicPDF.assemble([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [] /Count 0 >>",
      "<< /Length 999999 >>\nstream\nabc\nendstream",
    ])
    #expect(throws: NativePDFError.self) { try NativePDF(bytes) }
  }

  @Test func whatCairoNeverWritesIsRefused() {
    let encrypted = ClassicPDF.assemble(
      ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>", "<< >>"],
      trailer: "/Root 1 0 R /Encrypt 3 0 R")
    #expect(throws: NativePDFError.self) { try NativePDF(encrypted) }
    let loop = ClassicPDF.assemble([
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 0 >>",
    ])
    #expect(throws: NativePDFError.self) { try NativePDF(loop) }
  }

  @Test func aBrokenFlateStreamIsATypedError() throws {
    let bytes = Self.onePage("<< /Length 9 /Filter /FlateDecode >>\nstream\nxxxxxxxxx\nendstream")
    let pdf = try NativePDF(bytes)
    let stream = try #require(pdf.contentStreams(pdf.pages[0]).first)
    #expect(throws: NativePDFError.self) { try pdf.decodedData(stream) }
  }

  @Test func aRefusedInputIsFinishedByLibqpdf() throws {
    // A wrong /Length (cairo never writes one): NativePDF refuses, libqpdf recovers the stream.
    let bytes = Self.onePage("<< /Length 3 >>\nstream\n0 0 m 10 10 l S\nendstream")
    #expect(throws: NativePDFError.self) { try NativePDF(bytes) }
    let facts = PDFFacts(title: "t", language: "en-US", creator: "c", date: "2026-11-29T12:00:00Z")
    let finished = try PDFPostPass.finish(bytes, facts)
    let pdf = try QPDFDocument(finished)
    #expect(pdf.utf8(pdf.key(pdf.root, "/Lang")) == "en-US")
  }

  /// cairo's own output with bytes changed or cut (seeded, so a failure repeats): each either
  /// reads and writes again, or is refused with the typed error; none crashes or hangs.
  @Test func damagedCairoOutputIsReadOrRefused() throws {
    let drawn = try NativeFinisherTests.drawn(RenderFixture.sheet(SamplePatients.typical))
    var state: UInt64 = 0x5eed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var refused = 0
    for round in 0..<120 {
      var bytes = drawn.bytes
      if round % 4 == 0 {
        bytes.removeSubrange(next(bytes.count)...)
      } else {
        for _ in 0...next(4) { bytes[next(bytes.count)] = UInt8(next(256)) }
      }
      do throws(NativePDFError) {
        let written = try NativePDF(bytes).write()
        #expect(written.starts(with: Array("%PDF-1.".utf8)))
      } catch {
        refused += 1
        #expect(!error.message.isEmpty)
      }
    }
    #expect(refused > 0, "every cut input is refused")
  }
}
