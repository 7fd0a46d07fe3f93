// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCore
import RuaFiles
import RuaStore
import RuaVisual

/// `snapshot accept`: the failed documents of the last check become the goldens, copied from
/// the artifacts folder (the check already rendered them), nothing re-rendered. Only files this
/// tool wrote are copied: the check records the SHA-256 of each PDF and page image in
/// `last-check.json`, and accept refuses any file that is not those bytes, a link, or open to
/// other users, before it writes anything.
/// `snapshot prune`: removes the golden files no document produces.
public enum SnapshotAccept {
  static let listFile = "last-check.json"
  static let listFormat = "rua-paper-last-check"

  /// What a check wrote for one failing document.
  package struct Written: Sendable, Equatable {
    /// `SnapshotName.shown`.
    package let document: String
    package let pdf: String
    /// One per page image, in page order.
    package var pages: [String]
  }

  /// The bytes of `last-check.json` listing `failed`.
  static func listBytes(_ failed: [Written]) -> [UInt8] {
    let items = failed.map { item in
      JSON.object([
        ("document", .string(item.document)), ("pdfSHA256", .string(item.pdf)),
        ("pageSHA256", .array(item.pages.map { .string($0) })),
      ])
    }
    let json = JSON.object([
      ("format", .string(listFormat)), ("version", .int(2)), ("failed", .array(items)),
    ])
    return Array((JSONWriter.write(json) + "\n").utf8)
  }

  /// The documents `last-check.json` lists, each checked to name a snapshot.
  static func readList(_ path: String) throws(PaperError) -> [Written] {
    let noRecord = PaperError(
      "no record of a check in \(path); run 'snapshot check' with the same --artifacts first",
      kind: .invalidRequest)
    guard let bytes = try SnapshotFolders.read(path, private: true) else { throw noRecord }
    guard let json = try? JSONParser.parse(bytes), json["format"]?.stringValue == listFormat,
      let failed = json["failed"]?.arrayValue
    else {
      throw PaperError(
        "\(path) is not a check record this rua-paper wrote (an older version's, or changed); "
          + "run 'snapshot check' again before accepting", kind: .invalidRequest)
    }
    var items: [Written] = []
    for item in failed {
      guard let shown = item["document"]?.stringValue, let pdf = item["pdfSHA256"]?.stringValue,
        let pages = item["pageSHA256"]?.arrayValue?.compactMap({ $0.stringValue })
      else {
        throw PaperError("\(path) holds an entry that is not a document", kind: .invalidRequest)
      }
      // Names come from our own file; still refuse anything that could leave the folders.
      let parts = shown.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else {
        throw PaperError("\(path) names '\(shown)', which is not a snapshot", kind: .invalidRequest)
      }
      items.append(Written(document: shown, pdf: pdf, pages: pages))
    }
    return items
  }

  /// One artifact file, refused unless it is the bytes the check wrote.
  private static func artifact(_ path: String, sha256: String) throws(PaperError) -> [UInt8] {
    guard let bytes = try SnapshotFolders.read(path, private: true) else {
      throw PaperError(
        "\(path) is missing; run 'snapshot check' again before accepting", kind: .invalidRequest)
    }
    guard SHA256.hex(bytes) == sha256 else {
      throw PaperError(
        "\(path) is not the file 'snapshot check' wrote (its SHA-256 differs from the one in "
          + "\(listFile)); nothing was accepted: run 'snapshot check' again", kind: .invalidRequest)
    }
    return bytes
  }

  public static func accept(_ plan: SnapshotPlan, output: (String) -> Void) throws(PaperError)
    -> Bool
  {
    try SnapshotFolders.check(plan.artifacts, role: GoldenFolder.artifactsRole)
    let listPath = plan.artifacts + "/" + listFile
    let items = try readList(listPath)
    try SnapshotFolders.check(plan.golden, role: GoldenFolder.goldenRole)
    // Every file is read and checked before any golden is written.
    var accepted: [(shown: String, pdf: [UInt8], pages: [[UInt8]])] = []
    for item in items {
      let folder = String(item.document.split(separator: "/")[0])
      try SnapshotFolders.check(plan.artifacts + "/" + folder, role: GoldenFolder.artifactsRole)
      try SnapshotFolders.check(plan.golden + "/" + folder, role: GoldenFolder.goldenRole)
      let source = plan.artifacts + "/" + item.document
      let pdf = try artifact(source + ".pdf", sha256: item.pdf)
      guard pdf.starts(with: Array("%PDF-".utf8)) else {
        throw PaperError("\(source).pdf is not a PDF; nothing was accepted", kind: .invalidRequest)
      }
      var pages: [[UInt8]] = []
      for (index, sha) in item.pages.enumerated() {
        pages.append(try artifact(source + "-p\(index + 1).png", sha256: sha))
      }
      accepted.append((item.document, pdf, pages))
    }
    for item in accepted {
      let folder = String(item.shown.split(separator: "/")[0])
      try GoldenFolder.prepare(plan.golden, folder: folder, role: GoldenFolder.goldenRole)
      let target = plan.golden + "/" + item.shown
      for (index, png) in item.pages.enumerated() {
        try GoldenFolder.write(png, to: target + "-p\(index + 1).png")
      }
      var page = item.pages.count + 1
      while (try? Files.removeFile(target + "-p\(page).png")) != nil { page += 1 }
      try GoldenFolder.write(item.pdf, to: target + ".pdf")
      output("accepted  \(item.shown)\n")
    }
    try GoldenFolder.write(listBytes([]), to: listPath)
    output(
      "\(items.count) golden(s) in \(plan.goldenShown) replaced from \(plan.artifacts)\n")
    return true
  }

  /// Removes the orphans: golden files in the checked folders that no document of `plan`
  /// for `patients` produces.
  public static func prune(
    _ plan: SnapshotPlan, patients: SnapshotPatients, output: (String) -> Void
  ) throws(PaperError) -> Bool {
    let produced = producedNames(plan, patients)
    // A linked `<lang>-<paper>` folder would turn its removals into deletions elsewhere.
    try SnapshotFolders.checkTree(plan.golden, plan: plan, role: GoldenFolder.goldenRole)
    let orphans = GoldenHygiene.orphans(root: plan.golden, plan: plan, produced: produced)
    var failed = false
    for orphan in orphans {
      do throws(FileError) {
        try Files.removeFile(plan.golden + "/" + orphan)
        output("removed   \(orphan)\n")
      } catch {
        failed = true
        output("could not remove \(orphan): \(error.reason)\n")
      }
    }
    output("\(orphans.count) orphan(s) in \(plan.goldenShown)\n")
    return !failed
  }

  /// Every document the plan produces, with the page count of its golden PDF (unknown when
  /// there is none: then none of its pages is an orphan).
  private static func producedNames(_ plan: SnapshotPlan, _ patients: SnapshotPatients)
    -> [String: Int]
  {
    var produced: [String: Int] = [:]
    for language in plan.languages {
      for paper in plan.papers {
        for entry in patients.entries {
          for kind in plan.kinds {
            let name = SnapshotName(
              language: language, paper: paper, patientID: entry.patient.id, kind: kind)
            let pages = GoldenFolder.readFile(name.pdf(in: plan.golden)).flatMap {
              try? PDFDocument(bytes: $0, name: name.shown).pageCount
            }
            produced[name.shown] = pages ?? Int.max
          }
        }
      }
    }
    return produced
  }
}
