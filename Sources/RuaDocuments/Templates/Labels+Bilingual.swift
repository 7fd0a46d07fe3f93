// SPDX-License-Identifier: Apache-2.0
/// Bilingual labels (`--lang zh-Hans+en`): every label and heading in the family's language
/// first and English after it, smaller, so a home nurse can read the page too. Values (names,
/// doses, dates, phones) are printed once, by the document, never through these.
extension Labels {
  /// `zh-Hans+en` when bilingual, else the language.
  public var tag: String { second.map { "\(language)+\($0.language)" } ?? language }

  /// These labels with `second`'s after each of them.
  public func bilingual(_ second: Labels) -> Labels {
    var labels = self
    labels.second = second
    return labels
  }

  /// The label in `style`; when bilingual, the second language's label after `separator`
  /// (a line break by default), smaller. Printed once when both say the same ("OK").
  public func styled(_ key: LabelKey, style: String, separator: String = "\n") -> StyledText {
    Self.pair(self[key], second?[key], style: style, separator: separator)
  }

  /// A formatted label (`{name}` filled the same way in both languages), paired like `styled`.
  public func styled(
    _ key: LabelKey, _ arguments: [String: String], style: String, separator: String = "\n"
  ) -> StyledText {
    Self.pair(
      format(key, arguments), second?.format(key, arguments), style: style, separator: separator)
  }

  /// A counted label, each language in the form the count takes in it ("3 дня / 3 days").
  public func styled(
    _ key: LabelKey, count: Int, as name: String, _ arguments: [String: String] = [:],
    style: String, separator: String = "\n"
  ) -> StyledText {
    Self.pair(
      format(key, count: count, as: name, arguments),
      second?.format(key, count: count, as: name, arguments), style: style, separator: separator)
  }

  /// `first` in `style`, then `second` (if any, and different) after `separator`, smaller.
  public static func pair(_ first: String, _ second: String?, style: String, separator: String)
    -> StyledText
  {
    let text = StyledText(first, style: style)
    guard let second, !second.isEmpty, second != first else { return text }
    return text + StyledText([TextRun(separator + second, style: style, secondLanguage: true)])
  }
}
