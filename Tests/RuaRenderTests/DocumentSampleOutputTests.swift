// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaRender
import Testing

/// Writes the medication lists and fall guides of the sample care circle to `RUA_SAMPLE_DIR`
/// when set, for looking at them (docs/images). The sample was exported on 2026-11-01, so the
/// pictures use 2026-11-06 as "today": a few days later, when its runways are still a mix.
@Suite struct DocumentSampleOutputTests {
  @Test func writesSamplesWhenAsked() throws {
    let patients = try DocumentFixture.sample()
    #expect(patients.count >= 2)
    guard let folder = ProcessInfo.processInfo.environment["RUA_SAMPLE_DIR"] else { return }
    var long = patients[0]
    long.medications = (1...40).map { index in
      var medication = BuiltMedication.scheduled(index)
      medication.fills = [Fill(fillDate: day(2026, 10, index % 28 + 1), daySupply: 30)]
      return medication
    }
    try Data(
      DocumentFixture.render(DocumentFixture.medicationList(long, today: day(2026, 11, 6))).bytes
    ).write(to: URL(fileURLWithPath: "\(folder)/meds-long-en.pdf"))
    for (index, patient) in patients.enumerated() {
      for language in ["en", "es"] {
        let meds = try DocumentFixture.render(
          DocumentFixture.medicationList(patient, language: language, today: day(2026, 11, 6)))
        try Data(meds.bytes).write(
          to: URL(fileURLWithPath: "\(folder)/meds-\(index)-\(language).pdf"))
        let falls = try DocumentFixture.render(
          DocumentFixture.fallGuide(patient, language: language, today: day(2026, 11, 6)))
        try Data(falls.bytes).write(
          to: URL(fileURLWithPath: "\(folder)/falls-\(index)-\(language).pdf"))
        for (name, built) in [
          ("meds", try DocumentFixture.medicationList(patient, language: language, large: true)),
          ("falls", try DocumentFixture.fallGuide(patient, language: language, large: true)),
        ] {
          try Data(DocumentFixture.render(built).bytes).write(
            to: URL(fileURLWithPath: "\(folder)/\(name)-large-\(index)-\(language).pdf"))
        }
      }
    }
  }
}
