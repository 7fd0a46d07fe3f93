// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// An sRGB colour with components from 0 to 1.
public struct Colour: Equatable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double

  public init(red: Double, green: Double, blue: Double) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Parses `#rrggbb`.
  public init?(hex: String) {
    let digits = Array(hex.utf8)
    guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
      let value = Int(String(decoding: digits[1...], as: UTF8.self), radix: 16)
    else { return nil }
    red = Double((value >> 16) & 0xFF) / 255
    green = Double((value >> 8) & 0xFF) / 255
    blue = Double(value & 0xFF) / 255
  }

  public static let black = Colour(red: 0, green: 0, blue: 0)
}

/// A named text style from a template.
public struct TextStyle: Equatable, Sendable {
  public var family: String
  /// Points.
  public var size: Double
  /// `normal`, `medium`, `semibold` or `bold`.
  public var weight: String
  public var italic: Bool
  public var colour: Colour
  /// `left`, `center` or `right`.
  public var align: String

  public init(
    family: String, size: Double, weight: String = "normal", italic: Bool = false,
    colour: Colour = .black, align: String = "left"
  ) {
    self.family = family
    self.size = size
    self.weight = weight
    self.italic = italic
    self.colour = colour
    self.align = align
  }
}

/// The colours of a tone: a light fill and a strong border (text stays dark for contrast).
public struct ToneColours: Equatable, Sendable {
  public var fill: Colour
  public var border: Colour
  public init(fill: Colour, border: Colour) {
    self.fill = fill
    self.border = border
  }
}

/// Where a section goes: across the page, or into the column flow.
public enum SectionSpan: String, Equatable, Sendable { case full, column }

/// One entry of the template's section order.
public struct SectionSpec: Equatable, Sendable {
  public var id: String
  public var visible: Bool
  public var span: SectionSpan
}

/// Paper sizes in PDF points. `card` is one ISO/IEC 7810 ID-1 card (85.60 × 53.98 mm), for
/// card printers; only the wallet card takes it.
public enum Paper: String, Equatable, Sendable, CaseIterable {
  case letter, a4, card
  public var width: Double {
    switch self {
    case .letter: return 612
    case .a4: return 595.2756
    case .card: return Self.cardWidth
    }
  }
  public var height: Double {
    switch self {
    case .letter: return 792
    case .a4: return 841.8898
    case .card: return Self.cardHeight
    }
  }
  /// ID-1 in points: 85.60 mm and 53.98 mm at 72 points to 25.4 mm.
  public static let cardWidth = 85.60 / 25.4 * 72
  public static let cardHeight = 53.98 / 25.4 * 72
}

/// Which way up the paper is: portrait (the default) or landscape (wide tables).
public enum Orientation: String, Equatable, Sendable, CaseIterable {
  case portrait, landscape
}

/// A document template (`templates/<document>.json`): paper, margins, spacing, styles, tones and
/// the order and visibility of sections. Changing any of these is an edit, not a rebuild.
public struct Template: Equatable, Sendable {
  /// The file it was read from, for messages.
  public var file: String
  public var document: String
  public var version: String
  public var paper: Paper
  /// `orientation` in the file; absent means portrait.
  public var orientation: Orientation = .portrait
  public var layout: PageLayout
  public var styles: [String: TextStyle]
  public var tones: [Tone: ToneColours]
  public var sections: [SectionSpec]
  /// Line pitch as a share of the fonts' natural line height (`spacing.lineHeight`).
  public var lineHeight: Double = 1
  /// Days after the last change of the record when a document says it may be out of date
  /// and asks for a check; also sets the review-by date (`staleAfterDays`, default 90).
  public var staleAfterDays = 90
  /// Set by `largePrint()`.
  public var isLargePrint = false

  /// The visible sections in template order.
  public var visibleSections: [SectionSpec] { sections.filter(\.visible) }

  /// The style called `name`, or nil.
  public func style(_ name: String) -> TextStyle? { styles[name] }

  /// Fails naming the first style in `names` the template does not define.
  public func requireStyles(_ names: [String]) throws(TemplateError) {
    for name in names where styles[name] == nil {
      throw TemplateError(
        file: file, key: "styles.\(name)", problem: "missing; the document uses it")
    }
  }
}
