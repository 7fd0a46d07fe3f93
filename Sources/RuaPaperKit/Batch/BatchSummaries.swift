// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaFiles
import RuaStore

/// `batch --docs …,fhir-ips`: each person's International Patient Summary beside the PDFs,
/// the same Bundle `export --format fhir-ips` writes and logged the same way (action export,
/// document fhir-ips). Not rendered, so they are made here after the PDFs, not on the workers.
struct BatchSummaries {
  let request: BatchRequest
  let patients: [Patient]
  /// Each patient's "information as of", by id: with the record, what a Bundle is made from.
  let informationAsOf: [String: Instant]

  var names: [String] { patients.map { request.summaryFileName(patientID: $0.id) } }

  /// Refused before anything is rendered, like the PDFs: files of this run already there, unless
  /// --force or --resume (an IPS is cheap, so --resume makes it again from the record as it is).
  func checkFolder(_ folder: String) throws(PaperError) {
    guard !request.force, !request.resume else { return }
    let taken = names.filter { Files.exists(folder + "/" + $0) }
    guard !taken.isEmpty else { return }
    throw PaperError(
      "\(folder) already holds \(taken.count) of this run's files (" + NameList.joined(taken)
        + "); nothing was written. Pass --resume or --force to make them again, or choose "
        + "another folder", kind: .cannotCreate)
  }

  /// Delivers every Bundle as one group of files; each delivered one joins the manifest after
  /// the documents (`firstIndex` on), a failure is listed like a document's.
  func deliver(
    _ delivery: Delivery, folder: String, firstIndex: Int, language: String,
    manifest: inout BatchManifest, failures: inout [BatchOutcome.Failure]
  ) -> Int {
    let timestamp = request.settings.now.rfc3339
    let parcels = patients.map { patient in
      Parcel(
        bytes: Array(JSONWriter.write(FHIRBundleWriter.bundle(patient, timestamp: timestamp)).utf8),
        patientID: patient.id, document: ExportFormat.fhirIPS.rawValue, pages: nil,
        contentVersion: nil)
    }
    let outcomes = delivery.deliverFiles(
      zip(parcels, names).map {
        (parcel: $0, path: folder + "/" + $1, replace: request.force || request.resume)
      })
    var delivered = 0
    for (offset, outcome) in outcomes.enumerated() {
      let patient = patients[offset]
      switch outcome {
      case .success(let record):
        delivered += 1
        manifest.entries.append(
          .init(
            index: firstIndex + offset, file: names[offset], patientID: patient.id,
            document: ExportFormat.fhirIPS.rawValue, pages: 0,
            sha256: record.entry.sha256 ?? SHA256.hex(parcels[offset].bytes), language: language,
            record: Keeping.recordHash(patient, informationAsOf: informationAsOf[patient.id])))
      case .failure(let error):
        failures.append(
          BatchOutcome.Failure(
            index: firstIndex + offset, what: "\(patient.id) \(ExportFormat.fhirIPS.rawValue)",
            patientID: patient.id, document: ExportFormat.fhirIPS.rawValue, error: error))
      }
    }
    return delivered
  }
}
