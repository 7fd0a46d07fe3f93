import RuaCore
import RuaStore

/// The patients to snapshot, read from the sample care circle or the store.
struct SnapshotPatients {
  struct Entry {
    let patient: Patient
    /// The last change to the record from the store; for a sample, its `exportedAt`.
    let informationAsOf: Instant?
  }

  let entries: [Entry]
  /// Set when the patients came from the store: PDFs written from it are access-logged.
  let store: Store?

  static func load(_ plan: SnapshotPlan, _ arguments: ParsedArguments, _ context: Context)
    throws(CLIError) -> SnapshotPatients
  {
    switch plan.source {
    case .sample(let path):
      guard let bytes = GoldenFolder.readFile(path) else {
        throw CLIError(
          "cannot read the sample care circle \(path); pass --sample-file PATH or --templates "
            + "DIR of a checkout that has samples/ beside templates/", code: SnapshotPlan.error)
      }
      do {
        let circle = try CareCircleDecoder.decode(bytes, today: plan.today)
        // A sample has no change log; its export time is when its facts were last true (never
        // after the printed time: a --now before it leaves "as of" unrecorded).
        let exported = circle.exportedAt.flatMap { Instant(rfc3339: $0) }.flatMap {
          $0 <= plan.now ? $0 : nil
        }
        return SnapshotPatients(
          entries: circle.patients.map { Entry(patient: $0, informationAsOf: exported) },
          store: nil)
      } catch {
        throw CLIError("\(path): \(error)", code: SnapshotPlan.error)
      }
    case .store:
      return try SnapshotPlan.remap { () throws(CLIError) in
        let store = try DocumentStore.open(arguments, context)
        let patients = try StoreAccess.perform { () throws(StoreError) in
          try store.loadCareCircle().patients
        }
        var entries: [Entry] = []
        for patient in patients {
          entries.append(
            Entry(
              patient: patient,
              informationAsOf: try DocumentStore.informationAsOf(patient, in: store)))
        }
        return SnapshotPatients(entries: entries, store: store)
      }
    }
  }
}
