// SPDX-License-Identifier: Apache-2.0
public import RuaCore
import RuaStore

/// The patients to snapshot, read from the sample care circle or the store.
public struct SnapshotPatients {
  public struct Entry {
    public let patient: Patient
    /// The last change to the record from the store; for a sample, its `exportedAt`.
    public let informationAsOf: Instant?
  }

  public let entries: [Entry]
  /// Set when the patients came from the store: PDFs written from it are access-logged.
  let session: Session?

  /// `openStore` opens the store (only called for `SnapshotSource.store`).
  public static func load(_ plan: SnapshotPlan, openStore: () throws(PaperError) -> Session)
    throws(PaperError) -> SnapshotPatients
  {
    switch plan.source {
    case .sample(let path):
      guard let bytes = GoldenFolder.readFile(path) else {
        throw PaperError(
          "cannot read the sample care circle \(path); pass --sample-file PATH or --templates "
            + "DIR of a checkout that has samples/ beside templates/", kind: .invalidRequest)
      }
      do {
        let circle = try CareCircleDecoder.decode(bytes, today: plan.today)
        // A sample has no change log; its export time is when its facts were last true, and a
        // patient's older source date wins as it does in a store (`Patient.informationAsOf`).
        // Never after the printed time: a --now before it leaves "as of" unrecorded.
        let exported = circle.exportedAt.flatMap { Instant(rfc3339: $0) }
        return SnapshotPatients(
          entries: circle.patients.map { patient in
            let asOf = patient.informationAsOf(lastChange: exported).flatMap {
              $0 <= plan.now ? $0 : nil
            }
            return Entry(patient: patient, informationAsOf: asOf)
          },
          session: nil)
      } catch {
        throw PaperError("\(path): \(error)", kind: .invalidRequest)
      }
    case .store:
      return try SnapshotPlan.remap { () throws(PaperError) in
        let session = try openStore()
        let patients = try StoreAccess.perform { () throws(StoreError) in
          try session.store.loadCareCircle().patients
        }
        var entries: [Entry] = []
        for patient in patients {
          entries.append(
            Entry(
              patient: patient,
              informationAsOf: try session.informationAsOf(patient)))
        }
        return SnapshotPatients(entries: entries, session: session)
      }
    }
  }
}
