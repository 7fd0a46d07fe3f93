// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import Testing

/// "An imported record always prints": import refuses, before writing anything, text the
/// documents could not print as stored, and what it accepts renders.
@Suite struct ImportPrintableTests {
  /// A store with the sample file imported, and the hash of its database.
  private func importedBox() -> (CLISandbox, String) {
    let box = CLISandbox()
    _ = box.run(["init"] + box.storeFlags)
    box.write("circle.json", SampleCircles.small)
    _ = box.run(["import", "circle.json"] + box.storeFlags)
    return (box, box.hash(box.database))
  }

  static let refused: [(name: String, from: String, to: String, path: String, words: String)] = [
    (
      "an emoji the pinned fonts cannot draw", "\"Robert Alvarez\"", "\"Robert 💊 Alvarez\"",
      "patients[0].fullName", "U+1F48A \"💊\", which the pinned fonts"
    ),
    (
      "a private-use character", "\"Robert Alvarez\"", "\"Robert \u{E000}Alvarez\"",
      "patients[0].fullName", "U+E000, which the pinned fonts"
    ),
    (
      "a right-to-left mark in a dose", "\"5 mg\"", "\"12\u{200F}.5 mg\"",
      "patients[0].medications[0].strength", "U+200F, a bidirectional control"
    ),
    (
      "a zero-width space in a name", "\"Ana Alvarez\"", "\"Ana\u{200B} Alvarez\"",
      "patients[0].contacts[0].name", "U+200B, an invisible character"
    ),
    (
      "five accents on one letter", "\"Robert Alvarez\"",
      "\"Robe\u{301}\u{302}\u{303}\u{304}\u{305}rt\"", "patients[0].fullName",
      "more than 4 combining marks"
    ),
  ]

  @Test(arguments: refused.indices)
  func refusedWithTheFieldAndTheStoreUnchanged(_ index: Int) {
    let item = Self.refused[index]
    let (box, before) = importedBox()
    box.write("bad.json", SampleCircles.small.replacingOccurrences(of: item.from, with: item.to))
    let result = box.run(["import", "bad.json"] + box.storeFlags)
    #expect(result.code == .dataError, "\(item.name): \(result.stderr)")
    #expect(result.stderr.contains("bad.json: \(item.path): "), "\(result.stderr)")
    #expect(result.stderr.contains(item.words), "\(result.stderr)")
    #expect(box.hash(box.database) == before, "\(item.name)")
  }

  @Test func aPersianNameWithItsNonJoinerImportsAndPrints() {
    let (box, _) = importedBox()
    let name = "می\u{200C}خواهم"
    box.write(
      "persian.json",
      SampleCircles.small.replacingOccurrences(of: "\"María Núñez\"", with: "\"\(name)\""))
    #expect(box.run(["import", "persian.json"] + box.storeFlags).code == .success)
    for kind in ["er", "meds", "falls"] {
      let out = box.file("\(kind).pdf")
      let result = box.run(
        [kind, "p-maria", "-o", out, "--now", "2026-11-18T12:00:00Z"] + box.storeFlags)
      #expect(result.code == .success, "\(kind): \(result.stderr)")
    }
  }

  @Test func aMissingFontsFileRefusesTheImport() {
    let (box, before) = importedBox()
    let templates = box.file("templates")
    try? FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
    let result = box.run(["import", "circle.json", "--templates", templates] + box.storeFlags)
    #expect(result.code == .noInput)
    #expect(result.stderr.contains("fonts.conf is missing"))
    #expect(box.hash(box.database) == before)
  }
}
