// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLITestSupport
import Testing

@testable import RuaCLI

/// The man page and the shell completions come from the command table `--help` uses, so every
/// command and option a user can type is in all three.
@Suite("man page and completions")
struct HelpGenerationTests {
  @Test func theManPageNamesEveryCommandAndOption() throws {
    let result = CLISandbox().run(["help", "--man"])
    #expect(result.code == .success, "\(result.stderr)")
    let page = result.stdout
    #expect(page.hasPrefix(".TH RUA\\-PAPER 1"))
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "EXIT STATUS"] {
      #expect(page.contains(".SH \(section)") || page.contains(".SH \"\(section)\""), "\(section)")
    }
    for command in allCommands {
      #expect(page.contains(".SS \(ManPage.escape(command.name))\n"), "\(command.name)")
      for option in command.options {
        #expect(page.contains(".B " + ManPage.escape(option.tag) + "\n"))
      }
    }
    #expect(page.contains("PAPERSIZE") && page.contains(".B TZ"))
    // Every line that starts with a dot is a request; text never does.
    for line in page.split(separator: "\n") where line.hasPrefix(".") {
      #expect(
        line.hasPrefix(".TH") || line.hasPrefix(".S") || line.hasPrefix(".B")
          || line.hasPrefix(".I") || line.hasPrefix(".RI") || line.hasPrefix(".PP")
          || line.hasPrefix(".TP") || line.hasPrefix(".br"), "\(line)")
    }
  }

  @Test func textIsEscapedForRoff() {
    #expect(ManPage.escape("a-b") == "a\\-b")
    #expect(ManPage.escape(".hidden\n'also") == "\\&.hidden\n\\&'also")
    #expect(ManPage.escape("back\\slash") == "back\\eslash")
    #expect(ManPage.escape("a … b") == "a \\[u2026] b")
  }

  @Test func theBashCompletionOffersEveryCommandAndOption() throws {
    let result = CLISandbox().run(["help", "--completions", "bash"])
    #expect(result.code == .success)
    let script = result.stdout
    #expect(script.contains("complete -o filenames -F _rua_paper rua-paper"))
    for command in allCommands {
      #expect(script.contains(" \(command.name)"), "\(command.name)")
      #expect(script.contains("    \(command.name))\n"), "\(command.name)")
      for option in command.options {
        #expect(script.contains("--\(option.long)"), "\(command.name) --\(option.long)")
      }
    }
    #expect(script.contains("--paper) COMPREPLY=($(compgen -W 'letter a4'"))
  }

  @Test func theZshCompletionDescribesEveryCommandAndOption() throws {
    let result = CLISandbox().run(["help", "--completions", "zsh"])
    #expect(result.code == .success)
    let script = result.stdout
    #expect(script.hasPrefix("#compdef rua-paper\n"))
    for command in allCommands {
      #expect(script.contains("'\(command.name):"), "\(command.name)")
      #expect(script.contains("    (\(command.name))\n"), "\(command.name)")
      for option in command.options {
        #expect(script.contains("--\(option.long)"), "\(command.name) --\(option.long)")
      }
    }
    #expect(script.contains(":letter|a4:(letter a4)"))
  }

  @Test(arguments: [
    ["help", "--completions", "fish"], ["help", "--completions"], ["help", "--man", "extra"],
    ["help", "--nonsense"],
  ])
  func unknownGeneratorsAreUsageErrors(arguments: [String]) {
    let result = CLISandbox().run(arguments)
    #expect(result.code == .usage)
    #expect(result.stderr.contains("help takes COMMAND, --man, or --completions bash|zsh"))
    #expect(result.stdout.isEmpty)
  }

  /// `help` for a command that does not exist is a usage error, not the overview.
  @Test func helpForAnUnknownCommandIsRefused() {
    let result = CLISandbox().run(["help", "bogus"])
    #expect(result.code == .usage)
    #expect(result.stderr.contains("no command 'bogus' to explain"))
    #expect(result.stdout.isEmpty)
    #expect(CLISandbox().run(["--help", "er"]).stdout.hasPrefix("usage: rua-paper er"))
  }

  @Test func theGeneratorsStayOutOfTheOverview() {
    let overview = CLISandbox().run(["--help"]).stdout
    #expect(!overview.contains("--man") && !overview.contains("--completions"))
    #expect(CLISandbox().run(["help", "er"]).stdout.hasPrefix("usage: rua-paper er"))
  }
}
