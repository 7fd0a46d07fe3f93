// SPDX-License-Identifier: Apache-2.0
/// What a batch did: counts, every failure with its typed error, where the manifest and the
/// binder are, and the signal that stopped it (0 when none).
public struct BatchOutcome: Sendable {
  /// One document that could not be made or delivered (or the binder, or the manifest).
  public struct Failure: Sendable {
    public let index: Int
    /// "PATIENT-ID document", "binder" or "manifest".
    public let what: String
    /// Nil for the binder and the manifest.
    public var patientID: String? = nil
    /// The document name, "binder" or "manifest".
    public var document: String = ""
    public let error: PaperError
  }

  public let documents: Int
  public let patients: Int
  /// Documents delivered by this run plus those `resume` found already delivered.
  public let delivered: Int
  public let resumed: Int
  /// Sorted in run order.
  public let failures: [Failure]
  public let seconds: Double
  public let folder: String?
  public let manifest: String?
  public let binder: String?
  /// The signal that stopped the run, or 0.
  public let signal: Int32

  /// The failures of the patients' documents: the binder and the manifest are outputs of the
  /// run, not among its `documents`, and are named on their own.
  public var documentFailures: [Failure] {
    failures.filter { $0.document != "binder" && $0.document != "manifest" }
  }

  public var binderFailed: Bool { failures.contains { $0.document == "binder" } }
  public var manifestFailed: Bool { failures.contains { $0.document == "manifest" } }
}

/// Lists of names in messages: at most `shown` of them, the rest counted ("and 12 more").
public enum NameList {
  public static let shown = 5

  public static func joined(_ names: [String]) -> String {
    let first = names.prefix(shown).joined(separator: ", ")
    return names.count > shown ? "\(first) and \(names.count - shown) more" : first
  }
}
