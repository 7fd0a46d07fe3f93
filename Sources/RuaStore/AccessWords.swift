// SPDX-License-Identifier: Apache-2.0
/// What happened to a document, as an access_log row's `action` says it. The raw strings are
/// what the rows store and what the row hash covers, so they never change; a word this version
/// does not write (from a newer version, or forged) is kept exactly as read (`.other`).
/// Two values are equal when their raw strings are.
public enum AccessAction: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// Written to a file or standard output.
  case export
  /// Placed in a share folder under a new name.
  case share
  /// Given to a CUPS queue.
  case print
  /// `doctor --repair` mended the log's protections.
  case repair
  /// A leftover temporary of a dead process was removed.
  case remove
  case other(String)

  public init(rawValue: String) {
    switch rawValue {
    case "export": self = .export
    case "share": self = .share
    case "print": self = .print
    case "repair": self = .repair
    case "remove": self = .remove
    default: self = .other(rawValue)
    }
  }

  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// Every action this tool writes, in the order `log --help` names them.
  public static let written: [AccessAction] = [.export, .print, .share, .repair, .remove]

  public var rawValue: String {
    switch self {
    case .export: return "export"
    case .share: return "share"
    case .print: return "print"
    case .repair: return "repair"
    case .remove: return "remove"
    case .other(let text): return text
    }
  }

  public var description: String { rawValue }
  public static func == (a: AccessAction, b: AccessAction) -> Bool { a.rawValue == b.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// How a delivery ended, as an access_log row's `outcome` says it; raw strings as stored and
/// hashed (`failed: <reason>`, `outcome-unknown: <why>`, `repaired: <what>`). Any text reads
/// back to a value whose raw string is that text, byte for byte; equal when the raw strings are.
public enum AccessOutcome: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// Written before the bytes leave; an outcome row closes it.
  case intent
  case completed
  case cancelled
  /// The process ended (or the scheduler went away) before the outcome was known.
  case unknown
  /// `unknown`, with why (`outcome-unknown: <why>`).
  case unknownBecause(String)
  /// `failed: <reason>`.
  case failed(String)
  /// `repaired: <what was repaired>`.
  case repaired(String)
  case other(String)

  private static let prefixes: [(String, @Sendable (String) -> AccessOutcome)] = [
    ("failed: ", { .failed($0) }), ("outcome-unknown: ", { .unknownBecause($0) }),
    ("repaired: ", { .repaired($0) }),
  ]

  public init(rawValue: String) {
    switch rawValue {
    case "intent": self = .intent
    case "completed": self = .completed
    case "cancelled": self = .cancelled
    case "outcome-unknown": self = .unknown
    default:
      for (prefix, make) in Self.prefixes where rawValue.hasPrefix(prefix) {
        self = make(String(rawValue.dropFirst(prefix.count)))
        return
      }
      self = .other(rawValue)
    }
  }

  public init(stringLiteral value: String) { self.init(rawValue: value) }

  public var rawValue: String {
    switch self {
    case .intent: return "intent"
    case .completed: return "completed"
    case .cancelled: return "cancelled"
    case .unknown: return "outcome-unknown"
    case .unknownBecause(let why): return "outcome-unknown: " + why
    case .failed(let reason): return "failed: " + reason
    case .repaired(let what): return "repaired: " + what
    case .other(let text): return text
    }
  }

  /// True for `failed` rows.
  public var isFailure: Bool { rawValue.hasPrefix("failed: ") }

  public var description: String { rawValue }
  public static func == (a: AccessOutcome, b: AccessOutcome) -> Bool { a.rawValue == b.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
