// SPDX-License-Identifier: Apache-2.0
/// Perceptual colour difference per pixel, as pixelmatch measures it (Kotsarenko and Ramos,
/// "Measuring perceived color difference using YIQ NTSC transmission color space in mobile
/// applications", 2010; mapbox/pixelmatch 7.x `colorDelta`): the squared distance in YIQ with
/// the weights 0.5053 (Y), 0.299 (I), 0.1957 (Q), 0 for equal pixels and 35215 for black
/// against white. Brightness alone cannot see a hue change (dark blue #1f3a93 and dark red
/// #8b1a1a have the same luma) nor a light fill on white (a yellow box is only 29/255 darker).
enum ColourDifference {
  /// The largest difference, black against white.
  static let maxDelta = 35215.0

  /// The YIQ difference of two premultiplied pixels, each shown over white.
  @inline(__always)
  static func delta(_ a: UInt32, _ b: UInt32) -> Double {
    if a == b { return 0 }
    let (r1, g1, b1) = overWhite(a)
    let (r2, g2, b2) = overWhite(b)
    let y = luma(r1, g1, b1) - luma(r2, g2, b2)
    let i =
      (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189)
      - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
    let q =
      (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694)
      - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
  }

  /// The delta a `threshold` (0…1, pixelmatch's scale) allows: `35215 × threshold²`.
  static func limit(_ threshold: Double) -> Double { maxDelta * threshold * threshold }

  @inline(__always)
  private static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
  }

  /// The red, green and blue a premultiplied pixel shows over white.
  @inline(__always)
  static func overWhite(_ pixel: UInt32) -> (Double, Double, Double) {
    let background = 255 - Int(pixel >> 24)
    return (
      Double(min(255, Int(pixel >> 16 & 0xFF) + background)),
      Double(min(255, Int(pixel >> 8 & 0xFF) + background)),
      Double(min(255, Int(pixel & 0xFF) + background))
    )
  }

  /// `#rrggbb` of a pixel shown over white.
  static func hex(_ pixel: UInt32) -> String {
    let (r, g, b) = overWhite(pixel)
    return "#"
      + [r, g, b].map { channel in
        let value = Int(channel)
        let digits = String(value, radix: 16)
        return value < 16 ? "0" + digits : digits
      }.joined()
  }

  /// The pixels of `box` whose colour differs by more than `limit` and that are not an
  /// anti-aliased edge in both images (a filled area never is), and either change hue or lie
  /// in a filled area on one side (a light box on white): their count and the most common
  /// colour of those pixels in A and in B.
  ///
  /// With `offsets` (whole pixels, after a page move), a pixel counts only when A moved by
  /// none of them matches B there either: the glyphs of a moved page land on whole pixels.
  static func changedPixels(
    _ a: Raster, _ b: Raster, box: PixelRect, limit: Double, offsets: [(Int, Int)] = [],
    where chosen: (Int, Int) -> Bool
  ) -> (count: Int, colourA: UInt32, colourB: UInt32) {
    var count = 0
    var tally: [UInt64: Int] = [:]
    let x1 = min(box.x + box.width, min(a.width, b.width))
    let y1 = min(box.y + box.height, min(a.height, b.height))
    guard x1 > box.x, y1 > box.y else { return (0, 0, 0) }
    for y in box.y..<y1 {
      for x in box.x..<x1 {
        let (pa, pb) = (a[x, y], b[x, y])
        guard pa != pb, chosen(x, y), delta(pa, pb) > limit,
          !AntiAliasing.isEdgeInBoth(a, b, x, y),
          !sameInk(pa, pb) || flat(a, x, y) || flat(b, x, y),
          !offsets.contains(where: { offset in
            let (sx, sy) = (x - offset.0, y - offset.1)
            return sx >= 0 && sy >= 0 && sx < a.width && sy < a.height
              && delta(a[sx, sy], pb) <= limit
          })
        else {
          continue
        }
        count += 1
        tally[UInt64(pa) << 32 | UInt64(pb), default: 0] += 1
      }
    }
    guard let common = tally.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else {
      return (0, 0, 0)
    }
    return (count, UInt32(common >> 32), UInt32(common & 0xFFFF_FFFF))
  }

  /// True when both pixels hold the same ink over white in other amounts (their red, green
  /// and blue ink in the same proportions within 5 points of a hundred, or one side white):
  /// an edge drawn at another coverage, whose lightness the darkness tests judge.
  static func sameInk(_ a: UInt32, _ b: UInt32) -> Bool {
    let (ra, ga, ba) = overWhite(a)
    let (rb, gb, bb) = overWhite(b)
    let inkA = (255 - ra, 255 - ga, 255 - ba)
    let inkB = (255 - rb, 255 - gb, 255 - bb)
    let totalA = inkA.0 + inkA.1 + inkA.2
    let totalB = inkB.0 + inkB.1 + inkB.2
    guard totalA > 0, totalB > 0 else { return true }
    return max(
      abs(inkA.0 / totalA - inkB.0 / totalB), abs(inkA.1 / totalA - inkB.1 / totalB),
      abs(inkA.2 / totalA - inkB.2 / totalB)) <= 0.05
  }

  /// The 3 × 3 neighbourhood of (x, y) is one colour: a filled area.
  static func flat(_ image: Raster, _ x: Int, _ y: Int) -> Bool {
    let value = image[x, y]
    for ny in max(0, y - 1)...min(image.height - 1, y + 1) {
      for nx in max(0, x - 1)...min(image.width - 1, x + 1) where image[nx, ny] != value {
        return false
      }
    }
    return true
  }

  /// True when the same pixels of `box` are ink (not white) in both: the shapes are the same,
  /// only their colour may differ.
  static func sameShape(_ a: Raster, _ b: Raster, box: PixelRect) -> Bool {
    let x1 = min(box.x + box.width, min(a.width, b.width))
    let y1 = min(box.y + box.height, min(a.height, b.height))
    guard x1 > box.x, y1 > box.y else { return false }
    for y in box.y..<y1 {
      for x in box.x..<x1 where (a[x, y] == Raster.white) != (b[x, y] == Raster.white) {
        return false
      }
    }
    return true
  }

  /// Sums of red, green and blue ink (255 minus the channel over white) around `box`: a move
  /// keeps each sum, a change of colour does not.
  static func inkSums(_ raster: Raster, _ box: PixelRect, margin: Int) -> (Double, Double, Double) {
    var sums = (0.0, 0.0, 0.0)
    let x0 = max(0, box.x - margin)
    let y0 = max(0, box.y - margin)
    let x1 = min(raster.width, box.x + box.width + margin)
    let y1 = min(raster.height, box.y + box.height + margin)
    guard x1 > x0, y1 > y0 else { return sums }
    for y in y0..<y1 {
      for x in x0..<x1 {
        let (r, g, b) = overWhite(raster[x, y])
        sums.0 += 255 - r
        sums.1 += 255 - g
        sums.2 += 255 - b
      }
    }
    return sums
  }

  /// True when the ink around `box` has the same hue in both: its red, green and blue shares
  /// of the ink match within 8 points of a hundred. Shares, not amounts, because the window
  /// may cut a moved glyph; a change of lightness alone is the darkness tests' to find.
  static func sameInkColour(_ a: Raster, _ b: Raster, _ box: PixelRect, margin: Int) -> Bool {
    let sa = inkSums(a, box, margin: margin)
    let sb = inkSums(b, box, margin: margin)
    let totalA = sa.0 + sa.1 + sa.2
    let totalB = sb.0 + sb.1 + sb.2
    guard totalA > 0, totalB > 0 else { return totalA == totalB }
    let worst = max(
      abs(sa.0 / totalA - sb.0 / totalB), abs(sa.1 / totalA - sb.1 / totalB),
      abs(sa.2 / totalA - sb.2 / totalB))
    return worst <= 0.08
  }
}
