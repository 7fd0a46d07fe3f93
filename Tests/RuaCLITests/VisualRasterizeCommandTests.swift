// SPDX-License-Identifier: Apache-2.0
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import RuaVisual
import Testing

@Suite struct VisualRasterizeCommandTests {
  func folderWithBase() throws -> TemporaryFolder {
    let folder = TemporaryFolder("rua-visual")
    try folder.write("a.pdf", MinimalPDF.base.bytes())
    return folder
  }

  @Test func writesOnePNGPerPageAtTheCeilSizeOnWhite() throws {
    let folder = try folderWithBase()
    let run = runInProcess(["rasterize", "a.pdf", "--dpi", "150", "-o", "pages"], in: folder)
    #expect(run.code == .success, "\(run.stderr)")
    #expect(run.stdout == "pages/page-001.png\npages/page-002.png\npages/page-003.png\n")
    #expect(folder.list("pages") == ["page-001.png", "page-002.png", "page-003.png"])
    let png = try folder.read("pages/page-002.png")
    let raster = try Raster(png: png, name: "page-002.png")
    // 595 × 842 pt at 150 dpi: ceil(1239.58) × ceil(1754.17).
    #expect(raster.width == 1240)
    #expect(raster.height == 1755)
    #expect(raster[0, 0] == Raster.white)
    #expect(raster.pixels.allSatisfy { $0 >> 24 == 0xFF })
    // The box at 100…250 × 200…280 pt is drawn.
    #expect(raster[Int(175 * 150 / 72), Int(240 * 150 / 72)] != Raster.white)
  }

  @Test func renderingTwiceWritesTheSameBytes() throws {
    let folder = try folderWithBase()
    #expect(
      runInProcess(["rasterize", "a.pdf", "--pages", "2", "-o", "one"], in: folder).code == .success
    )
    #expect(
      runInProcess(["rasterize", "a.pdf", "--pages", "2-", "-o", "two"], in: folder).code
        == .success)
    #expect(folder.list("two") == ["page-002.png", "page-003.png"])
    #expect(try folder.read("one/page-002.png") == folder.read("two/page-002.png"))
  }

  @Test func pageRangeSelectsPages() throws {
    let folder = try folderWithBase()
    let run = runInProcess(
      ["rasterize", "--pages", "2-3", "a.pdf", "-o", "out", "--dpi=72"], in: folder)
    #expect(run.code == .success)
    #expect(folder.list("out") == ["page-002.png", "page-003.png"])
    let raster = try Raster(pngFile: folder.path + "/out/page-003.png")
    #expect(raster.width == 595 && raster.height == 842)
  }

  @Test(arguments: [
    (["--pages", "0-2"], "--pages 0-2: the range must start at 1"),
    (["--pages", "2-9"], "--pages 2-9: a.pdf has 3 page(s)"),
    (["--pages", "3-2"], "not run backwards"),
    (["--pages", "two"], "--pages must be N or A-B"),
    (["--dpi", "0"], "--dpi must be a number from 1 to 1200, not '0'"),
    (["--dpi", "abc"], "not 'abc'"),
  ])
  func badArgumentsAreUsageErrors(extra: [String], message: String) throws {
    let folder = try folderWithBase()
    let run = runInProcess(["rasterize", "a.pdf", "-o", "out"] + extra, in: folder)
    #expect(run.code == .usage)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(folder.list() == ["a.pdf"])
  }

  @Test func pageTooLargeForAnImageIsRefusedBeforeRendering() throws {
    let folder = TemporaryFolder("rua-visual")
    var banner = MinimalPDF.base
    banner.width = 2000
    banner.height = 100
    try folder.write("banner.pdf", banner.bytes())
    let run = runInProcess(["rasterize", "banner.pdf", "--dpi", "1200", "-o", "out"], in: folder)
    #expect(run.code == .usage)
    #expect(
      run.stderr.contains(
        "page 1 of banner.pdf would be 33334 × 1667 pixels at 1200 dpi, more than the 32767"))
    #expect(folder.list() == ["banner.pdf"])
  }

  @Test func missingOutputFolderOptionIsAUsageError() throws {
    let folder = try folderWithBase()
    let run = runInProcess(["rasterize", "a.pdf"], in: folder)
    #expect(run.code == .usage)
    #expect(run.stderr.contains("needs -o DIR"))
  }

  @Test func unreadableAndNonPDFInputsNameTheFile() throws {
    let folder = try folderWithBase()
    try folder.write("notes.txt", Array("not a pdf".utf8))
    let missing = runInProcess(["rasterize", "missing.pdf", "-o", "out"], in: folder)
    #expect(missing.code == .noInput)
    #expect(missing.stderr.contains("cannot read missing.pdf"))
    let text = runInProcess(["rasterize", "notes.txt", "-o", "out"], in: folder)
    #expect(text.code == .dataError)
    #expect(text.stderr.contains("notes.txt is not a PDF"))
  }

  @Test func outputThatIsAFileCannotBeCreated() throws {
    let folder = try folderWithBase()
    try folder.write("taken", [1])
    let run = runInProcess(["rasterize", "a.pdf", "-o", "taken"], in: folder)
    #expect(run.code == .cannotCreate)
    #expect(run.stderr.contains("taken exists and is not a folder"))
    let nested = runInProcess(["rasterize", "a.pdf", "-o", "no/such/dir"], in: folder)
    #expect(nested.code == .cannotCreate)
  }
}
