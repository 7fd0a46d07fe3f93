// SPDX-License-Identifier: Apache-2.0
internal import CLazyLibraries

/// libcups is loaded on its first use, not at start (CLazyLibraries): this loads it before a
/// connection is made, so a missing library is a print error naming it.
public enum CUPSLoading {
  static func require() throws(PrintError) {
    guard let reason = rua_lazy_load(RUA_LAZY_CUPS) else { return }
    throw .missingLibrary(
      file: String(cString: rua_lazy_file(RUA_LAZY_CUPS)), reason: String(cString: reason))
  }

  /// Whether libcups is mapped in this process.
  public static var isLoaded: Bool { rua_lazy_is_loaded(RUA_LAZY_CUPS) != 0 }
}
