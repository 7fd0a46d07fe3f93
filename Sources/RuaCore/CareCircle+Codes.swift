// SPDX-License-Identifier: Apache-2.0
/// One coding a source gave a concept (a FHIR `Coding`): kept beside the text so that an export
/// can send it back. rua-paper ships no terminology: a code is never printed, never looked up
/// and never made up from a name.
public struct Code: Equatable, Sendable {
  /// The code system's URI ("http://snomed.info/sct").
  public var system: String
  public var code: String
  public var display: String?
  public init(system: String, code: String, display: String? = nil) {
    self.system = system
    self.code = code
    self.display = display
  }
}

/// A vaccine given, and when (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, as written).
public struct Immunization: Equatable, Sendable {
  public var vaccine: String
  public var date: String?
  public init(vaccine: String, date: String? = nil) {
    self.vaccine = vaccine
    self.date = date
  }
}
