// SPDX-License-Identifier: Apache-2.0
/// One rendered page: premultiplied ARGB32 pixels as cairo stores them.
///
/// Each pixel is one native-endian 32-bit word `0xAARRGGBB` (bytes B, G, R, A on x86-64).
/// Rows are packed: row `y` starts at `pixels[y * width]`, so the stride is `width * 4` bytes.
public struct Raster: Sendable, Equatable {
  public let width: Int
  public let height: Int
  public var pixels: [UInt32]

  /// Bytes per row of the pixel buffer.
  public var stride: Int { width * 4 }

  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height, "raster size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A raster filled with one colour.
  public init(width: Int, height: Int, filledWith pixel: UInt32) {
    self.init(
      width: width, height: height, pixels: [UInt32](repeating: pixel, count: width * height))
  }

  /// Opaque white, the page background.
  public static let white: UInt32 = 0xFFFF_FFFF

  public subscript(x: Int, y: Int) -> UInt32 {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }

  /// An opaque pixel from 8-bit channels.
  public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt32 {
    0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
  }

  /// The (alpha, red, green, blue) channels of a pixel word.
  public static func channels(_ pixel: UInt32) -> (a: UInt8, r: UInt8, g: UInt8, b: UInt8) {
    (UInt8(pixel >> 24), UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel & 0xFF))
  }
}
