// SPDX-License-Identifier: Apache-2.0
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
  /// words, salt and release words aside. When several do, the query's own words narrow them,
  /// most tolerant first: names with exactly those words; names containing them salt words
  /// included ("metoprolol succinate" beside "metoprolol tartrate"); names with exactly them
  /// ("warfarin" beside "warfarin sodium"). One left is the answer; otherwise the narrowest
  /// candidates are listed.
  public static func select(_ query: String, from medications: [Medication]) -> Selection {
    if let exact = medications.first(where: { $0.id == query }) { return .found(exact) }
    let wanted = DrugName.words(query)
    guard !wanted.isEmpty else { return .notFound }
    let everyWord = DrugName.allWords(query)
    let names = { (medication: Medication, split: (String) -> [String]) in
      [medication.name, medication.brand].compactMap { $0 }.map(split)
    }
    var candidates = medications.filter {
      names($0, DrugName.words).contains { DrugName.contains($0, wanted) }
    }
    if candidates.isEmpty { return .notFound }
    let refinements: [(Medication) -> Bool] = [
      { names($0, DrugName.words).contains(wanted) },
      { names($0, DrugName.allWords).contains { DrugName.contains($0, everyWord) } },
      { names($0, DrugName.allWords).contains(everyWord) },
    ]
    for refinement in refinements where candidates.count > 1 {
      let narrowed = candidates.filter(refinement)
      if !narrowed.isEmpty { candidates = narrowed }
    }
    return candidates.count == 1 ? .found(candidates[0]) : .ambiguous(candidates)
  }
}
