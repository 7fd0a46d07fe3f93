// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

/// `import` of a FHIR Bundle and `export --format fhir-ips` through the real command line.
@Suite("fhir import and export")
struct FHIRCommandTests {
  private func store() -> CLISandbox {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    return box
  }

  @Test func anExportImportsIntoAnEmptyStoreAndExportsTheSameBundle() throws {
    let box = store()
    #expect(
      box.run(["import", "-"] + box.storeFlags, standardInput: Array(SampleCircles.small.utf8)).code
        == .success)
    let first = box.run(["export", "p-robert", "--format", "fhir-ips"] + box.storeFlags)
    #expect(first.code == .success, "\(first.stderr)")
    let bundle = try #require(
      try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
    #expect(bundle["resourceType"] as? String == "Bundle")
    #expect(bundle["type"] as? String == "document")
    #expect(box.run(["log"] + box.storeFlags).stdout.contains("fhir-ips"))

    let other = store()
    let imported = other.run(
      ["import", "-", "--dry-run"] + other.storeFlags, standardInput: Array(first.stdout.utf8))
    #expect(
      imported.stdout.contains("dry run, nothing written: 1 patient: 1 added"), "\(imported.stderr)"
    )
    #expect(
      other.run(["import", "-"] + other.storeFlags, standardInput: Array(first.stdout.utf8)).code
        == .success)
    // Later, so the record is not newer than the export; the same Bundle but for its time.
    let second = other.run(
      ["export", "p-robert", "--format", "fhir-ips"] + other.storeFlags, now: box.now + 60)
    let strip = { (text: String) in
      text.split(separator: "\n").filter {
        !$0.contains("\"date\"") && !$0.contains("\"timestamp\"")
      }
      .filter { !$0.contains("\"value\": \"urn:uuid:") || $0.contains("\"reference\"") }
    }
    #expect(second.code == .success, "\(second.stderr)")
    #expect(strip(second.stdout).count == strip(first.stdout).count)
    #expect(strip(second.stdout) == strip(first.stdout))
  }

  @Test func aRefusedBundleNamesTheElementAndChangesNothing() throws {
    let box = store()
    let before = box.hash(box.database)
    let text = """
      {"resourceType": "Bundle", "type": "collection", "entry": [
        {"fullUrl": "urn:uuid:1", "resource": {"resourceType": "Patient", "id": "p1",
          "name": [{"text": "Ann Lee"}], "birthDate": "1941"}}]}
      """
    let result = box.run(["import", "-"] + box.storeFlags, standardInput: Array(text.utf8))
    #expect(result.code == .dataError)
    #expect(
      result.stderr.contains(
        "standard input: Bundle.entry[0].resource(Patient).birthDate: is not a full date"))
    #expect(!result.stderr.contains("Ann Lee"))
    #expect(box.hash(box.database) == before)
  }

  @Test func aSharedSummaryIsAPrivateBundleLoggedAsAShare() throws {
    let box = store()
    #expect(
      box.run(["import", "-"] + box.storeFlags, standardInput: Array(SampleCircles.small.utf8)).code
        == .success)
    try FileManager.default.createDirectory(
      atPath: box.file("usb"), withIntermediateDirectories: true)
    let shared = box.run(["share", "p-robert", "fhir-ips", "--to", "usb"] + box.storeFlags)
    #expect(shared.code == .success, "\(shared.stderr)")
    let path = box.file("usb/international-patient-summary-\(box.today).json")
    #expect(box.mode(path) == 0o600)
    let data = try #require(FileManager.default.contents(atPath: path))
    let bundle = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(bundle["type"] as? String == "document")
    let log = box.run(["log", "p-robert", "--action", "share"] + box.storeFlags)
    #expect(log.stdout.contains("fhir-ips"), "\(log.stdout)")
    // A second share takes the next free name, never the first file.
    #expect(
      box.run(["share", "p-robert", "fhir-ips", "--to", "usb"] + box.storeFlags).code == .success)
    #expect(
      FileManager.default.fileExists(
        atPath: box.file("usb/international-patient-summary-\(box.today)-2.json")))
    for option in [["--paper", "a4"], ["--lang", "es"]] {
      let refused = box.run(
        ["share", "p-robert", "fhir-ips", "--to", "usb"] + option + box.storeFlags)
      #expect(refused.code == .usage)
      #expect(refused.stderr.contains("\(option[0]) is for printed documents"), "\(refused.stderr)")
    }
  }

  @Test func exportFHIRNeedsOnePatientAndAKnownFormat() throws {
    let box = store()
    #expect(box.run(["export", "--format", "fhir-ips"] + box.storeFlags).code == .usage)
    #expect(box.run(["export", "--format", "hl7v2"] + box.storeFlags).code == .usage)
    #expect(box.run(["export", "p-robert"] + box.storeFlags).code == .usage)
  }
}
