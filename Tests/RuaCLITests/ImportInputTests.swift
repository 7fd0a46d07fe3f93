// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

/// `import -` reads standard input; a refused file lists every problem with its JSON path.
@Suite("import input")
struct ImportInputTests {
  private func store() -> CLISandbox {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    return box
  }

  @Test func aDashReadsTheCircleFromStandardInput() throws {
    let box = store()
    let result = box.run(
      ["import", "-"] + box.storeFlags, standardInput: Array(SampleCircles.small.utf8))
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stdout.contains("added"))
    #expect(box.run(["patients"] + box.storeFlags).stdout.contains("Robert Alvarez"))
    let again = box.run(
      ["import", "-", "--dry-run"] + box.storeFlags, standardInput: Array(SampleCircles.small.utf8))
    #expect(again.stdout.contains("dry run, nothing written"), "\(again.stdout)")
  }

  @Test func aRefusedFileListsEveryProblemAndChangesNothing() throws {
    let box = store()
    let before = box.hash(box.database)
    let text = """
      { "format": "rua-care-circle", "version": 1, "patients": [
        { "id": "p-1", "fullName": "Ann", "dateOfBirth": "1940-13-01", "colour": "red" },
        { "id": "p-2", "dateOfBirth": "1941-01-01" },
        { "id": "p-1", "fullName": "Di", "dateOfBirth": "1942-01-01" } ] }
      """
    let result = box.run(["import", "-"] + box.storeFlags, standardInput: Array(text.utf8))
    #expect(result.code == .dataError)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first == "rua-paper: standard input: refused, nothing was imported; 4 problems:")
    #expect(
      lines.dropFirst().map { $0.prefix { $0 != ":" } } == [
        "  patients[0].colour", "  patients[0].dateOfBirth", "  patients[1].fullName",
        "  patients[2].id",
      ])
    #expect(!result.stderr.contains("Ann") && !result.stderr.contains("1940-13-01"))
    #expect(box.hash(box.database) == before)
    // From a file the message names the file.
    box.write("bad.json", text)
    let fromFile = box.run(["import", "bad.json"] + box.storeFlags)
    #expect(fromFile.stderr.hasPrefix("rua-paper: bad.json: refused, nothing was imported"))
  }

  @Test func aLongListIsCapped() throws {
    let box = store()
    let patients = (0..<25).map { #"{ "id": "p-\#($0)", "fullName": "N", "dateOfBirth": "x" }"# }
    let text =
      #"{ "format": "rua-care-circle", "version": 1, "patients": ["#
      + patients.joined(separator: ",") + "] }"
    let result = box.run(["import", "-"] + box.storeFlags, standardInput: Array(text.utf8))
    #expect(result.code == .dataError)
    #expect(result.stderr.contains("the first 20 problems:"))
    #expect(result.stderr.contains("patients[19].dateOfBirth"))
    #expect(!result.stderr.contains("patients[20]"))
    #expect(result.stderr.contains("the file may hold more"))
  }

  @Test func oneProblemKeepsTheOneLineForm() {
    let box = store()
    let text =
      #"{ "format": "rua-care-circle", "version": 1, "patients": [{ "id": "p-1", "fullName": "A", "dateOfBirth": "1940-01-01", "sex": "robot" }] }"#
    box.write("one.json", text)
    let result = box.run(["import", "one.json"] + box.storeFlags)
    #expect(result.code == .dataError)
    #expect(
      result.stderr.hasPrefix("rua-paper: one.json: patients[0].sex: must be"), "\(result.stderr)")
  }
}
