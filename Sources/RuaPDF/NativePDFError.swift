// SPDX-License-Identifier: Apache-2.0
/// `NativePDF` met something it does not read, or a limit it keeps; the finisher then uses
/// libqpdf. `step` is said as `QPDFError`'s is, so a caller reports either the same way.
package struct NativePDFError: Error, Equatable, Sendable {
  package enum Step: String, Sendable {
    case reading, editing, writing
    case decoding = "decoding a content stream"
  }

  package let stage: Step
  package let message: String
  package var step: String { stage.rawValue }

  static func reading(_ message: String) -> NativePDFError {
    NativePDFError(stage: .reading, message: message)
  }
}
