import RuaCore
import RuaStore

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
  /// Writes `circle` through the store's one write path (all or nothing, change_log rows). A
  /// file that would undo newer changes is refused (`from` names it) unless `force`; a dry
  /// run only plans. The summary lists the changes and the reverts either way.
  public func importCircle(_ circle: CareCircle, from file: String, dryRun: Bool, force: Bool)
    throws(PaperError) -> ImportSummary
  {
    let origin = ChangeOrigin(command: "import", actor: ChangeActor.current())
    let summary = try StoreAccess.perform { () throws(StoreError) in
      try store.save(
        circle, now: host.now, dryRun: dryRun, origin: origin,
        allowReverts: force)
    }
    if let undone = summary.revertsText(file), !force, !dryRun {
      throw PaperError(
        undone + "\nnothing was written; export again to get the current record, "
          + "or pass --force to import the file anyway", kind: .invalidData)
    }
    return summary
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
