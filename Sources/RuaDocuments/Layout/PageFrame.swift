// SPDX-License-Identifier: Apache-2.0
/// The header and footer regions every page carries, and the body between them.
struct PageFrame {
  let document: Document
  let layout: PageLayout
  let measurer: TextMeasurer
  let headerTextHeight: Double
  let stampHeight: Double
  let footerTextHeight: Double
  let bodyTop: Double
  let bodyBottom: Double

  /// Where the header text ends and the stamp begins, and the three footer boxes.
  let headerWidth: Double
  let footerBoxes: [(x: Double, width: Double)]
  /// The footer's middle field as printed (full or short).
  let footerCenter: StyledText

  init(document: Document, layout: PageLayout, measurer: TextMeasurer) {
    self.document = document
    self.layout = layout
    self.measurer = measurer
    let width = layout.contentWidth
    func height(_ text: StyledText, _ width: Double) -> Double {
      text.isEmpty ? 0 : measurer.lineHeights(text, width).reduce(0, +)
    }
    let stamped = document.pageStamp != nil
    // The running header takes the room it needs to stay on one line (up to the share the
    // stamp leaves it); the stamp gets the rest and may wrap inside its box.
    let natural =
      max(
        measurer.oneLineWidth(document.firstPageHeader, limit: width),
        measurer.oneLineWidth(document.continuationHeader, limit: width)) + 1
    headerWidth =
      stamped ? min(max(natural, width * Self.headerShare), width * Self.headerMaxShare) : width
    headerTextHeight = max(
      height(document.firstPageHeader, headerWidth),
      height(document.continuationHeader, headerWidth))
    let stampWidth = width - headerWidth - 6 - 2 * layout.bandPadding
    stampHeight =
      document.pageStamp.map { height($0, stampWidth) + 2 * layout.bandPadding } ?? 0
    let sample = StyledText(
      document.pageNumberText(page: 888, of: 888), style: document.pageNumberStyle)
    // The full versions if the footer fits on one line with them, else the short form.
    var fields = [document.footerLeft, document.footerCenter, sample]
    if !Self.fitsOneLine(fields, width: width, measurer: measurer),
      let short = document.footerCenterShort
    {
      fields[1] = short
    }
    footerCenter = fields[1]
    footerBoxes = Self.footerBoxes(fields, width: width, measurer: measurer)
    footerTextHeight =
      zip(fields, footerBoxes).map { height($0, $1.width) }.max() ?? 0
    bodyTop = layout.marginTop + max(layout.headerHeight, max(headerTextHeight, stampHeight) + 6)
    bodyBottom =
      layout.pageHeight - layout.marginBottom
      - max(layout.footerHeight, footerTextHeight + 6)
  }

  /// The least share of the header width left of the stamp, and the most.
  static let headerShare = 0.47
  static let headerMaxShare = 0.66
  /// Space between footer fields.
  static let footerGap = 12.0

  /// Whether the footer fields fit side by side on one line.
  static func fitsOneLine(_ texts: [StyledText], width: Double, measurer: TextMeasurer) -> Bool {
    let natural = texts.map { naturalWidth($0, width: width, measurer: measurer) }
    let single = texts.indices.allSatisfy {
      texts[$0].isEmpty || measurer.lineHeights(texts[$0], natural[$0]).count <= 1
    }
    return single && natural.reduce(0, +) + 2 * footerGap <= width
  }

  /// A footer field's width on one line, room for its per-print values included: as wide as
  /// their widest shape (`VolatileField.reserve`), so the fields beside it stay in place from
  /// one print to the next.
  static func naturalWidth(_ text: StyledText, width: Double, measurer: TextMeasurer) -> Double {
    let reserved = text.reservingVolatile.map { measurer.oneLineWidth($0, limit: width) } ?? 0
    return max(measurer.oneLineWidth(text, limit: width), reserved) + 1
  }

  /// Left, centre and right footer boxes: each as wide as its text on one line when all
  /// three fit side by side (the centre one centred in the room between the others), else
  /// the old fixed shares (45 %, 30 %, 25 %), where a field may wrap.
  static func footerBoxes(_ texts: [StyledText], width: Double, measurer: TextMeasurer)
    -> [(x: Double, width: Double)]
  {
    let natural = texts.map { naturalWidth($0, width: width, measurer: measurer) }
    guard fitsOneLine(texts, width: width, measurer: measurer) else {
      return [(0, width * 0.45), (width * 0.45, width * 0.3), (width * 0.75, width * 0.25)]
    }
    let between = width - natural[0] - natural[2] - 2 * footerGap
    let centre = max(natural[0] + footerGap, (width - natural[1]) / 2)
    let x = min(centre, natural[0] + footerGap + between - natural[1])
    return [(0, natural[0]), (x, natural[1]), (width - natural[2], natural[2])]
  }

  /// Header and footer items of page `number` of `count`: `before` the body and `after` it.
  ///
  /// Everything a page repeats is an artifact (kept out of what a screen reader reads): the
  /// continuation header, rules, the footer and the stamp. Artifact groups never nest a tag
  /// (the renderer marks the innermost tag's content). Page 1's header is the document's
  /// title, read first; page 1's stamp text ("PENDING CLINICIAN REVIEW") is read right after
  /// it, before the body, so a screen reader warns before it reads what the warning is about.
  func items(page number: Int, of count: Int) -> (before: [PageItem], after: [PageItem]) {
    let left = layout.marginLeft
    let width = layout.contentWidth
    var items: [PageItem] = []
    func text(_ styled: StyledText, x: Double, y: Double, width: Double, tag: String) -> [PageItem]
    {
      guard !styled.isEmpty else { return [] }
      let lines = measurer.lineHeights(styled, width).count
      return [
        .beginTag(tag), .text(TextBox(x: x, y: y, width: width, text: styled, lines: 0..<lines)),
        .endTag,
      ]
    }
    let artifact = PageItem.artifactTag
    let header = number == 1 ? document.firstPageHeader : document.continuationHeader
    let regionHeight = max(headerTextHeight, stampHeight)
    items += text(
      header, x: left, y: layout.marginTop + (regionHeight - headerTextHeight) / 2,
      width: headerWidth, tag: number == 1 ? "P" : artifact)
    items += [
      .beginTag(artifact),
      .rule(x: left, y: layout.marginTop + regionHeight + 2, width: width, .neutral), .endTag,
    ]
    if let stamp = document.pageStamp {
      let boxWidth = width - headerWidth - 6
      let box = Rect(
        x: left + width - boxWidth, y: layout.marginTop, width: boxWidth, height: stampHeight)
      items += [
        .beginTag(artifact), .fill(box, .warning), .frame(box, .warning, lineWidth: 1.2), .endTag,
      ]
      let stampText = text(
        stamp, x: box.x + layout.bandPadding, y: box.y + layout.bandPadding,
        width: boxWidth - 2 * layout.bandPadding, tag: number == 1 ? "P" : artifact)
      items += stampText
    }
    let footerTop = layout.pageHeight - layout.marginBottom - footerTextHeight
    items += [
      .beginTag(artifact), .rule(x: left, y: footerTop - 3, width: width, .neutral), .endTag,
    ]
    let pageText = StyledText(
      document.pageNumberText(page: number, of: count), style: document.pageNumberStyle)
    for (field, box) in zip([document.footerLeft, footerCenter, pageText], footerBoxes) {
      items += text(field, x: left + box.x, y: footerTop, width: box.width, tag: artifact)
    }
    return (items, [])
  }
}
