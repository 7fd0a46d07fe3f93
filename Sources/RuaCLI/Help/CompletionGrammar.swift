// SPDX-License-Identifier: Apache-2.0
/// What the words after a command complete to, read from the command's usage lines: they are
/// the one place the order of its arguments is written, so completion follows `--help`.
///
/// `med stop|hold|resume PATIENT MEDICINE [--on …]` gives three slots: one of the words
/// `stop hold resume`, a patient id, and something the shell cannot know (a medicine).
enum CompletionGrammar {
  enum Slot: Equatable {
    case words([String])
    case patient
    case file
    case unknown
  }

  /// The positional slots of each usage line of `command`.
  static func patterns(_ command: any Command) -> [[Slot]] {
    command.usage.split(separator: "\n").map { line in
      var words = line.split(separator: " ").map(String.init)
      if words.first == command.program { words.removeFirst() }
      if words.first == command.name { words.removeFirst() }
      var slots: [Slot] = []
      for word in words {
        // `log [PATIENT]`: an optional person still completes to the store's ids.
        if word.hasPrefix("[PATIENT") {
          slots.append(.patient)
          break
        }
        guard let slot = slot(word) else { break }
        slots.append(slot)
      }
      return slots
    }
  }

  /// One usage word as a slot, or nil where the positionals end (an option or a bracket).
  static func slot(_ word: String) -> Slot? {
    if word.hasPrefix("[") || word.hasPrefix("-") || word.hasPrefix("(-") { return nil }
    let bare = String(word.filter { !"()…".contains($0) })
    if bare.isEmpty { return nil }
    if bare == "PATIENT" { return .patient }
    if bare.hasPrefix("FILE") || bare.hasSuffix(".pdf") { return .file }
    let choices = bare.split(separator: "|").map(String.init)
    if choices.isEmpty { return nil }
    if choices.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "-" } }) {
      return .words(choices)
    }
    return .unknown
  }

  /// What the next positional can be, given the ones typed: the union over the usage lines
  /// whose fixed words match.
  static func next(_ command: any Command, after positionals: [String]) -> [Slot] {
    var slots: [Slot] = []
    for pattern in patterns(command) where pattern.count > positionals.count {
      let matches = zip(pattern, positionals).allSatisfy { slot, word in
        if case .words(let choices) = slot { return choices.contains(word) }
        return true
      }
      if matches, !slots.contains(pattern[positionals.count]) {
        slots.append(pattern[positionals.count])
      }
    }
    // A batch takes several patients: the last slot of a list repeats.
    if slots.isEmpty, command.usage.contains("PATIENT…"), !positionals.isEmpty {
      slots = [.patient]
    }
    return slots
  }
}
