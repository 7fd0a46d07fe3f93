/// Finds the patient a command line names: by id, or by an unambiguous name prefix.
public enum PatientSelector {
  public enum Selection: Equatable, Sendable {
    case found(Patient)
    /// More than one patient matches, in the order given.
    case ambiguous([Patient])
    case notFound
  }

  /// An exact id wins. Otherwise a case-insensitive prefix of `fullName` or `preferredName`;
  /// when several match, a single patient whose full or preferred name equals the query
  /// (ignoring case) wins, so "Ana Lee" can still be chosen beside "Ana Leeson".
  public static func select(_ query: String, from patients: [Patient]) -> Selection {
    let trimmed = String(
      query.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard !trimmed.isEmpty else { return .notFound }
    if let patient = patients.first(where: { $0.id == trimmed }) { return .found(patient) }

    let needle = trimmed.lowercased()
    let names: (Patient) -> [String] = { patient in
      [patient.fullName, patient.preferredName].compactMap { $0?.lowercased() }
    }
    let matches = patients.filter { names($0).contains { $0.hasPrefix(needle) } }
    switch matches.count {
    case 0: return .notFound
    case 1: return .found(matches[0])
    default:
      let exact = matches.filter { names($0).contains(needle) }
      return exact.count == 1 ? .found(exact[0]) : .ambiguous(matches)
    }
  }
}
