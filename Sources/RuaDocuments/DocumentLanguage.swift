/// Which language a document is printed in when `--lang` does not say.
///
/// The medication list and the fall guide stay at home with the person, so they follow the
/// person's recorded `language` when a locale exists for it; the ER sheet is read by the
/// hospital and stays in English (it names the person's language on the page instead).
public enum DocumentLanguage {
  /// The language of a document: `explicit` (`--lang`) wins; then the person's language for the
  /// documents kept at home; English otherwise.
  public static func choose(explicit: String?, kind: DocumentKind, personLanguage: String?)
    -> String
  {
    if let explicit { return explicit }
    guard kind != .er, let personLanguage, let locale = locale(for: personLanguage) else {
      return "en"
    }
    return locale
  }

  /// The shipped locale a BCP 47 tag reads best in, or nil: `es-MX` → `es`, `zh-CN` and `cmn`
  /// → `zh-Hans`, `fil` → `tl`. Traditional Chinese (`zh-Hant`, `zh-TW`, `zh-HK`, `yue`) has
  /// no locale yet, so it gets none rather than the wrong script.
  public static func locale(for tag: String) -> String? {
    let parts = tag.replacingAll("_", with: "-").split(separator: "-").map { $0.lowercased() }
    guard let primary = parts.first else { return nil }
    let rest = Set(parts.dropFirst())
    switch primary {
    case "zh", "cmn":
      let traditional = ["hant", "tw", "hk", "mo"]
      return traditional.contains(where: rest.contains) ? nil : "zh-Hans"
    case "fil": return "tl"
    default:
      return DocumentKind.languages.first { $0 == primary }
    }
  }
}
