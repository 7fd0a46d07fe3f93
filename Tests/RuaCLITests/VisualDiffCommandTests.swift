// SPDX-License-Identifier: Apache-2.0
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import RuaVisual
import Testing

@Suite struct VisualDiffCommandTests {
  func folder() throws -> TemporaryFolder {
    let folder = TemporaryFolder("rua-visual")
    try folder.write("a.pdf", MinimalPDF.base.bytes())
    try folder.write("copy.pdf", MinimalPDF.base.bytes())
    var redated = MinimalPDF.base
    redated.creationDate = "D:20250630120000Z"
    try folder.write("redated.pdf", redated.bytes())
    try folder.write("moved.pdf", MinimalPDF.moved.bytes())
    try folder.write("reworded.pdf", MinimalPDF.reworded.bytes())
    return folder
  }

  @Test func identicalFilesAreTheSame() throws {
    let run = runInProcess(["diff", "a.pdf", "copy.pdf"], in: try folder())
    #expect(run.code == .success)
    #expect(run.stdout == "a.pdf and copy.pdf are the same (identical bytes)\n")
  }

  @Test func sameContentWithOtherMetadataIsTheSame() throws {
    let run = runInProcess(["diff", "a.pdf", "redated.pdf", "--text"], in: try folder())
    #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.hasPrefix("a.pdf and redated.pdf are the same: 3 page(s) at 150 dpi"))
  }

  @Test func movedBoxIsReportedWithRegionAndImages() throws {
    let folder = try folder()
    let run = runInProcess(
      ["diff", "a.pdf", "moved.pdf", "--out", "diffs", "--side-by-side"], in: folder)
    #expect(run.code == .failure)
    #expect(run.stdout.contains("a.pdf and moved.pdf differ: 1 page(s)"))
    #expect(run.stdout.contains("page 2: "))
    #expect(run.stdout.contains("in x 100 y 200 w 160 h 80 pt") || run.stdout.contains("in x 99"))
    #expect(folder.list("diffs") == ["page-002-diff.png", "page-002-side-by-side.png"])
    let diff = try Raster(png: folder.read("diffs/page-002-diff.png"), name: "diff")
    let side = try Raster(png: folder.read("diffs/page-002-side-by-side.png"), name: "side")
    #expect(diff.width == 1240 && diff.height == 1755)
    #expect(side.width == 3 * 1240 + 16)
    #expect(Raster.channels(diff[Int(105 * 150 / 72), Int(240 * 150 / 72)]).g < 50)
  }

  @Test func insertedAndRemovedPagesArePicturedInTheReportAndNamedInJSON() throws {
    let folder = try folder()
    var longer = MinimalPDF.base
    longer.pages.insert(.init(lines: [.init(y: 300, text: "Notes for the visit")]), at: 1)
    try folder.write("longer.pdf", longer.bytes())
    let run = runInProcess(
      ["diff", "a.pdf", "longer.pdf", "--report", "r", "--dpi", "36"], in: folder)
    #expect(run.code == .failure)
    #expect(run.stdout.contains("page 2 inserted in longer.pdf"), "\(run.stdout)")
    #expect(folder.list("r").contains("inserted-page-002-b.png"), "\(folder.list("r"))")
    let html = String(decoding: try folder.read("r/report.html"), as: UTF8.self)
    #expect(html.contains("Page 2 of B: inserted"))
    #expect(html.contains("<img src=\"inserted-page-002-b.png\""))
    let summary = String(decoding: try folder.read("r/summary.md"), as: UTF8.self)
    #expect(summary.contains("![page 2 of longer.pdf, inserted](inserted-page-002-b.png)"))
    let back = runInProcess(
      ["diff", "longer.pdf", "a.pdf", "--format", "json", "--dpi", "36"], in: folder)
    let pages = try #require(try JSONParser.parse(back.stdout)["pages"]?.arrayValue)
    #expect(
      pages.map { $0["reasons"]?.arrayValue?.first?.stringValue } == [nil, "removed", nil, nil])
  }

  @Test func aMissingOrBrokenInputIsAFailingJUnitCase() throws {
    let folder = try folder()
    try folder.write("broken.pdf", Array("%PDF-1.7 not really".utf8))
    for other in ["gone.pdf", "broken.pdf"] {
      let run = runInProcess(["diff", "a.pdf", other, "--junit", "j.xml"], in: folder)
      #expect(run.code.rawValue == 2)
      let xml = String(decoding: try folder.read("j.xml"), as: UTF8.self)
      #expect(xml.contains("failures=\"1\""), "\(xml)")
      #expect(xml.contains("name=\"open\""))
      #expect(xml.contains(other))
    }
  }

  @Test func jsonReportNamesPageAndRegionInPoints() throws {
    let run = runInProcess(
      ["diff", "a.pdf", "moved.pdf", "--format", "json", "--dpi", "72"], in: try folder())
    #expect(run.code == .failure)
    let json = try JSONParser.parse(run.stdout)
    #expect(json["result"]?.stringValue == "different")
    #expect(json["identicalBytes"]?.boolValue == false)
    #expect(json["b"]?["pages"]?.intValue == 3)
    let pages = try #require(json["pages"]?.arrayValue)
    #expect(pages.map { $0["status"]?.stringValue } == ["same", "different", "same"])
    let region = try #require(pages[1]["changedRegion"]?["points"])
    #expect(region["x"]?.doubleValue == 100)
    #expect(region["y"]?.doubleValue == 200)
    #expect(region["width"]?.doubleValue == 160)
    #expect(region["height"]?.doubleValue == 80)
    #expect(pages[1]["reasons"]?.arrayValue == [.string("pixels")])
  }

  @Test func outWritesOnlyTheDiffPictureUnlessTheSideBySideIsAskedFor() throws {
    let folder = try folder()
    let run = runInProcess(["diff", "a.pdf", "moved.pdf", "--out", "diffs"], in: folder)
    #expect(run.code == .failure)
    #expect(folder.list("diffs") == ["page-002-diff.png"])
    let refused = runInProcess(["diff", "a.pdf", "moved.pdf", "--side-by-side"], in: folder)
    #expect(refused.code.rawValue == 2)
    #expect(refused.stderr.contains("--side-by-side writes into the --out folder"))
  }

  @Test func jsonListsTheImagesWrittenAndTheTextChanges() throws {
    let run = runInProcess(
      [
        "diff", "a.pdf", "reworded.pdf", "--text", "--format", "json", "-o", "d", "--dpi", "50",
        "--side-by-side",
      ], in: try folder())
    #expect(run.code == .failure)
    let json = try JSONParser.parse(run.stdout)
    let page = try #require(json["pages"]?.arrayValue?[2])
    #expect(page["diffImage"]?.stringValue == "d/page-003-diff.png")
    #expect(page["sideBySide"]?.stringValue == "d/page-003-side-by-side.png")
    #expect(page["reasons"]?.arrayValue == [.string("pixels"), .string("text")])
    let changes = try #require(page["text"]?.arrayValue)
    #expect(changes.map { $0["change"]?.stringValue } == ["-", "+"])
    #expect(json["pages"]?.arrayValue?[0]["diffImage"] == nil)
  }

  @Test func maskOverTheChangeMakesThemTheSame() throws {
    let run = runInProcess(
      ["diff", "a.pdf", "moved.pdf", "--mask", "2:95,195,170,90"], in: try folder())
    #expect(run.code == .success, "\(run.stdout)")
    #expect(run.stdout.contains("1 mask(s)"))
  }

  @Test func maxDiffPixelsAllowsACountedChange() throws {
    let folder = try folder()
    let json = try JSONParser.parse(
      runInProcess(["diff", "a.pdf", "moved.pdf", "--format=json"], in: folder).stdout)
    let count = try #require(json["pages"]?.arrayValue?[1]["differingPixels"]?.intValue)
    let allowed = runInProcess(
      ["diff", "a.pdf", "moved.pdf", "--max-diff-pixels", "\(count)"], in: folder)
    #expect(allowed.code == .success)
    let tooFew = runInProcess(
      ["diff", "a.pdf", "moved.pdf", "--max-diff-pixels", "\(count - 1)"], in: folder)
    #expect(tooFew.code == .failure)
  }

  @Test func textComparisonShowsTheChangedLine() throws {
    let run = runInProcess(["diff", "a.pdf", "reworded.pdf", "--text"], in: try folder())
    #expect(run.code == .failure)
    #expect(run.stdout.contains("page 3:"))
    #expect(run.stdout.contains("- Keep the hallway lit"))
    #expect(run.stdout.contains("+ Keep the stairway lit"))
  }

  @Test func notAPDFIsError2NamingTheFile() throws {
    let folder = try folder()
    try folder.write("notes.txt", Array("shopping list".utf8))
    let run = runInProcess(["diff", "a.pdf", "notes.txt"], in: folder)
    #expect(run.code.rawValue == 2)
    #expect(run.stderr.contains("notes.txt is not a PDF"))
    #expect(run.stdout.isEmpty)
  }

  @Test func encryptedAndDamagedFilesAreError2NamingTheFile() throws {
    let folder = try folder()
    var locked = MinimalPDF.base
    locked.encrypted = true
    try folder.write("locked.pdf", locked.bytes())
    try folder.write("cut.pdf", Array(MinimalPDF.base.bytes().prefix(200)))
    let encrypted = runInProcess(["diff", "a.pdf", "locked.pdf"], in: folder)
    #expect(encrypted.code.rawValue == 2)
    #expect(encrypted.stderr.contains("locked.pdf is encrypted (password protected)"))
    let damaged = runInProcess(["diff", "cut.pdf", "a.pdf"], in: folder)
    #expect(damaged.code.rawValue == 2)
    #expect(damaged.stderr.contains("cut.pdf is damaged"), "\(damaged.stderr)")
  }

  @Test(arguments: [
    (["a.pdf"], "diff takes two PDF files, got 1"),
    (["a.pdf", "moved.pdf", "--bogus"], "unknown option '--bogus'"),
    (
      ["a.pdf", "moved.pdf", "--tolerance", "300"],
      "--tolerance must be a whole number from 0 to 255"
    ),
    (["a.pdf", "moved.pdf", "--mask", "2:1,2,3"], "mask '2:1,2,3' is not PAGE:x,y,w,h"),
    (["a.pdf", "moved.pdf", "--mask", "9:1,2,3,4"], "page 9 is past the last page"),
    (["a.pdf", "moved.pdf", "--format", "xml"], "--format takes text or json"),
    (["a.pdf", "missing.pdf"], "cannot read missing.pdf"),
    // The arguments are checked before either file is read.
    (["a.pdf", "missing.pdf", "--side-by-side"], "--side-by-side writes into the --out folder"),
  ])
  func errorsExitWith2(arguments: [String], message: String) throws {
    let run = runInProcess(["diff"] + arguments, in: try folder())
    #expect(run.code.rawValue == 2)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test func helpDocumentsTheExitCodes() throws {
    let run = runInProcess(["diff", "--help"], in: try folder())
    #expect(run.code == .success)
    #expect(run.stdout.contains("Exit codes: 0 same, 1 different, 2 error"))
  }
}
