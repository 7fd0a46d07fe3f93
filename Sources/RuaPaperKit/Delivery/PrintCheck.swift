// SPDX-License-Identifier: Apache-2.0
import RuaPrint

/// Checks a print destination before anything is rendered, so a batch with no usable printer
/// stops once with the reason instead of failing every document the same way.
enum PrintCheck {
  static func ready(
    _ printer: String?, _ host: HostEnvironment, allowStopped: Bool, timeoutSeconds: Int
  ) throws(PaperError) {
    do throws(PrintError) {
      _ = try CUPSPrinting.readyDestination(
        printer, server: host.environment["CUPS_SERVER"], allowStopped: allowStopped,
        timeoutSeconds: timeoutSeconds)
    } catch {
      throw PaperError(error.message + "; nothing was printed", kind: .unavailable)
    }
  }
}
