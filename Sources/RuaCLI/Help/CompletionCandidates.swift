// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import RuaStore

/// `rua-paper help --complete COMMAND WORD… CURRENT`: what the shell offers for the word being
/// typed, one per line. The completion scripts call it for every word that is not an option,
/// so subcommands, document kinds and patient ids come from the same table as `--help`.
///
/// It prints only ids from the store, never a name or any other field, and nothing at all when
/// the store cannot be opened: completion must never show health data or an error.
enum CompletionCandidates {
  /// A line that tells the script to offer file names instead of words.
  static let files = ":files"

  static func run(_ words: [String], _ context: Context) -> ExitCode {
    guard let name = words.first, let command = RuaPaper.find(name) else {
      return .success
    }
    let typed = Array(words.dropFirst().dropLast())
    let positionals = CompletionGrammar.positionals(typed, options: command.allOptions)
    var lines: [String] = []
    for slot in CompletionGrammar.next(command, after: positionals) {
      switch slot {
      case .words(let choices): lines += choices
      case .patient: lines += patientIDs(typed, context)
      case .file: lines.append(files)
      case .unknown: break
      }
    }
    if !lines.isEmpty { context.write(lines.joined(separator: "\n") + "\n") }
    return .success
  }

  /// The store's patient ids, from the store the typed `--db`/`--key-file` (or the
  /// environment) name; none when it cannot be opened.
  static func patientIDs(_ typed: [String], _ context: Context) -> [String] {
    let store = StoreOptions.specs
    let arguments =
      (try? ArgumentParser.parse(storeArguments(typed), options: store))
      ?? (try? ArgumentParser.parse([], options: store))
    guard let arguments, let session = try? StoreOptions.session(arguments, context),
      let patients = try? session.store.listPatients()
    else { return [] }
    return patients.map(\.id)
  }

  /// Only `--db`/`--key-file` and their values, so a half-typed line still names its store.
  static func storeArguments(_ typed: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < typed.count {
      let word = typed[index]
      if word.hasPrefix("--db=") || word.hasPrefix("--key-file=") {
        result.append(word)
      } else if word == "--db" || word == "--key-file", index + 1 < typed.count {
        result += [word, typed[index + 1]]
        index += 1
      }
      index += 1
    }
    return result
  }
}
