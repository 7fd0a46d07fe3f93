// SPDX-License-Identifier: Apache-2.0
/// A piece of text in one template style. Patient data travels only as runs, never as markup.
public struct TextRun: Equatable, Sendable {
  public var text: String
  /// A style name from the template (`styles.<name>`).
  public var style: String
  /// The second language of a bilingual label (English under the family's language): set
  /// smaller than `style` says (`TextRun.secondLanguageScale`).
  public var secondLanguage: Bool
  /// Set when the run is a per-print value the PDF marks (`VolatileField`).
  public var volatile: VolatileField?
  /// A phone number or a word of a person's name: never broken across lines (unless it alone
  /// is wider than its box, which only a hostile record makes).
  public var keepsWhole: Bool
  /// Free text the record holds (an allergy's reaction, a code-status note): a wallet card too
  /// full for it cuts it at a word and says so (`StyledText.shortened(to:note:)`); never a name
  /// or a severity, and a code status keeps its first `WalletCard.statusWords` words.
  public var shortens: Bool

  public init(
    _ text: String, style: String, secondLanguage: Bool = false, volatile: VolatileField? = nil,
    keepsWhole: Bool = false, shortens: Bool = false
  ) {
    self.text = text
    self.style = style
    self.secondLanguage = secondLanguage
    self.volatile = volatile
    self.keepsWhole = keepsWhole
    self.shortens = shortens
  }

  /// The size of a second-language run against its style's size.
  public static let secondLanguageScale = 0.8
  /// The smallest size a clinician must read: the English half of a bilingual label is set
  /// smaller than the family's language, but never below this (nor above its own style).
  public static let smallestReadSize = 9.0

  /// The point size of a second-language run whose style is `size` points: 80 %, at least
  /// 9 pt ("ON A BLOOD THINNER" at 8.5 pt stays 8.5, not 6.8).
  public static func secondLanguageSize(_ size: Double) -> Double {
    max(size * secondLanguageScale, min(size, smallestReadSize))
  }
}

/// Text made of styled runs; the renderer turns it into one Pango layout with an attribute list.
public struct StyledText: Equatable, Sendable {
  public var runs: [TextRun]

  public init(_ runs: [TextRun]) { self.runs = runs.filter { !$0.text.isEmpty } }

  public init(_ text: String, style: String) { self.init([TextRun(text, style: style)]) }

  public static let empty = StyledText([])

  /// The text without styles, for tests and the text dump.
  public var plainText: String { runs.map(\.text).joined() }

  public var isEmpty: Bool { runs.isEmpty }

  /// The style of the first run: the layout's base font.
  public var baseStyle: String? { runs.first?.style }

  /// Every style name used, in order of first use.
  public var styleNames: [String] {
    var seen: [String] = []
    for run in runs where !seen.contains(run.style) { seen.append(run.style) }
    return seen
  }

  public static func + (a: StyledText, b: StyledText) -> StyledText { StyledText(a.runs + b.runs) }
}
