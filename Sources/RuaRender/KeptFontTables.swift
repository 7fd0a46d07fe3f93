// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import Glibc

/// The `cmap` table of each kept face (`KeptFontFaces`), read from FreeType once.
///
/// Why: for every new glyph of a font subset, cairo 1.16's TrueType subsetter finds the glyph's
/// Unicode value by loading the font's whole format-4 `cmap` subtable again
/// (`_cairo_truetype_reverse_cmap`, through `FT_Load_Sfnt_Table`): about 880 loads an ER sheet,
/// each a lookup in the face's table directory and a stream read. The definition below is found
/// before FreeType's, as `FreeTypeFaceLock`'s are. A read of a kept face's `cmap` that lies
/// inside the table is copied from the bytes FreeType gave the first time; every other call
/// (another table, another face, a size query, a read past the table's end) goes to FreeType,
/// so every answer is FreeType's own. A kept face is never freed, so its address never names
/// another face; the tables are bounded by the kept faces and live as long as they do.
enum KeptFontTables {
  static let cmapTag: FT_ULong = 0x636d_6170

  typealias Load =
    @convention(c) (
      FT_Face?, FT_ULong, FT_Long, UnsafeMutablePointer<FT_Byte>?, UnsafeMutablePointer<FT_ULong>?
    ) -> FT_Error

  /// FreeType's own definition, the next after this executable's.
  nonisolated(unsafe) static let freetype = unsafeBitCast(
    FreeTypeFaceLock.lookup("FT_Load_Sfnt_Table"), to: Load.self)

  static let lock = PthreadLock()
  /// Each kept face read so far and its `cmap` (never freed, as the face is not).
  nonisolated(unsafe) static var tables: [(face: FT_Face, table: UnsafeBufferPointer<FT_Byte>)] =
    []

  /// How many faces' tables are held: what a test reads.
  static var count: Int { lock.withLock { tables.count } }

  /// The kept face's `cmap`, read on first use; nil for a face that is not kept or a table
  /// FreeType does not give.
  static func cmap(_ face: FT_Face) -> UnsafeBufferPointer<FT_Byte>? {
    let known = lock.withLock { () -> UnsafeBufferPointer<FT_Byte>? in
      for entry in tables where entry.face == face { return entry.table }
      return nil
    }
    if let known { return known }
    let kept = KeptFontFaces.lock.withLock { KeptFontFaces.faces.values.contains(face) }
    guard kept else { return nil }
    var size: FT_ULong = 0
    guard freetype(face, cmapTag, 0, nil, &size) == 0, size > 0 else { return nil }
    let bytes = UnsafeMutableBufferPointer<FT_Byte>.allocate(capacity: Int(size))
    var length = size
    guard freetype(face, cmapTag, 0, bytes.baseAddress, &length) == 0 else {
      bytes.deallocate()
      return nil
    }
    return lock.withLock {
      // Another thread may have read it meanwhile (cairo locks a face only while it uses it).
      for entry in tables where entry.face == face {
        bytes.deallocate()
        return entry.table
      }
      tables.append((face, UnsafeBufferPointer(bytes)))
      return UnsafeBufferPointer(bytes)
    }
  }
}

// FreeType's types in the C signature (`FT_Face`, `FT_ULong`, `FT_Long`, `FT_Byte *`,
// `FT_ULong *`, `FT_Error`), spelled as Swift's own: the C module is imported internally.
@_cdecl("FT_Load_Sfnt_Table")
public func ruaFTLoadSfntTable(
  _ face: UnsafeMutableRawPointer?, _ tag: UInt, _ offset: Int,
  _ buffer: UnsafeMutablePointer<UInt8>?, _ length: UnsafeMutablePointer<UInt>?
) -> Int32 {
  let face = face?.assumingMemoryBound(to: FT_FaceRec.self)
  if tag == KeptFontTables.cmapTag, let face, let buffer, let length, offset >= 0,
    length.pointee > 0, let table = KeptFontTables.cmap(face), let start = table.baseAddress,
    UInt(offset) <= UInt(table.count), length.pointee <= UInt(table.count) - UInt(offset)
  {
    buffer.update(from: start + offset, count: Int(length.pointee))
    return 0
  }
  return KeptFontTables.freetype(face, tag, offset, buffer, length)
}
