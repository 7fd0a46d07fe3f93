// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit

/// The rua-paper(1) manual page, written from the same command table as `--help`, so the two
/// cannot drift. `scripts/install` and `scripts/package` install what `help --man` prints.
enum ManPage {
  static func render(_ commands: [any Command]) -> String {
    var page = """
      .TH RUA\\-PAPER 1 "" "\(ToolVersion.full)" "User Commands"
      .SH NAME
      rua\\-paper \\- print an emergency sheet, a medication list and a fall guide from an \
      encrypted care\\-circle store
      .SH SYNOPSIS
      .B rua\\-paper
      .I COMMAND
      .RI [ options ]
      .SH DESCRIPTION
      \(escape(description))
      .SH COMMANDS

      """
    for command in commands {
      page += ".SS " + escape(command.name) + "\n"
      for line in command.usage.split(separator: "\n") {
        page += ".B rua\\-paper " + escape(String(line.trimmingLeadingSpaces)) + "\n.br\n"
      }
      page += ".PP\n" + escape(command.summary) + "\n"
      for paragraph in paragraphs(command.details) {
        page += ".PP\n" + escape(paragraph) + "\n"
      }
      for option in command.allOptions {
        page += ".TP\n.B " + escape(option.tag) + "\n" + escape(option.help) + "\n"
      }
    }
    page += """
      .SH ENVIRONMENT
      \(definitions(environment))
      .SH FILES
      \(definitions(files))
      .SH "EXIT STATUS"
      \(definitions(exitStatus))
      .SH "SEE ALSO"
      .BR lp (1),
      .BR lpstat (1),
      .BR papersize (5)

      """
    return page
  }

  static let description = """
    rua-paper reads a care circle from an encrypted SQLCipher store on this machine and prints \
    the paper a family caregiver needs when an older adult is taken to hospital. Every export, \
    print and share is recorded in an append-only, hash-chained access log. The key is never \
    accepted on the command line. Run rua-paper COMMAND --help for one command's options.
    """

  static let environment: [(String, String)] = [
    ("RUA_DB", "the encrypted store, when --db is not given"),
    ("RUA_KEY_FILE", "the key file, when --key-file is not given"),
    ("RUA_TEMPLATES", "the templates folder, when --templates is not given"),
    ("PAPERSIZE", "the paper size when --paper is not given (then /etc/papersize, LC_PAPER)"),
    ("LC_ALL, LC_PAPER", "a4 for locales of A4 countries, letter for the others"),
    ("TZ", "the time zone of today, of \"information as of\" and of the printed time"),
    ("SOURCE_DATE_EPOCH", "the printed time and PDF dates, when --now is not given"),
    ("XDG_DATA_HOME, XDG_CONFIG_HOME", "where the default store and key file live"),
    ("CUPS_SERVER", "the CUPS server to print to"),
  ]

  static let files: [(String, String)] = [
    ("$XDG_DATA_HOME/rua-paper/store.db", "the default encrypted store"),
    ("$XDG_CONFIG_HOME/rua-paper/key", "the default key file (mode 0600)"),
    ("../share/rua-paper", "beside the binary: the templates, locales, content and fonts.conf"),
    ("/etc/papersize", "the system paper size"),
  ]

  static let exitStatus: [(String, String)] = [
    ("0", "success"), ("1", "differences found (diff, log verify, content check)"),
    ("64", "usage error"), ("65", "bad input data"), ("66", "missing input"),
    ("69", "service unavailable (CUPS, a library)"), ("70", "internal error"),
    ("73", "cannot create the output"), ("74", "input/output error"),
    ("75", "temporary failure (a migration is pending)"), ("77", "permission or key problem"),
    ("130, 143", "interrupted by SIGINT or SIGTERM"),
  ]

  private static func definitions(_ items: [(String, String)]) -> String {
    items.map { ".TP\n.B " + escape($0.0) + "\n" + escape($0.1) }.joined(separator: "\n")
  }

  private static func paragraphs(_ text: String) -> [String] {
    var result: [String] = []
    var current: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) {
        if !current.isEmpty { result.append(current.joined(separator: " ")) }
        current = []
      } else {
        current.append(line.trimmingLeadingSpaces)
      }
    }
    if !current.isEmpty { result.append(current.joined(separator: " ")) }
    return result
  }

  /// roff escaping: backslashes, minus signs, and a control character at the start of a line.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      default:
        // Non-ASCII as groff's \[uXXXX], so the page reads the same whatever the locale.
        for scalar in character.unicodeScalars {
          if scalar.isASCII {
            result.unicodeScalars.append(scalar)
          } else {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
          }
        }
      }
    }
    let lines = result.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }
    return lines.joined(separator: "\n")
  }
}

extension Substring {
  fileprivate var trimmingLeadingSpaces: Substring { drop(while: { $0 == " " }) }
}
