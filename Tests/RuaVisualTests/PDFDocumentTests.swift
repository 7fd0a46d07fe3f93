// SPDX-License-Identifier: Apache-2.0
import RuaTestSupport
import Testing

@testable import RuaVisual

@Suite struct PDFDocumentTests {
  @Test func readsPagesSizesAndText() throws {
    let document = try PDFDocument(bytes: MinimalPDF.base.bytes(), name: "base.pdf")
    #expect(document.pageCount == 3)
    #expect(try document.pageSize(1) == PageSize(width: 595, height: 842))
    let text = try document.text(page: 3)
    #expect(text.contains("Keep the hallway lit"))
  }

  @Test func pageOutsideTheDocumentIsRefusedWithTheCount() throws {
    let document = try PDFDocument(bytes: MinimalPDF.base.bytes(), name: "base.pdf")
    #expect {
      try document.render(page: 4, dpi: 72)
    } throws: { error in
      (error as? VisualError)?.message == "base.pdf has 3 page(s); page 4 does not exist"
    }
  }

  @Test func notAPDFNamesTheFile() {
    #expect {
      try PDFDocument(bytes: Array("just some notes\n".utf8), name: "notes.txt")
    } throws: { error in
      guard let error = error as? VisualError else { return false }
      return error.kind == .notPDF && error.message.hasPrefix("notes.txt is not a PDF")
    }
  }

  @Test func damagedPDFNamesTheFile() {
    #expect {
      try PDFDocument(bytes: Array("%PDF-1.5\nthis is not a body\n".utf8), name: "broken.pdf")
    } throws: { error in
      guard let error = error as? VisualError else { return false }
      return error.kind == .damaged && error.message.hasPrefix("broken.pdf is damaged")
    }
  }

  @Test func missingFileIsUnreadable() {
    #expect {
      try PDFDocument(path: "/nonexistent-rua-visual/a.pdf")
    } throws: { error in
      guard let error = error as? VisualError else { return false }
      return error.kind == .unreadable && error.message.contains("/nonexistent-rua-visual/a.pdf")
    }
  }

  @Test func rasterHasTheCeilSizeAndAnOpaqueWhiteBackground() throws {
    let document = try PDFDocument(bytes: MinimalPDF.base.bytes(), name: "base.pdf")
    let raster = try document.render(page: 3, dpi: 150)
    #expect(raster.width == 1240)
    #expect(raster.height == 1755)
    #expect(raster[0, 0] == Raster.white)
    #expect(raster[1239, 1754] == Raster.white)
    #expect(raster.pixels.allSatisfy { $0 >> 24 == 0xFF })
    // The box on page 1 is drawn in its colour (0.1, 0.3, 0.8).
    let page1 = try document.render(page: 1, dpi: 72)
    #expect(page1[100, 80] == Raster.rgb(25, 76, 204))
  }

  @Test func samePageRendersToTheSameBytesTwice() throws {
    let document = try PDFDocument(bytes: MinimalPDF.base.bytes(), name: "base.pdf")
    let first = try document.render(page: 1, dpi: 150)
    let second = try document.render(page: 1, dpi: 150)
    #expect(first == second)
    #expect(try first.pngBytes() == second.pngBytes())
  }

  @Test func pngRoundTripKeepsEveryPixel() throws {
    let document = try PDFDocument(bytes: MinimalPDF.base.bytes(), name: "base.pdf")
    let raster = try document.render(page: 1, dpi: 50)
    let png = try raster.pngBytes()
    #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    #expect(try Raster(png: png, name: "page.png") == raster)
    #expect {
      try Raster(png: [1, 2, 3], name: "junk.png")
    } throws: { error in
      (error as? VisualError)?.message.hasPrefix("junk.png") == true
    }
  }

  @Test func pngOfATranslucentRasterKeepsItsAlpha() throws {
    let pixels: [UInt32] = [0x0000_0000, 0x8040_4040, 0xFF10_2030, 0xFFFF_FFFF]
    let raster = Raster(width: 2, height: 2, pixels: pixels)
    let png = try raster.pngBytes()
    #expect(png[25] == 6)  // colour type RGBA
    #expect(try Raster(png: png, name: "alpha.png") == raster)
    let opaque = Raster(width: 2, height: 1, pixels: [0xFF10_2030, 0xFFFF_FFFF])
    #expect(try opaque.pngBytes()[25] == 2)  // colour type RGB
    #expect(try Raster(png: opaque.pngBytes(), name: "rgb.png") == opaque)
    // cairo's own writer reads back the same.
    #expect(try Raster(png: opaque.cairoPNGBytes(), name: "cairo.png") == opaque)
  }

  /// A page of 1024 rows or more is deflated in bands on several threads and joined into one
  /// zlib stream: libpng (through cairo) reads every pixel back, opaque or not, and a page of
  /// fewer rows is one band, byte for byte what one `compress2` call gives.
  @Test func bandedPNGReadsBackWholeWithAnyAlpha() throws {
    let document = try PDFDocument(bytes: MinimalPDF.base.bytes(), name: "base.pdf")
    let page = try document.render(page: 1, dpi: 150)
    #expect(FastPNG.bandRanges(height: page.height).count == 3)
    #expect(try Raster(png: page.pngBytes(), name: "page.png") == page)
    var translucent = page
    for index in stride(from: 0, to: translucent.pixels.count, by: 977) {
      translucent.pixels[index] = 0x8040_2010
    }
    let png = try translucent.pngBytes()
    #expect(png[25] == 6)
    #expect(try Raster(png: png, name: "alpha.png") == translucent)
    // The side-by-side picture, encoded row by row, reads back as the canvas it stands for,
    // with a shorter panel's missing rows grey.
    let short = Raster(width: 300, height: 700, filledWith: Raster.rgb(10, 200, 30))
    let canvas = DiffImages.sideBySide(page, short, page)
    let sideBySide = try DiffImages.sideBySidePNG(page, short, page)
    #expect(try Raster(png: sideBySide, name: "side-by-side.png") == canvas)
    #expect(FastPNG.bandRanges(height: 1023) == [0..<1023])
    #expect(FastPNG.bandRanges(height: 1650) == [0..<550, 550..<1100, 1100..<1650])
  }
}
