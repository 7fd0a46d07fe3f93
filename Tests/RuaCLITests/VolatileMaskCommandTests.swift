// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import RuaVisual
import Testing

/// `diff` on two ER sheets printed from a real store hours apart: the printed time and the
/// access-log anchor in the footer differ, and the marks the renderer put on them make the two
/// the same with no coordinate mask anywhere.
@Suite struct VolatileMaskCommandTests {
  func twoPrints() -> CLISandbox {
    let box = CLISandbox.imported(DocumentCommandTests.circle)
    let flags = ["--templates", PackageRoot.templates] + box.storeFlags
    // The first print finds the log empty (no anchor to print); the next ones carry one.
    #expect(box.run(["er", "rob", "-o", "first.pdf"] + flags).code == .success)
    #expect(box.run(["er", "rob", "-o", "morning.pdf"] + flags).code == .success)
    // Three hours later, the same day: the log has grown by the first print's rows.
    let later = box.run(["er", "rob", "-o", "noon.pdf"] + flags, now: box.now + 3 * 3600)
    #expect(later.code == .success)
    return box
  }

  @Test func printsHoursApartAreTheSameByTheirMarks() throws {
    let box = twoPrints()
    for name in ["morning.pdf", "noon.pdf"] {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: box.file(name))))
      let fields = VolatileMarks(bytes).pages[1]?.map(\.name)
      #expect(fields == ["printed-time", "log-anchor"], "\(name)")
    }
    let run = box.run(["diff", "morning.pdf", "noon.pdf"])
    #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("4 marked per-print field(s) masked"))

    let json = try JSONParser.parse(
      box.run(["diff", "morning.pdf", "noon.pdf", "--format", "json"]).stdout)
    #expect(json["volatileFields"]?.intValue == 4)
    #expect(json["options"]?["maskVolatile"]?.boolValue == true)

    // Compared, they differ exactly there: the time and the anchor.
    let compared = box.run(["diff", "morning.pdf", "noon.pdf", "--compare-volatile"])
    #expect(compared.code == .failure)
    #expect(compared.stdout.contains("text changed: '11:06' → '14:06'"), "\(compared.stdout)")
    // The anchor: rows 1–2 were the first print's, 3–4 the morning's.
    // (Whether the hash joins that region depends on its letters.)
    #expect(compared.stdout.contains("text changed: '2"), "\(compared.stdout)")
    #expect(compared.stdout.contains("→ '4"), "\(compared.stdout)")
    // Nothing beside them moved: the footer keeps room for the widest anchor.
    #expect(!compared.stdout.contains("moved"), "\(compared.stdout)")
  }

  @Test func snapshotCheckAtAnotherPrintTimeMatchesTheGoldensByTheMarks() {
    let box = CLISandbox()
    let check = [
      "snapshot", "check", "--sample", "--golden",
      PackageRoot.path + "/Tests/Golden",
      "--docs", "er", "--templates", PackageRoot.templates, "--artifacts", box.file("art"),
      "--now", "2026-11-01T17:45:13Z",
    ]
    let run = box.run(check)
    #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("bytes differ, pages match"))
    let compared = box.run(check + ["--compare-volatile"])
    #expect(compared.code == .failure)
    #expect(compared.stdout.contains("text changed: '09:00' → '17:45'"), "\(compared.stdout)")
  }
}
