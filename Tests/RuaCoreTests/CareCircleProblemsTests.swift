// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// A refused file lists every problem found (up to the limit), each at its path in the file.
@Suite struct CareCircleProblemsTests {
  static let today = CivilDate(daysSinceEpoch: 20_758)  // 2026-11-01

  func problems(_ text: String, limit: Int = CareCircleDecoder.problemLimit) throws
    -> CareCircleProblems
  {
    do {
      _ = try CareCircleDecoder.decodeReportingAll(
        Array(text.utf8), today: Self.today, limit: limit)
    } catch {
      return error
    }
    Issue.record("the file was accepted")
    return CareCircleProblems(problems: [], stoppedAtLimit: false)
  }

  static func file(_ patients: [String]) -> String {
    "{ \"format\": \"rua-care-circle\", \"version\": 1, \"patients\": ["
      + patients.joined(separator: ",") + "] }"
  }

  /// In the decoder's order: a patient's fields, then the checks across patients.
  @Test func everyProblemIsListedAtItsPathInTheFile() throws {
    let text = Self.file([
      #"{ "id": "p-1", "fullName": "Ann", "dateOfBirth": "1940-13-01", "colour": "red" }"#,
      #"{ "id": "p-2", "dateOfBirth": "1941-01-01", "medications": [{ "id": "m-1", "name": "x", "fills": [{ "fillDate": "2026-10-01", "daySupply": 0 }] }] }"#,
      #"{ "id": "p-3", "fullName": "Cy", "dateOfBirth": "1942-01-01" }"#,
      #"{ "id": "p-1", "fullName": "Di", "dateOfBirth": "2030-01-01" }"#,
    ])
    let found = try problems(text)
    #expect(!found.stoppedAtLimit)
    #expect(
      found.problems.map(\.path) == [
        "patients[0].colour", "patients[0].dateOfBirth", "patients[1].fullName",
        "patients[1].medications[0].fills[0].daySupply", "patients[3].dateOfBirth",
        "patients[3].id",
      ])
    #expect(found.problems[2].reason.contains("is required"))
    #expect(found.problems[5].reason.contains("repeats the id of patients[0]"))
  }

  /// Once an element is removed, later elements keep their numbers in the file.
  @Test func pathsAfterARemovedElementKeepTheFileNumbering() throws {
    let text = Self.file([
      "5",
      #"{ "id": "p-1", "fullName": "Ann", "dateOfBirth": "1940-01-01", "medications": ["x", { "id": "m-1" }, true, { "id": "m-2", "name": "x", "strength": 5 }] }"#,
      "[]",
      #"{ "id": "p-2", "fullName": "Bo", "dateOfBirth": "1940-01-01", "sex": "robot" }"#,
    ])
    let found = try problems(text)
    #expect(
      found.problems.map(\.path) == [
        "patients[0]", "patients[1].medications[0]", "patients[1].medications[1].name",
        "patients[1].medications[2]", "patients[1].medications[3].strength", "patients[2]",
        "patients[3].sex",
      ])
  }

  @Test func theListStopsAtTheLimitAndSaysSo() throws {
    let patients = (0..<30).map { #"{ "id": "p-\#($0)", "fullName": "N", "dateOfBirth": "x" }"# }
    let found = try problems(Self.file(patients), limit: 20)
    #expect(found.problems.count == 20)
    #expect(found.stoppedAtLimit)
    #expect(found.problems.first?.path == "patients[0].dateOfBirth")
    #expect(found.problems.last?.path == "patients[19].dateOfBirth")
  }

  @Test(arguments: [
    (#"{ "format": "other", "version": 1, "patients": [], "junk": 1 }"#, "format"),
    (#"{ "format": "rua-care-circle", "version": 9, "patients": [], "junk": 1 }"#, "version"),
    (#"{ "format": "rua-care-circle", "version": 1, "patients": [ }"#, "(file)"),
    (#"[1, 2]"#, "(file)"),
  ])
  func aFileFromElsewhereGetsOneProblem(text: String, path: String) throws {
    let found = try problems(text)
    #expect(found.problems.map(\.path) == [path])
  }

  @Test func aValidFileDecodesAsBefore() throws {
    let text = Self.file([#"{ "id": "p-1", "fullName": "Ann", "dateOfBirth": "1940-01-01" }"#])
    let circle = try CareCircleDecoder.decodeReportingAll(Array(text.utf8), today: Self.today)
    #expect(circle == (try CareCircleDecoder.decode(Array(text.utf8), today: Self.today)))
  }
}
