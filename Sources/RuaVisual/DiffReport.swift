// SPDX-License-Identifier: Apache-2.0
/// Why a page counts as different.
public enum DiffReason: String, Sendable, Equatable {
  /// The page exists in B only.
  case inserted
  /// The page exists in A only.
  case removed
  /// The page sizes differ.
  case size
  /// More pixels differ than allowed.
  case pixels
  /// The page text differs (only with `compareText`).
  case text
}

/// The comparison of one page (1-based) of two documents.
public struct PageDiff: Sendable, Equatable {
  /// A's page number, or B's for a page only B has.
  public var page: Int { pageA ?? pageB ?? 0 }
  /// The paired pages; nil for the side that lacks the page (inserted in B, or removed from A).
  public let pageA: Int?
  public let pageB: Int?
  /// Sizes in points; nil when the page exists in one document only.
  public let sizeA: PageSize?
  public let sizeB: PageSize?
  /// Zero when the page exists in one document only (nothing is rendered).
  public let differingPixels: Int
  public let maskedPixels: Int
  public let allowedPixels: Int
  /// Bounding box of the counted differing pixels, in pixels at the report's dpi.
  public let changedPixels: PixelRect?
  /// The same box in points, origin top-left.
  public let changedPoints: PointRect?
  /// Line changes, when text was compared.
  public let textChanges: [TextChange]
  public let reasons: [DiffReason]
  /// Every cluster of differing pixels, classified (counted or not).
  public var regions: [ChangeRegion]

  public var isDifferent: Bool { !reasons.isEmpty }

  /// True when the page exists in one document only (inserted in B or removed from A).
  public var isUnpaired: Bool { pageA == nil || pageB == nil }

  public init(
    pageA: Int?, pageB: Int?, sizeA: PageSize?, sizeB: PageSize?, differingPixels: Int,
    maskedPixels: Int,
    allowedPixels: Int, changedPixels: PixelRect?, changedPoints: PointRect?,
    textChanges: [TextChange], reasons: [DiffReason], regions: [ChangeRegion] = []
  ) {
    self.pageA = pageA
    self.pageB = pageB
    self.regions = regions
    self.sizeA = sizeA
    self.sizeB = sizeB
    self.differingPixels = differingPixels
    self.maskedPixels = maskedPixels
    self.allowedPixels = allowedPixels
    self.changedPixels = changedPixels
    self.changedPoints = changedPoints
    self.textChanges = textChanges
    self.reasons = reasons
  }
}

/// The result of comparing two documents.
public struct DiffReport: Sendable, Equatable {
  public let options: DiffOptions
  /// True when the files are byte for byte the same (then nothing was rendered).
  public let identicalBytes: Bool
  public let pageCountA: Int
  public let pageCountB: Int
  /// Every page pair, in order (empty when the bytes are identical).
  public let pages: [PageDiff]
  /// What differs in the structure (with `compareStructure`); empty when nothing does.
  public let structureChanges: [StructureChange]
  /// How many per-print values the two PDFs mark (masked unless `options.maskVolatile` is off).
  public let volatileFields: Int

  public init(
    options: DiffOptions, identicalBytes: Bool, pageCountA: Int, pageCountB: Int,
    pages: [PageDiff], structureChanges: [StructureChange] = [], volatileFields: Int = 0
  ) {
    self.volatileFields = volatileFields
    self.options = options
    self.identicalBytes = identicalBytes
    self.pageCountA = pageCountA
    self.pageCountB = pageCountB
    self.pages = pages
    self.structureChanges = structureChanges
  }

  public var differingPages: [PageDiff] { pages.filter(\.isDifferent) }

  /// True when the documents count as the same under the options.
  public var isSame: Bool {
    pageCountA == pageCountB && differingPages.isEmpty && structureChanges.isEmpty
  }

  /// A plain-text report naming each differing page, its regions and the structure changes.
  public func summary(nameA: String, nameB: String) -> String {
    if identicalBytes { return "\(nameA) and \(nameB) are the same (identical bytes)\n" }
    let settings =
      "\(Mask.short(options.dpi)) dpi, tolerance \(options.tolerance), "
      + "max-diff-pixels \(options.maxDiffPixels)"
      + (options.thresholdRatio > 0 ? ", threshold-ratio \(options.thresholdRatio)" : "")
      + (options.maxShift > 0 ? ", max-shift \(ChangeRegion.number(options.maxShift)) pt" : "")
      + (options.masks.isEmpty ? "" : ", \(options.masks.count) mask(s)")
      + (volatileFields > 0 ? ", \(volatileFields) marked per-print field(s) masked" : "")
    var text: String
    if isSame {
      text = "\(nameA) and \(nameB) are the same: \(pageCountA) page(s) at \(settings)\n"
    } else {
      text = "\(nameA) and \(nameB) differ: \(differingPages.count) page(s) at \(settings)\n"
    }
    if pageCountA != pageCountB || pages.contains(where: \.isUnpaired) {
      text += "page count: \(pageCountA) in \(nameA), \(pageCountB) in \(nameB)\n"
      if let pairing = PairingSummary.describe(pages, nameA: nameA, nameB: nameB) {
        text += pairing + "\n"
      }
    }
    for change in structureChanges { text += "structure: \(change.description)\n" }
    for page in pages where page.isDifferent || page.regions.contains(where: { !$0.counts }) {
      text += describe(page, nameA: nameA, nameB: nameB)
    }
    return text
  }

  private func describe(_ page: PageDiff, nameA: String, nameB: String) -> String {
    if page.isUnpaired {
      if page.pageA == nil, let number = page.pageB {
        return "page \(number) of \(nameB): only in \(nameB) (inserted)\n"
      }
      return "page \(page.page): only in \(nameA) (removed)\n"
    }
    var text = "page \(page.page):"
    if let b = page.pageB, b != page.page { text = "page \(page.page) (\(nameB) page \(b)):" }
    if page.reasons.contains(.size), let a = page.sizeA, let b = page.sizeB {
      text +=
        " size \(points(a.width))×\(points(a.height)) pt → \(points(b.width))×\(points(b.height)) pt;"
    }
    if page.differingPixels > 0 || page.reasons.contains(.pixels) {
      text += " \(page.differingPixels) pixel(s) differ (allowed \(page.allowedPixels))"
      if let box = page.changedPoints, let pixels = page.changedPixels {
        text +=
          " in x \(points(box.x)) y \(points(box.y)) w \(points(box.width)) h \(points(box.height)) pt"
          + " (pixels \(pixels.x),\(pixels.y) \(pixels.width)×\(pixels.height))"
      }
      if page.maskedPixels > 0 { text += "; \(page.maskedPixels) masked" }
    } else {
      text += " pixels the same"
      if !page.regions.isEmpty { text += " within the tolerances" }
    }
    text += "\n"
    // Regions that count are always listed; those that do not, only while they are few.
    let quiet = page.regions.filter { !$0.counts }
    let listAll = quiet.count <= 5
    for (index, region) in page.regions.enumerated() where region.counts || listAll {
      text += "  region \(index + 1): " + describe(region) + "\n"
    }
    if !listAll {
      let moved = quiet.filter { $0.kind == .moved }.count
      let noise = quiet.count - moved
      var parts: [String] = []
      if moved > 0 {
        parts.append(
          "\(moved) moved within --max-shift \(ChangeRegion.number(options.maxShift)) pt")
      }
      if noise > 0 { parts.append("\(noise) anti-aliasing only") }
      text += "  \(quiet.count) region(s) not counted: " + parts.joined(separator: ", ") + "\n"
    }
    if page.reasons.contains(.text) {
      text += "  text: \(page.textChanges.count) line(s) changed\n"
      for change in page.textChanges { text += "    \(change.kind.rawValue) \(change.line)\n" }
    }
    return text
  }

  private func describe(_ region: ChangeRegion) -> String {
    let box = region.points
    var text =
      "x \(points(box.x)) y \(points(box.y)) w \(points(box.width)) h \(points(box.height)) pt, "
      + "\(region.pixelCount) px, \(region.kindSummary)"
    if region.kind == .moved {
      text +=
        region.counts
        ? " (over --max-shift \(ChangeRegion.number(options.maxShift)) pt)"
        : " (within --max-shift \(ChangeRegion.number(options.maxShift)) pt)"
    } else if !region.counts {
      text += " (not counted)"
    }
    if let summary = region.textSummary { text += "; " + summary }
    return text
  }

  private func points(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
  }
}
