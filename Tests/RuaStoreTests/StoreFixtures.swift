// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport

@testable import RuaStore

extension TemporaryFolder {
  /// A store location inside the folder (neither file exists yet).
  var location: StoreLocation {
    StoreLocation(database: path + "/data/store.db", keyFile: path + "/config/key")
  }
}

enum Fixture {
  static let now = Instant(secondsSinceEpoch: 1_795_000_000)

  /// SHA-256 of a file's bytes ("missing" when there is none).
  static func fileHash(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "missing" }
    return SHA256.hex([UInt8](data))
  }

  static func write(_ path: String, _ text: String, mode: Int = 0o600) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    chmod(path, mode_t(mode))
  }

  static func date(_ text: String) -> CivilDate {
    guard let date = CivilDate(iso: text) else { preconditionFailure("bad fixture date") }
    return date
  }

  /// Two fictional patients carrying marker strings that must never appear in clear on disk.
  static func circle() -> CareCircle {
    var robert = Patient(
      id: "p-robert", fullName: "Robert MARKERNAMEQX Alvarez", dateOfBirth: date("1941-03-09"))
    robert.preferredName = "Bob"
    robert.sex = .male
    robert.language = "es"
    robert.interpreterNeeded = true
    robert.weightKg = 71.5
    robert.heightCm = 170
    robert.codeStatus = "Full code"
    robert.notes = "MARKERNOTESQX likes the window seat"
    robert.alerts = ["No blood pressure in the left arm"]
    robert.devices = [Device(name: "Pacemaker", details: "Medtronic, 2019")]
    robert.advanceDirective = AdvanceDirective(summary: "POLST on file", location: nil)
    robert.baseline = Baseline(cognition: "Mild memory loss", mobility: "Walker")
    robert.pharmacy = Pharmacy(name: "Corner Pharmacy", phone: "555-0100")
    robert.conditions = [Condition(name: "Atrial fibrillation", since: "2019")]
    robert.allergies = [
      Allergy(substance: "MARKERALLERGYQX penicillin", reaction: "hives", severity: .severe)
    ]
    robert.contacts = [
      Contact(
        name: "Ana Alvarez", relation: "daughter", phone: "555-0101", roles: [.emergency, .poa])
    ]
    robert.careTeam = [CareTeamMember(name: "Dr. Lee", role: "primary care")]
    robert.medications = [
      Medication(
        id: "m-warfarin", name: "MARKERMEDQX warfarin", strength: "5 mg", dose: "1 tablet",
        times: [.evening], highAlert: true, refillsRemaining: 2,
        fills: [
          Fill(fillDate: date("2026-10-01"), daySupply: 30, quantity: 30),
          Fill(fillDate: date("2026-11-01"), daySupply: 30, pharmacy: "Corner Pharmacy"),
        ]),
      Medication(
        id: "m-acetaminophen", name: "acetaminophen", asNeeded: true,
        asNeededReason: "pain", status: .onHold),
    ]
    var maria = Patient(
      id: "p-maria", fullName: "María José Núñez", dateOfBirth: date("1938-12-24"))
    maria.noKnownAllergies = true
    let extensions = JSON.object([("app", .string("test"))])
    return CareCircle(patients: [robert, maria], extensions: extensions)
  }

  /// Runs Debian's `sqlcipher` shell with `sql` on stdin; returns stdout and the exit status.
  static func sqlcipherShell(_ database: String, _ sql: String) throws -> (String, Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlcipher")
    process.arguments = [database]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    input.fileHandleForWriting.write(Data(sql.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }

  static func keyHex(_ location: StoreLocation) -> String {
    String(
      decoding: FileManager.default.contents(atPath: location.keyFile) ?? Data(), as: UTF8.self
    )
    .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

extension AccessActor {
  /// The writer the tests' stores stamp on their rows (a store is told who writes, never asks).
  static let tester = AccessActor(
    userID: 1000, userName: "tester", host: "test-desk",
    runID: "01890000-0000-7000-8000-00000000a11e")
}

extension Instant {
  /// `seconds` later (earlier when negative).
  static func + (instant: Instant, seconds: Int64) -> Instant {
    Instant(secondsSinceEpoch: instant.secondsSinceEpoch + seconds)
  }
}
