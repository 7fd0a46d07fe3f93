// SPDX-License-Identifier: Apache-2.0
package import RuaDocuments

/// Which paper to lay documents out on, chosen as libpaper does: `--paper`, then `PAPERSIZE`,
/// then the first word of `/etc/papersize`, then the territory of `LC_PAPER` (through `LC_ALL`
/// and `LANG`), else letter. Names are case-insensitive: `A4` is a4.
package enum PaperChoice {
  package static let systemFile = "/etc/papersize"

  /// Territories whose glibc locales set letter paper (LC_PAPER height 279 mm); every other
  /// territory uses A4.
  package static let letterTerritories: Set<String> = [
    "BO", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE",
  ]

  /// - Parameter systemPaper: the text of `/etc/papersize`, or nil when there is none.
  package static func resolve(
    explicit: String?, environment: [String: String], systemPaper: String?
  ) throws(PaperError) -> Paper {
    if let explicit {
      guard let paper = named(explicit) else {
        throw .invalidRequest(
          "--paper takes letter or a4 (or card, for the wallet card alone), not '\(explicit)'")
      }
      return paper
    }
    if let variable = environment["PAPERSIZE"], !variable.isEmpty {
      return try configured(variable, source: "PAPERSIZE")
    }
    if let systemPaper, let word = firstWord(systemPaper) {
      return try configured(word, source: systemFile)
    }
    if let territory = territory(environment) {
      return letterTerritories.contains(territory) ? .letter : .a4
    }
    return .letter
  }

  package static func named(_ text: String) -> Paper? { Paper(rawValue: text.lowercased()) }

  private static func configured(_ text: String, source: String) throws(PaperError) -> Paper {
    guard let paper = named(text), paper != .card else {
      throw .invalidRequest(
        "\(source) names the paper '\(text)'; rua-paper prints on letter or a4: pass "
          + "--paper letter or --paper a4")
    }
    return paper
  }

  /// The first word of the first line that is not blank or a `#` comment.
  package static func firstWord(_ text: String) -> String? {
    for line in text.split(separator: "\n") {
      let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      return String(trimmed.prefix(while: { $0 != " " && $0 != "\t" && $0 != "\r" }))
    }
    return nil
  }

  /// `US` from `en_US.UTF-8@euro` in the first of LC_ALL, LC_PAPER, LANG that is set.
  package static func territory(_ environment: [String: String]) -> String? {
    let locale = ["LC_ALL", "LC_PAPER", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let locale, let underscore = locale.firstIndex(of: "_") else { return nil }
    let territory = locale[locale.index(after: underscore)...].prefix(while: { $0.isLetter })
    return territory.isEmpty ? nil : territory.uppercased()
  }
}
