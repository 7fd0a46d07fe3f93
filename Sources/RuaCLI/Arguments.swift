// SPDX-License-Identifier: Apache-2.0
public import RuaPaperKit

/// One option a command accepts.
public struct OptionSpec: Sendable {
  public enum Kind: Sendable {
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

/// What the parser made of argv for one command.
public struct ParsedArguments: Sendable {
  public var positionals: [String] = []
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []

  public func flag(_ name: String) -> Bool { flags.contains(name) }
  public func value(_ name: String) -> String? { values[name]?.last }
  public func all(_ name: String) -> [String] { values[name] ?? [] }
  /// True when an `.optionalValue` option was given, with or without its value.
  public func present(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
}

/// Options may come before or after positionals; `--` ends options; `-` is a positional.
public enum ArgumentParser {
  public static func parse(_ arguments: [String], options: [OptionSpec]) throws(PaperError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
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
    OptionSpec("format", .value, value: "text|json", help: help)
  }

  /// `--format`, text when absent.
  static func read(_ arguments: ParsedArguments) throws(PaperError) -> OutputFormat {
    let text = arguments.value("format") ?? "text"
    guard let format = OutputFormat(rawValue: text) else {
      throw .invalidRequest("--format takes text or json, not '\(text)'")
    }
    return format
  }
}
