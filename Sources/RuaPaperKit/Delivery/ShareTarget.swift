// SPDX-License-Identifier: Apache-2.0
public import RuaCore
import RuaFiles

/// Where `share` puts one file: a real folder of the user's (never through a link), and a
/// name the user chose or one that carries no health data, the document and the date
/// (`er-sheet-2026-11-29.pdf`, then `-2`, `-3`, … when taken).
public struct ShareTarget: Sendable {
  public let folder: String
  let chosen: String?

  /// `folder` (`--to DIR`) and `name` (`--name FILE`) as given; relative paths are read from
  /// `host`'s working directory. Refused naming the option before anything is made.
  public init(folder text: String?, name: String?, host: HostEnvironment) throws(PaperError) {
    guard let text, !text.isEmpty else {
      throw .invalidRequest("share needs --to DIR, the folder to put the document in")
    }
    folder = host.absolute(text)
    try OutputFile.checkShareFolder(folder, shown: text)
    if let name { try OutputFile.checkName(name, option: "--name") }
    chosen = name
  }

  /// The file's name: the one chosen, else `base-DATE` and `suffix` (".pdf"), the first free.
  public func name(base: String, today: CivilDate, suffix: String) -> String {
    chosen ?? Files.freeName(in: folder, base: "\(base)-\(today.iso)", suffix: suffix)
  }
}
