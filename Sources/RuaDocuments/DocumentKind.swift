/// The three documents, by the names the command line uses.
public enum DocumentKind: String, CaseIterable, Sendable {
  case er, meds, falls

  /// The name stored in access_log rows and used in file names.
  public var documentName: String {
    switch self {
    case .er: return ERSheet.kind
    case .meds: return MedicationList.kind
    case .falls: return FallGuide.kind
    }
  }

  /// The template file in the templates folder.
  public var templateFile: String { documentName + ".json" }

  /// The languages every document ships complete in (a `locales/` file and the guide content):
  /// English, then the languages US households with limited English speak most.
  public static let languages = ["en", "es", "zh-Hans", "vi", "tl", "ar", "ko", "ru", "ht"]
}
