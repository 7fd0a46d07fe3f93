// SPDX-License-Identifier: Apache-2.0
/// Large print (clinical reference §8.2: body 12–14 pt, often 14 pt at least) for the person's
/// own copy of the medication list and the fall guide: the same template scaled so body text
/// is 14 pt, in one column, paginated by the same rules.
extension Template {
  /// Body size in large print.
  public static let largeBodySize = 14.0
  /// Running header, footer and stamp grow less: they must stay on one line.
  static let furnitureStyles: Set<String> = [
    "header", "header-muted", "stamp", "footer", "footer-center", "footer-right",
  ]

  /// Every text style at least 14 pt (scaled with the body; headings stay larger), spacing
  /// scaled alike, one column. `isLargePrint` tells the builders to use their large-print
  /// layout (the medication list drops two columns).
  public func largePrint() -> Template {
    var copy = self
    let body = styles["body"]?.size ?? 9.5
    let factor = max(Self.largeBodySize / body, 1)
    for (name, style) in styles {
      var scaled = style
      if Self.furnitureStyles.contains(name) {
        scaled.size = (style.size * min(factor, 1.3) * 2).rounded() / 2
      } else {
        scaled.size = max((style.size * factor * 2).rounded() / 2, Self.largeBodySize)
      }
      copy.styles[name] = scaled
    }
    copy.layout.columnCount = 1
    copy.layout.blockGap *= factor
    copy.layout.headingGap *= factor
    copy.layout.cellPaddingX *= factor
    copy.layout.cellPaddingY *= factor
    copy.layout.bandPadding *= factor
    copy.layout.bandLabelWidth *= factor
    copy.layout.checkboxSize *= factor
    copy.layout.letsTallRowsStandAlone = true
    copy.isLargePrint = true
    return copy
  }
}

extension Template {
  /// Every text style at `sizes` of its size, never under the template's smallest (a wallet
  /// card's 6.5 pt floor) nor above its own; 1 gives the template unchanged.
  public func scaled(sizes: Double) -> Template {
    guard sizes < 1, let floor = styles.values.map(\.size).min() else { return self }
    var copy = self
    for (name, style) in styles {
      var scaled = style
      scaled.size = max((style.size * sizes * 4).rounded() / 4, min(style.size, floor))
      copy.styles[name] = scaled
    }
    return copy
  }
}
