// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import Testing

@testable import RuaStore

/// The record commands and `edit` as real processes: a signal while the editor is open, a
/// SIGKILL in the middle of a write (`RUA_TEST_PAUSE=write` stops inside the transaction, after
/// its first row), and another command changing the patient between a command's read and its
/// write (`RUA_TEST_PAUSE=commit`). The store and the logs must stay whole every time.
@Suite(
  "record commands killed and raced",
  .enabled(
    if: ProcessRunTests.executable != nil, "the rua-paper binary is not built beside the tests"))
struct RecordKillTests {
  /// A started `rua-paper` whose standard error is read until `waitFor` appears.
  final class Running {
    let process = Process()
    let errors = Pipe()
    var stderr = ""

    init(_ arguments: [String], _ environment: [String: String]) throws {
      process.executableURL = URL(fileURLWithPath: try #require(ProcessRunTests.executable))
      process.arguments = arguments
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    /// Reads standard error until it holds `text` (true) or ends (false).
    func wait(for text: String) -> Bool {
      while !stderr.contains(text) {
        let data = errors.fileHandleForReading.availableData
        if data.isEmpty { return false }
        stderr += String(decoding: data, as: UTF8.self)
      }
      return true
    }

    func finish() -> Int32 {
      let rest = errors.fileHandleForReading.readDataToEndOfFile()
      stderr += String(decoding: rest, as: UTF8.self)
      process.waitUntilExit()
      return process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus
    }
  }

  private func environment(_ box: CLISandbox, pause: String? = nil, editor: String? = nil)
    -> [String: String]
  {
    var environment = RecordEditorTests.environment(box, editor: editor)
    environment["PAPERSIZE"] = "letter"
    environment["RUA_TEST_PAUSE"] = pause
    environment["RUA_TEST_RESUME"] = box.file("resume")
    return environment
  }

  /// The record as an export has it (the patients only: the export time differs).
  private func record(_ box: CLISandbox) -> JSON? {
    let export = box.run(["export"] + box.storeFlags)
    return (try? JSONParser.parse(export.stdout))?["patients"]
  }

  private func expectWhole(_ box: CLISandbox, _ what: String) {
    let location = StoreLocation(database: box.database, keyFile: box.keyFile)
    #expect(Store.inspect(location).isReady, "\(what)")
    let verify = box.run(["log", "verify"] + box.storeFlags)
    #expect(verify.code == .success, "\(what): \(verify.stderr)")
    let doctor = box.run(["doctor"] + box.storeFlags)
    #expect(doctor.code == .success, "\(what): \(doctor.stdout)\(doctor.stderr)")
    #expect(doctor.stdout.contains("integrity:  ok"), "\(what): \(doctor.stdout)")
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalWhileTheEditorIsOpenRemovesTheFileAndEndsTheEditor(_ signal: Int32) throws {
    let box = RecordEditorTests.store()
    let before = box.hash(box.database)
    let editor = RecordEditorTests.editor(
      box, "slow.sh",
      """
      echo $$ > '\(box.file("editor.pid"))'
      echo ready >&2
      exec sleep 30
      """)
    let run = try Running(
      ["edit", "agnes"] + box.storeFlags, environment(box, editor: editor))
    #expect(run.wait(for: "ready"))
    #expect(RecordEditorTests.leftovers(box).count == 1)
    kill(run.process.processIdentifier, signal)
    let status = run.finish()
    #expect(status == 128 + signal, "\(run.stderr)")
    #expect(RecordEditorTests.leftovers(box).isEmpty, "\(RecordEditorTests.leftovers(box))")
    let pid = try #require(
      Int32(
        try String(contentsOfFile: box.file("editor.pid"), encoding: .utf8)
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    // Gone, or a zombie left to a parent that does not reap (PID 1 in a container).
    func ended() -> Bool {
      guard kill(pid, 0) == 0 else { return true }
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z")
        ?? true
    }
    var gone = false
    for _ in 0..<50 where !gone {
      gone = ended()
      if !gone { usleep(20_000) }
    }
    #expect(gone, "the editor outlived rua-paper")
    #expect(box.hash(box.database) == before)
  }

  @Test func aKilledEditLeavesAFolderTheNextEditRemoves() throws {
    let box = RecordEditorTests.store()
    let editor = RecordEditorTests.editor(box, "slow.sh", "echo ready >&2\nexec sleep 30")
    let run = try Running(["edit", "agnes"] + box.storeFlags, environment(box, editor: editor))
    #expect(run.wait(for: "ready"))
    kill(run.process.processIdentifier, SIGKILL)
    _ = run.finish()
    #expect(RecordEditorTests.leftovers(box).count == 1)
    let next = box.run(
      ["edit", "agnes"] + box.storeFlags,
      environment: RecordEditorTests.environment(
        box, editor: RecordEditorTests.editor(box, "noop.sh", "true")))
    #expect(next.code == .success, "\(next.stderr)")
    #expect(next.stderr.contains("an edit that was killed before it ended"), "\(next.stderr)")
    #expect(RecordEditorTests.leftovers(box).isEmpty)
  }

  @Test func aSIGKILLInTheMiddleOfAWriteLeavesTheStoreAsItWas() throws {
    let box = RecordEditorTests.store()
    let editor = RecordEditorTests.editor(
      box, "weight.sh",
      "sed -i 's/\"fullName\": \"Agnes Dore\",/\"fullName\": \"Agnes Dore\", \"weightKg\": 61,/' \"$1\""
    )
    let commands: [[String]] = [
      ["patient", "set", "agnes", "--weight", "61", "--language", "Spanish"],
      ["contact", "add", "agnes", "--name", "Lucía Dore", "--phone", "555-0101"],
      ["med", "set", "agnes", "eliquis", "--dose", "1 tablet"],
      ["patient", "add", "--full-name", "Rosa Vega", "--born", "1950-01-01"],
      ["patient", "remove", "agnes", "--yes"],
      ["edit", "agnes"],
    ]
    for command in commands {
      let before = record(box)
      #expect(before != nil)
      let run = try Running(
        command + box.storeFlags, environment(box, pause: "write", editor: editor))
      #expect(run.wait(for: "paused at write"), "\(command): \(run.stderr)")
      kill(run.process.processIdentifier, SIGKILL)
      #expect(run.finish() == 128 + SIGKILL)
      #expect(record(box) == before, "\(command): a half-written change")
      expectWhole(box, "\(command)")
      // The lock went with the process: the same command now runs to its end.
      let again = box.run(
        command + box.storeFlags, environment: RecordEditorTests.environment(box, editor: editor))
      #expect(again.code == .success, "\(command) again: \(again.stderr)")
      #expect(record(box) != before, "\(command) again changed nothing")
      expectWhole(box, "\(command) again")
      if command.starts(with: ["patient", "remove"]) {
        box.write("circle.json", EditCommandTests.circle)
        #expect(box.run(["import", "circle.json", "--force"] + box.storeFlags).code == .success)
      }
    }
    // The killed edit's folder is swept by the next edit, which ran last.
    #expect(RecordEditorTests.leftovers(box).isEmpty)
  }

  @Test func aChangeMadeBetweenTheReadAndTheWriteIsNotUndone() throws {
    let box = RecordEditorTests.store()
    let races: [(paused: [String], meanwhile: [String])] = [
      (
        ["contact", "add", "agnes", "--name", "Paul Dore"],
        ["patient", "set", "agnes", "--weight", "60"]
      ),
      (["patient", "remove", "agnes", "--yes"], ["contact", "add", "agnes", "--name", "Rosa"]),
      (
        ["patient", "set", "agnes", "--weight", "50"],
        ["med", "set", "agnes", "aspirin", "--dose", "1"]
      ),
    ]
    for race in races {
      try? FileManager.default.removeItem(atPath: box.file("resume"))
      let run = try Running(race.paused + box.storeFlags, environment(box, pause: "commit"))
      #expect(run.wait(for: "paused at commit"), "\(race.paused): \(run.stderr)")
      let other = box.run(race.meanwhile + box.storeFlags)
      #expect(other.code == .success, "\(race.meanwhile): \(other.stderr)")
      let between = record(box)
      box.write("resume", "")
      let status = run.finish()
      #expect(status == 75, "\(race.paused): \(run.stderr)")
      #expect(run.stderr.contains("changed while this command ran"), "\(run.stderr)")
      #expect(record(box) == between, "\(race.paused) undid \(race.meanwhile)")
      expectWhole(box, "\(race.paused)")
    }
  }
}
