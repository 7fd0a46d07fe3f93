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

  init(document: Document, layout: PageLayout, measurer: TextMeasurer) {
    self.document = document
    self.layout = layout
    self.measurer = measurer
    let width = layout.contentWidth
    func height(_ text: StyledText, _ width: Double) -> Double {
      text.isEmpty ? 0 : measurer.lineHeights(text, width).reduce(0, +)
    }
    let stamped = document.pageStamp != nil
    let headerWidth = stamped ? width * Self.headerShare : width
    headerTextHeight = max(
      height(document.firstPageHeader, headerWidth),
      height(document.continuationHeader, headerWidth))
    let stampWidth = width * (1 - Self.headerShare) - 2 * layout.bandPadding - 6
    stampHeight =
      document.pageStamp.map { height($0, stampWidth) + 2 * layout.bandPadding } ?? 0
    let sample = StyledText(
      document.pageNumberText(page: 888, of: 888), style: document.pageNumberStyle)
    footerTextHeight =
      [
        height(document.footerLeft, width * 0.45), height(document.footerCenter, width * 0.3),
        height(sample, width * 0.25),
      ].max() ?? 0
    bodyTop = layout.marginTop + max(layout.headerHeight, max(headerTextHeight, stampHeight) + 6)
    bodyBottom =
      layout.pageHeight - layout.marginBottom
      - max(layout.footerHeight, footerTextHeight + 6)
  }

  /// The share of the header width left of the stamp, when there is one.
  static let headerShare = 0.47

  /// Header and footer items of page `number` of `count`: `before` the body and `after` it.
  ///
  /// Everything a page repeats is an artifact (kept out of what a screen reader reads): the
  /// continuation header, rules, the footer and the stamp. Artifact groups never nest a tag
  /// (the renderer marks the innermost tag's content). Page 1's header is the document's
  /// title, read first; page 1's stamp text is read too, after that page's body, so reading
  /// starts with the title and the person's name.
  func items(page number: Int, of count: Int) -> (before: [PageItem], after: [PageItem]) {
    let left = layout.marginLeft
    let width = layout.contentWidth
    var items: [PageItem] = []
    var after: [PageItem] = []
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
    let stamped = document.pageStamp != nil
    let regionHeight = max(headerTextHeight, stampHeight)
    items += text(
      header, x: left, y: layout.marginTop + (regionHeight - headerTextHeight) / 2,
      width: stamped ? width * Self.headerShare : width, tag: number == 1 ? "P" : artifact)
    items += [
      .beginTag(artifact),
      .rule(x: left, y: layout.marginTop + regionHeight + 2, width: width, .neutral), .endTag,
    ]
    if let stamp = document.pageStamp {
      let boxWidth = width * (1 - Self.headerShare) - 6
      let box = Rect(
        x: left + width - boxWidth, y: layout.marginTop, width: boxWidth, height: stampHeight)
      items += [
        .beginTag(artifact), .fill(box, .warning), .frame(box, .warning, lineWidth: 1.2), .endTag,
      ]
      let stampText = text(
        stamp, x: box.x + layout.bandPadding, y: box.y + layout.bandPadding,
        width: boxWidth - 2 * layout.bandPadding, tag: number == 1 ? "P" : artifact)
      if number == 1 { after += stampText } else { items += stampText }
    }
    let footerTop = layout.pageHeight - layout.marginBottom - footerTextHeight
    let pageText = StyledText(
      document.pageNumberText(page: number, of: count), style: document.pageNumberStyle)
    items += [
      .beginTag(artifact), .rule(x: left, y: footerTop - 3, width: width, .neutral), .endTag,
    ]
    items += text(document.footerLeft, x: left, y: footerTop, width: width * 0.45, tag: artifact)
    items += text(
      document.footerCenter, x: left + width * 0.45, y: footerTop, width: width * 0.3,
      tag: artifact)
    items += text(
      pageText, x: left + width * 0.75, y: footerTop, width: width * 0.25, tag: artifact)
    return (items, after)
  }
}
