// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit

/// The grammar of a command that takes an action first (`med stop PATIENT MEDICINE`, `contact
/// add PATIENT`) or only words (`edit PATIENT`): for each action the words that follow it, the
/// options it takes and the rest of its usage line. One table reads argv, refuses in one
/// wording (naming the action, the words or the option at fault) and writes the usage lines
/// that `--help`, the man page and the completions (`CompletionGrammar`) read.
struct ActionGrammar: Sendable {
  struct Action: Sendable {
    /// The action word; "" for a command that takes none (`edit`).
    let name: String
    /// What follows it, as usage names them: `["PATIENT", "MEDICINE"]`.
    let words: [String]
    /// The options only some actions take, of which this one takes these.
    var takes: [OptionSpec] = []
    /// The usage line after the words, options as shown (`[--on YYYY-MM-DD] [--dry-run]`).
    let usage: String
    /// Said when the words are wrong, instead of pointing at `--help`.
    var hint: String? = nil
  }

  let command: String
  let actions: [Action]
  /// Why an option is refused where it is, after the actions that take it (`--until`: "the
  /// day the hold is planned to end").
  var why: [String: String] = [:]

  /// The usage lines: actions with the same words and usage share one (`stop|hold|resume`).
  var usage: String {
    var lines: [(names: [String], action: Action)] = []
    for action in actions {
      if let last = lines.last?.action, last.words == action.words, last.usage == action.usage {
        lines[lines.count - 1].names.append(action.name)
      } else {
        lines.append(([action.name], action))
      }
    }
    return lines.map { line in
      ([command, line.names.joined(separator: "|")] + line.action.words + [line.action.usage])
        .filter { !$0.isEmpty }.joined(separator: " ")
    }.joined(separator: "\n       rua-paper ")
  }

  /// The action argv names and the words after it; refused when the action is unknown, the
  /// words are too few or too many, or an option belongs to other actions.
  func read(_ arguments: ParsedArguments) throws(PaperError) -> (action: String, words: [String]) {
    var words = arguments.positionals
    let names = actions.map(\.name)
    var action = actions[0]
    if !action.name.isEmpty {
      guard let first = words.first else {
        throw .invalidRequest("\(command) needs an action: " + names.listed(" or "))
      }
      guard let named = actions.first(where: { $0.name == first }) else {
        throw .invalidRequest("\(command) takes " + names.listed(" or ") + ", not '\(first)'")
      }
      action = named
      words.removeFirst()
    }
    let full = action.name.isEmpty ? command : command + " " + action.name
    guard words.count == action.words.count else {
      let hint = action.hint ?? "see 'rua-paper \(command) --help'"
      if action.words.isEmpty {
        throw .invalidRequest(
          "\(full) takes only options (\(words.count) word\(words.count == 1 ? "" : "s") given); "
            + hint)
      }
      throw .invalidRequest(
        "\(full) needs \(Self.needed(action.words)) (\(words.count) given); \(hint)")
    }
    for option in Self.unique(actions.flatMap(\.takes))
    where arguments.present(option) && !action.takes.contains(option) {
      let owners = actions.filter { $0.takes.contains(option) }.map { "'\(command) \($0.name)'" }
      throw .invalidRequest(
        "--\(option.long) is for " + owners.listed() + ", not '\(full)'"
          + (why[option.long].map { ": " + $0 } ?? ""))
    }
    return (action.name, words)
  }

  /// "one PATIENT", "a PATIENT and an ITEM".
  private static func needed(_ words: [String]) -> String {
    guard words.count > 1 else { return "one " + (words.first ?? "") }
    return words.map { ("AEIOU".contains($0.first ?? " ") ? "an " : "a ") + $0 }.listed()
  }

  private static func unique(_ options: [OptionSpec]) -> [OptionSpec] {
    var seen: [OptionSpec] = []
    for option in options where !seen.contains(option) { seen.append(option) }
    return seen
  }
}

extension [String] {
  /// "a, b and c"; with `last` " or ", "a, b or c".
  func listed(_ last: String = " and ") -> String {
    guard count > 1 else { return first ?? "" }
    return dropLast().joined(separator: ", ") + last + (self.last ?? "")
  }
}
