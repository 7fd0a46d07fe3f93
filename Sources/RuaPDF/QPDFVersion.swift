// SPDX-License-Identifier: Apache-2.0
internal import CQPDF

/// The libqpdf this process runs with, for `version` and bug reports.
package enum QPDFVersion {
  package static var string: String {
    if let reason = QPDFLoading.failure { return "not loaded: \(reason)" }
    return String(cString: qpdf_get_qpdf_version())
  }
}
