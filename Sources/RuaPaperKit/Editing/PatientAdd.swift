// SPDX-License-Identifier: Apache-2.0
public import RuaCore
import RuaStore

extension Session {
  /// A new patient with a name and a date of birth (and an id made from the name unless
  /// given), checked by import's rules and fonts and written as import writes, with its
  /// change-log row (command "patient add"); with `dryRun`, only planned. Returns the patient
  /// and whether it was (or, with `dryRun`, would be) added.
  public func addPatient(fullName: String, dateOfBirth: String, id: String?, dryRun: Bool)
    throws(PaperError) -> (patient: Patient, added: Bool)
  {
    var circle = try StoreAccess.perform { () throws(StoreError) in try store.loadCareCircle() }
    let taken = circle.patients.map(\.id)
    let newID = id ?? PatientID.make(fullName, taken: taken)
    if taken.contains(newID) {
      throw PaperError(
        "the store already has a patient with the id '\(newID)'; pass another --id",
        kind: .invalidRequest)
    }
    let json = JSON.object([
      ("id", .string(newID)), ("fullName", .string(fullName)),
      ("dateOfBirth", .string(dateOfBirth)),
    ])
    let index = circle.patients.count
    let options = ["id": "--id", "fullName": "--full-name", "dateOfBirth": "--born"]
    let path = CareCirclePath.element("patients", index)
    let coverage = try PrintableCheck.coverage(try TemplatesLocation.resolve(nil, host))
    let patient: Patient
    do throws(CareCircleError) {
      patient = try CareCircleDecoder.decodePatient(json, path: path, today: host.today)
      // The patient stands at its own index, so the path is the one an export would have.
      let patients = Array(repeating: JSON.object([]), count: index) + [json]
      try PrintableCheck.check(.object([("patients", .array(patients))]), coverage: coverage)
    } catch {
      let key = String(error.path.split(separator: ".").last ?? "")
      let option = options[key].map { " (\($0))" } ?? ""
      throw PaperError("\(error.description)\(option); nothing was changed", kind: .invalidData)
    }
    circle.patients.append(patient)
    circle.exportedAt = nil
    let origin = ChangeOrigin(command: "patient add", actor: ChangeActor.current())
    let summary = try StoreAccess.perform { () throws(StoreError) in
      try store.save(circle, now: host.now, dryRun: dryRun, origin: origin)
    }
    if !summary.reverts.isEmpty {
      throw PaperError(
        "the store changed while this command ran; nothing was written; run it again",
        kind: .busy)
    }
    return (patient, summary.added == 1)
  }
}
