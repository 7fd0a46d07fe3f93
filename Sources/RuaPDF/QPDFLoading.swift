// SPDX-License-Identifier: Apache-2.0
internal import CLazyLibraries

/// libqpdf is loaded on its first use, not at start (CLazyLibraries): a sheet the finisher
/// reads itself never maps it (nor the GnuTLS and libjpeg it brings).
package enum QPDFLoading {
  /// Nil once libqpdf is loaded; else why it cannot be, naming the file and the package.
  package static var failure: String? {
    guard let reason = rua_lazy_load(RUA_LAZY_QPDF) else { return nil }
    return "\(String(cString: rua_lazy_file(RUA_LAZY_QPDF))) cannot be loaded"
      + " (\(String(cString: reason))): install libqpdf29 (scripts/setup)"
  }

  /// Whether libqpdf is mapped in this process.
  package static var isLoaded: Bool { rua_lazy_is_loaded(RUA_LAZY_QPDF) != 0 }
}
