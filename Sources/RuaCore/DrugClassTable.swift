// SPDX-License-Identifier: Apache-2.0
/// The bundled drug-class table: which generic names carry which flag, and why.
///
/// The core only parses JSON handed to it; the command line finds the file in `templates/`.
/// Matching is by generic name only (see `DrugName`): a brand, an unknown or a misspelt name
/// gets no flag, never a guess.
public struct DrugClassTable: Equatable, Sendable {
  public static let format = "rua-drug-classes"

  /// `MAJOR.MINOR.PATCH`; raised whenever a class, generic, label or source changes.
  public let contentVersion: String
  public let sources: [DrugClassSource]
  public let classes: [DrugClass]
  /// Each generic's words, with the index of its class; built once at parse time.
  private let index: [String: [(words: [String], classIndex: Int)]]

  public init(contentVersion: String, sources: [DrugClassSource], classes: [DrugClass]) {
    self.contentVersion = contentVersion
    self.sources = sources
    self.classes = classes
    var index: [String: [(words: [String], classIndex: Int)]] = [:]
    for (classIndex, drugClass) in classes.enumerated() {
      for generic in drugClass.generics {
        let words = DrugName.words(generic)
        guard let first = words.first else { continue }
        index[first, default: []].append((words, classIndex))
      }
    }
    self.index = index
  }

  public static func == (a: DrugClassTable, b: DrugClassTable) -> Bool {
    a.contentVersion == b.contentVersion && a.sources == b.sources && a.classes == b.classes
  }

  /// True when every class has been approved by a clinician.
  public var isReviewed: Bool {
    classes.allSatisfy { $0.review != .pending }
  }

  /// The classes whose generic names appear in `medication.name`, in table order, after the
  /// medication's own `highAlert` setting: `false` drops the high-alert classes.
  public func classes(for medication: Medication) -> [DrugClass] {
    let words = DrugName.words(medication.name)
    var matched = Set<Int>()
    for word in Set(words) {
      for entry in index[word] ?? [] where DrugName.contains(words, entry.words) {
        matched.insert(entry.classIndex)
      }
    }
    return matched.sorted().map { classes[$0] }.filter {
      !(medication.highAlert == false && $0.flag == .highAlert)
    }
  }

  /// The class labels for `medication` in `locale`, without repeats (the fall guide names them).
  public func classLabels(for medication: Medication, locale: String) -> [String] {
    var labels: [String] = []
    for drugClass in classes(for: medication) {
      let label = drugClass.label(locale: locale)
      if !labels.contains(label) { labels.append(label) }
    }
    return labels
  }

  /// The flags of `medication` in `MedicationFlag` order. Its own `highAlert` wins either way:
  /// `true` adds the high-alert flag, `false` removes it.
  public func flags(for medication: Medication) -> [MedicationFlag] {
    var flags = Set(classes(for: medication).map(\.flag))
    switch medication.highAlert {
    case true?: flags.insert(.highAlert)
    case false?: flags.remove(.highAlert)
    case nil: break
    }
    return MedicationFlag.allCases.filter(flags.contains)
  }
}
