// SPDX-License-Identifier: Apache-2.0
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaCLI
@testable import RuaPaperKit

@Suite struct ContentCommandTests {
  @Test func shippedTemplatesPassCheckButNotRelease() {
    let templates = PackageRoot.path + "/templates"
    let check = runContent(["content", "check", "--templates", templates])
    #expect(check.code == .success, "\(check.stdout)")
    #expect(check.stdout.contains("pass; "))
    #expect(check.stdout.contains("pending clinician review"))
    let release = runContent(["content", "check", "--release", "--templates", templates])
    #expect(release.code == .failure)
    #expect(
      release.stdout.contains(
        templates + "/content/falls.en.json: falls.blood-thinner: pending clinician review"))
    #expect(
      release.stdout.contains(
        templates + "/drug-classes.json: anticoagulants: pending clinician review"))
    #expect(release.stderr.contains("problems (release check)"))
  }

  /// The antiplatelet rule, the new 911 signs and the table's low-blood-sugar marker are
  /// unreviewed: a release check names each of them, in every language.
  @Test func theNewFallGuideUnitsFailTheReleaseCheckUntilReviewed() {
    let templates = PackageRoot.path + "/templates"
    let check = runContent(["content", "check", "--templates", templates])
    #expect(check.code == .success, "\(check.stdout)")
    let release = runContent(["content", "check", "--release", "--templates", templates])
    #expect(release.code == .failure)
    let units = [
      "falls.antiplatelet", "falls.call.fainted", "falls.call.chest-pain", "falls.call.stroke",
      "falls.call.low-blood-sugar", "sources.nhs-999", "sources.cdc-stroke", "sources.niddk-hypo",
    ]
    for language in ["en", "es", "zh-Hans", "vi", "tl", "ar", "ko", "ru", "ht"] {
      for unit in units {
        #expect(
          release.stdout.contains(
            templates + "/content/falls.\(language).json: \(unit): pending clinician review"),
          "\(language) \(unit)")
      }
    }
    for drugClass in ["insulins", "sulfonylureas"] {
      #expect(
        release.stdout.contains(
          templates + "/drug-classes.json: \(drugClass): pending clinician review"))
    }
  }

  @Test func lockThenReleaseCheckPassesAndAnEditWithoutBumpFails() throws {
    let folder = TemporaryFolder("rua-content-test")
    defer { folder.remove() }
    try folder.write("content/falls.en.json", contentGuide("en", "Stay calm and stay with {name}."))
    try folder.write(
      "content/falls.es.json", contentGuide("es", "Mantenga la calma y quédese con {name}."))
    let lock = runContent(["content", "lock", "--templates", folder.path])
    #expect(lock.code == .success, "\(lock.stdout)\(lock.stderr)")
    #expect(lock.stdout.contains("locked \(folder.path)/content/falls.en.json 1.0.0"))
    #expect(
      runContent(["content", "check", "--release", "--templates", folder.path]).code == .success)
    let locked = try folder.read("content.lock.json")

    try folder.write("content/falls.en.json", contentGuide("en", "Keep calm and stay with {name}."))
    let check = runContent(["content", "check", "--templates", folder.path])
    #expect(check.code == .failure)
    #expect(
      check.stdout == folder.path + "/content/falls.en.json: falls.calm: text changed but "
        + "contentVersion is still 1.0.0; bump the version and run rua-paper content lock\n")
    let refused = runContent(["content", "lock", "--templates", folder.path])
    #expect(refused.code == .failure)
    #expect(refused.stderr.contains("nothing was written"))
    #expect(try folder.read("content.lock.json") == locked)
  }

  @Test func templatesComeFromTheEnvironment() throws {
    let folder = TemporaryFolder("rua-content-test")
    defer { folder.remove() }
    try folder.write("content/falls.en.json", contentGuide("en", "Stay calm and stay with {name}."))
    let result = runContent(["content", "check"], environment: ["RUA_TEMPLATES": folder.path])
    #expect(result.code == .failure)
    #expect(
      result.stdout == folder.path
        + "/content/falls.en.json: not recorded in content.lock.json; run rua-paper content lock\n")
  }

  @Test func missingTemplatesFolderExits66() {
    let result = runContent(["content", "check", "--templates", "/nonexistent/rua-templates"])
    #expect(result.code == .noInput)
    #expect(
      result.stderr.contains("the templates folder /nonexistent/rua-templates does not exist"))
  }

  @Test func usageErrorsExit64() {
    #expect(runContent(["content"]).code == .usage)
    #expect(runContent(["content", "publish"]).code == .usage)
    #expect(runContent(["content", "lock", "--release"]).code == .usage)
    #expect(runContent(["content", "check", "--frobnicate"]).code == .usage)
    #expect(
      runContent(["content", "--help"]).stdout.contains(
        "content check [--release] [--templates DIR]"))
  }

  @Test func templatesFolderLookupOrder() {
    let exe = PackageRoot.path + "/.build/debug/rua-paper"
    #expect(
      TemplatesLocation.find(explicit: "/x", environment: ["RUA_TEMPLATES": "/y"], executable: exe)
        == "/x")
    #expect(
      TemplatesLocation.find(explicit: nil, environment: ["RUA_TEMPLATES": "/y"], executable: exe)
        == "/y")
    #expect(
      TemplatesLocation.find(explicit: nil, environment: [:], executable: exe) == PackageRoot.path
        + "/templates")
    #expect(
      TemplatesLocation.find(explicit: nil, environment: [:], executable: "/nonexistent/bin/rua")
        == "templates")
  }

  @Test func sha256MatchesTheStandardVectors() {
    #expect(
      ContentReview.hasher(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      ContentReview.hasher([])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }
}

private func contentGuide(_ language: String, _ calm: String) -> String {
  let review = #"{"status": "approved", "reviewer": "Dr Ana Ruiz", "date": "2026-11-02"}"#
  return """
    {"document": "falls", "language": "\(language)", "contentVersion": "1.0.0", "blocks": [
      {"id": "falls.calm", "kind": "step", "text": "\(calm)", "sources": ["UK-FALL"], "review": \(review)}
    ]}
    """
}

/// `rua-paper` in-process in `/`, on 2026-11-29.
private func runContent(_ arguments: [String], environment: [String: String] = [:]) -> CLIResult {
  runInProcess(
    arguments, in: "/", environment: environment, today: CivilDate(daysSinceEpoch: 20_786))
}
