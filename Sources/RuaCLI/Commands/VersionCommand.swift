// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import RuaRender
import RuaStore
import RuaVisual

struct VersionCommand: Command {
  let name = "version"
  let summary = "print the version of rua-paper and of the libraries it uses"
  let usage = "version"
  let options: [OptionSpec] = []

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.isEmpty else { throw .invalidRequest("version takes no arguments") }
    let store = Store.libraryVersions()
    context.print(ToolVersion.full)
    context.print("SQLCipher  " + (store.sqlcipher ?? "none (plain SQLite: refused)"))
    context.print("SQLite     " + store.sqlite)
    context.print("cairo      " + LayoutLibraries.cairo)
    context.print("pango      " + LayoutLibraries.pango)
    context.print("qpdf       " + LayoutLibraries.qpdf)
    context.print("poppler    " + PopplerLibrary.version)
    return .success
  }
}
