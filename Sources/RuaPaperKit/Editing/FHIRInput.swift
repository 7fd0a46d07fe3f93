// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// A FHIR R4 Bundle given to import becomes a care-circle file first (RuaCore's
/// `FHIRBundleReader`), then takes the care-circle path: the same checks, transaction, change
/// log and dry run. What was left out is said through `notice`.
enum FHIRInput {
  /// Replaces `bytes` with the care-circle file of a Bundle; nil when they are not FHIR.
  static func convert(
    _ bytes: inout [UInt8], file: String, notice: (String) -> Void
  ) throws(PaperError) -> FHIRImport? {
    guard let json = try? JSONParser.parse(bytes), FHIRBundleReader.isFHIR(json) else { return nil }
    let mapped: FHIRImport
    do { mapped = try FHIRBundleReader.read(json, byteCount: bytes.count) } catch {
      throw PaperError("\(file): \(error.description); nothing was imported", kind: .invalidData)
    }
    for note in mapped.notes { notice("\(file): \(note)") }
    bytes = Array(JSONWriter.write(mapped.careCircle, pretty: false).utf8)
    return mapped
  }
}

/// What `Session.export` writes.
public enum ExportFormat: String, Sendable {
  case careCircle = "care-circle"
  case fhirIPS = "fhir-ips"

  /// The file name an IPS gets in a share folder (with the date) and a batch folder (after
  /// the patient id), like the PDFs' document names; it says no health data.
  public static let summaryFileName = "international-patient-summary"

  public enum What: Sendable {
    /// The whole care circle as care-circle JSON.
    case circle
    /// One patient (an id or a name start) as a FHIR R4 International Patient Summary.
    case patientSummary(String)
  }
}

extension ExportFormat.What {
  /// What `export` writes for `format` (`--format`; care-circle when nil) and `patients`
  /// (the PATIENT words): the whole circle takes none, an IPS exactly one.
  public init(format text: String?, patients: [String]) throws(PaperError) {
    let format = text ?? ExportFormat.careCircle.rawValue
    guard let kind = ExportFormat(rawValue: format) else {
      throw .invalidRequest("--format takes care-circle or fhir-ips, not '\(format)'")
    }
    switch kind {
    case .careCircle:
      guard patients.isEmpty else {
        throw .invalidRequest("export takes no arguments; use -o FILE")
      }
      self = .circle
    case .fhirIPS:
      guard patients.count == 1, let query = patients.first else {
        throw .invalidRequest(
          "export --format fhir-ips needs exactly one PATIENT (an IPS is about one person)")
      }
      self = .patientSummary(query)
    }
  }
}

extension Session {
  /// The circle, or one patient's IPS Bundle, delivered and logged like a PDF: intent, bytes,
  /// outcome. Returns what was written, in words ("3 patients", "an International Patient
  /// Summary").
  @discardableResult
  public func export(_ what: ExportFormat.What, to destination: Destination) throws(PaperError)
    -> String
  {
    switch what {
    case .circle:
      let count = try export(to: destination)
      return "\(count) patients"
    case .patientSummary(let query):
      let patient = try patient(query)
      let bundle = FHIRBundleWriter.bundle(patient, timestamp: host.now.rfc3339)
      let parcel = Parcel(
        bytes: Array(JSONWriter.write(bundle, pretty: true).utf8), patientID: patient.id,
        document: "fhir-ips", pages: nil, contentVersion: nil)
      try delivery(PrintSettings()).deliver(parcel, to: destination)
      return "an International Patient Summary"
    }
  }
}
