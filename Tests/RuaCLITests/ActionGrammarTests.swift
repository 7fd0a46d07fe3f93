// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import Testing

@testable import RuaCLI

/// The one table of the action commands (`med`, the record commands, `edit`): it reads argv
/// into an action and its words, refuses in one wording, and writes the usage lines `--help`,
/// the man page and the completions show.
@Suite struct ActionGrammarTests {
  func read(_ command: MedCommand, _ argv: [String]) throws(PaperError) -> (String, [String]) {
    try MedCommand.grammar.read(ArgumentParser.parse(argv, options: command.allOptions))
  }

  func refusal(_ argv: [String]) -> String? {
    do throws(PaperError) {
      _ = try read(MedCommand(), argv)
      return nil
    } catch { return error.message }
  }

  @Test func anActionAndItsWordsAreRead() throws {
    let (action, words) = try read(
      MedCommand(), ["hold", "Agnes", "apixaban", "--until", "2026-12-24"])
    #expect(action == "hold" && words == ["Agnes", "apixaban"])
    let (added, patient) = try read(MedCommand(), ["add", "--name", "losartan", "Agnes"])
    #expect(added == "add" && patient == ["Agnes"])
  }

  @Test func theRefusalsNameTheActionTheWordsOrTheOption() {
    #expect(refusal([]) == "med needs an action: stop, hold, resume, add, set or remove")
    #expect(
      refusal(["halt", "Agnes"]) == "med takes stop, hold, resume, add, set or remove, not 'halt'")
    #expect(
      refusal(["stop", "Agnes"])
        == "med stop needs a PATIENT and a MEDICINE (1 given); see 'rua-paper med --help'")
    #expect(
      refusal(["add", "Agnes", "apixaban"])
        == "med add needs one PATIENT (2 given); the medicine is given with --name")
    #expect(
      refusal(["stop", "Agnes", "apixaban", "--until", "2026-12-24"])
        == "--until is for 'med hold', not 'med stop': the day the hold is planned to end")
    #expect(
      refusal(["remove", "Agnes", "apixaban", "--dose", "1"])
        == "--dose is for 'med add' and 'med set', not 'med remove'")
  }

  /// The usage lines as `--help` showed them before the table wrote them.
  /// `med add` and `med set` take the medicine's record fields, with the fields' own help,
  /// so a field added to `RecordPart.medication` is an option at once; add refuses the others.
  @Test func medSetTakesTheMedicinesRecordFields() {
    let options = MedCommand().options
    for field in RecordPart.medication.fields {
      let option = options.first { $0.long == field.option }
      #expect(option?.help.hasSuffix(": " + field.help) == true, "--\(field.option)")
    }
    #expect(
      refusal(["add", "Agnes", "--name", "x", "--route", "patch"])?.contains("'med set'") == true)
    #expect(refusal(["add", "Agnes", "--name", "x", "--times", "morning"]) == nil)
  }

  @Test func theUsageLinesComeFromTheTable() {
    #expect(
      MedCommand().usage == """
        med stop|hold|resume PATIENT MEDICINE [--on YYYY-MM-DD] [--until YYYY-MM-DD] \
        [--reason TEXT] [--dry-run]
               rua-paper med add PATIENT --name NAME [--strength S] [--schedule TEXT] \
        [--times morning,noon,evening,bedtime] [--as-needed] [--brand B] [--dose D] \
        [--purpose TEXT] [--id ID] [--dry-run]
               rua-paper med set PATIENT MEDICINE [--strength S] [--dose D] [--schedule TEXT] \
        [--times SLOTS] [--purpose TEXT] [--instructions TEXT] [--prescriber NAME] \
        [--min-interval TIME] [--dry-run]
               rua-paper med remove PATIENT MEDICINE [--dry-run]
        """)
    #expect(
      RecordCommand.patient.usage
        == "patient set PATIENT --FIELD VALUE... [--dry-run] [--db PATH] [--key-file PATH]\n"
        + "       rua-paper patient add --full-name NAME --born YYYY-MM-DD [--id ID] [--dry-run]\n"
        + "       rua-paper patient remove PATIENT [--yes] [--dry-run]")
    #expect(
      RecordCommand.pharmacy.usage
        == "pharmacy set PATIENT --FIELD VALUE... [--dry-run] [--db PATH] [--key-file PATH]\n"
        + "       rua-paper pharmacy remove PATIENT [--dry-run]")
    #expect(RecordEditCommand().usage == "edit PATIENT [--db PATH] [--key-file PATH]")
    let contact = RecordCommand.contact.usage.split(separator: "\n")
    #expect(contact.count == 4)
    #expect(contact.first?.hasPrefix("contact add PATIENT [--name NAME] ") == true)
    #expect(contact.last == "       rua-paper contact move PATIENT ITEM --to N [--dry-run]")
  }

  /// The completions read the same lines: `med stop` is followed by a patient.
  @Test func completionFollowsTheTable() {
    #expect(
      CompletionGrammar.next(MedCommand(), after: []) == [
        .words(["stop", "hold", "resume"]), .words(["add"]), .words(["set"]), .words(["remove"]),
      ])
    #expect(CompletionGrammar.next(MedCommand(), after: ["stop"]) == [.patient])
  }
}
