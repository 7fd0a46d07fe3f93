import RuaCore
import RuaRender
import RuaStore
import RuaVisual

/// Renders every chosen document for every patient, language and paper, and records or checks
/// each against its golden files according to the record mode.
struct SnapshotRunner {
  let plan: SnapshotPlan
  let patients: SnapshotPatients
  let context: Context

  private struct Tally {
    var ok = 0
    var recorded = 0
    var failed = 0
    var missing = 0
  }

  func run() throws(CLIError) -> ExitCode {
    var tally = Tally()
    var fontsConf = ""
    for language in plan.languages {
      for paper in plan.papers {
        let resources = try SnapshotPlan.remap { () throws(CLIError) in
          try DocumentResources.load(
            plan.templates, kinds: plan.kinds, language: language, paper: paper)
        }
        fontsConf = resources.fontsConf
        let maker = try SnapshotPlan.remap { () throws(CLIError) in
          try DocumentMaker(resources, zone: .utc)
        }
        for entry in patients.entries {
          for kind in plan.kinds {
            let made = try SnapshotPlan.remap { () throws(CLIError) in
              try maker.make(
                kind, patient: entry.patient, today: plan.today, now: plan.now,
                informationAsOf: entry.informationAsOf)
            }
            let name = SnapshotName(
              language: language, paper: paper, patientID: entry.patient.id, kind: kind)
            try handle(made, name, &tally)
          }
        }
      }
    }
    if tally.recorded > 0 {
      let hash = GoldenFolder.readFile(fontsConf).map { SHA256.hex($0) } ?? "unreadable"
      try GoldenFolder.write(
        Array(JSONWriter.write(SnapshotManifest.json(plan, fontsConfSHA256: hash)).utf8),
        to: plan.golden + "/" + SnapshotManifest.file)
    }
    let total = tally.ok + tally.recorded + tally.failed + tally.missing
    context.write(
      "\(total) snapshot(s) in \(plan.goldenShown): \(tally.ok) ok, \(tally.recorded) recorded, "
        + "\(tally.failed) failed, \(tally.missing) missing\n")
    return tally.failed + tally.missing > 0 ? .failure : .success
  }

  private func handle(_ made: MadeDocument, _ name: SnapshotName, _ tally: inout Tally)
    throws(CLIError)
  {
    let bytes = made.pdf.bytes
    if plan.mode == .all {
      try record(made, name)
      tally.recorded += 1
      line("recorded", name, "\(made.pdf.pageCount) page(s)")
      return
    }
    let comparison = try SnapshotComparison.compare(
      bytes, name, golden: plan.golden, options: plan.diff)
    switch comparison.result {
    case .identicalBytes:
      tally.ok += 1
      line("ok", name, "identical bytes")
    case .samePixels:
      tally.ok += 1
      line("ok", name, "bytes differ, pages match at \(SnapshotManifest.number(plan.diff.dpi)) dpi")
    case .missing:
      if plan.mode == .never {
        tally.missing += 1
        line("missing", name, "no golden; record it with --record missing")
      } else {
        try record(made, name)
        tally.recorded += 1
        line("recorded", name, "was missing; \(made.pdf.pageCount) page(s)")
      }
    case .different(let report):
      let detail = report.summary(nameA: "golden", nameB: "new")
      if plan.mode == .failed {
        try record(made, name)
        tally.recorded += 1
        line("recorded", name, "was failing; review the diff images")
      } else {
        tally.failed += 1
        line("FAILED", name, nil)
      }
      for text in detail.split(separator: "\n") { context.write("    \(text)\n") }
      try writeArtifacts(made, name, comparison)
    }
  }

  /// Writes the golden PDF and one PNG per page, and drops page images a longer version left.
  private func record(_ made: MadeDocument, _ name: SnapshotName) throws(CLIError) {
    try GoldenFolder.prepare(plan.golden, folder: name.folder)
    let rasters = try SnapshotComparison.render(made.pdf.bytes, name, dpi: plan.diff.dpi)
    try writePDF(made, to: name.pdf(in: plan.golden))
    for (index, raster) in rasters.enumerated() {
      try GoldenFolder.writePNG(raster, to: name.png(index + 1, in: plan.golden))
    }
    GoldenFolder.removeStalePages(of: name, after: rasters.count, in: plan.golden)
  }

  /// The new PDF, its pages, and per differing page `-pN-diff.png` and `-pN-side-by-side.png`.
  private func writeArtifacts(
    _ made: MadeDocument, _ name: SnapshotName, _ comparison: SnapshotComparison
  ) throws(CLIError) {
    let root = plan.artifacts
    try SnapshotPlan.remap { () throws(CLIError) in
      try GoldenFolder.prepare(root, folder: name.folder)
    }
    var written: [String] = []
    let pdf = name.pdf(in: root)
    try writePDF(made, to: pdf)
    written.append(pdf)
    let pages = try SnapshotComparison.render(made.pdf.bytes, name, dpi: plan.diff.dpi)
    for (index, raster) in pages.enumerated() {
      let path = name.png(index + 1, in: root)
      try GoldenFolder.writePNG(raster, to: path)
      written.append(path)
    }
    GoldenFolder.removeStalePages(of: name, after: pages.count, in: root)
    for pictures in comparison.artifacts {
      let stem = root + "/" + name.shown + "-p\(pictures.page)"
      try GoldenFolder.writePNG(pictures.diff, to: stem + "-diff.png")
      try GoldenFolder.writePNG(pictures.sideBySide, to: stem + "-side-by-side.png")
      written += [stem + "-diff.png", stem + "-side-by-side.png"]
    }
    for path in written { context.write("    wrote \(path)\n") }
  }

  /// A PDF made from the store leaves it through Delivery, so the access log records it.
  private func writePDF(_ made: MadeDocument, to path: String) throws(CLIError) {
    if let store = patients.store {
      try SnapshotPlan.remap { () throws(CLIError) in
        _ = try Delivery(store: store, context: context).deliver(
          made, to: .file(path: path, replace: true))
      }
    } else {
      try GoldenFolder.write(made.pdf.bytes, to: path)
    }
  }

  private func line(_ status: String, _ name: SnapshotName, _ detail: String?) {
    let padded = status + String(repeating: " ", count: max(1, 10 - status.count))
    context.write(padded + name.shown + (detail.map { " (\($0))" } ?? "") + "\n")
  }
}
