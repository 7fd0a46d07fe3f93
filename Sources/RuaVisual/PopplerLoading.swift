// SPDX-License-Identifier: Apache-2.0
internal import CLazyLibraries

/// poppler-glib is loaded on its first use, not at start (CLazyLibraries): this loads it before
/// a document is opened, so a missing library is an error naming it, not a failed start of
/// every command.
public enum PopplerLoading {
  public static func require() throws(VisualError) {
    if let reason = rua_lazy_load(RUA_LAZY_POPPLER_GLIB) {
      throw VisualError(.missingLibrary, message(reason: String(cString: reason)))
    }
  }

  static func message(reason: String) -> String {
    "\(String(cString: rua_lazy_file(RUA_LAZY_POPPLER_GLIB))) cannot be loaded (\(reason)); diff, rasterize, "
      + "snapshot and the PDF checks read PDFs with it: install libpoppler-glib8 (scripts/setup)"
  }

  /// Whether poppler-glib is mapped in this process.
  public static var isLoaded: Bool { rua_lazy_is_loaded(RUA_LAZY_POPPLER_GLIB) != 0 }
}
