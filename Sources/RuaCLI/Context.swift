/// Everything a command may read from or write to the outside world, injected so the whole
/// command line runs in-process in tests.
public struct Context: Sendable {
  public var environment: [String: String]
  /// Seconds since the Unix epoch, read once per invocation.
  public var now: Int64
  /// The local calendar date for `now`, as YYYY-MM-DD, read once per invocation.
  public var localToday: String
  public var standardOutput: @Sendable ([UInt8]) -> Void
  public var standardError: @Sendable ([UInt8]) -> Void
  public var standardErrorIsTerminal: Bool
  /// The folder relative paths are resolved against.
  public var workingDirectory: String
  /// All of standard input (`import -`); the tests hand in bytes.
  public var readStandardInput: @Sendable () throws(CLIError) -> [UInt8] = StandardInput.readAll
  /// `-q`/`--quiet`: progress and "wrote …" notes are left out; errors and data still appear.
  public var quiet = false

  public init(
    environment: [String: String], now: Int64, localToday: String,
    standardOutput: @escaping @Sendable ([UInt8]) -> Void,
    standardError: @escaping @Sendable ([UInt8]) -> Void,
    standardErrorIsTerminal: Bool = false, workingDirectory: String
  ) {
    self.environment = environment
    self.now = now
    self.localToday = localToday
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.standardErrorIsTerminal = standardErrorIsTerminal
    self.workingDirectory = workingDirectory
  }

  public func print(_ text: String) { standardOutput(Array((text + "\n").utf8)) }
  public func write(_ text: String) { standardOutput(Array(text.utf8)) }
  public func message(_ text: String) { standardError(Array(("rua-paper: " + text + "\n").utf8)) }
  /// A message that says what went well; `--quiet` leaves it out.
  public func note(_ text: String) { if !quiet { message(text) } }

  /// Resolves `path` against the working directory.
  public func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : workingDirectory + "/" + path
  }
}
