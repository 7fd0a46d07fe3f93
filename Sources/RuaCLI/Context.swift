import RuaCore

/// Everything a command may read from or write to the outside world, injected so the whole
/// command line runs in-process in tests.
public struct Context: Sendable {
  public var environment: [String: String]
  /// The moment the command started, read once per invocation.
  public var now: Instant
  /// The local calendar date of `now` (the time zone is read once, here), which runways and
  /// ages are counted from unless a command is told another date.
  public var today: CivilDate
  public var standardOutput: @Sendable ([UInt8]) -> Void
  public var standardError: @Sendable ([UInt8]) -> Void
  public var standardErrorIsTerminal: Bool
  /// True when standard output is a terminal (a PDF is never written there).
  public var standardOutputIsTerminal: Bool
  /// Why a write to standard output failed (EPIPE, ENOSPC on /dev/full …), or nil while every
  /// byte has arrived. Checked before a delivery to stdout is logged as completed and before
  /// the command exits.
  public var standardOutputFailure: @Sendable () -> String?
  /// The folder relative paths are resolved against.
  public var workingDirectory: String

  public init(
    environment: [String: String], now: Instant, today: CivilDate,
    standardOutput: @escaping @Sendable ([UInt8]) -> Void,
    standardError: @escaping @Sendable ([UInt8]) -> Void,
    standardErrorIsTerminal: Bool = false, standardOutputIsTerminal: Bool = false,
    standardOutputFailure: @escaping @Sendable () -> String? = { nil }, workingDirectory: String
  ) {
    self.environment = environment
    self.now = now
    self.today = today
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.standardErrorIsTerminal = standardErrorIsTerminal
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardOutputFailure = standardOutputFailure
    self.workingDirectory = workingDirectory
  }

  public func print(_ text: String) { standardOutput(Array((text + "\n").utf8)) }
  public func write(_ text: String) { standardOutput(Array(text.utf8)) }
  public func message(_ text: String) { standardError(Array(("rua-paper: " + text + "\n").utf8)) }

  /// Resolves `path` against the working directory.
  public func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : workingDirectory + "/" + path
  }
}
