// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import Glibc

/// Every font Pango asks cairo for is made from a FreeType face this process opened once and
/// keeps open (a cairo "from face" font), never from a file cairo opens and closes itself.
///
/// Why: cairo 1.16 keeps at most ten faces it opened from files open (`MAX_OPEN_FACES`). When
/// it needs an eleventh, it closes a random face whose lock count reads zero, and it reads that
/// count without the face's own mutex. So it can free a face that another thread has just
/// locked and is loading a glyph from. The crash is a SIGSEGV inside cairo's glyph code, which
/// reads `face->glyph` of a freed face; CI hit it on 2026-12-03. The ten pinned copies are
/// exactly ten files, so an eleventh is opened by any fallback font (a script the copies lack,
/// a style they lack) or by a second templates folder in the process. Cairo never counts or
/// closes a face it was handed, so with every face handed over, that race has nothing to close.
///
/// Pango makes its cairo fonts with `cairo_ft_font_face_create_for_pattern`, passing the
/// pattern fontconfig matched (file and index). The definition below is found before cairo's,
/// as `FreeTypeFaceLock`'s are. It adds the kept face to a copy of that pattern (`FC_FT_FACE`)
/// and calls cairo's own, which then reads every option from the pattern as before, so the
/// bytes do not change (the goldens).
///
/// At most one face is kept per font file and index, so the number is bounded by the
/// configured font folders. Each holds a memory map of its file, not a copy.
///
/// Every call of cairo's own is made under `creating`: cairo 1.16 keeps one list of font faces
/// per face (`unscaled->faces`), looks in it for one with equal options and adds a new one at
/// its head without a lock (`_cairo_ft_font_face_create`). Two workers asking for the same
/// font at once could both miss and both add one, and a worker then held two font faces for
/// one face (Pango makes a cairo font face per size): a PDF embeds a subset per font face, so
/// a `--jobs 2` batch embedded Noto Sans Bold twice in about half its documents
/// (docs/performance.md, "det14").
public enum KeptFontFaces {
  /// How many distinct faces are kept: a test asserts it passes ten, past cairo's limit.
  public static var count: Int {
    lock.withLock { faces.count }
  }

  /// Whether Pango's call resolves to the definition here.
  public static var isInstalled: Bool {
    guard let resolved = dlsym(nil, "cairo_ft_font_face_create_for_pattern") else { return false }
    return resolved != unsafeBitCast(cairoCreate, to: UnsafeMutableRawPointer.self)
  }

  typealias CreateForPattern = @convention(c) (OpaquePointer?) -> OpaquePointer?

  /// Cairo's own definition, the next after this executable's.
  nonisolated(unsafe) static let cairoCreate = unsafeBitCast(
    FreeTypeFaceLock.lookup("cairo_ft_font_face_create_for_pattern"), to: CreateForPattern.self)

  static let lock = PthreadLock()
  /// Held around cairo's `cairo_ft_font_face_create_for_pattern`, so no two threads walk and
  /// add to one face's font-face list at once.
  static let creating = PthreadLock()
  nonisolated(unsafe) static var faces: [FaceKey: FT_Face] = [:]
  /// The kept faces' own library: its faces are never freed, so it is never done either.
  nonisolated(unsafe) static var library: FT_Library?

  struct FaceKey: Hashable {
    let file: [UInt8]
    let index: Int32
  }

  /// The kept face for the pattern's file and index, opened on first use; nil when the pattern
  /// names no file or FreeType cannot open it (cairo is then left to do as it would).
  static func face(for pattern: OpaquePointer) -> FT_Face? {
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else {
      return nil
    }
    var index: Int32 = 0
    if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
    let key = FaceKey(
      file: Array(UnsafeBufferPointer(start: file, count: strlen(UnsafeRawPointer(file)))),
      index: index)
    return lock.withLock {
      if let kept = faces[key] { return kept }
      if library == nil {
        var made: FT_Library?
        guard FT_Init_FreeType(&made) == 0 else { return nil }
        library = made
      }
      var face: FT_Face?
      let opened = UnsafeRawPointer(file).withMemoryRebound(to: CChar.self, capacity: 1) {
        FT_New_Face(library, $0, FT_Long(index), &face)
      }
      guard opened == 0, let face else { return nil }
      faces[key] = face
      return face
    }
  }
}

/// A plain pthread mutex: usable from inside a C callback on any thread, never re-entered.
final class PthreadLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
  }()

  func withLock<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}

@_cdecl("cairo_ft_font_face_create_for_pattern")
public func ruaCairoFontFaceForPattern(_ pattern: OpaquePointer?) -> OpaquePointer? {
  // A pattern that already carries a face (none of Pango's do) keeps its own, and no face of
  // ours is opened for it.
  var present: FT_Face?
  guard let pattern, FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &present) != FcResultMatch,
    let face = KeptFontFaces.face(for: pattern), let copy = FcPatternDuplicate(pattern)
  else { return KeptFontFaces.creating.withLock { KeptFontFaces.cairoCreate(pattern) } }
  defer { FcPatternDestroy(copy) }
  let handed = FcPatternAddFTFace(copy, FC_FT_FACE, face) != 0
  return KeptFontFaces.creating.withLock { KeptFontFaces.cairoCreate(handed ? copy : pattern) }
}
