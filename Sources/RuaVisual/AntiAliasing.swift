// SPDX-License-Identifier: Apache-2.0
/// pixelmatch's anti-aliasing detector (Vyšniauskas 2009, as in mapbox/pixelmatch 7.2.0): a
/// pixel is an anti-aliased edge when its 8 neighbours hold both darker and brighter pixels,
/// at most two equal to it, and the darkest or brightest neighbour sits in a flat area (at
/// least three identical neighbours) in both images.
enum AntiAliasing {
  /// True when the differing pixel (x, y) is an anti-aliased edge in `a` or in `b`.
  static func isEdge(_ a: Raster, _ b: Raster, _ x: Int, _ y: Int) -> Bool {
    guard x < a.width, y < a.height, x < b.width, y < b.height else { return false }
    return detect(a, x, y, other: b) || detect(b, x, y, other: a)
  }

  /// True when (x, y) is an anti-aliased edge in `a` and in `b`: the only pixels whose colour
  /// change may be discounted (a filled area never is one).
  static func isEdgeInBoth(_ a: Raster, _ b: Raster, _ x: Int, _ y: Int) -> Bool {
    guard x < a.width, y < a.height, x < b.width, y < b.height else { return false }
    return detect(a, x, y, other: b) && detect(b, x, y, other: a)
  }

  private static func detect(_ image: Raster, _ x: Int, _ y: Int, other: Raster) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let center = ShiftCheck.darkness(image[x, y])
    var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    var lowest = 0
    var highest = 0
    var lowestAt = (0, 0)
    var highestAt = (0, 0)
    for ny in y0...y2 {
      for nx in x0...x2 where nx != x || ny != y {
        let delta = ShiftCheck.darkness(image[nx, ny]) - center
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < lowest {
          lowest = delta
          lowestAt = (nx, ny)
        } else if delta > highest {
          highest = delta
          highestAt = (nx, ny)
        }
      }
    }
    guard lowest != 0, highest != 0 else { return false }
    return (flat(image, lowestAt) && flat(other, lowestAt))
      || (flat(image, highestAt) && flat(other, highestAt))
  }

  /// At least three neighbours identical to the pixel.
  private static func flat(_ image: Raster, _ at: (Int, Int)) -> Bool {
    let (x, y) = at
    guard x < image.width, y < image.height else { return false }
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let value = image[x, y]
    var same = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    for ny in y0...y2 {
      for nx in x0...x2 where (nx != x || ny != y) && image[nx, ny] == value {
        same += 1
        if same > 2 { return true }
      }
    }
    return false
  }
}
