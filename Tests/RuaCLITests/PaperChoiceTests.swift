// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLITestSupport
import RuaDocuments
import RuaTestSupport
import Testing

@testable import RuaCLI
@testable import RuaPaperKit

/// Paper as libpaper chooses it: --paper, PAPERSIZE, /etc/papersize, LC_PAPER; any case.
@Suite("paper size")
struct PaperChoiceTests {
  func choose(
    _ explicit: String? = nil, _ environment: [String: String] = [:], system: String? = nil
  ) throws(PaperError) -> Paper {
    try PaperChoice.resolve(explicit: explicit, environment: environment, systemPaper: system)
  }

  @Test func eachSourceIsUsedOnlyWhenTheOnesBeforeItAreSilent() throws {
    let all = ["PAPERSIZE": "letter", "LC_PAPER": "en_US.UTF-8"]
    #expect(try choose("A4", all, system: "letter\n") == .a4)
    #expect(
      try choose(nil, ["PAPERSIZE": "A4", "LC_PAPER": "en_US.UTF-8"], system: "letter") == .a4)
    #expect(try choose(nil, ["PAPERSIZE": "", "LC_PAPER": "en_US.UTF-8"], system: "a4\n") == .a4)
    #expect(
      try choose(nil, ["LC_PAPER": "de_DE.UTF-8"], system: "# comment\n\n  Letter\n") == .letter)
    #expect(try choose(nil, ["LC_PAPER": "de_DE.UTF-8"]) == .a4)
    #expect(try choose(nil, ["LC_PAPER": "en_US.UTF-8"]) == .letter)
    #expect(try choose(nil, ["LC_ALL": "es_MX.UTF-8", "LC_PAPER": "de_DE"]) == .letter)
    #expect(try choose(nil, ["LANG": "fr_CA.UTF-8"]) == .letter)
    #expect(try choose(nil, ["LANG": "en_GB.UTF-8"]) == .a4)
    #expect(try choose(nil, ["LANG": "C.UTF-8"]) == .letter)
    #expect(try choose(nil, [:]) == .letter)
  }

  @Test func unknownNamesAreRefusedNamingTheirSource() {
    #expect(throws: PaperError.self) { try choose("legal") }
    do {
      _ = try choose(nil, ["PAPERSIZE": "legal"])
      Issue.record("PAPERSIZE=legal was accepted")
    } catch {
      #expect(error.kind == .invalidRequest)
      #expect(error.message.contains("PAPERSIZE names the paper 'legal'"))
      #expect(error.message.contains("--paper letter or --paper a4"))
    }
    do {
      _ = try choose(nil, [:], system: "a3\n")
      Issue.record("/etc/papersize a3 was accepted")
    } catch {
      #expect(error.message.contains("/etc/papersize names the paper 'a3'"))
    }
  }

  @Test func theDocumentIsLaidOutOnTheChosenPaper() throws {
    let box = CLISandbox()
    box.write("circle.json", SampleCircles.small)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    let flags =
      ["--templates", PackageRoot.templates, "--now", "2026-11-20T15:30:00Z"]
      + box.storeFlags
    let home = box.path + "/home"
    let fromVariable = box.run(
      ["er", "rob", "-o", "variable.pdf"] + flags, environment: ["HOME": home, "PAPERSIZE": "A4"])
    #expect(fromVariable.code == .success, "\(fromVariable.stderr)")
    let upper = box.run(["er", "rob", "-o", "upper.pdf", "--paper", "A4"] + flags)
    #expect(upper.code == .success, "\(upper.stderr)")
    let letter = box.run(
      ["er", "rob", "-o", "letter.pdf", "--paper", "Letter"] + flags,
      environment: ["HOME": home, "PAPERSIZE": "a4"])
    #expect(letter.code == .success, "\(letter.stderr)")
    #expect(try Self.pageSize(box.file("variable.pdf")) == "595 x 842")
    #expect(try Self.pageSize(box.file("upper.pdf")) == "595 x 842")
    #expect(try Self.pageSize(box.file("letter.pdf")) == "612 x 792")
    let refused = box.run(
      ["er", "rob", "-o", "legal.pdf"] + flags, environment: ["HOME": home, "PAPERSIZE": "legal"])
    #expect(refused.code == .usage)
    #expect(refused.stderr.contains("PAPERSIZE names the paper 'legal'"))
    #expect(!FileManager.default.fileExists(atPath: box.file("legal.pdf")))
  }

  /// `595 x 842` from pdfinfo's "Page size" line, rounded to points.
  static func pageSize(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pdfinfo")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Page size:") })
    let numbers = line.split(separator: " ").compactMap { Double($0) }.map { Int($0.rounded()) }
    return numbers.prefix(2).map(String.init).joined(separator: " x ")
  }
}
