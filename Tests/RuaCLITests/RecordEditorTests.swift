// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import Testing

@testable import RuaStore

/// `edit PATIENT` driven by a scripted $EDITOR (a small shell script written by each test), on
/// a real encrypted store; after every run the private folder must be gone.
@Suite("edit in $EDITOR")
struct RecordEditorTests {
  static func store() -> CLISandbox {
    let box = CLISandbox()
    box.write("circle.json", EditCommandTests.circle)
    box.write("tmp/.keep", "")
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    return box
  }

  /// Writes the editor script `name` (sh) into the sandbox and returns its path.
  static func editor(_ box: CLISandbox, _ name: String, _ body: String) -> String {
    box.write(name, "#!/bin/sh\n" + body + "\n")
    chmod(box.file(name), 0o700)
    return box.file(name)
  }

  static func environment(_ box: CLISandbox, editor: String?) -> [String: String] {
    var environment = [
      "HOME": box.path + "/home", "PATH": "/usr/bin:/bin", "TMPDIR": box.file("tmp"),
    ]
    environment["EDITOR"] = editor
    return environment
  }

  /// What is in the sandbox's TMPDIR besides the marker: the edit's folder, if it was left.
  static func leftovers(_ box: CLISandbox) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: box.file("tmp"))) ?? [])
      .filter { $0 != ".keep" }
  }

  static func agnes(_ box: CLISandbox) throws -> Patient? {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      .loadPatient(externalID: "p-agnes")
  }

  func edit(_ box: CLISandbox, _ script: String, _ patient: String = "agnes") -> CLIResult {
    let path = Self.editor(box, "editor.sh", script)
    return box.run(
      ["edit", patient] + box.storeFlags, environment: Self.environment(box, editor: path))
  }

  @Test func aValidEditIsWrittenWithItsChangeLogRows() throws {
    let box = Self.store()
    let seen = box.file("seen")
    let result = edit(
      box,
      """
      stat -c '%a' "$(dirname "$1")" > '\(seen)'; stat -c '%a' "$1" >> '\(seen)'
      grep '^//' "$1" >> '\(seen)'
      sed -i 's/"fullName": "Agnes Dore",/"fullName": "Agnes Dore", "weightKg": 61,/' "$1"
      """)
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stdout.contains("patients update  weight_kg: 61"), "\(result.stdout)")
    #expect(try Self.agnes(box)?.weightKg == 61)
    let header = try String(contentsOfFile: seen, encoding: .utf8)
    #expect(header.hasPrefix("700\n600\n"), "\(header)")
    #expect(header.contains("THIS FILE HOLDS HEALTH DATA"))
    #expect(header.contains("Agnes Dore (p-agnes)"))
    let changes = box.run(["changes", "agnes"] + box.storeFlags)
    #expect(changes.stdout.contains("  edit  "), "\(changes.stdout)")
    #expect(Self.leftovers(box).isEmpty, "\(Self.leftovers(box))")
  }

  @Test func aRefusalReopensTheFileWithTheProblemsAtTheTop() throws {
    let box = Self.store()
    let second = box.file("second")
    let result = edit(
      box,
      """
      n=$(cat '\(box.file("count"))' 2>/dev/null || echo 0); n=$((n + 1))
      echo $n > '\(box.file("count"))'
      case $n in
      1) sed -i 's/"fullName": "Agnes Dore",/"fullName": "Agnes Dore", "weightKg": "sixty",/' "$1" ;;
      2) cp "$1" '\(second)'
         sed -i 's/"weightKg": "sixty",/"weightKg": "sixty",,/' "$1" ;;
      3) cp "$1" '\(box.file("third"))'
         grep -n ',,' "$1" | cut -d: -f1 > '\(box.file("line"))'
         sed -i 's/"weightKg": "sixty",,/"weightKg": 61,/' "$1" ;;
      esac
      """)
    #expect(result.code == .success, "\(result.stderr)")
    #expect(try String(contentsOfFile: box.file("count"), encoding: .utf8) == "3\n")
    let reopened = try String(contentsOfFile: second, encoding: .utf8)
    #expect(reopened.contains("// REFUSED, nothing was written"), "\(reopened)")
    #expect(reopened.contains("//   weightKg: "), "\(reopened)")
    // The user's own text comes back, not the stored record.
    #expect(reopened.contains("\"weightKg\": \"sixty\""))
    // A syntax error names the line as the reopened file counts it.
    let third = try String(contentsOfFile: box.file("third"), encoding: .utf8)
    let line = try String(contentsOfFile: box.file("line"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(third.contains("//   line \(line), column "), "line \(line) in:\n\(third)")
    #expect(try Self.agnes(box)?.weightKg == 61)
    #expect(Self.leftovers(box).isEmpty)
  }

  @Test func nothingIsWrittenUntilTheRecordPassesAndEveryAbortLeavesNothing() throws {
    let box = Self.store()
    let cases: [(script: String, code: ExitCode, says: String)] = [
      ("true", .success, "saved unchanged"),
      (": > \"$1\"", .success, "emptied"),
      ("printf '// only a comment\\n\\n' > \"$1\"", .success, "emptied"),
      ("kill -KILL $$", .unavailable, "was stopped by SIGKILL"),
      ("kill -TERM $$", .unavailable, "was stopped by SIGTERM"),
      ("exit 3", .unavailable, "ended with status 3"),
      ("rm \"$1\"", .noInput, "removed the file"),
      (
        "if grep -q 'id: must stay' \"$1\"; then kill -KILL $$; fi; "
          + "sed -i 's/\"id\": \"p-agnes\"/\"id\": \"p-other\"/' \"$1\"", .unavailable,
        "SIGKILL"
      ),
    ]
    for item in cases {
      let before = box.hash(box.database)
      let result = edit(box, item.script)
      #expect(result.code == item.code, "\(item.script): \(result.stderr)")
      #expect(result.stderr.contains(item.says), "\(item.script): \(result.stderr)")
      #expect(box.hash(box.database) == before, "\(item.script) changed the store")
      #expect(Self.leftovers(box).isEmpty, "\(item.script) left \(Self.leftovers(box))")
    }
  }

  @Test func withoutATerminalOrAnEditorEditIsRefused() {
    let box = Self.store()
    let result = box.run(
      ["edit", "agnes"] + box.storeFlags, environment: Self.environment(box, editor: nil))
    #expect(result.code == .usage)
    #expect(result.stderr.contains("set VISUAL or EDITOR"), "\(result.stderr)")
    #expect(Self.leftovers(box).isEmpty)
  }

  @Test func theEditorCommandIsShellTextAndThePathAnArgument() {
    let command = EditorCommand(text: "code --wait", source: "EDITOR")
    #expect(
      command.arguments("/tmp/a b;rm -rf x/record.jsonc") == [
        "/bin/sh", "-c", "code --wait \"$@\"", "code --wait", "/tmp/a b;rm -rf x/record.jsonc",
      ])
    #expect(
      EditorCommand.choose(["VISUAL": "vim", "EDITOR": "nano"], terminal: false)?.text == "vim")
    #expect(EditorCommand.choose(["EDITOR": " "], terminal: false) == nil)
    #expect(EditorCommand.choose([:], terminal: true)?.text == "vi")
  }

  @Test(
    .enabled(
      if: ProcessRunTests.executable != nil, "the rua-paper binary is not built beside the tests"))
  func anEditThatWouldUndoAChangeMadeMeanwhileIsRefused() throws {
    let box = Self.store()
    let binary = try #require(ProcessRunTests.executable)
    let flags = box.storeFlags.map { "'\($0)'" }.joined(separator: " ")
    let result = edit(
      box,
      """
      '\(binary)' patient set p-agnes --weight 70 \(flags) > /dev/null || exit 9
      sed -i 's/"fullName": "Agnes Dore",/"fullName": "Agnes M. Dore",/' "$1"
      """)
    #expect(result.code == .dataError, "\(result.stderr)")
    #expect(
      result.stderr.contains("would undo 1 change made while it was open"), "\(result.stderr)")
    #expect(result.stderr.contains("weight_kg"), "\(result.stderr)")
    let agnes = try #require(try Self.agnes(box))
    #expect(agnes.weightKg == 70)
    #expect(agnes.fullName == "Agnes Dore")
    #expect(Self.leftovers(box).isEmpty)
  }
}
