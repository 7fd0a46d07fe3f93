// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaDocuments

@Suite struct ContentLockTests {
  private func update(_ files: [ContentInput], previous: ContentLock?) -> (
    ContentLock?, [ContentProblem]
  ) {
    let result = ContentLock.update(files: files, previous: previous, hasher: ContentFixture.hasher)
    return (result.lock, result.problems)
  }

  @Test func lockThenCheckPasses() throws {
    let files = ContentFixture.approvedSet()
    let (lock, problems) = update(files, previous: nil)
    #expect(problems == [])
    let written = try #require(lock)
    #expect(
      written.entries.map(\.path) == [
        "content/falls.en.json", "content/falls.es.json", "drug-classes.json",
      ])
    let input = ContentInput(
      path: ContentLock.path, role: .table, bytes: Array(written.text().utf8))
    #expect(
      ContentGate.check(files: files, lock: input, release: true, hasher: ContentFixture.hasher)
        == [])
  }

  @Test func lockTextRoundTrips() throws {
    let lock = try #require(update(ContentFixture.approvedSet(), previous: nil).0)
    #expect(try ContentLock.parse(bytes: Array(lock.text().utf8)) == lock)
    #expect(
      lock.entry("content/falls.es.json")?.items.map(\.id) == [
        "falls.heading", "falls.calm", "falls.check",
      ])
  }

  @Test func refusesChangedTextWithoutANewVersion() throws {
    let previous = try #require(update(ContentFixture.approvedSet(), previous: nil).0)
    let edited = ContentFixture.guide(
      language: "en",
      blocks: ContentFixture.defaultBlocks(
        language: "en", textOf: ["falls.check": "Look {name} over."],
        reviewOf: ["falls.check": ContentFixture.pending]))
    let (lock, problems) = update(ContentFixture.approvedSet(english: edited), previous: previous)
    #expect(lock == nil)
    #expect(problems.map(\.block) == ["falls.check"])
    #expect(
      problems.first?.reason.hasPrefix(
        "text changed but contentVersion is still 1.0.0; bump the version") == true)
  }

  @Test func locksAChangeOnceTheVersionIsBumped() throws {
    let previous = try #require(update(ContentFixture.approvedSet(), previous: nil).0)
    let edited = ContentFixture.guide(
      language: "en", version: "1.0.1",
      blocks: ContentFixture.defaultBlocks(
        language: "en", textOf: ["falls.check": "Look {name} over."],
        reviewOf: ["falls.check": ContentFixture.pending]))
    let files = ContentFixture.approvedSet(english: edited)
    let (lock, problems) = update(files, previous: previous)
    #expect(problems == [])
    let written = try #require(lock)
    #expect(written.entry("content/falls.en.json")?.contentVersion.description == "1.0.1")
    #expect(written.entry("content/falls.es.json") == previous.entry("content/falls.es.json"))
  }

  @Test func refusesAChangedBlockThatIsStillApproved() throws {
    let previous = try #require(update(ContentFixture.approvedSet(), previous: nil).0)
    let edited = ContentFixture.guide(
      language: "en", version: "1.1.0",
      blocks: ContentFixture.defaultBlocks(
        language: "en", textOf: ["falls.check": "Look {name} over."]))
    let (lock, problems) = update(ContentFixture.approvedSet(english: edited), previous: previous)
    #expect(lock == nil)
    #expect(problems.map(\.block) == ["falls.check"])
    #expect(problems.first?.reason.contains("still marked approved") == true)
  }

  @Test func refusesAVersionThatGoesDown() throws {
    let previous = try #require(update(ContentFixture.approvedSet(), previous: nil).0)
    let (lock, problems) = update(
      ContentFixture.approvedSet(table: ContentFixture.table(version: "1.9.9")), previous: previous)
    #expect(lock == nil)
    #expect(
      problems.map(\.reason) == [
        "contentVersion 1.9.9 is lower than the locked 2.0.0; versions only go up"
      ])
  }

  @Test func refusesFilesWithSchemaProblems() {
    let broken = Array(#"{"document": "falls"}"#.utf8)
    let (lock, problems) = update(ContentFixture.approvedSet(english: broken), previous: nil)
    #expect(lock == nil)
    #expect(problems.map(\.keyPath) == ["language", "contentVersion", "blocks"])
  }
}
