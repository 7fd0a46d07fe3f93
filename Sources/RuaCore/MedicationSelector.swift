/// Finds the medicine a command line names within one patient: by id, or by name.
///
/// Names are compared as `DrugName` words, as the drug-class table does, so salt and release
/// words are tolerated ("metoprolol" finds "metoprolol succinate ER") and only whole words match
/// ("warf" finds nothing). The generic name and the brand are both looked at.
public enum MedicationSelector {
  public enum Selection: Equatable, Sendable {
    case found(Medication)
    /// More than one medicine matches, in the patient's order.
    case ambiguous([Medication])
    case notFound
  }

  /// An exact id wins. Otherwise every medicine whose generic or brand name contains the query's
  /// words; when several do, a single one whose generic or brand words equal the query's wins.
  public static func select(_ query: String, from medications: [Medication]) -> Selection {
    if let exact = medications.first(where: { $0.id == query }) { return .found(exact) }
    let wanted = DrugName.words(query)
    guard !wanted.isEmpty else { return .notFound }
    let names = { (medication: Medication) in
      [medication.name, medication.brand].compactMap { $0 }.map(DrugName.words)
    }
    let matches = medications.filter { names($0).contains { DrugName.contains($0, wanted) } }
    switch matches.count {
    case 0: return .notFound
    case 1: return .found(matches[0])
    default:
      let exact = matches.filter { names($0).contains(wanted) }
      return exact.count == 1 ? .found(exact[0]) : .ambiguous(matches)
    }
  }
}
