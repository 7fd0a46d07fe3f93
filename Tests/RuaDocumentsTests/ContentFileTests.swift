// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@testable import RuaDocuments

@Suite struct ContentFileTests {
  @Test func readsBlocksReviewsAndSections() throws {
    let file = try ContentFile.parse(
      path: "content/falls.en.json", bytes: ContentFixture.guide(language: "en"))
    #expect(file.document == "falls")
    #expect(file.language == "en")
    #expect(file.contentVersion.description == "1.0.0")
    #expect(file.blocks.map(\.id) == ["falls.heading", "falls.calm", "falls.check"])
    let calm = try #require(file.block("falls.calm"))
    #expect(calm.kind == .step)
    #expect(calm.sources == ["NIA-FALL", "UK-FALL"])
    #expect(calm.section == "falls")
    #expect(
      calm.review
        == .approved(reviewer: "Dr Ana Ruiz", date: try #require(CivilDate(iso: "2026-11-02"))))
    #expect(file.blocks(in: "falls").count == 3)
    #expect(file.isFullyApproved)
  }

  @Test func emptySourcesNameFileKeyPathAndBlock() {
    let bytes = ContentFixture.guide(
      language: "es",
      blocks: ContentFixture.defaultBlocks(language: "es", sourcesOf: ["falls.check": "[]"]))
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(path: "content/falls.es.json", bytes: bytes)
    }
    #expect(
      problems.map { $0.line(folder: "templates") } == [
        "templates/content/falls.es.json: blocks[2].sources: must list at least one source (block falls.check)"
      ])
  }

  @Test func missingSourcesKeySaysToListOne() {
    let block =
      #"{"id": "falls.calm", "kind": "step", "text": "Stay calm.", "review": {"status": "pending"}}"#
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.en.json", bytes: ContentFixture.guide(language: "en", blocks: [block]))
    }
    #expect(problems.map(\.keyPath) == ["blocks[0].sources"])
    #expect(problems.first?.reason == "must list at least one source")
  }

  @Test func unknownKeysAreNamedByKeyPath() {
    let block =
      #"{"id": "falls.calm", "kind": "step", "text": "Stay calm.", "colour": "red", "sources": ["CFS"], "review": {"status": "pending"}}"#
    let text =
      #"{"document": "falls", "language": "en", "contentVersion": "1.0.0", "author": "x", "blocks": ["#
      + block + "]}"
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(path: "content/falls.en.json", bytes: Array(text.utf8))
    }
    #expect(problems.map(\.keyPath) == ["author", "blocks[0].colour"])
    #expect(
      problems.allSatisfy {
        $0.file == "content/falls.en.json" && $0.reason.hasPrefix("unknown key")
      })
  }

  @Test func badReviewStatusIsNamed() {
    let block =
      #"{"id": "falls.calm", "kind": "step", "text": "Stay calm.", "sources": ["CFS"], "review": {"status": "reviewed"}}"#
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.en.json", bytes: ContentFixture.guide(language: "en", blocks: [block]))
    }
    #expect(problems.count == 1)
    #expect(problems.first?.keyPath == "blocks[0].review.status")
    #expect(problems.first?.block == "falls.calm")
    #expect(problems.first?.reason.contains("'reviewed' is not a review status") == true)
  }

  @Test func approvalNeedsReviewerAndRealDate() {
    let block =
      #"{"id": "falls.calm", "kind": "step", "text": "Stay calm.", "sources": ["CFS"], "review": {"status": "approved", "reviewer": "Dr Ana Ruiz", "date": "2026-02-30"}}"#
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.en.json", bytes: ContentFixture.guide(language: "en", blocks: [block]))
    }
    #expect(problems.map(\.keyPath) == ["blocks[0].review.date"])
    let noReviewer =
      #"{"id": "falls.calm", "kind": "step", "text": "Stay calm.", "sources": ["CFS"], "review": {"status": "approved", "date": "2026-02-03"}}"#
    let second = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.en.json",
        bytes: ContentFixture.guide(language: "en", blocks: [noReviewer]))
    }
    #expect(second.map(\.keyPath) == ["blocks[0].review.reviewer"])
  }

  @Test func unknownSourcePlaceholderMarkupAndKindAreRefused() {
    let blocks = [
      #"{"id": "a.one", "kind": "step", "text": "Call {nmae}.", "sources": ["NICE"], "review": {"status": "pending"}}"#,
      #"{"id": "a.two", "kind": "note", "text": "<b>Bold</b>", "sources": ["CFS", "CFS"], "review": {"status": "pending"}}"#,
    ]
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.en.json", bytes: ContentFixture.guide(language: "en", blocks: blocks))
    }
    #expect(
      problems.map(\.keyPath) == [
        "blocks[0].text", "blocks[0].sources[0]", "blocks[1].kind", "blocks[1].text",
        "blocks[1].sources[1]",
      ])
  }

  @Test func fileNameMustMatchDocumentAndLanguage() {
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.es.json", bytes: ContentFixture.guide(language: "en"))
    }
    #expect(
      problems.map(\.reason) == [
        "the file must be named falls.en.json after its document and language"
      ])
  }

  @Test func duplicateBlockIdsAreRefused() {
    let block =
      #"{"id": "a.one", "kind": "step", "text": "Stay calm.", "sources": ["CFS"], "review": {"status": "pending"}}"#
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.en.json",
        bytes: ContentFixture.guide(language: "en", blocks: [block, block]))
    }
    #expect(problems.map(\.block) == ["a.one"])
  }

  @Test func conditionsPickTheBlocksForThePerson() throws {
    let blocks = [
      ContentFixture.block("falls.calm", text: "Stay calm."),
      #"{"id": "falls.thinner", "kind": "warning", "showWhen": "onBloodThinner", "text": "{name} takes {bloodThinners}.", "sources": ["NICE-HI"], "review": {"status": "pending"}}"#,
      #"{"id": "falls.general", "kind": "paragraph", "showWhen": "notOnBloodThinner", "text": "If {name} starts one.", "sources": ["NICE-HI"], "review": {"status": "pending"}}"#,
    ]
    let file = try ContentFile.parse(
      path: "content/falls.en.json", bytes: ContentFixture.guide(language: "en", blocks: blocks))
    let onThinner = ContentFacts(onBloodThinner: true, hasFallRiskMedicines: false)
    let notOnThinner = ContentFacts(onBloodThinner: false, hasFallRiskMedicines: false)
    #expect(file.blocks(in: "falls", for: onThinner).map(\.id) == ["falls.calm", "falls.thinner"])
    #expect(
      file.blocks(in: "falls", for: notOnThinner).map(\.id) == ["falls.calm", "falls.general"])
    #expect(!file.isFullyApproved)
  }

  @Test func placeholdersAreFilledAsPlainText() {
    let text = "If {name} takes {bloodThinners} and falls"
    #expect(ContentPlaceholders.names(in: text) == ["name", "bloodThinners"])
    #expect(
      ContentPlaceholders.fill(text, values: ["name": "Rosa <b>", "bloodThinners": "apixaban"])
        == "If Rosa <b> takes apixaban and falls")
    #expect(ContentPlaceholders.fill(text, values: ["name": "Rosa"]) == nil)
  }

  @Test func versionsCompareNumerically() throws {
    #expect(try #require(ContentVersion("1.10.0")) > #require(ContentVersion("1.9.3")))
    #expect(ContentVersion("1.0") == nil)
    #expect(ContentVersion("01.0.0") == nil)
    #expect(ContentVersion("1.0.0-beta") == nil)
  }
}

/// Content files and tables for the tests, built from small JSON snippets.
enum ContentFixture {
  static let approved = #"{"status": "approved", "reviewer": "Dr Ana Ruiz", "date": "2026-11-02"}"#
  static let pending = #"{"status": "pending"}"#

  /// Hex of the bytes themselves: distinct inputs give distinct "hashes", which is all the
  /// gate needs; the real SHA-256 is tested in RuaCLITests.
  static func hasher(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
  }

  static func block(
    _ id: String, kind: String = "step", text: String,
    sources: String = #"["NIA-FALL", "UK-FALL"]"#,
    review: String = approved
  ) -> String {
    #"{"id": "\#(id)", "kind": "\#(kind)", "text": "\#(text)", "sources": \#(sources), "review": \#(review)}"#
  }

  static func defaultBlocks(
    language: String, textOf: [String: String] = [:], reviewOf: [String: String] = [:],
    sourcesOf: [String: String] = [:]
  ) -> [String] {
    let english = [
      ("falls.heading", "heading", "If {name} falls"),
      ("falls.calm", "step", "Stay calm and stay with {name}."),
      ("falls.check", "step", "Check {name} for injury."),
    ]
    let spanish = [
      "Si {name} se cae", "Mantenga la calma y quédese con {name}.",
      "Revise si {name} tiene lesiones.",
    ]
    return english.enumerated().map { index, entry in
      block(
        entry.0, kind: entry.1,
        text: textOf[entry.0] ?? (language == "es" ? spanish[index] : entry.2),
        sources: sourcesOf[entry.0] ?? #"["NIA-FALL", "UK-FALL"]"#,
        review: reviewOf[entry.0] ?? approved)
    }
  }

  static func guide(language: String, version: String = "1.0.0", blocks: [String]? = nil) -> [UInt8]
  {
    let list = blocks ?? defaultBlocks(language: language)
    let text =
      #"{"document": "falls", "language": "\#(language)", "contentVersion": "\#(version)", "blocks": ["#
      + list.joined(separator: ",\n") + "]}\n"
    return Array(text.utf8)
  }

  static func table(
    version: String = "2.0.0", review: String = approved,
    sources: String = #"["STOPPFall", "BEERS"]"#,
    generics: String = #"["lorazepam", "diazepam"]"#
  ) -> [UInt8] {
    let text = """
      {"contentVersion": "\(version)", "classes": [
        {"id": "benzodiazepines", "name": "Benzodiazepines", "generics": \(generics),
         "sources": \(sources), "review": \(review)},
        {"id": "opioids", "name": "Opioids", "generics": ["oxycodone"], "sources": ["STOPPFall"],
         "review": \(approved)}
      ]}
      """
    return Array(text.utf8)
  }

  static func locale(_ keys: [String]) -> [UInt8] {
    Array(("{" + keys.map { #""\#($0)": "label""# }.joined(separator: ", ") + "}").utf8)
  }

  /// A complete, approved set: two languages, the drug-class table and two locale files.
  static func approvedSet(
    english: [UInt8] = guide(language: "en"), spanish: [UInt8] = guide(language: "es"),
    table: [UInt8] = table(), spanishLabels: [String] = ["er.title", "falls.title"]
  ) -> [ContentInput] {
    [
      ContentInput(path: "content/falls.en.json", role: .guide, bytes: english),
      ContentInput(path: "content/falls.es.json", role: .guide, bytes: spanish),
      ContentInput(path: "drug-classes.json", role: .table, bytes: table),
      ContentInput(
        path: "locales/en.json", role: .locale, bytes: locale(["er.title", "falls.title"])),
      ContentInput(path: "locales/es.json", role: .locale, bytes: locale(spanishLabels)),
    ]
  }

  /// The lock for `files`, as `content lock` would write it.
  static func lock(_ files: [ContentInput]) throws -> ContentInput {
    let lock = try #require(ContentLock.update(files: files, previous: nil, hasher: hasher).lock)
    return ContentInput(path: ContentLock.path, role: .table, bytes: Array(lock.text().utf8))
  }

  static func problems(_ body: () throws(ContentFileError) -> Void) -> [ContentProblem] {
    do throws(ContentFileError) {
      try body()
      return []
    } catch {
      return error.problems
    }
  }
}
