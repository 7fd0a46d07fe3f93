// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaDocuments

@Suite struct ContentGateTests {
  private func check(_ files: [ContentInput], lock: ContentInput?, release: Bool = true)
    -> [ContentProblem]
  {
    ContentGate.check(files: files, lock: lock, release: release, hasher: ContentFixture.hasher)
  }

  @Test func approvedAndLockedSetPassesRelease() throws {
    let files = ContentFixture.approvedSet()
    #expect(check(files, lock: try ContentFixture.lock(files)) == [])
  }

  @Test func onePendingBlockFailsReleaseByName() throws {
    let spanish = ContentFixture.guide(
      language: "es",
      blocks: ContentFixture.defaultBlocks(
        language: "es", reviewOf: ["falls.check": ContentFixture.pending]))
    let files = ContentFixture.approvedSet(spanish: spanish)
    let lock = try ContentFixture.lock(files)
    #expect(
      check(files, lock: lock).map { $0.line(folder: "templates") } == [
        "templates/content/falls.es.json: falls.check: pending clinician review; a release needs every block approved"
      ])
    #expect(check(files, lock: lock, release: false) == [])
  }

  @Test func editedTextWithoutVersionBumpFailsNamingTheBlock() throws {
    let lock = try ContentFixture.lock(ContentFixture.approvedSet())
    let edited = ContentFixture.guide(
      language: "en",
      blocks: ContentFixture.defaultBlocks(
        language: "en", textOf: ["falls.calm": "Keep calm with {name}."]))
    let problems = check(ContentFixture.approvedSet(english: edited), lock: lock, release: false)
    #expect(
      problems.map { $0.line(folder: "templates") } == [
        "templates/content/falls.en.json: falls.calm: text changed but contentVersion is still 1.0.0; "
          + "bump the version and run rua-paper content lock"
      ])
  }

  @Test func bumpedButUnlockedVersionFails() throws {
    let lock = try ContentFixture.lock(ContentFixture.approvedSet())
    let bumped = ContentFixture.guide(language: "en", version: "1.1.0")
    let problems = check(ContentFixture.approvedSet(english: bumped), lock: lock)
    #expect(problems.map(\.file) == ["content/falls.en.json"])
    #expect(problems.first?.reason.contains("contentVersion 1.1.0 is not locked") == true)
  }

  @Test func reviewDecisionsAndLayoutDoNotNeedANewVersion() throws {
    let pendingSet = ContentFixture.approvedSet(
      english: ContentFixture.guide(
        language: "en",
        blocks: ContentFixture.defaultBlocks(
          language: "en", reviewOf: ["falls.calm": ContentFixture.pending])))
    let lock = try ContentFixture.lock(pendingSet)
    // Approving the block and re-indenting the file leave the hash alone.
    let approvedText = String(decoding: ContentFixture.guide(language: "en"), as: UTF8.self)
    let reindented = Array(approvedText.replacingOccurrences(", ", with: ",\n      ").utf8)
    #expect(check(ContentFixture.approvedSet(english: reindented), lock: lock) == [])
  }

  @Test func blockWithoutSourceFails() throws {
    let files = ContentFixture.approvedSet()
    let lock = try ContentFixture.lock(files)
    let noSource = ContentFixture.guide(
      language: "en",
      blocks: ContentFixture.defaultBlocks(language: "en", sourcesOf: ["falls.calm": "[]"])
    )
    let problems = check(ContentFixture.approvedSet(english: noSource), lock: lock)
    #expect(problems.map(\.keyPath) == ["blocks[1].sources"])
    #expect(problems.map(\.block) == ["falls.calm"])
  }

  @Test func spanishFileMissingABlockFails() throws {
    let spanish = ContentFixture.guide(
      language: "es", blocks: Array(ContentFixture.defaultBlocks(language: "es").prefix(2)))
    let files = ContentFixture.approvedSet(spanish: spanish)
    let problems = check(files, lock: try ContentFixture.lock(files))
    #expect(
      problems.map { $0.line(folder: "templates") } == [
        "templates/content/falls.es.json: falls.check: block missing in this language; content/falls.en.json has it"
      ])
  }

  @Test func languagesMustAgreeOnKindPlaceholdersAndSources() throws {
    let spanish = ContentFixture.guide(
      language: "es",
      blocks: [
        ContentFixture.block("falls.heading", kind: "subheading", text: "Si {name} se cae"),
        ContentFixture.block(
          "falls.calm", text: "Mantenga la calma.", sources: #"["NIA-FALL", "UK-FALL"]"#),
        ContentFixture.block(
          "falls.check", text: "Revise si {name} tiene lesiones.", sources: #"["CFS"]"#),
      ])
    let files = ContentFixture.approvedSet(spanish: spanish)
    let problems = check(files, lock: try ContentFixture.lock(files))
    #expect(problems.map(\.block) == ["falls.heading", "falls.calm", "falls.check"])
    #expect(problems.allSatisfy { $0.file == "content/falls.es.json" })
  }

  @Test func everyLocaleLanguageNeedsTheGuide() throws {
    var files = ContentFixture.approvedSet()
    files.append(
      ContentInput(
        path: "locales/fr.json", role: .locale,
        bytes: ContentFixture.locale(["er.title", "falls.title"])))
    let problems = check(files, lock: try ContentFixture.lock(files))
    #expect(problems.map(\.file) == ["content/falls.fr.json"])
  }

  @Test func labelMissingInOneLocaleFails() throws {
    let files = ContentFixture.approvedSet(spanishLabels: ["er.title"])
    let problems = check(files, lock: try ContentFixture.lock(files))
    #expect(
      problems.map { $0.line(folder: "templates") } == [
        "templates/locales/es.json: falls.title: label missing; locales/en.json has it; add it in this language"
      ])
  }

  @Test func labelPlaceholdersMustMatchAcrossLocales() throws {
    var files = ContentFixture.approvedSet()
    files[3] = ContentInput(
      path: "locales/en.json", role: .locale,
      bytes: Array(#"{"labels": {"page": "Page {page} of {pages}"}}"#.utf8))
    files[4] = ContentInput(
      path: "locales/es.json", role: .locale,
      bytes: Array(#"{"labels": {"page": "Página {page}"}}"#.utf8))
    let problems = check(files, lock: try ContentFixture.lock(files))
    #expect(problems.map { "\($0.file) \($0.block ?? "")" } == ["locales/es.json labels.page"])
  }

  @Test func drugClassTableIsGatedLikeGuides() throws {
    let files = ContentFixture.approvedSet()
    let lock = try ContentFixture.lock(files)
    let pendingTable = ContentFixture.approvedSet(
      table: ContentFixture.table(review: ContentFixture.pending))
    #expect(
      check(pendingTable, lock: lock).map { "\($0.file) \($0.block ?? "")" } == [
        "drug-classes.json benzodiazepines"
      ])
    #expect(check(pendingTable, lock: lock, release: false) == [])
    let unsourced = check(
      ContentFixture.approvedSet(table: ContentFixture.table(sources: "[]")), lock: lock)
    #expect(unsourced.map(\.keyPath) == ["classes[0].sources"])
    let edited = ContentFixture.table(generics: #"["lorazepam", "diazepam", "clonazepam"]"#)
    let changed = check(ContentFixture.approvedSet(table: edited), lock: lock)
    #expect(changed.map(\.block) == ["benzodiazepines"])
    #expect(
      changed.first?.reason.hasPrefix("text changed but contentVersion is still 2.0.0") == true)
  }

  @Test func missingLockAndStaleEntriesAreReported() throws {
    let files = ContentFixture.approvedSet()
    #expect(
      check(files, lock: nil).map(\.file) == [
        "content/falls.en.json", "content/falls.es.json", "drug-classes.json",
      ])
    let lock = try ContentFixture.lock(files)
    let withoutTable = files.filter { $0.role != .table }
    let problems = check(withoutTable, lock: lock)
    #expect(problems.map(\.file) == ["drug-classes.json"])
    #expect(problems.first?.reason.contains("lists this file but it is missing") == true)
  }

  @Test func unreadableLockIsReportedAsAProblem() {
    let broken = ContentInput(
      path: ContentLock.path, role: .table, bytes: Array(#"{"files": 3}"#.utf8))
    let problems = check(ContentFixture.approvedSet(), lock: broken)
    #expect(
      problems.map { $0.line(folder: "") } == [
        "content.lock.json: files: must be an array, not number"
      ])
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
