// SPDX-License-Identifier: Apache-2.0
/// The names a patient can be picked by on the command line.
public struct PatientName: Equatable, Sendable {
  public var id: String
  public var fullName: String
  public var preferredName: String?

  public init(id: String, fullName: String, preferredName: String? = nil) {
    self.id = id
    self.fullName = fullName
    self.preferredName = preferredName
  }

  public init(_ patient: Patient) {
    self.init(id: patient.id, fullName: patient.fullName, preferredName: patient.preferredName)
  }
}

/// Finds the patient a command line names: by id, or by an unambiguous name prefix. Every
/// command that takes a patient picks through here, so they all pick the same one.
public enum PatientSelector {
  public enum Selection: Equatable, Sendable {
    case found(PatientName)
    /// More than one patient matches, in the order given.
    case ambiguous([PatientName])
    case notFound
  }

  /// The query is trimmed. An exact id wins, then an id that differs only in case (when one
  /// does). Otherwise a prefix of the full or preferred name, without case or Latin accents
  /// ("jose" finds "José"); when several match, a single patient whose full or preferred name
  /// equals the query wins, so "Ana Lee" can still be chosen beside "Ana Leeson". When no name
  /// starts so, the start of any part of a name ("Herrera", "Muller" find "José
  /// Herrera-Müller"), then the start of an id.
  public static func select(_ query: String, from patients: [PatientName]) -> Selection {
    let trimmed = String(
      query.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard !trimmed.isEmpty else { return .notFound }
    if let patient = patients.first(where: { $0.id == trimmed }) { return .found(patient) }
    // Then an id written in another case ("Mom" for `mom`), when only one id reads so.
    let sameID = patients.filter { $0.id.lowercased() == trimmed.lowercased() }
    if sameID.count == 1 { return .found(sameID[0]) }

    let needle = RecordValue.folded(trimmed)
    let names: (PatientName) -> [String] = { patient in
      [patient.fullName, patient.preferredName].compactMap { $0.map(RecordValue.folded) }
    }
    let matches = patients.filter { names($0).contains { $0.hasPrefix(needle) } }
    switch matches.count {
    case 0: break
    case 1: return .found(matches[0])
    default:
      let exact = matches.filter { names($0).contains(needle) }
      return exact.count == 1 ? .found(exact[0]) : .ambiguous(matches)
    }
    let parts: (PatientName) -> [Substring] = { patient in
      names(patient).flatMap { $0.split { " -()".contains($0) } }
    }
    let byPart = patients.filter { parts($0).contains { $0.hasPrefix(needle) } }
    if !byPart.isEmpty { return byPart.count == 1 ? .found(byPart[0]) : .ambiguous(byPart) }
    let byID = patients.filter { $0.id.hasPrefix(trimmed) }
    switch byID.count {
    case 0: return .notFound
    case 1: return .found(byID[0])
    default: return .ambiguous(byID)
    }
  }

  /// Whether `text` appears in the id or anywhere in the full or preferred name, without case
  /// or Latin accents: what `patients --search` lists.
  public static func matches(_ text: String, _ patient: PatientName) -> Bool {
    let needle = RecordValue.folded(text)
    guard !needle.isEmpty else { return true }
    return [patient.id, patient.fullName, patient.preferredName ?? ""]
      .contains { RecordValue.folded($0).contains(needle) }
  }
}
