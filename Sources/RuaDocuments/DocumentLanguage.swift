// SPDX-License-Identifier: Apache-2.0
/// Which language a document is printed in when `--lang` does not say.
///
/// The medication list and the fall guide stay at home with the person, so they follow the
/// person's recorded `language` when a locale exists for it, bilingual with English
/// (`zh-Hans+en`) so a home nurse can read them too, and so does the administration record the
/// family and aides fill in; the ER sheet and the wallet card are read by responders and the
/// hospital and stay in English (they name the person's language on the page instead).
public enum DocumentLanguage {
  /// The second language of bilingual output.
  public static let secondLanguage = "en"

  /// The language of a document: `explicit` (`--lang`) wins; then the person's language with
  /// English (or English alone) for the documents kept at home; English otherwise.
  public static func choose(explicit: String?, kind: DocumentKind, personLanguage: String?)
    -> String
  {
    if let explicit { return explicit }
    guard !kind.isForResponders, let personLanguage, let locale = locale(for: personLanguage) else {
      return "en"
    }
    return locale == secondLanguage ? locale : locale + "+" + secondLanguage
  }

  /// A `--lang` value split into its languages: `zh-Hans` → (zh-Hans, nil), `zh-Hans+en` →
  /// (zh-Hans, en). Nil unless the first is a shipped language and the second, if any, is
  /// English after another language.
  public static func parse(_ value: String) -> (first: String, second: String?)? {
    let parts = value.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, DocumentKind.languages.contains(first), parts.count <= 2
    else { return nil }
    guard parts.count == 2 else { return (first, nil) }
    guard parts[1] == secondLanguage, first != secondLanguage else { return nil }
    return (first, parts[1])
  }

  /// What `--lang` takes, for help and refusals.
  public static let accepted =
    DocumentKind.languages.joined(separator: ", ") + ", or any of them but en followed by +en"

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
