// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import RuaTestSupport
import Testing

@testable import RuaStore

/// `card` and `mar` (issue 29): real store, real PDFs, poppler, the access log; the refusals
/// of the card's own paper.
@Suite("card and mar commands")
struct CardAndRecordCommandTests {
  private func store() -> CLISandbox { CLISandbox.imported(DocumentCommandTests.circle) }

  private func flags(_ box: CLISandbox) -> [String] {
    ["--templates", PackageRoot.templates, "--now", DocumentCommandTests.now]
      + box.storeFlags
  }

  private func log(_ box: CLISandbox) throws -> [AccessRecord] {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      .accessLog()
  }

  @Test func aCardOnCardPaperIsTwoID1PagesAndLogged() throws {
    let box = store()
    let result = box.run(["card", "rob", "-o", "card.pdf", "--paper", "card"] + flags(box))
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stderr.contains("(2 pages)"))
    let path = box.file("card.pdf")
    let info = try Tool.run("pdfinfo", ["-f", "1", "-l", "2", path])
    #expect(info.components(separatedBy: "242.646 x 153.014 pts").count == 3, "\(info)")
    #expect(info.contains("Tagged:          yes"))
    let text = try PDFText.of(path)
    for fact in ["Robert Alvarez", "penicillin", "ON A BLOOD THINNER", "warfarin", "Ana Alvarez"] {
      #expect(text.contains(fact), "\(fact)")
    }
    let rows = try log(box)
    #expect(rows.map(\.entry.outcome) == ["intent", "completed"])
    #expect(rows[0].entry.document == "wallet-card" && rows[0].entry.pages == 2)
  }

  @Test func aRecordIsLandscapeForTheWeekAndTheSameEachTime() throws {
    let box = store()
    let run = ["mar", "rob", "--paper", "a4", "--today", "2026-11-20"] + flags(box)
    #expect(box.run(run + ["-o", "a.pdf"]).code == .success)
    // The first sheet says there was none before it; every later one names the previous
    // sheet's day, so the second and the third, with nothing changed between, are the same.
    #expect(box.run(run + ["-o", "b.pdf"]).code == .success)
    #expect(box.run(run + ["-o", "c.pdf"]).code == .success)
    #expect(box.hash(box.file("b.pdf")) == box.hash(box.file("c.pdf")))
    #expect(box.hash(box.file("a.pdf")) != box.hash(box.file("b.pdf")))
    let info = try Tool.run("pdfinfo", [box.file("a.pdf")])
    #expect(info.contains("841.89 x 595.276 pts"), "\(info)")
    let text = try PDFText.of(box.file("a.pdf"))
    #expect(text.contains("Week of Nov 20, 2026 to Nov 26, 2026"))
    #expect(text.contains("warfarin") && text.contains("zolpidem"))
    #expect(try log(box).first?.entry.document == "administration-record")
    #expect(try PDFText.of(box.file("a.pdf")).contains("No earlier sheet of this record"))
  }

  /// --week-of moves the seven days, not the day ages and run-outs count from; a date that is
  /// not one, or more than a year away, is refused naming the option, with no file.
  @Test func weekOfStartsTheSevenDaysThereAndIsBounded() throws {
    let box = store()
    let run = ["mar", "rob", "--today", "2026-11-20"] + flags(box)
    #expect(box.run(run + ["--week-of", "2026-11-23", "-o", "w.pdf"]).code == .success)
    let text = try PDFText.of(box.file("w.pdf"))
    #expect(text.contains("Week of Nov 23, 2026 to Nov 29, 2026"), "\(text)")
    for (bad, says) in [
      ("2027-11-23", "more than a year from today"), ("23/11/2026", "a calendar date YYYY-MM-DD"),
    ] {
      let refused = box.run(run + ["--week-of", bad, "-o", "bad.pdf"])
      #expect(refused.code == .usage && refused.stderr.contains("--week-of"), "\(bad)")
      #expect(refused.stderr.contains(says), "\(refused.stderr)")
      #expect(!FileManager.default.fileExists(atPath: box.file("bad.pdf")))
    }
    #expect(
      box.run(["er", "rob", "--week-of", "2026-11-23", "-o", "e.pdf"] + flags(box)).code == .usage)
  }

  @Test func weeksMakesOneGridPerWeekAndIsBounded() throws {
    let box = store()
    let run = ["mar", "rob", "--today", "2026-11-20"] + flags(box)
    #expect(box.run(run + ["--weeks", "2", "-o", "two.pdf"]).code == .success)
    let text = try PDFText.of(box.file("two.pdf"))
    #expect(text.contains("Week of Nov 20, 2026 to Dec 3, 2026"), "\(text)")
    #expect(text.contains("Week of Nov 27, 2026 to Dec 3, 2026"))
    for bad in ["0", "5", "two"] {
      let refused = box.run(run + ["--weeks", bad, "-o", "bad.pdf"])
      #expect(refused.code == .usage, "\(bad)")
      #expect(refused.stderr.contains("--weeks must be a whole number from 1 to 4, not '\(bad)'"))
    }
  }

  @Test(arguments: [["er"], ["mar"], ["falls"]])
  func cardPaperIsRefusedForEveryOtherDocument(command: [String]) throws {
    let box = store()
    let result = box.run(command + ["rob", "-o", "x.pdf", "--paper", "card"] + flags(box))
    #expect(result.code == .usage)
    #expect(result.stderr.contains("--paper card is for the wallet card alone"))
    #expect(!FileManager.default.fileExists(atPath: box.file("x.pdf")))
    #expect(try log(box).isEmpty)
  }

  @Test func cardPaperFromTheEnvironmentIsRefusedAndLargeCardsToo() throws {
    let box = store()
    let environment = ["PAPERSIZE": "card", "HOME": box.path]
    let result = box.run(["card", "rob", "-o", "x.pdf"] + flags(box), environment: environment)
    #expect(result.code == .usage)
    #expect(result.stderr.contains("PAPERSIZE names the paper 'card'"))
    let large = box.run(["card", "rob", "-o", "x.pdf", "--large"] + flags(box))
    #expect(large.code == .usage)
    #expect(large.stderr.contains("--large is for"))
    #expect(try log(box).isEmpty)
  }

  @Test func aBatchMakesCardsAndRecordsForEveryoneAndBindsThem() throws {
    let box = BatchCommandTests.sandbox()
    let result = box.run(
      ["batch", "--all", "--docs", "card,mar", "--out", "docs", "--binder", "binder.pdf"]
        + flags(box))
    #expect(result.code == .success, "\(result.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: box.file("docs"))
    #expect(files.filter { $0.hasSuffix("-wallet-card.pdf") }.count == 3)
    #expect(files.filter { $0.hasSuffix("-administration-record.pdf") }.count == 3)
    let outline = try Tool.run("pdftohtml", ["-xml", "-i", "-stdout", box.file("binder.pdf")])
    #expect(outline.contains("Wallet card") && outline.contains("Medication administration record"))
    // Without --docs a batch makes the three documents it always made.
    let plain = box.run(["batch", "--all", "--out", "plain"] + flags(box))
    #expect(plain.code == .success, "\(plain.stderr)")
    let made = try FileManager.default.contentsOfDirectory(atPath: box.file("plain"))
    #expect(!made.contains { $0.contains("wallet-card") || $0.contains("administration-record") })
  }

  @Test func helpSaysWhatToCheckOnThePrinter() throws {
    let box = store()
    let help = box.run(["card", "--help"])
    #expect(help.code == .success)
    #expect(help.stdout.contains("print-scaling=none"))
    #expect(help.stdout.contains("85.6 x 54.0"))
    #expect(box.run(["mar", "--help"]).stdout.contains("H - do not give"))
  }
}
