// SPDX-License-Identifier: Apache-2.0
public import RuaPaperKit

/// One option a command accepts.
public struct OptionSpec: Equatable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// `--flag`
    case flag
    /// `--name VALUE` or `--name=VALUE`
    case value
    /// `--name [VALUE]`: the value is taken only when the next token is not an option.
    case optionalValue
    /// `--name VALUE`, repeatable.
    case repeated
  }

  public let long: String
  public let short: Character?
  public let kind: Kind
  public let valueName: String
  public let help: String

  public init(
    _ long: String, short: Character? = nil, _ kind: Kind = .flag, value: String = "VALUE",
    help: String
  ) {
    self.long = long
    self.short = short
    self.kind = kind
    self.valueName = value
    self.help = help
  }
}

/// What the parser made of argv for one command, read by the options themselves: a command
/// reads `arguments.value(.paper)`, never a string, so a misspelt or undeclared option cannot
/// compile or (in a debug build, so in every test that runs the command) cannot go unnoticed.
public struct ParsedArguments: Sendable {
  public var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// The options the command declared, by name.
  var declared: [String: OptionSpec.Kind] = [:]

  /// Whether the command takes `option` at all: for readers shared by commands where only
  /// some take it (`mar --week-of`).
  public func declares(_ option: OptionSpec) -> Bool { declared[option.long] == option.kind }

  public func flag(_ option: OptionSpec) -> Bool {
    expectDeclared(option, as: [.flag])
    return flags.contains(option.long)
  }

  /// The value of an option that takes one (the last, for a repeated one); nil when absent.
  public func value(_ option: OptionSpec) -> String? {
    expectDeclared(option, as: [.value, .optionalValue, .repeated])
    return values[option.long]?.last
  }

  /// Every value of a `.repeated` option in argv order (of a `.value` one, its one value).
  public func all(_ option: OptionSpec) -> [String] {
    expectDeclared(option, as: [.value, .repeated])
    return values[option.long] ?? []
  }

  /// True when the option was given (an `.optionalValue` one with or without its value);
  /// false for one the command does not take, so a shared check ("--to is for 'move'") may
  /// ask of any command.
  public func present(_ option: OptionSpec) -> Bool {
    flags.contains(option.long) || values[option.long] != nil
  }

  /// Each option's value as given (nil when absent) into `target` at its key path: how a
  /// command hands its options to a request the library checks (`SnapshotRequest`).
  public func copy<Target>(
    into target: inout Target, _ values: [(OptionSpec, WritableKeyPath<Target, String?>)]
  ) {
    for (option, path) in values { target[keyPath: path] = value(option) }
  }

  /// Each flag into `target` at its key path.
  public func copy<Target>(
    into target: inout Target, flags: [(OptionSpec, WritableKeyPath<Target, Bool>)]
  ) {
    for (option, path) in flags { target[keyPath: path] = flag(option) }
  }

  /// A whole number within `range`, nil when the option is absent; anything else is refused
  /// with the option's name, the range and what was given.
  public func integer(
    _ option: OptionSpec, in range: ClosedRange<Int>, kind: PaperError.Kind = .invalidRequest
  ) throws(PaperError) -> Int? {
    guard let text = value(option) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      let upper = range.upperBound == Int.max ? "or more" : "to \(range.upperBound)"
      throw PaperError(
        "--\(option.long) must be a whole number from \(range.lowerBound) \(upper), not '\(text)'",
        kind: kind)
    }
    return number
  }

  /// A finite number within `range`, nil when absent; `described` names what the number is
  /// ("a number of seconds") in the refusal.
  public func number(
    _ option: OptionSpec, in range: ClosedRange<Double>, described: String = "a number",
    kind: PaperError.Kind = .invalidRequest
  ) throws(PaperError) -> Double? {
    guard let text = value(option) else { return nil }
    guard let number = Double(text), number.isFinite, range.contains(number) else {
      throw PaperError(
        "--\(option.long) must be \(described) from \(Self.shown(range.lowerBound)) to "
          + "\(Self.shown(range.upperBound)), not '\(text)'", kind: kind)
    }
    return number
  }

  private static func shown(_ bound: Double) -> String {
    bound == bound.rounded() ? String(Int(bound)) : String(bound)
  }

  /// Reading an option the command does not declare, or as another kind, is a bug in the
  /// command; release builds read it as absent.
  private func expectDeclared(_ option: OptionSpec, as kinds: Set<OptionSpec.Kind>) {
    assert(
      declared[option.long].map(kinds.contains) == true,
      "--\(option.long) is read as \(kinds) but the command declares it as "
        + "\(declared[option.long].map { "\($0)" } ?? "nothing")")
  }
}

/// Options may come before or after positionals; `--` ends options; `-` is a positional.
public enum ArgumentParser {
  public static func parse(_ arguments: [String], options: [OptionSpec]) throws(PaperError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    for spec in options { parsed.declared[spec.long] = spec.kind }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if optionsEnded || token == "-" || !token.hasPrefix("-") {
        parsed.positionals.append(token)
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String?
      if token.hasPrefix("--") {
        name = String(token.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        let letters = Array(token.dropFirst())
        guard letters.count == 1,
          let spec = options.first(where: { $0.short == letters[0] })
        else {
          throw .invalidRequest("unknown option '\(token)'; see --help")
        }
        name = spec.long
      }
      guard let spec = options.first(where: { $0.long == name }) else {
        throw .invalidRequest(rejection(forUnknown: name))
      }
      switch spec.kind {
      case .flag:
        if inlineValue != nil { throw .invalidRequest("option --\(name) takes no value") }
        parsed.flags.insert(name)
      case .value, .repeated:
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else {
            throw .invalidRequest("option --\(name) needs a value (\(spec.valueName))")
          }
          value = arguments[index]
          index += 1
        }
        if spec.kind == .value, parsed.values[name] != nil {
          throw .invalidRequest("option --\(name) is given twice")
        }
        parsed.values[name, default: []].append(value)
      case .optionalValue:
        if let inlineValue {
          parsed.values[name, default: []].append(inlineValue)
        } else if index < arguments.count, !arguments[index].hasPrefix("-"), spec.valueName != "" {
          // The next word is taken as the value; `--name=VALUE` or putting positionals first
          // makes it certain (docs/commands.md says so for --print).
          parsed.values[name, default: []].append(arguments[index])
          index += 1
        } else {
          parsed.flags.insert(name)
        }
      }
    }
    return parsed
  }

  private static func rejection(forUnknown name: String) -> String {
    let keyLike = ["key", "password", "passphrase", "db-key", "secret"]
    if keyLike.contains(name) {
      return
        "option --\(name) is refused: a key on the command line is readable by other users "
        + "(ps, /proc) and stays in shell history; put it in a key file (mode 0600) and pass "
        + "--key-file PATH"
    }
    return "unknown option '--\(name)'; see --help"
  }
}

/// `--format text|json`, the one output-format option every command that has one takes.
public enum OutputFormat: String, Sendable {
  case text
  case json

  static func option(help: String) -> OptionSpec {
    OptionSpec(OptionSpec.format.long, .value, value: OptionSpec.format.valueName, help: help)
  }

  /// `--format`, text when absent.
  static func read(_ arguments: ParsedArguments) throws(PaperError) -> OutputFormat {
    let text = arguments.value(.format) ?? "text"
    guard let format = OutputFormat(rawValue: text) else {
      throw .invalidRequest("--format takes text or json, not '\(text)'")
    }
    return format
  }
}

extension OptionSpec {
  /// `--format`'s name and value; each command says what its formats hold (`OutputFormat.option`).
  static let format = OptionSpec("format", .value, value: "text|json", help: "output format")
}
