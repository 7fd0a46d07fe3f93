// SPDX-License-Identifier: Apache-2.0
internal import Glibc
import Synchronization

/// Serialises the FreeType calls that create and free faces, process-wide.
///
/// FreeType's rule (`FT_Library`, since 2.5.6): a library shared by threads needs a mutex
/// around `FT_New_Face` and `FT_Done_Face`; they add and remove the face in the library's
/// driver list, and two at once corrupt it. Two libraries in this process share one
/// `FT_Library` across threads and break that rule, and neither can be handed a library of
/// ours:
///
/// - cairo 1.16's FreeType backend opens every face Pango asks for on its one process-wide
///   library (`_cairo_ft_unscaled_font_map`), calling `FT_New_Face` after it has let go of the
///   font map's mutex, holding only that font's own; it frees faces (`FT_Done_Face`) under the
///   font map's mutex. Two renderers on two threads, each with its own font map, still reach
///   the same cairo font for the same file: one opens a face while the other opens another or
///   frees one, on the same list.
/// - poppler's cairo output device keeps one static `FT_Library` for every document
///   (`CairoOutputDev::ft_lib`) and frees a face when cairo drops its font face: that is when
///   cairo evicts the last scaled font using it from its global cache, on whatever thread
///   happened to create or drop a scaled font then, often a Pango renderer's, outside
///   `PopplerLock`.
///
/// So the four calls that create or free a face are defined here, under their own names: the
/// executable's definitions come first in the dynamic linker's search, so cairo's, poppler's
/// and fontconfig's calls reach these, which take one recursive mutex and call FreeType's own
/// (`dlsym(RTLD_NEXT)`). Opening and freeing faces is rare (once per font file, and when a
/// cache lets one go); loading and drawing glyphs, the hot path, is not serialised here
/// (cairo locks each face for that). Measured in docs/architecture.md, "Threads".
public enum FreeTypeFaceLock {
  /// How many face creations and frees went through the lock: a test asserts it moves, which
  /// proves these definitions are the ones the libraries call.
  public static var calls: Int { counter.load(ordering: .relaxed) }

  /// Whether the process resolves `FT_New_Face` to the definition here (false when this
  /// module is not in the executable and a library would call FreeType directly).
  public static var isInstalled: Bool {
    // RTLD_DEFAULT (nil in glibc): what a library's call resolves to; FreeType's own is next.
    guard let resolved = dlsym(nil, "FT_New_Face") else { return false }
    return resolved != lookup("FT_New_Face")
  }

  /// How many of them found another thread inside one already: each is a moment when,
  /// without the lock, two threads would have changed one library's face list at once.
  public static var contended: Int { contention.load(ordering: .relaxed) }

  static let counter = Atomic<Int>(0)
  static let contention = Atomic<Int>(0)

  /// A recursive mutex: FreeType's `FT_New_Face` calls `FT_Open_Face` through its own exported
  /// name, so the lock may be taken again on the same thread.
  nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    return mutex
  }()

  static func locked<T>(_ body: () -> T) -> T {
    // EBUSY: another thread holds it (the mutex is recursive, so not this one).
    if pthread_mutex_trylock(mutex) != 0 {
      contention.add(1, ordering: .relaxed)
      pthread_mutex_lock(mutex)
    }
    defer { pthread_mutex_unlock(mutex) }
    counter.add(1, ordering: .relaxed)
    return body()
  }

  /// FreeType's own definition of `name`: the next one after this executable's.
  static func lookup(_ name: String) -> UnsafeMutableRawPointer {
    // RTLD_NEXT is ((void *) -1) in glibc; Swift does not import the macro.
    guard let found = dlsym(UnsafeMutableRawPointer(bitPattern: -1), name) else {
      fatalError("FreeType's \(name) is not loaded")
    }
    return found
  }

  typealias NewFace =
    @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafeMutableRawPointer?) -> Int32
  typealias NewMemoryFace =
    @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, Int, UnsafeMutableRawPointer?) -> Int32
  typealias OpenFace =
    @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32
  typealias DoneFace = @convention(c) (UnsafeMutableRawPointer?) -> Int32

  nonisolated(unsafe) static let newFace = unsafeBitCast(lookup("FT_New_Face"), to: NewFace.self)
  nonisolated(unsafe) static let newMemoryFace = unsafeBitCast(
    lookup("FT_New_Memory_Face"), to: NewMemoryFace.self)
  nonisolated(unsafe) static let openFace = unsafeBitCast(
    lookup("FT_Open_Face"), to: OpenFace.self)
  nonisolated(unsafe) static let doneFace = unsafeBitCast(
    lookup("FT_Done_Face"), to: DoneFace.self)
}

@_cdecl("FT_New_Face")
public func ruaFTNewFace(
  _ library: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ index: Int,
  _ face: UnsafeMutableRawPointer?
) -> Int32 {
  FreeTypeFaceLock.locked { FreeTypeFaceLock.newFace(library, path, index, face) }
}

@_cdecl("FT_New_Memory_Face")
public func ruaFTNewMemoryFace(
  _ library: OpaquePointer?, _ base: UnsafeRawPointer?, _ size: Int, _ index: Int,
  _ face: UnsafeMutableRawPointer?
) -> Int32 {
  FreeTypeFaceLock.locked { FreeTypeFaceLock.newMemoryFace(library, base, size, index, face) }
}

@_cdecl("FT_Open_Face")
public func ruaFTOpenFace(
  _ library: OpaquePointer?, _ arguments: UnsafeRawPointer?, _ index: Int,
  _ face: UnsafeMutableRawPointer?
) -> Int32 {
  FreeTypeFaceLock.locked { FreeTypeFaceLock.openFace(library, arguments, index, face) }
}

@_cdecl("FT_Done_Face")
public func ruaFTDoneFace(_ face: UnsafeMutableRawPointer?) -> Int32 {
  FreeTypeFaceLock.locked { FreeTypeFaceLock.doneFace(face) }
}
