// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaRender
import Testing

/// Writes sample PDFs to `RUA_SAMPLE_DIR` when set, for looking at them (docs/images).
@Suite struct SampleOutputTests {
  @Test func writesSamplesWhenAsked() throws {
    let pdf = try RenderFixture.render(SamplePatients.typical)
    #expect(pdf.pageCount >= 1)
    guard let folder = ProcessInfo.processInfo.environment["RUA_SAMPLE_DIR"] else { return }
    try Data(pdf.bytes).write(to: URL(fileURLWithPath: folder + "/er-typical.pdf"))
    try Data(RenderFixture.render(SamplePatients.typical, language: "es").bytes).write(
      to: URL(fileURLWithPath: folder + "/er-typical-es.pdf"))
    try Data(RenderFixture.render(SamplePatients.large).bytes).write(
      to: URL(fileURLWithPath: folder + "/er-large.pdf"))
    try Data(RenderFixture.render(SamplePatients.crowded).bytes).write(
      to: URL(fileURLWithPath: folder + "/er-crowded.pdf"))
    let empty = Patient(id: "p-empty", fullName: "Ana Empty", dateOfBirth: day(1938, 7, 4))
    try Data(RenderFixture.render(empty).bytes).write(
      to: URL(fileURLWithPath: folder + "/er-empty.pdf"))
  }
}
