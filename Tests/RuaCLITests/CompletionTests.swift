// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLITestSupport
import RuaTestSupport
import Testing

@testable import RuaCLI

/// Completion offers what the usage lines say comes next: subcommands, document kinds and the
/// store's patient ids, never file names where a patient goes, and never a name.
@Suite("shell completion")
struct CompletionTests {
  @Test func usageLinesBecomeSlots() throws {
    let med = try #require(RuaPaper.find("med"))
    let patterns = CompletionGrammar.patterns(med)
    #expect(patterns.first == [.words(["stop", "hold", "resume"]), .patient, .unknown])
    #expect(CompletionGrammar.next(med, after: []).first == .words(["stop", "hold", "resume"]))
    #expect(CompletionGrammar.next(med, after: ["add"]) == [.patient])
    #expect(CompletionGrammar.next(med, after: ["add", "p-1"]).isEmpty)
    let share = try #require(RuaPaper.find("share"))
    #expect(
      CompletionGrammar.next(share, after: ["p-1"])
        == [.words(["er", "meds", "falls", "card", "mar", "fhir-ips"])])
    let batch = try #require(RuaPaper.find("batch"))
    #expect(CompletionGrammar.next(batch, after: ["p-1", "p-2"]) == [.patient])
    let diff = try #require(RuaPaper.find("diff"))
    #expect(CompletionGrammar.next(diff, after: ["a.pdf"]) == [.file])
    let log = try #require(RuaPaper.find("log"))
    #expect(CompletionGrammar.next(log, after: []).contains(.patient))
    #expect(CompletionGrammar.next(log, after: []).contains(.words(["verify"])))
  }

  /// The typed words are read by the command's own parser: option values are not
  /// positionals, and a line the command would refuse completes to nothing.
  @Test func optionValuesAreNotPositionals() throws {
    let box = CLISandbox()
    let typed = ["--lang", "es", "--to", "dir", "--now=2026-01-01T00:00:00Z", "p-1"]
    let kinds = box.run(["help", "--complete", "share"] + typed + [""])
    #expect(kinds.stdout == "er\nmeds\nfalls\ncard\nmar\nfhir-ips\n", "\(kinds.stderr)")
    let files = CompletionCandidates.files + "\n"
    #expect(box.run(["help", "--complete", "diff", "-o", "out", "a.pdf", ""]).stdout == files)
    #expect(
      box.run(["help", "--complete", "diff", "-o", "out", "a.pdf", "b.pdf", ""]).stdout == "")
    #expect(box.run(["help", "--complete", "diff", "--", "-x", ""]).stdout == files)
    let refused = box.run(["help", "--complete", "share", "--bogus", "p-1", ""])
    #expect(refused.code == .success && refused.stdout.isEmpty && refused.stderr.isEmpty)
  }

  @Test func patientSlotsOfferTheStoresIDsOnly() throws {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", SampleCircles.shippedPath] + box.storeFlags).code == .success)
    let result = box.run(["help", "--complete", "er"] + box.storeFlags + [""])
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stdout == "p-agnes-01\np-tomasz-02\np-meiling-03\n")
    #expect(!result.stdout.contains("Agn"))
    let kinds = box.run(["help", "--complete", "share", "p-agnes-01"] + box.storeFlags + [""])
    #expect(kinds.stdout == "er\nmeds\nfalls\ncard\nmar\nfhir-ips\n")
    let files = box.run(["help", "--complete", "import", ""])
    #expect(files.stdout == CompletionCandidates.files + "\n")
  }

  /// No store, a wrong key, an unknown command: nothing at all, and success, so a shell never
  /// prints an error in the middle of a line.
  @Test func completionIsSilentWhenItKnowsNothing() throws {
    let box = CLISandbox()
    for words in [
      ["er"] + box.storeFlags + [""], ["bogus", ""], ["med", "add", "p-1", ""],
    ] {
      let result = box.run(["help", "--complete"] + words)
      #expect(result.code == .success)
      #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(words)")
    }
    #expect(!FileManager.default.fileExists(atPath: box.database))
  }

  @Test func theListOptionsCompleteTheirWords() throws {
    let script = CLISandbox().run(["help", "--completions", "bash"]).stdout
    #expect(script.contains("--docs) _rua_paper_list 'er meds falls card mar'; return ;;"))
    #expect(script.contains("help --complete"))
    let zsh = CLISandbox().run(["help", "--completions", "zsh"]).stdout
    #expect(zsh.contains("'*:argument:_rua-paper-positional'"))
  }
}
