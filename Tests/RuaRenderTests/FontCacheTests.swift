// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaRender

/// A start with no fontconfig cache for the copies and nowhere to write one (a read-only home,
/// no root): fontconfig scans the fonts, writes nothing, and the sheet is the same bytes.
@Suite struct FontCacheTests {
  @Test func noCacheAndNoWritableCacheFolderStillDrawsTheSameSheet() throws {
    let folder = TemporaryFolder("rua-font-cache")
    // A cache folder inside a regular file cannot be made, not even by root: the state of a
    // read-only home for fontconfig (its other cache folder, /var/cache/fontconfig, is root's).
    try folder.write("blocker", "not a folder")
    let unwritable = folder.file("blocker/cache")
    let conf = try String(contentsOfFile: RenderFixture.fontsConf, encoding: .utf8)
    let blocked = conf.replacingOccurrences(
      of: #"<cachedir[^>]*>[^<]*</cachedir>"#, with: "<cachedir>\(unwritable)</cachedir>",
      options: .regularExpression)
    #expect(blocked != conf && !blocked.contains("/var/cache/fontconfig"))
    try folder.write("fonts.conf", blocked)
    // The copies under a path no cache was ever made for.
    try FileManager.default.copyItem(
      atPath: FontConfigs.pinnedFolder(RenderFixture.fontsConf), toPath: folder.file("fonts"))
    let before = (folder.list(), folder.list("fonts"))

    let (document, template) = try RenderFixture.sheet(SamplePatients.typical)
    let cold = try PDFRenderer(fontsConf: folder.file("fonts.conf"))
    let pdf = try cold.render(document, template: template, now: RenderFixture.now, creator: "t")
    #expect(cold.lastDrawnWithCopiesOnly)
    let usual = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let expected = try usual.render(
      document, template: template, now: RenderFixture.now, creator: "t")
    #expect(pdf.bytes == expected.bytes)
    #expect(folder.list() == before.0 && folder.list("fonts") == before.1)
    #expect(!FileManager.default.fileExists(atPath: unwritable))
  }
}
