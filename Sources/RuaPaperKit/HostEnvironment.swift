// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// What the application may read from or write to the world around it, handed in by the shell
/// (the command line reads the clock, the environment and the streams once; a test makes one).
public struct HostEnvironment: Sendable {
  /// The variables a delivery consults (`CUPS_SERVER`, `RUA_TEST_PAUSE`, `RUA_TEMPLATES`).
  public var environment: [String: String]
  /// The moment the request started, read once.
  public var now: Instant
  /// The local calendar date of `now`.
  public var today: CivilDate
  /// The folder relative paths are resolved against.
  public var workingDirectory: String
  /// Where a delivery to standard output writes.
  public var standardOutput: @Sendable ([UInt8]) -> Void
  /// Why a write to standard output failed, or nil while every byte has arrived.
  public var standardOutputFailure: @Sendable () -> String?
  /// Things the user should know that are not results: a swept temporary, a store notice.
  public var notice: @Sendable (String) -> Void

  public init(
    environment: [String: String], now: Instant, today: CivilDate, workingDirectory: String,
    standardOutput: @escaping @Sendable ([UInt8]) -> Void = { _ in },
    standardOutputFailure: @escaping @Sendable () -> String? = { nil },
    notice: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.environment = environment
    self.now = now
    self.today = today
    self.workingDirectory = workingDirectory
    self.standardOutput = standardOutput
    self.standardOutputFailure = standardOutputFailure
    self.notice = notice
  }

  /// Resolves `path` against the working directory.
  public func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : workingDirectory + "/" + path
  }
}
