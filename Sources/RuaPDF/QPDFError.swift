// SPDX-License-Identifier: Apache-2.0
/// libqpdf failed during `step` ("reading", "editing", "writing"); `message` is qpdf's own text.
package struct QPDFError: Error, Equatable, Sendable {
  package let step: String
  package let message: String

  package init(step: String, message: String) {
    self.step = step
    self.message = message
  }
}
