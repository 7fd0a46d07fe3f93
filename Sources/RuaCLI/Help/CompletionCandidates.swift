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
    // The words typed before the one being completed, read by the command's own parser: a
    // line the command would refuse (an unknown option) completes to nothing.
    guard let name = words.first, let command = RuaPaper.find(name),
      let typed = try? ArgumentParser.parse(
        Array(words.dropFirst().dropLast()), options: command.allOptions)
    else {
      return .success
    }
    var lines: [String] = []
    for slot in CompletionGrammar.next(command, after: typed.positionals) {
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
  static func patientIDs(_ typed: ParsedArguments, _ context: Context) -> [String] {
    guard typed.declares(.db), let session = try? StoreOptions.session(typed, context),
      let patients = try? session.patients()
    else { return [] }
    return patients.map(\.id)
  }
}
