// SPDX-License-Identifier: Apache-2.0
public import RuaCore
package import RuaFiles
public import RuaStore

/// Decoding a care-circle file for import (and `demo`): every problem listed, and every text
/// checked against the pinned fonts of `templates`, before anything is written.
public enum CareCircleInput {
  /// The decoded file; `shown` names it in refusals ("standard input" for `-`).
  /// A FHIR R4 Bundle is mapped to a care-circle file first (`FHIRInput`); what it leaves
  /// out goes to `notice`, and a refusal names the Bundle element as well as the field.
  public static func decode(
    _ bytes: [UInt8], shown: String, templates: TemplatesLocation, today: CivilDate,
    notice: (String) -> Void = { _ in }
  ) throws(PaperError) -> CareCircle {
    var bytes = bytes
    let fhir = try FHIRInput.convert(&bytes, file: shown, notice: notice)
    let coverage = try PrintableCheck.coverage(templates)
    let circle: CareCircle
    do { circle = try CareCircleDecoder.decodeReportingAll(bytes, today: today) } catch {
      throw PaperError(refusal(fhir?.renamed(error) ?? error, file: shown), kind: .invalidData)
    }
    do throws(CareCircleError) {
      let json: JSON
      do throws(JSONSyntaxError) { json = try JSONParser.parse(bytes) } catch {
        throw CareCircleError(path: CareCircleError.filePath, reason: error.description)
      }
      try PrintableCheck.check(json, coverage: coverage)
    } catch {
      throw PaperError(
        "\(shown): \((fhir?.renamed(error) ?? error).description)", kind: .invalidData)
    }
    return circle
  }

  /// The bytes of the care-circle or FHIR file at `path` (absolute), bounded by
  /// `ReadLimit.record`; `shown` names it in refusals.
  public static func read(path: String, shown: String) throws(PaperError) -> [UInt8] {
    do { return try Files.read(path, limit: ReadLimit.record) } catch {
      let shown = VisibleText.escaped(shown)
      if error.refusal != nil {
        throw PaperError(
          "\(shown): \(refusal(error)); nothing was imported",
          kind: error.isTooLarge ? .invalidData : .invalidRequest)
      }
      let kind: PaperError.Kind =
        error.isMissing ? .notFound : error.isPermission ? .permission : .io
      throw PaperError("\(shown): cannot be read (\(error.reason))", kind: kind)
    }
  }

  /// Why a file or standard input was refused before it was parsed.
  package static func refusal(_ error: FileError) -> String {
    switch error.refusal {
    case .tooLarge(let limit):
      "larger than \(ReadLimit.describe(limit)), the most a care-circle or FHIR file may hold"
    case .notRegular(let kind):
      "is a \(kind), not a regular file; give a file, or '-' to read standard input"
    case nil: error.reason
    }
  }

  /// `FILE: path: reason` for one problem; for more, a count and one indented line each.
  package static func refusal(_ error: CareCircleProblems, file: String) -> String {
    guard error.problems.count > 1 else {
      return error.problems.map { "\(file): \($0.description)" }.first ?? "\(file): refused"
    }
    let count =
      error.stoppedAtLimit
      ? "the first \(error.problems.count) problems" : "\(error.problems.count) problems"
    var text = "\(file): refused, nothing was imported; \(count):"
    for problem in error.problems { text += "\n  " + problem.description }
    if error.stoppedAtLimit { text += "\n  … the file may hold more; fix these and import again" }
    return text
  }
}

extension Session {
  /// How far a file's `exportedAt` may run ahead of this computer's clock (two clocks a few
  /// minutes apart); beyond it the file's time cannot be true.
  public static let exportClockSkewSeconds: Int64 = 5 * 60

  /// Writes `circle` through the store's one write path (all or nothing, change_log rows). A
  /// file that would undo newer changes is refused (`from` names it) unless `force`; a dry
  /// run plans, and refuses exactly what the import would refuse (so it exits as it would).
  /// An `exportedAt` later than now (beyond `exportClockSkewSeconds`) is refused, `force` or
  /// not: newer edits are found by comparing their change times with it, so a time in the
  /// future would let the file undo them silently.
  ///
  /// `bytes`, the file as read, let the store's own record speak as well as the file's claim:
  /// a file this store exported (its SHA-256 in a completed `export` row of the access log)
  /// holds nothing newer than the store, so every edit it would undo counts as newer, whatever
  /// its `exportedAt` says (an export made on a clock set ahead, imported once that time has
  /// passed).
  ///
  /// A dry run hands `reconcile` what the file would do to each person's medicines, allergies
  /// and conditions before any refusal, so a refused file can still be checked.
  public func importCircle(
    _ circle: CareCircle, from file: String, dryRun: Bool, force: Bool, bytes: [UInt8]? = nil,
    reconcile: (Reconciliation) -> Void = { _ in }
  ) throws(PaperError) -> ImportSummary {
    if !dryRun { try Self.refuseFutureExport(circle, from: file, now: host.now) }
    let origin = ChangeOrigin(command: "import", actor: ChangeActor.current())
    let summary = try StoreAccess.perform { () throws(StoreError) in
      let ownExport = try bytes.map { (bytes) throws(StoreError) in
        try store.exported(sha256: SHA256.hex(bytes))
      }
      // A record is dated by its source; this store's own export carries the store's dates
      // (each patient's `sourceDate` still in effect), so it is taken as written.
      return try store.save(
        ownExport == true ? circle : circle.datedBySource(), now: host.now, dryRun: dryRun,
        origin: origin, allowReverts: force, everyEditCounts: ownExport ?? false)
    }
    if dryRun {
      reconcile(Reconciliation(summary))
      try Self.refuseFutureExport(circle, from: file, now: host.now)
    }
    if let undone = summary.revertsText(file), !force {
      throw PaperError(
        undone + (dryRun ? "\ndry run: the import would be refused, and " : "\n")
          + "nothing was written; export again to get the current record, "
          + "or pass --force to import the file anyway", kind: .invalidData)
    }
    return summary
  }

  static func refuseFutureExport(_ circle: CareCircle, from file: String, now: Instant)
    throws(PaperError)
  {
    guard let text = circle.exportedAt, let exported = Instant(rfc3339: text),
      exported.secondsSinceEpoch > now.secondsSinceEpoch + exportClockSkewSeconds
    else { return }
    throw PaperError(
      "\(file): exportedAt \(text) is later than this computer's clock (\(now.rfc3339)) by"
        + " more than \(exportClockSkewSeconds / 60) minutes, so the file cannot say which"
        + " edits in the store are newer than it; nothing was written. Check the clock of this"
        + " computer and of the one that exported the file, then export again",
      kind: .invalidData)
  }
}

extension ImportSummary {
  /// "FILE would undo 2 newer changes in the store:" and one line each, or nil when none.
  public func revertsText(_ file: String) -> String? {
    guard !reverts.isEmpty else { return nil }
    var text = "\(file) would undo \(reverts.count) newer change"
    text += reverts.count == 1 ? "" : "s"
    return text + " in the store:\n" + reverts.map(Self.describe).joined(separator: "\n")
  }

  /// "  Robert Alvarez, medication apixaban: status on-hold -> active (changed … by …)".
  static func describe(_ revert: RevertedChange) -> String {
    var text = "  \(revert.patient), \(revert.record): "
    text += revert.action == "delete" ? "would be removed" : ChangeText.fields(revert.fields)
    return text + " (changed \(revert.lastChange))"
  }
}
