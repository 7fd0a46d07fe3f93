// SPDX-License-Identifier: Apache-2.0
/// What a coloured element means. Colour is always paired with words, so a tone is never the
/// only carrier of meaning.
public enum Tone: String, Equatable, Sendable, CaseIterable {
  case danger, warning, info, neutral
}

/// One list entry: a marker ("•", "1.") and its text.
public struct ListItem: Equatable, Sendable {
  public var marker: StyledText
  public var text: StyledText
  public init(marker: StyledText, text: StyledText) {
    self.marker = marker
    self.text = text
  }
}

/// One label–value row (rendered as a two-cell table row).
public struct KeyValue: Equatable, Sendable {
  public var label: StyledText
  public var value: StyledText
  public init(label: StyledText, value: StyledText) {
    self.label = label
    self.value = value
  }
}

/// A table column: its header text and its share of the table width.
public struct TableColumn: Equatable, Sendable {
  public var header: StyledText
  public var weight: Double
  public init(header: StyledText, weight: Double) {
    self.header = header
    self.weight = weight
  }
}

/// A small horizontal gauge drawn at the start of one table cell, before its text: an outline
/// with a solid bar filling `fraction` of it (0...1). The cell's text must say the same thing in
/// words, so a black-and-white copy or a reader who cannot see the bar loses nothing.
public struct TableGauge: Equatable, Sendable {
  public var row: Int
  public var column: Int
  public var fraction: Double
  /// An empty check box (the template's `checkbox` size) instead of a bar: a cell to initial.
  public var isBox = false
  public init(row: Int, column: Int, fraction: Double) {
    self.row = row
    self.column = column
    self.fraction = min(max(fraction, 0), 1)
  }

  /// Diagonal hatching over the whole cell, under its text: a day a medicine must not be given.
  public var isHatch = false

  /// Hatching behind a cell's text (the text must say the same in words).
  public static func hatch(row: Int, column: Int) -> TableGauge {
    var gauge = TableGauge(row: row, column: column, fraction: 0)
    gauge.isHatch = true
    return gauge
  }

  /// A check box at the start of a cell, the cell's text beside it.
  public static func box(row: Int, column: Int) -> TableGauge {
    var gauge = TableGauge(row: row, column: column, fraction: 0)
    gauge.isBox = true
    return gauge
  }
}

/// The line a table prints under its last row on a page when it continues on the next one:
/// "12 more medicines: see page 2". `{count}` is the rows still to come, `{page}` the page
/// they continue on. Honoured in full-width flows, where a break is always a page break.
public struct TableOverflowNote: Equatable, Sendable {
  /// With `{count}` and `{page}`, in the form the count takes (`LabelForms`): its `one` form
  /// when one row is left, in a language that has one.
  public var format: LabelForms
  public var style: String
  /// The second language's `format` on a bilingual document, printed after " / " as the
  /// second language.
  public var secondFormat: LabelForms?
  public init(format: LabelForms, style: String, second: LabelForms? = nil) {
    self.format = format
    self.style = style
    self.secondFormat = second
  }

  public func text(count: Int, page: Int) -> StyledText {
    let (first, second) = strings(count: count, page: page)
    return Labels.pair(first, second, style: style, separator: " / ")
  }

  /// The note filled in, in the document's language and in its second language.
  public func strings(count: Int, page: Int) -> (first: String, second: String?) {
    let fill = { (forms: LabelForms) in
      forms.text(count: count).replacingAll("{count}", with: String(count)).replacingAll(
        "{page}", with: String(page))
    }
    return (fill(format), secondFormat.map(fill))
  }
}

/// A table whose header row repeats on every page or column it continues into.
/// Rows are never split across pages (unless one row alone is taller than a page).
public struct Table: Equatable, Sendable {
  public var columns: [TableColumn]
  public var rows: [[StyledText]]
  /// Gauges in cells (the runway bar); at most one per cell.
  public var gauges: [TableGauge]
  /// Printed under the last row that fits on a page when the rest continue on the next.
  public var overflowNote: TableOverflowNote?
  public init(
    columns: [TableColumn], rows: [[StyledText]], gauges: [TableGauge] = [],
    overflowNote: TableOverflowNote? = nil
  ) {
    self.columns = columns
    self.rows = rows
    self.gauges = gauges
    self.overflowNote = overflowNote
  }
}

/// A coloured band with a word label ("ALLERGIES") and its text.
public struct Alert: Equatable, Sendable {
  public var tone: Tone
  public var label: StyledText
  public var text: StyledText
  public init(tone: Tone, label: StyledText, text: StyledText) {
    self.tone = tone
    self.label = label
    self.text = text
  }
}

/// A check box with its text.
public struct ChecklistItem: Equatable, Sendable {
  public var text: StyledText
  public var checked: Bool
  public init(_ text: StyledText, checked: Bool = false) {
    self.text = text
    self.checked = checked
  }
}

/// A unit of document content.
public indirect enum Block: Equatable, Sendable {
  /// Level 1 or 2 (with a rule under it), or 3 (a subheading, no rule); kept with the block
  /// after it.
  case heading(level: Int, StyledText)
  case paragraph(StyledText)
  case keyValues([KeyValue])
  /// Tightly spaced entries with markers; each entry may split between lines.
  case list([ListItem])
  case table(Table)
  case alert(Alert)
  /// A boxed notice such as "PENDING CLINICIAN REVIEW".
  case stamp(StyledText)
  case checklist([ChecklistItem])
  /// Blocks that flow through the template's columns (left column first), balanced on the
  /// last page they reach.
  case columns([Block])
}

/// A document ready for pagination: content plus what every page repeats.
public struct Document: Equatable, Sendable {
  /// The template's document id, e.g. `er-sheet`.
  public var kind: String
  /// The PDF title: the document and the person ("Emergency information sheet: Agnès
  /// Doré-Ramírez"), as the page itself says; viewers and screen readers show it.
  public var title: String
  /// BCP 47 language of the fixed labels, e.g. `en` (the first one when bilingual).
  public var language: String
  /// Which way the pages run; follows `language` (Arabic: right to left).
  public var direction: TextDirection
  /// Header of page 1.
  public var firstPageHeader: StyledText
  /// Header of every later page: the patient's name and date of birth.
  public var continuationHeader: StyledText
  /// Footer, left: the printed time.
  public var footerLeft: StyledText
  /// Footer, middle: template and content versions.
  public var footerCenter: StyledText
  /// A shorter footer middle (the versions without their words), used when the footer would
  /// not fit on one line otherwise.
  public var footerCenterShort: StyledText?
  /// The page-number label with `{page}` and `{pages}` placeholders ("Page {page} of {pages}").
  public var pageNumberFormat: String
  public var pageNumberStyle: String
  /// Shown boxed in the header of every page when set (e.g. "PENDING CLINICIAN REVIEW").
  public var pageStamp: StyledText?
  public var blocks: [Block]
  /// "continued" in the document's language: a long group that goes on in a new column or
  /// page repeats its heading with it. Nil repeats no heading.
  public var continuedLabel: String?
  /// A wallet card: its two faces, laid out by `CardLayout` instead of flowing through pages.
  public var card: CardFaces?
  /// Page 1 holds what the document promises first (the ER sheet's whole emergency), so
  /// balancing a thin page 2 never moves the end of page 1 (`PageBalance.swift`).
  public var keepsPageOne = false

  public init(
    kind: String, title: String, language: String, firstPageHeader: StyledText,
    continuationHeader: StyledText, footerLeft: StyledText, footerCenter: StyledText,
    pageNumberFormat: String, pageNumberStyle: String, pageStamp: StyledText? = nil,
    blocks: [Block], continuedLabel: String? = nil
  ) {
    self.continuedLabel = continuedLabel
    self.kind = kind
    self.title = title
    self.language = language
    self.direction = TextDirection(language: language)
    self.firstPageHeader = firstPageHeader
    self.continuationHeader = continuationHeader
    self.footerLeft = footerLeft
    self.footerCenter = footerCenter
    self.pageNumberFormat = pageNumberFormat
    self.pageNumberStyle = pageNumberStyle
    self.pageStamp = pageStamp
    self.blocks = blocks
  }

  /// "Page 2 of 3" from the locale's format.
  public func pageNumberText(page: Int, of pages: Int) -> String {
    pageNumberFormat.replacingAll("{page}", with: String(page))
      .replacingAll("{pages}", with: String(pages))
  }
}

extension String {
  /// Replaces every occurrence of `target` (no Foundation in this module).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    if let replaced = asciiReplacingAll(target, with: replacement) { return replaced }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }

  /// `replacingAll` by bytes, when the text and the target are ASCII and the target holds no
  /// CR or LF (nil otherwise): ASCII text is one Character per byte but for "\r\n", which such
  /// a target can neither cut nor hold, so its bytes match exactly where its Characters do.
  /// The Character search builds a searcher for every call, and every label placeholder a
  /// sheet fills is one.
  private func asciiReplacingAll(_ target: String, with replacement: String) -> String? {
    var text = self
    var needle = target
    return text.withUTF8 { bytes -> String? in
      needle.withUTF8 { target -> String? in
        guard target.allSatisfy({ $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }),
          bytes.allSatisfy({ $0 < 0x80 })
        else { return nil }
        var result = ""
        var start = 0
        var index = 0
        while index + target.count <= bytes.count {
          if bytes[index] == target[0],
            (1..<target.count).allSatisfy({ bytes[index + $0] == target[$0] })
          {
            result += String(
              decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            result += replacement
            index += target.count
            start = index
          } else {
            index += 1
          }
        }
        guard start > 0 else { return self }
        return result
          + String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
      }
    }
  }
}
