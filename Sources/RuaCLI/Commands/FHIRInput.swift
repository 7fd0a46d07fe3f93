import RuaCore
import RuaStore

/// A FHIR R4 Bundle given to `import` becomes a care-circle file first (RuaCore's
/// `FHIRBundleReader`), then takes the care-circle path: the same checks, transaction, change
/// log and --dry-run. What was left out is said on stderr.
enum FHIRInput {
  /// Replaces `bytes` with the care-circle file of a Bundle; nil when they are not FHIR.
  static func convert(_ bytes: inout [UInt8], file: String, _ context: Context) throws(CLIError)
    -> FHIRImport?
  {
    guard let json = try? JSONParser.parse(bytes), FHIRBundleReader.isFHIR(json) else { return nil }
    let mapped: FHIRImport
    do { mapped = try FHIRBundleReader.read(json, byteCount: bytes.count) } catch {
      throw CLIError("\(file): \(error.description); nothing was imported", code: .dataError)
    }
    for note in mapped.notes { context.message("\(file): \(note)") }
    bytes = Array(JSONWriter.write(mapped.careCircle, pretty: false).utf8)
    return mapped
  }
}

/// `export PATIENT --format fhir-ips`: one person as an IPS document Bundle, delivered and
/// logged by `export` like every export.
enum FHIROutput {
  static func parcel(_ arguments: ParsedArguments, _ context: Context, store: Store)
    throws(CLIError) -> (Parcel, String)
  {
    guard arguments.positionals.count == 1, let query = arguments.positionals.first else {
      throw .usage(
        "export --format fhir-ips needs exactly one PATIENT (an IPS is about one person)")
    }
    let patient = try PatientPicker.patient(query, in: store)
    let bundle = FHIRBundleWriter.bundle(patient, timestamp: context.now.rfc3339)
    let parcel = Parcel(
      bytes: Array(JSONWriter.write(bundle, pretty: true).utf8), patientID: patient.id,
      document: "fhir-ips", pages: nil, contentVersion: nil)
    return (parcel, "an International Patient Summary")
  }
}
