// SPDX-License-Identifier: Apache-2.0
public import RuaPaperKit

/// Process exit codes, following sysexits(3), plus 1 for "differences found".
public struct ExitCode: RawRepresentable, Hashable, Sendable {
  public let rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  public static let success = ExitCode(rawValue: 0)
  /// Differences found (`diff`, `log verify`, `content check`).
  public static let failure = ExitCode(rawValue: 1)
  public static let usage = ExitCode(rawValue: 64)
  public static let dataError = ExitCode(rawValue: 65)
  public static let noInput = ExitCode(rawValue: 66)
  public static let unavailable = ExitCode(rawValue: 69)
  public static let software = ExitCode(rawValue: 70)
  public static let cannotCreate = ExitCode(rawValue: 73)
  public static let ioError = ExitCode(rawValue: 74)
  public static let temporaryFailure = ExitCode(rawValue: 75)
  public static let permission = ExitCode(rawValue: 77)
  public static let interrupted = ExitCode(rawValue: 130)
  public static let terminated = ExitCode(rawValue: 143)
}

/// The one table from the application's errors to exit codes (sysexits(3)): the library says
/// what kind of trouble it is, the command line decides what a shell sees.
public enum ExitStatus {
  public static func code(for error: PaperError) -> ExitCode {
    switch error.kind {
    case .invalidRequest: return .usage
    case .invalidData: return .dataError
    case .notFound: return .noInput
    case .unavailable: return .unavailable
    case .internalFailure: return .software
    case .cannotCreate: return .cannotCreate
    case .io: return .ioError
    case .busy: return .temporaryFailure
    case .permission: return .permission
    case .interrupted(let signal): return ExitCode(rawValue: 128 + signal)
    }
  }
}
