// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("The bundled sample through the store")
struct SampleRoundTripTests {
  static let samplePath = SampleCircles.shippedPath

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: samplePath),
      "samples/care-circle.json is not in this checkout"))
  func sampleRoundTripsExactly() throws {
    let bytes = try SampleCircles.shipped()
    let today = try #require(CivilDate(iso: "2030-01-01"))
    var circle = try CareCircleDecoder.decode(bytes, today: today)
    circle.exportedAt = nil
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    _ = try store.save(circle, now: Fixture.now)
    #expect(try store.loadCareCircle() == circle)
    // Through the encoder and decoder too: what `export` writes, `import` reads back unchanged.
    let text = JSONWriter.write(CareCircleEncoder.encode(try store.loadCareCircle()))
    let again = try CareCircleDecoder.decode(Array(text.utf8), today: today)
    #expect(again == circle)
    #expect(try store.save(again, now: Fixture.now + 1).changes == 0)
  }
}
