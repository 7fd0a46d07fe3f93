// SPDX-License-Identifier: Apache-2.0
/// The page geometry and spacing the paginator uses, in PDF points (from a template).
public struct PageLayout: Equatable, Sendable {
  public var pageWidth: Double
  public var pageHeight: Double
  public var marginTop: Double
  public var marginRight: Double
  public var marginBottom: Double
  public var marginLeft: Double
  /// Minimum heights of the header and footer regions; grown to fit their text.
  public var headerHeight: Double
  public var footerHeight: Double
  public var columnCount: Int
  public var columnGap: Double
  /// Space between consecutive blocks.
  public var blockGap: Double
  /// Extra space above a heading that does not start a column.
  public var headingGap: Double
  /// Padding inside table cells, key–value rows and check items.
  public var cellPaddingX: Double
  public var cellPaddingY: Double
  /// Padding inside alert bands and stamps.
  public var bandPadding: Double
  /// Width of an alert band's label cell.
  public var bandLabelWidth: Double
  /// Share of the width given to the label in key–value rows.
  public var labelFraction: Double
  public var checkboxSize: Double
  /// Whether a tall table row may end or start a page alone (`KeepRules.tallRowShare`): large
  /// print, whose medicine rows are a quarter of a page (issue 30).
  public var letsTallRowsStandAlone = false

  public init(
    pageWidth: Double, pageHeight: Double, marginTop: Double, marginRight: Double,
    marginBottom: Double, marginLeft: Double, headerHeight: Double, footerHeight: Double,
    columnCount: Int, columnGap: Double, blockGap: Double, headingGap: Double,
    cellPaddingX: Double, cellPaddingY: Double, bandPadding: Double, bandLabelWidth: Double,
    labelFraction: Double, checkboxSize: Double
  ) {
    self.pageWidth = pageWidth
    self.pageHeight = pageHeight
    self.marginTop = marginTop
    self.marginRight = marginRight
    self.marginBottom = marginBottom
    self.marginLeft = marginLeft
    self.headerHeight = headerHeight
    self.footerHeight = footerHeight
    self.columnCount = columnCount
    self.columnGap = columnGap
    self.blockGap = blockGap
    self.headingGap = headingGap
    self.cellPaddingX = cellPaddingX
    self.cellPaddingY = cellPaddingY
    self.bandPadding = bandPadding
    self.bandLabelWidth = bandLabelWidth
    self.labelFraction = labelFraction
    self.checkboxSize = checkboxSize
  }

  public var contentWidth: Double { pageWidth - marginLeft - marginRight }

  public var columnWidth: Double {
    let count = Double(max(columnCount, 1))
    return (contentWidth - columnGap * (count - 1)) / count
  }
}
