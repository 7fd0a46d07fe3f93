// SPDX-License-Identifier: Apache-2.0
/// Which way a document's pages run. A right-to-left page (Arabic) is the left-to-right layout
/// mirrored: columns, table columns, list markers, bands, gauges and text alignment all swap
/// sides, while left-to-right data inside its text (Latin names, doses, phones, dates) is laid
/// out as isolated runs (`DirectionIsolation`). Decided once per document, from its language.
public enum TextDirection: String, Equatable, Sendable {
  case leftToRight = "ltr"
  case rightToLeft = "rtl"

  /// The direction a language's script is written in: right to left for Arabic, Hebrew,
  /// Persian, Urdu, Pashto, Sindhi, Kurdish (Sorani), Uyghur, Yiddish, Dhivehi and Syriac;
  /// left to right otherwise. A bilingual tag ("ar+en") follows its first language.
  public init(language: String) {
    let first = language.split(separator: "+").first ?? ""
    let primary = first.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()
    self = primary.map(Self.rightToLeftLanguages.contains) == true ? .rightToLeft : .leftToRight
  }

  static let rightToLeftLanguages: Set<String> = [
    "ar", "he", "iw", "fa", "ur", "ps", "sd", "ckb", "ug", "yi", "dv", "syr",
  ]

  public var isRightToLeft: Bool { self == .rightToLeft }
}
