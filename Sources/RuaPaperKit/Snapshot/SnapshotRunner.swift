// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaRender
import RuaStore
import RuaVisual

/// Renders every chosen document for every patient, language and paper, and records or checks
/// each against its golden files according to the record mode.
public struct SnapshotRunner {
  let plan: SnapshotPlan
  let patients: SnapshotPatients
  /// Where the report lines (text or JSON) go.
  let output: (String) -> Void
  /// Told every verdict once the run is over (`snapshot --junit`).
  let verdicts: ([SnapshotVerdict]) -> Void

  public init(
    plan: SnapshotPlan, patients: SnapshotPatients, output: @escaping (String) -> Void = { _ in },
    verdicts: @escaping ([SnapshotVerdict]) -> Void = { _ in }
  ) {
    self.plan = plan
    self.patients = patients
    self.output = output
    self.verdicts = verdicts
  }

  private struct Tally {
    var ok = 0
    var recorded = 0
    var failed = 0
    var missing = 0
    var orphans = 0
    var entries: [SnapshotEntry] = []
    /// The SHA-256 of each artifact written, by `SnapshotName.shown`, for last-check.json.
    var written: [String: SnapshotAccept.Written] = [:]
  }

  /// Checks (or records) every snapshot; true when all pass.
  public func run() throws(PaperError) -> Bool {
    var tally = Tally()
    try SnapshotFolders.checkTree(plan.golden, plan: plan, role: GoldenFolder.goldenRole)
    let fontsConf = plan.templates.root + "/fonts.conf"
    let fontsHash = GoldenFolder.readFile(fontsConf).map { SHA256.hex($0) } ?? "unreadable"
    let fontsProblem = fontsMismatch(current: fontsHash)
    if let fontsProblem { say("FAILED    " + fontsProblem + "\n") }
    var produced: [String: Int] = [:]
    for language in plan.languages {
      for paper in plan.papers {
        let resources = try SnapshotPlan.remap { () throws(PaperError) in
          try DocumentResources.load(
            plan.templates, kinds: plan.kinds, language: language, paper: paper)
        }
        let maker = try SnapshotPlan.remap { () throws(PaperError) in
          try DocumentMaker(resources, zone: .utc)
        }
        for entry in patients.entries {
          for kind in plan.kinds {
            let made = try SnapshotPlan.remap { () throws(PaperError) in
              try maker.make(
                kind, patient: entry.patient, today: plan.today, now: plan.now,
                informationAsOf: entry.informationAsOf)
            }
            let name = SnapshotName(
              language: language, paper: paper, patientID: entry.patient.id, kind: kind)
            produced[name.shown] = made.pdf.pageCount
            try handle(made, name, &tally)
          }
        }
      }
    }
    if tally.recorded > 0 {
      try GoldenFolder.write(
        Array(JSONWriter.write(SnapshotManifest.json(plan, fontsConfSHA256: fontsHash)).utf8),
        to: plan.golden + "/" + SnapshotManifest.file)
    }
    let orphans = GoldenHygiene.orphans(root: plan.golden, plan: plan, produced: produced)
    for orphan in orphans {
      say("orphan    \(orphan) (no document produces it; remove it with 'snapshot prune')\n")
    }
    // Recording everything is how goldens are rebuilt; an orphan then is only reported.
    if plan.mode != .all { tally.orphans = orphans.count }
    if plan.mode != .all { try rememberFailures(tally) }
    try writeReport(tally.entries)
    verdicts(
      tally.entries.map {
        SnapshotVerdict(
          document: $0.name.shown,
          failure: $0.status == "ok" || $0.status == "recorded"
            ? nil : $0.status + ($0.detail.map { ": " + $0 } ?? ""))
      }
        + orphans.map {
          SnapshotVerdict(
            document: $0, failure: plan.mode == .all ? nil : "orphan: no document produces it")
        }
        + (fontsProblem.map { [SnapshotVerdict(document: "fonts.conf", failure: $0)] } ?? []))
    let total = tally.ok + tally.recorded + tally.failed + tally.missing
    let failing = tally.failed + tally.missing + tally.orphans + (fontsProblem == nil ? 0 : 1)
    if plan.format == "json" {
      output(
        JSONWriter.write(
          SnapshotJSON.json(
            tally.entries, golden: plan.goldenShown, orphans: orphans, fontsProblem: fontsProblem,
            passed: failing == 0)))
    } else {
      output(
        "\(total) snapshot(s) in \(plan.goldenShown): \(tally.ok) ok, \(tally.recorded) recorded, "
          + "\(tally.failed) failed, \(tally.missing) missing"
          + (orphans.isEmpty ? "" : ", \(orphans.count) orphan(s)") + "\n")
    }
    return failing == 0
  }

  /// A check against goldens made with another fonts.conf compares different fonts.
  private func fontsMismatch(current: String) -> String? {
    guard plan.mode != .all, let recorded = SnapshotManifest.recordedFontsHash(in: plan.golden),
      recorded != current
    else { return nil }
    return "fonts.conf: the goldens in \(plan.goldenShown) were made with fonts.conf SHA-256 "
      + "\(recorded.prefix(12))…, this run uses \(current.prefix(12))… "
      + "(\(plan.templates.root)/fonts.conf); re-record with 'snapshot record' or check out the "
      + "fonts.conf the goldens were made with"
  }

  private func handle(_ made: MadeDocument, _ name: SnapshotName, _ tally: inout Tally)
    throws(PaperError)
  {
    let bytes = made.pdf.bytes
    if plan.mode == .all {
      try record(made, name)
      tally.recorded += 1
      note(&tally, "recorded", name, "\(made.pdf.pageCount) page(s)")
      return
    }
    let comparison = try SnapshotComparison.compare(
      bytes, name, golden: plan.golden, options: plan.diff)
    switch comparison.result {
    case .identicalBytes:
      tally.ok += 1
      note(&tally, "ok", name, "identical bytes")
    case .samePixels:
      tally.ok += 1
      note(
        &tally, "ok", name,
        "bytes differ, pages match at \(SnapshotManifest.number(plan.diff.dpi)) dpi")
    case .missing:
      if plan.mode == .never {
        tally.missing += 1
        note(&tally, "missing", name, "no golden; record it with --record missing")
      } else {
        try record(made, name)
        tally.recorded += 1
        note(&tally, "recorded", name, "was missing; \(made.pdf.pageCount) page(s)")
      }
    case .different(let report):
      let detail = report.summary(nameA: "golden", nameB: "new")
      if plan.mode == .failed {
        try record(made, name)
        tally.recorded += 1
        note(&tally, "recorded", name, "was failing; review the diff images", report: report)
      } else {
        tally.failed += 1
        note(&tally, "FAILED", name, nil, report: report)
      }
      for text in detail.split(separator: "\n") { say("    \(text)\n") }
      tally.written[name.shown] = try writeArtifacts(made, name, comparison)
      if let folder = plan.report {
        try reportPage(name, report, comparison.artifacts, folder: folder)
      }
    }
  }

  private func note(
    _ tally: inout Tally, _ status: String, _ name: SnapshotName, _ detail: String?,
    report: DiffReport? = nil
  ) {
    tally.entries.append(SnapshotEntry(name: name, status: status, detail: detail, report: report))
    line(status, name, detail)
  }

  /// Text output only in the text format.
  private func say(_ text: String) {
    if plan.format == "text" { output(text) }
  }

  /// `ARTIFACTS/last-check.json`: the documents that failed and the SHA-256 of each file
  /// written for them, for `snapshot accept`.
  private func rememberFailures(_ tally: Tally) throws(PaperError) {
    let failed = tally.entries.filter { $0.status == "FAILED" }.compactMap {
      tally.written[$0.name.shown]
    }
    try SnapshotFolders.make(
      plan.artifacts, role: GoldenFolder.artifactsRole, mode: 0o700, parents: true)
    try GoldenFolder.write(
      SnapshotAccept.listBytes(failed), to: plan.artifacts + "/" + SnapshotAccept.listFile)
  }

  /// The HTML page of one failing document and its pictures, under `folder`.
  private func reportPage(
    _ name: SnapshotName, _ report: DiffReport, _ artifacts: [PageArtifacts], folder: String
  ) throws(PaperError) {
    try GoldenFolder.prepare(folder, folder: name.folder, role: GoldenFolder.reportRole)
    var pictures: [Int: DiffPictures] = [:]
    for artifact in artifacts {
      do {
        pictures[artifact.page] = try DiffPictures.write(
          artifact, to: folder + "/" + name.folder, prefix: name.base + "-")
      } catch {
        throw PaperError(error.message, kind: .invalidRequest)
      }
    }
    let html = ComparisonPage.html(
      report, nameA: "golden \(name.shown)", nameB: "new \(name.shown)", pictures: pictures)
    try GoldenFolder.write(Array(html.utf8), to: folder + "/" + name.shown + ".html")
  }

  /// `REPORT/summary.md` over every document of the run.
  private func writeReport(_ entries: [SnapshotEntry]) throws(PaperError) {
    guard let folder = plan.report else { return }
    try SnapshotFolders.make(folder, role: GoldenFolder.reportRole, mode: 0o755)
    let items = entries.map { entry in
      ReviewSummary.Entry(
        name: entry.name.shown, status: entry.status, report: entry.report,
        page: entry.report == nil ? nil : entry.name.shown + ".html")
    }
    try GoldenFolder.write(Array(ReviewSummary.markdown(items).utf8), to: folder + "/summary.md")
    say("    wrote \(folder)/summary.md\n")
  }

  /// Writes the golden PDF and one PNG per page, and drops page images a longer version left.
  private func record(_ made: MadeDocument, _ name: SnapshotName) throws(PaperError) {
    try GoldenFolder.prepare(plan.golden, folder: name.folder, role: GoldenFolder.goldenRole)
    let rasters = try SnapshotComparison.render(made.pdf.bytes, name, dpi: plan.diff.dpi)
    try writePDF(made, to: name.pdf(in: plan.golden))
    for (index, raster) in rasters.enumerated() {
      try GoldenFolder.writePNG(raster, to: name.png(index + 1, in: plan.golden))
    }
    GoldenFolder.removeStalePages(of: name, after: rasters.count, in: plan.golden)
  }

  /// The new PDF, its pages, and per differing page `-pN-diff.png` and `-pN-side-by-side.png`;
  /// returns the SHA-256 of the PDF and of each page image, which `accept` holds them to.
  private func writeArtifacts(
    _ made: MadeDocument, _ name: SnapshotName, _ comparison: SnapshotComparison
  ) throws(PaperError) -> SnapshotAccept.Written {
    let root = plan.artifacts
    try GoldenFolder.prepare(root, folder: name.folder, role: GoldenFolder.artifactsRole)
    var written: [String] = []
    let pdf = name.pdf(in: root)
    try writePDF(made, to: pdf)
    written.append(pdf)
    var hashes = SnapshotAccept.Written(
      document: name.shown, pdf: SHA256.hex(made.pdf.bytes), pages: [])
    let pages = try SnapshotComparison.render(made.pdf.bytes, name, dpi: plan.diff.dpi)
    for (index, raster) in pages.enumerated() {
      let path = name.png(index + 1, in: root)
      hashes.pages.append(try GoldenFolder.writePNG(raster, to: path))
      written.append(path)
    }
    GoldenFolder.removeStalePages(of: name, after: pages.count, in: root)
    for pictures in comparison.artifacts {
      let stem = root + "/" + name.shown + "-p\(pictures.page)"
      try GoldenFolder.writePNG(pictures.diff, to: stem + "-diff.png")
      try GoldenFolder.writePNG(stem + "-side-by-side.png") { () throws(VisualError) in
        try pictures.sideBySidePNG()
      }
      written += [stem + "-diff.png", stem + "-side-by-side.png"]
    }
    for path in written { say("    wrote \(path)\n") }
    return hashes
  }

  /// A PDF made from the store leaves it through Delivery, so the access log records it.
  private func writePDF(_ made: MadeDocument, to path: String) throws(PaperError) {
    if let session = patients.session {
      try SnapshotPlan.remap { () throws(PaperError) in
        _ = try session.deliver(made, to: .file(path: path, replace: true))
      }
    } else {
      try GoldenFolder.write(made.pdf.bytes, to: path)
    }
  }

  private func line(_ status: String, _ name: SnapshotName, _ detail: String?) {
    guard plan.format == "text" else { return }
    let padded = status + String(repeating: " ", count: max(1, 10 - status.count))
    output(padded + name.shown + (detail.map { " (\($0))" } ?? "") + "\n")
  }
}
