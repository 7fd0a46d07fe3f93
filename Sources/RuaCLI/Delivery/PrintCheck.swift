import RuaPrint

/// Checks a print destination before anything is rendered, so a batch with no usable printer
/// stops once with the reason instead of failing every document the same way.
enum PrintCheck {
  static func ready(_ printer: String?, _ context: Context, allowStopped: Bool) throws(CLIError) {
    do throws(PrintError) {
      _ = try CUPSPrinting.readyDestination(
        printer, server: context.environment["CUPS_SERVER"], allowStopped: allowStopped)
    } catch {
      throw CLIError(error.message + "; nothing was printed", code: .unavailable)
    }
  }
}
