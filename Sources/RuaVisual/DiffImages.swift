// SPDX-License-Identifier: Apache-2.0
/// The pictures written for a differing page.
public enum DiffImages {
  /// Differing pixels in red over a faded copy of `reference`; masked areas tinted blue;
  /// pixels that do not count (anti-aliasing, a move within --max-shift) yellow; `frames`
  /// (the counted regions) outlined in orange.
  public static func highlight(
    reference: Raster, comparison: PixelComparison, frames: [PixelRect] = []
  ) -> Raster {
    var image = Raster(width: comparison.width, height: comparison.height, filledWith: Raster.white)
    // Row by row through buffer pointers: this runs over every pixel of every differing page.
    let rows = min(image.height, reference.height)
    let columns = min(image.width, reference.width)
    reference.pixels.withUnsafeBufferPointer { source in
      image.pixels.withUnsafeMutableBufferPointer { target in
        for y in 0..<rows {
          let from = y * reference.width
          let to = y * image.width
          for x in 0..<columns { target[to + x] = faded(source[from + x]) }
        }
      }
    }
    for mask in comparison.masks {
      let (x0, x1) = (max(0, mask.x), min(image.width, mask.x + mask.width))
      let (y0, y1) = (max(0, mask.y), min(image.height, mask.y + mask.height))
      guard x1 > x0, y1 > y0 else { continue }
      for y in y0..<y1 {
        for x in x0..<x1 { image[x, y] = tintBlue(image[x, y]) }
      }
    }
    if let classes = comparison.classes {
      for index in classes.indices {
        if classes[index] == 1 {
          image.pixels[index] = red
        } else if classes[index] == 3 {
          image.pixels[index] = yellow
        }
      }
    }
    for frame in frames { outline(&image, frame) }
    return image
  }

  /// A 2-pixel orange frame just outside `rect`, clipped to the image.
  static func outline(_ image: inout Raster, _ rect: PixelRect) {
    let x0 = rect.x - 3
    let y0 = rect.y - 3
    let x1 = rect.x + rect.width + 2
    let y1 = rect.y + rect.height + 2
    for y in max(0, y0)...max(0, min(image.height - 1, y1)) {
      for x in max(0, x0)...max(0, min(image.width - 1, x1)) {
        let edge = x - x0 < 2 || x1 - x < 2 || y - y0 < 2 || y1 - y < 2
        if edge { image[x, y] = orange }
      }
    }
  }

  /// Grey gutters between the panels of `sideBySide`, in pixels.
  static let gutter = 8

  /// `sideBySide(a, b, diff)` as PNG bytes: each row is put together in a one-row buffer as
  /// it is encoded, so the 3-page canvas (25 MB at 150 dpi) is never made.
  public static func sideBySidePNG(_ a: Raster, _ b: Raster, _ diff: Raster)
    throws(VisualError) -> [UInt8]
  {
    let panels = [a, b, diff]
    let width = panels.reduce(0) { $0 + $1.width } + gutter * (panels.count - 1)
    let height = panels.map(\.height).max() ?? 1
    return try FastPNG.encode(
      width: width, height: height, whole: { sideBySide(a, b, diff) }
    ) { y, row in
      row.update(repeating: grey)
      var offset = 0
      for panel in panels {
        if y < panel.height {
          panel.pixels.withUnsafeBufferPointer { pixels in
            let start = y * panel.width
            _ = UnsafeMutableBufferPointer(rebasing: row[offset..<(offset + panel.width)])
              .update(fromContentsOf: pixels[start..<(start + panel.width)])
          }
        }
        offset += panel.width + gutter
      }
      return UnsafeBufferPointer(row)
    }
  }

  /// `a | b | diff` on one canvas, separated by grey gutters.
  public static func sideBySide(_ a: Raster, _ b: Raster, _ diff: Raster) -> Raster {
    let panels = [a, b, diff]
    let width = panels.reduce(0) { $0 + $1.width } + gutter * (panels.count - 1)
    let height = panels.map(\.height).max() ?? 1
    var image = Raster(width: width, height: height, filledWith: grey)
    var offset = 0
    for panel in panels {
      for y in 0..<panel.height {
        let source = y * panel.width
        let target = y * width + offset
        image.pixels.replaceSubrange(
          target..<target + panel.width, with: panel.pixels[source..<source + panel.width])
      }
      offset += panel.width + gutter
    }
    return image
  }

  static let red = Raster.rgb(230, 0, 0)
  static let grey = Raster.rgb(160, 160, 160)
  static let yellow = Raster.rgb(250, 200, 0)
  static let orange = Raster.rgb(255, 120, 0)

  /// A reference pixel as a light grey: a quarter of its darkness over white (outside the
  /// reference, the canvas stays white).
  @inline(__always)
  private static func faded(_ pixel: UInt32) -> UInt32 {
    let (alpha, r, g, b) = Raster.channels(pixel)
    // Premultiplied over white: the colour shown is channel + (255 - alpha).
    let background = 255 - Int(alpha)
    let luma = (Int(r) * 299 + Int(g) * 587 + Int(b) * 114) / 1000 + background
    let level = UInt8(255 - (255 - min(255, luma)) / 4)
    return Raster.rgb(level, level, level)
  }

  private static func tintBlue(_ pixel: UInt32) -> UInt32 {
    let (_, r, g, b) = Raster.channels(pixel)
    return Raster.rgb(r / 4 * 3, g / 8 * 7, b)
  }
}
