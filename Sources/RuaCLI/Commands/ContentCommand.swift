// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import RuaPaperKit

/// `rua-paper content check|lock`: the gate reviewed clinical content passes.
struct ContentCommand: Command {
  let name = "content"
  let summary = "check the guide content and clinical tables, or lock their versions"
  static let grammar = ActionGrammar(
    command: "content",
    actions: [
      .init(name: "check", words: [], takes: [.release], usage: "[--release] [--templates DIR]"),
      .init(name: "lock", words: [], usage: "[--templates DIR]"),
    ])
  var usage: String { Self.grammar.usage }
  let details = """
    check reads the guides (content/*.json), the clinical tables (drug-classes.json), the
    locale files (locales/*.json) and the lock (content.lock.json) in the templates folder, and
    lists every problem, one per line as FILE: BLOCK: REASON — a schema error, a block without
    a source, a block missing in one language, a label missing in one locale, a file whose
    text changed while its contentVersion did not. With --release, every block still pending
    clinician review is a problem too.

    lock records the version and hash of every guide and table in content.lock.json. It
    refuses a text change without a new contentVersion (bump it first), a version that went
    down, and a new or changed block already marked approved (set it to pending, lock, then
    approve it).

    The templates folder is --templates, else $RUA_TEMPLATES, else the templates folder of the
    package rua-paper was built in, else ./templates. Exit status: 0 clean, 1 problems found,
    64 usage error, 66 templates folder missing. See docs/content.md.
    """
  let options: [OptionSpec] = [
    .release,
    .contentTemplates,
  ]

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    let (action, _) = try Self.grammar.read(arguments)
    let templates = try TemplatesLocation.resolve(arguments.value(.contentTemplates), context.host)
    if action == "lock" { return try lock(templates, context) }
    return try check(templates, release: arguments.flag(.release), context)
  }

  private func check(_ templates: TemplatesLocation, release: Bool, _ context: Context)
    throws(PaperError) -> ExitCode
  {
    let result = try ContentReview.check(templates, release: release)
    guard result.problems.isEmpty else {
      for problem in result.problems { context.print(problem.line(folder: templates.shown)) }
      let count = result.problems.count
      context.message(
        "content check found \(count) problem\(count == 1 ? "" : "s")"
          + (release ? " (release check)" : ""))
      return .failure
    }
    let (content, locales, pending) = (result.contentFiles, result.localeFiles, result.pending)
    var summary = "content check: \(content) content file\(content == 1 ? "" : "s")"
    summary += " and \(locales) locale file\(locales == 1 ? "" : "s") in \(templates.shown) pass"
    if release {
      summary += "; every block is approved"
    } else if pending > 0 {
      summary +=
        "; \(pending) block\(pending == 1 ? " or table entry is" : "s or table entries are")"
        + " pending clinician review (documents print a PENDING CLINICIAN REVIEW stamp; "
        + "--release refuses them)"
    }
    context.print(summary)
    return .success
  }

  private func lock(_ templates: TemplatesLocation, _ context: Context) throws(PaperError)
    -> ExitCode
  {
    switch try ContentReview.lock(templates) {
    case .unreadable(let problems):
      for problem in problems { context.print(problem.line(folder: templates.shown)) }
      context.message("\(templates.shown)/\(ContentLock.path) is unreadable; nothing was written")
      return .failure
    case .refused(let problems):
      for problem in problems { context.print(problem.line(folder: templates.shown)) }
      context.message("content lock refused; nothing was written")
      return .failure
    case .written(let entries):
      for (entry, changed) in entries {
        let state = changed ? "locked" : "unchanged"
        context.print("\(state) \(templates.shown)/\(entry.path) \(entry.contentVersion)")
      }
      return .success
    }
  }
}

extension OptionSpec {
  fileprivate static let release = OptionSpec(
    "release", help: "check: also fail on any block pending clinician review")
  fileprivate static let contentTemplates = OptionSpec(
    "templates", .value, value: "DIR",
    help: "the templates folder (default $RUA_TEMPLATES, then the package's templates)")
}
