// SPDX-License-Identifier: Apache-2.0
internal import RuaPDF

/// The per-print values a PDF marks at the source (rua-paper's printed time and access-log
/// anchor), in rua-paper's private format (`VolatileMarkFormat` in RuaPDF, shared with the
/// writer). `diff` and `snapshot` mask the boxes, so a test needs no coordinates for them
/// (docs/visual-regression.md).
public struct VolatileMarks: Sendable, Equatable {
  public struct Field: Sendable, Equatable {
    /// `printed-time`, `log-anchor`.
    public let name: String
    /// Points from the page's top-left corner.
    public let rect: PointRect
  }

  /// By 1-based page.
  public let pages: [Int: [Field]]

  /// No marks (masking turned off).
  public static let none = VolatileMarks(pages: [:])

  init(pages: [Int: [Field]]) { self.pages = pages }

  public var count: Int { pages.values.reduce(0) { $0 + $1.count } }

  /// The boxes of page `page`, widened by half a point so anti-aliased edges are covered.
  public func masks(page: Int) -> [PointRect] {
    (pages[page] ?? []).map {
      PointRect(
        x: $0.rect.x - 0.5, y: $0.rect.y - 0.5, width: $0.rect.width + 1,
        height: $0.rect.height + 1)
    }
  }

  /// No marks when qpdf cannot read the file (poppler reports damage on its own).
  public init(_ bytes: [UInt8]) {
    guard let pdf = try? QPDFDocument(bytes, name: "pdf") else {
      pages = [:]
      return
    }
    pages = VolatileMarkFormat.read(pdf).mapValues { fields in
      fields.map { field in
        Field(
          name: field.name,
          rect: PointRect(
            x: field.rect[0], y: field.rect[1], width: field.rect[2], height: field.rect[3]))
      }
    }
  }
}
