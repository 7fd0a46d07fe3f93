// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import RuaVisual
import Testing

@testable import RuaCLI

/// `diff` and `snapshot` on a real pair: the golden ER sheet of the sample patient and the same
/// sheet rendered from a copy of the sample with three small edits (weight, hearing, phone).
@Suite struct VisualReviewTests {
  static let golden =
    PackageRoot.path + "/Tests/Golden/en-letter/p-agnes-01-er-sheet.pdf"

  /// A sandbox holding `golden.pdf` and `edited.pdf` (rendered through `snapshot record`).
  func pair() throws -> CLISandbox {
    let box = CLISandbox()
    let sample = try String(contentsOfFile: SampleCircles.shippedPath, encoding: .utf8)
    var edited = sample
    for (old, new) in [
      ("\"weightKg\": 58.5", "\"weightKg\": 59.5"), ("(503) 555-0114", "(503) 555-0199"),
      ("Hearing aid in the right ear", "Hearing aid in the left ear"),
    ] {
      #expect(edited.contains(old))
      edited = edited.replacingOccurrences(of: old, with: new)
    }
    try edited.write(toFile: box.file("edited.json"), atomically: true, encoding: .utf8)
    let record = box.run([
      "snapshot", "record", "--sample-file", box.file("edited.json"), "--golden", box.file("made"),
      "--docs", "er", "--templates", PackageRoot.templates,
    ])
    #expect(record.code == .success, "\(record.stderr)")
    try FileManager.default.copyItem(
      atPath: box.file("made/en-letter/p-agnes-01-er-sheet.pdf"), toPath: box.file("edited.pdf"))
    try FileManager.default.copyItem(atPath: Self.golden, toPath: box.file("golden.pdf"))
    return box
  }

  @Test func threeEditsAreThreeRegionsWithTheirTextAndPasteableMasks() throws {
    let box = try pair()
    let text = box.run(["diff", "golden.pdf", "edited.pdf"])
    #expect(text.code == .failure)
    #expect(text.stdout.contains("region 1: "))
    #expect(text.stdout.contains("changed; text changed: '58.5' → '59.5'"))
    #expect(text.stdout.contains("changed; text changed: 'right' → 'left'"))
    #expect(text.stdout.contains("changed; text changed: '555-0114' → '555-0199'"))
    #expect(!text.stdout.contains("region 4: "))

    let json = box.run(["diff", "golden.pdf", "edited.pdf", "--format", "json"])
    let parsed = try JSONParser.parse(json.stdout)
    let regions = try #require(parsed["pages"]?.arrayValue?.first?["regions"]?.arrayValue)
    #expect(regions.count == 3)
    #expect(regions.map { $0["kind"]?.stringValue } == ["changed", "changed", "changed"])
    #expect(regions[0]["textA"]?.stringValue == "58.5")
    #expect(regions[0]["textB"]?.stringValue == "59.5")
    let masks = regions.compactMap { $0["mask"]?.stringValue }
    #expect(masks.allSatisfy { $0.hasPrefix("--mask 1:") })
    // Pasting the three masks back makes the pair the same.
    let masked = box.run(
      ["diff", "golden.pdf", "edited.pdf"]
        + masks.flatMap { $0.split(separator: " ").map(String.init) })
    #expect(masked.code == .success, "\(masked.stdout)")
  }

  @Test func maskTextHidesTheMatchingWords() throws {
    let box = try pair()
    let run = box.run(["diff", "golden.pdf", "edited.pdf", "--mask-text", "555-01[0-9][0-9]"])
    #expect(run.code == .failure)
    #expect(!run.stdout.contains("555-0199"))
    #expect(run.stdout.contains("'58.5' → '59.5'"))
    // Only the matched word is hidden: the other two edits stay, whole, with their words.
    let json = try JSONParser.parse(
      box.run([
        "diff", "golden.pdf", "edited.pdf", "--mask-text", "555-01[0-9][0-9]", "--format", "json",
      ]).stdout)
    let page = try #require(json["pages"]?.arrayValue?.first)
    let regions = try #require(page["regions"]?.arrayValue)
    #expect(
      regions.map { $0["summary"]?.stringValue ?? "" } == [
        "text changed: '58.5' → '59.5'", "text changed: 'right' → 'left'",
      ])
    // The masked area is the phone number's box on both sides, not a band of the page.
    let masked = try #require(page["maskedPixels"]?.intValue)
    #expect(masked > 0 && masked < 2000, "\(masked)")
    let unmatched = box.run(["diff", "golden.pdf", "edited.pdf", "--mask-text", "no such words"])
    #expect(unmatched.stdout.contains("'555-0114' → '555-0199'"))
    let bad = box.run(["diff", "golden.pdf", "edited.pdf", "--mask-text", "(unclosed"])
    #expect(bad.code == ExitCode(rawValue: 2))
    #expect(bad.stderr.contains("--mask-text '(unclosed' is not a regular expression"))
  }

  @Test func badShiftAndRatioValuesAreRefused() throws {
    let box = try pair()
    for (option, value, message) in [
      ("--max-shift", "1inch", "--max-shift must be a distance in points"),
      ("--max-shift", "-1pt", "--max-shift must be a distance in points"),
      ("--threshold-ratio", "2", "--threshold-ratio must be a share of the page"),
    ] {
      let run = box.run(["diff", "golden.pdf", "edited.pdf", option, value])
      #expect(run.code == ExitCode(rawValue: 2), "\(option) \(value)")
      #expect(run.stderr.contains(message))
    }
    let ratio = box.run(["diff", "golden.pdf", "edited.pdf", "--threshold-ratio", "0.001"])
    #expect(ratio.code == .success, "\(ratio.stdout)")
    let shifted = box.run(["diff", "golden.pdf", "edited.pdf", "--max-shift", "1pt"])
    #expect(shifted.code == .failure)
  }

  @Test func junitHasOneCasePerPageAndNamesTheRegions() throws {
    let box = try pair()
    let run = box.run(["diff", "golden.pdf", "edited.pdf", "--junit", "out/junit.xml"])
    #expect(run.code == ExitCode(rawValue: 2))
    #expect(run.stderr.contains("out/junit.xml") || run.stderr.contains("junit.xml"))
    let written = box.run([
      "diff", "golden.pdf", "edited.pdf", "--junit", "junit.xml", "--structure",
    ])
    #expect(written.code == .failure)
    let xml = try String(contentsOfFile: box.file("junit.xml"), encoding: .utf8)
    #expect(xml.contains("<testsuite name=\"rua-paper diff\" tests=\"2\" failures=\"1\""))
    #expect(xml.contains("<testcase classname=\"golden.pdf vs edited.pdf\" name=\"page 1\">"))
    #expect(xml.contains("text changed: &#39;58.5&#39; → &#39;59.5&#39;"))
    #expect(xml.contains("<testcase classname=\"golden.pdf vs edited.pdf\" name=\"structure\"/>"))
    let cases = JUnitReport.cases(
      insertedReport(), nameA: "a.pdf", nameB: "b.pdf"
    ).map { "\($0.name): \($0.failure ?? "ok")" }
    #expect(cases == ["page 1: ok", "page 2 of B: inserted in b.pdf", "page 2 (B page 3): ok"])
    let same = box.run(["diff", "golden.pdf", "golden.pdf", "--junit", "same.xml"])
    #expect(same.code == .success)
    let sameXML = try String(contentsOfFile: box.file("same.xml"), encoding: .utf8)
    #expect(sameXML.contains("tests=\"1\" failures=\"0\""))
  }

  @Test func reportHasThePicturesTheOutlinedRegionsAndASummary() throws {
    let box = try pair()
    let run = box.run(["diff", "golden.pdf", "edited.pdf", "--report", "review"])
    #expect(run.code == .failure)
    #expect(run.stdout.contains("wrote review/report.html"))
    let html = try String(contentsOfFile: box.file("review/report.html"), encoding: .utf8)
    #expect(html.contains("<img src=\"page-001-a.png\""))
    #expect(html.contains("<img src=\"page-001-b.png\""))
    #expect(html.contains("<img src=\"page-001-diff.png\""))
    #expect(html.contains("type=\"range\""))
    // Three regions, outlined on each of the four pictures (A, B, diff, slider).
    #expect(html.components(separatedBy: "<div class=\"box\"").count - 1 == 12)
    #expect(html.contains("text changed: &#39;right&#39; → &#39;left&#39;"))
    for name in ["page-001-a.png", "page-001-b.png", "page-001-diff.png", "summary.md"] {
      #expect(FileManager.default.fileExists(atPath: box.file("review/" + name)), "\(name)")
    }
    let summary = try String(contentsOfFile: box.file("review/summary.md"), encoding: .utf8)
    #expect(summary.contains("| [golden.pdf vs edited.pdf](report.html) | **different** | 1 | 3 |"))
  }

  @Test func onePDFCanComeFromStandardInput() throws {
    let box = try pair()
    let executable = try #require(ProcessRunTests.executable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["diff", "-", box.file("edited.pdf")]
    process.standardInput = try FileHandle(
      forReadingFrom: URL(fileURLWithPath: box.file("golden.pdf")))
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasPrefix("standard input and \(box.file("edited.pdf")) differ"))
    #expect(text.contains("'58.5' → '59.5'"))
    let both = box.run(["diff", "-", "-"])
    #expect(both.code == ExitCode(rawValue: 2))
    #expect(both.stderr.contains("only one of the two PDFs can come from standard input"))
  }

  /// A two-page A against B with a page inserted as page 2, as `VisualDiff` pairs them.
  private func insertedReport() -> DiffReport {
    let size = PageSize(width: 612, height: 792)
    func page(_ a: Int?, _ b: Int?, _ reasons: [DiffReason]) -> PageDiff {
      PageDiff(
        pageA: a, pageB: b, sizeA: a == nil ? nil : size, sizeB: size, differingPixels: 0,
        maskedPixels: 0, allowedPixels: 0, changedPixels: nil, changedPoints: nil,
        textChanges: [], reasons: reasons)
    }
    return DiffReport(
      options: DiffOptions(), identicalBytes: false, pageCountA: 2, pageCountB: 3,
      pages: [page(1, 1, []), page(nil, 2, [.inserted]), page(2, 3, [])])
  }
}
