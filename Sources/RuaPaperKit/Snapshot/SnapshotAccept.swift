import Glibc
import RuaCore
import RuaFiles

/// `snapshot accept`: the failed documents of the last check become the goldens, copied from
/// the artifacts folder (the check already rendered them), nothing re-rendered.
/// `snapshot prune`: removes the golden files no document produces.
public enum SnapshotAccept {
  static let listFile = "last-check.json"

  public static func accept(_ plan: SnapshotPlan, output: (String) -> Void) throws(PaperError)
    -> Bool
  {
    let listPath = plan.artifacts + "/" + listFile
    guard let bytes = GoldenFolder.readFile(listPath),
      let json = try? JSONParser.parse(bytes), let failed = json["failed"]?.arrayValue
    else {
      throw PaperError(
        "no record of a check in \(listPath); run 'snapshot check' with the same --artifacts first",
        kind: .invalidRequest)
    }
    let names = failed.compactMap(\.stringValue)
    for shown in names {
      // Names come from our own file; still refuse anything that could leave the folders.
      guard shown.split(separator: "/").count == 2, !shown.contains(".."), !shown.hasPrefix("/")
      else {
        throw PaperError(
          "\(listPath) names '\(shown)', which is not a snapshot", kind: .invalidRequest)
      }
      let source = plan.artifacts + "/" + shown
      guard let pdf = GoldenFolder.readFile(source + ".pdf") else {
        throw PaperError(
          "\(source).pdf is missing; run 'snapshot check' again before accepting",
          kind: .invalidRequest)
      }
      let folder = String(shown.split(separator: "/")[0])
      try GoldenFolder.prepare(plan.golden, folder: folder)
      let target = plan.golden + "/" + shown
      var page = 1
      while let png = GoldenFolder.readFile(source + "-p\(page).png") {
        try GoldenFolder.write(png, to: target + "-p\(page).png")
        page += 1
      }
      while (try? Files.removeFile(target + "-p\(page).png")) != nil { page += 1 }
      try GoldenFolder.write(pdf, to: target + ".pdf")
      output("accepted  \(shown)\n")
    }
    try GoldenFolder.write(
      Array(JSONWriter.write(.object([("failed", .array([]))])).utf8), to: listPath)
    output(
      "\(names.count) golden(s) in \(plan.goldenShown) replaced from \(plan.artifacts)\n")
    return true
  }

  public static func prune(
    _ plan: SnapshotPlan, names produced: [String: Int], output: (String) -> Void
  ) -> Bool {
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
}
