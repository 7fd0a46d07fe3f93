// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import Glibc
import Synchronization

/// Pango's font matching runs on the thread that asks for it, not on a thread made for it.
///
/// Pango 1.50 starts a new thread for every fontconfig match and every sort of a font pattern
/// (`[pango] FcFontSetMatch`, `[pango] FcFontSetSort`), and the asking thread then waits on a
/// condition until that thread is done. A cold ER sheet made 159 threads, 133 of them these,
/// each with its 8 MiB stack mapped and unmapped. Pango never does anything meanwhile, so
/// running the function on the asking thread gives the same result (the goldens) with two
/// threads instead of 159. It is the same work on another thread, so callgrind sees no change;
/// the gain is the kernel's thread start and exit and the hand-over wake-ups.
///
/// The executable defines `g_thread_new`, found before GLib's as `FreeTypeFaceLock`'s calls
/// are. A thread with one of those two names runs its function at once, and the call returns
/// the caller's own `GThread` with a new reference: Pango only unrefs what it gets. Every
/// other thread, including Pango's `[pango] FcInit`, which waits on a lock its caller holds,
/// goes to GLib unchanged.
public enum InlinePangoMatching {
  /// The names of the threads whose work runs inline.
  static let inlineNames: [[UInt8]] = ["[pango] FcFontSetMatch", "[pango] FcFontSetSort"].map {
    Array($0.utf8)
  }

  /// How many thread functions ran on their caller's thread: a test asserts it moves.
  public static var ranInline: Int { counter.load(ordering: .relaxed) }
  static let counter = Atomic<Int>(0)

  typealias ThreadFunction = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
  typealias ThreadNew =
    @convention(c) (UnsafePointer<CChar>?, ThreadFunction?, UnsafeMutableRawPointer?) ->
    OpaquePointer?

  /// GLib's own `g_thread_new`.
  nonisolated(unsafe) static let glibThreadNew = unsafeBitCast(
    FreeTypeFaceLock.lookup("g_thread_new"), to: ThreadNew.self)

  static func runsInline(_ name: UnsafePointer<CChar>?) -> Bool {
    guard let name else { return false }
    let bytes = UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self)
    let length = strlen(name)
    return inlineNames.contains { wanted in
      wanted.count == length
        && wanted.elementsEqual(UnsafeBufferPointer(start: bytes, count: length))
    }
  }
}

@_cdecl("g_thread_new")
public func ruaGThreadNew(
  _ name: UnsafePointer<CChar>?,
  _ function: (@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?)?,
  _ data: UnsafeMutableRawPointer?
) -> OpaquePointer? {
  guard let function, InlinePangoMatching.runsInline(name) else {
    return InlinePangoMatching.glibThreadNew(name, function, data)
  }
  _ = function(data)
  InlinePangoMatching.counter.add(1, ordering: .relaxed)
  return OpaquePointer(g_thread_ref(g_thread_self()))
}
