// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import Glibc

/// The tables of each kept face (`KeptFontFaces`), each read from FreeType once.
///
/// Why: for every new glyph of a font subset, cairo 1.16's TrueType subsetter finds the glyph's
/// Unicode value by loading the font's whole format-4 `cmap` subtable again
/// (`_cairo_truetype_reverse_cmap`), and reads the glyph's `hmtx` entry and `glyf` outline, and
/// every subset reads `head`, `hhea`, `maxp`, `loca`, `name`…, each through
/// `FT_Load_Sfnt_Table`: about 900 loads an ER sheet, each a lookup in the face's table
/// directory and a stream read. The definition below is found before FreeType's, as
/// `FreeTypeFaceLock`'s are. A read inside a table of a kept face is copied from the bytes
/// FreeType gave the first time; every other call (the whole file, another face, a size
/// query, a read past the table's end, a table over `largest`: `glyf`, read in small pieces,
/// and a CJK face's 14 MB `CFF `) goes to FreeType, so every answer is FreeType's own. A kept
/// face is never freed, so its address never names another face; the tables are bounded by the
/// kept faces and their tables and live as long as they do.
enum KeptFontTables {
  static let cmapTag: FT_ULong = 0x636d_6170
  /// Larger tables are read from FreeType at every call, not held: copying a face's whole
  /// `glyf` once cost a cold sheet more (+0.5 M instructions) than its pieces do.
  static let largest: FT_ULong = 64 << 10

  typealias Load =
    @convention(c) (
      FT_Face?, FT_ULong, FT_Long, UnsafeMutablePointer<FT_Byte>?, UnsafeMutablePointer<FT_ULong>?
    ) -> FT_Error

  /// FreeType's own definition, the next after this executable's.
  nonisolated(unsafe) static let freetype = unsafeBitCast(
    FreeTypeFaceLock.lookup("FT_Load_Sfnt_Table"), to: Load.self)

  /// One table asked for: its bytes, or nil when it is not held (missing, too large, or the
  /// face is not kept).
  struct Table {
    let face: FT_Face
    let tag: FT_ULong
    let bytes: UnsafeBufferPointer<FT_Byte>?
  }

  static let lock = PthreadLock()
  /// Every face and tag asked for so far, held or not (never freed, as the faces are not).
  nonisolated(unsafe) static var tables: [Table] = []

  /// How many tables are held: what a test reads.
  static var count: Int { lock.withLock { tables.count { $0.bytes != nil } } }

  /// The kept face's table, read on first use; nil for a face that is not kept, or a table
  /// FreeType does not give or that is larger than `largest`.
  static func table(_ face: FT_Face, _ tag: FT_ULong) -> UnsafeBufferPointer<FT_Byte>? {
    let known = lock.withLock { () -> Table? in
      for entry in tables where entry.face == face && entry.tag == tag { return entry }
      return nil
    }
    if let known { return known.bytes }
    let read = self.read(face, tag)
    return lock.withLock {
      // Another thread may have read it meanwhile (cairo locks a face only while it uses it).
      for entry in tables where entry.face == face && entry.tag == tag {
        if let read { UnsafeMutableBufferPointer(mutating: read).deallocate() }
        return entry.bytes
      }
      tables.append(Table(face: face, tag: tag, bytes: read))
      return read
    }
  }

  private static func read(_ face: FT_Face, _ tag: FT_ULong) -> UnsafeBufferPointer<FT_Byte>? {
    let kept = KeptFontFaces.lock.withLock { KeptFontFaces.faces.values.contains(face) }
    guard kept else { return nil }
    var size: FT_ULong = 0
    guard freetype(face, tag, 0, nil, &size) == 0, size > 0, size <= largest else { return nil }
    let bytes = UnsafeMutableBufferPointer<FT_Byte>.allocate(capacity: Int(size))
    var length = size
    guard freetype(face, tag, 0, bytes.baseAddress, &length) == 0 else {
      bytes.deallocate()
      return nil
    }
    return UnsafeBufferPointer(bytes)
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
  if tag != 0, let face, let buffer, let length, offset >= 0, length.pointee > 0,
    let table = KeptFontTables.table(face, tag), let start = table.baseAddress,
    UInt(offset) <= UInt(table.count), length.pointee <= UInt(table.count) - UInt(offset)
  {
    buffer.update(from: start + offset, count: Int(length.pointee))
    return 0
  }
  return KeptFontTables.freetype(face, tag, offset, buffer, length)
}
