// SPDX-License-Identifier: Apache-2.0
public import RuaCore
public import RuaPaperKit
public import RuaStore

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
  /// All of standard input (`import -`); the tests hand in bytes.
  public var readStandardInput: @Sendable () throws(PaperError) -> [UInt8] = StandardInput.readAll
  /// True when standard input is a terminal: `patient remove` asks there before it removes,
  /// and `edit` opens the editor there.
  public var standardInputIsTerminal = false
  /// One line typed on standard input (an answer), without its line break; nil at its end.
  public var readAnswer: @Sendable () -> String? = { nil }
  /// `-q`/`--quiet`: progress and "wrote …" notes are left out; errors and data still appear.
  public var quiet = false
  /// `--page-timeout` ends the process at the deadline (`PageWatchdog`): only the real process
  /// arms it, never a test running commands in-process.
  public var watchesPages = false
  /// The deliveries in flight: the process's own (`SignalGuard`) unless a test hands in another.
  public var ledger: DeliveryLedger = SignalGuard.shared.ledger

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

  /// What the application may use of this context: the clock, environment and stdout; its
  /// notices become `rua-paper: …` lines on stderr.
  public var host: HostEnvironment {
    let standardError = self.standardError
    return HostEnvironment(
      environment: environment, now: now, today: today, workingDirectory: workingDirectory,
      standardOutput: standardOutput, standardOutputFailure: standardOutputFailure,
      notice: { text in standardError(Self.messageLine(text)) })
  }

  /// A session over the store at `location`, delivering through this context's ledger.
  public func session(_ location: StoreLocation, closingAbandoned: Bool = false)
    throws(PaperError) -> Session
  {
    try Session.open(location, host: host, ledger: ledger, closingAbandoned: closingAbandoned)
  }

  public func print(_ text: String) { standardOutput(Array((text + "\n").utf8)) }
  public func write(_ text: String) { standardOutput(Array(text.utf8)) }
  public func message(_ text: String) { standardError(Self.messageLine(text)) }

  /// `rua-paper: text` and a line break, with every control and direction character in `text`
  /// escaped (its own line breaks kept), so quoted names cannot drive the terminal.
  static func messageLine(_ text: String) -> [UInt8] {
    Array(("rua-paper: " + VisibleText.escapedLines(text) + "\n").utf8)
  }
  /// A message that says what went well; `--quiet` leaves it out.
  public func note(_ text: String) { if !quiet { message(text) } }

  /// Resolves `path` against the working directory.
  public func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : workingDirectory + "/" + path
  }
}
