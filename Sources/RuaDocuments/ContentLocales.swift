import RuaCore

/// Label parity between the locale files (`templates/locales/<language>.json`): every label
/// in one language must exist in all of them, so no document prints a missing label.
enum ContentLocales {
  /// The language of a locale file: its name without `.json` (`locales/es.json` gives `es`).
  static func language(of path: String) -> String {
    let name = ContentFile.fileName(of: path)
    return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
  }

  static func check(_ inputs: [ContentInput]) -> [ContentProblem] {
    var problems: [ContentProblem] = []
    var keysByFile: [(path: String, keys: [String])] = []
    for input in inputs {
      var reader = ContentReader(file: input.path)
      guard let json = reader.parse(input.bytes) else {
        problems += reader.problems
        continue
      }
      guard case .object = json else {
        problems.append(
          ContentProblem(
            file: input.path, reason: "must be a JSON object of labels, not \(json.typeName)"))
        continue
      }
      keysByFile.append((input.path, flatten(json, prefix: "")))
    }
    for file in keysByFile {
      let own = Set(file.keys)
      for other in keysByFile where other.path != file.path {
        for key in other.keys where !own.contains(key) {
          problems.append(
            ContentProblem(
              file: file.path, block: key,
              reason: "label missing; \(other.path) has it; add it in this language"))
        }
      }
    }
    return unique(problems)
  }

  /// Label keys as dotted paths (`{"er": {"title": ...}}` gives `er.title`).
  private static func flatten(_ json: JSON, prefix: String) -> [String] {
    guard case .object(let members) = json else { return [prefix] }
    return members.flatMap {
      flatten($0.value, prefix: prefix.isEmpty ? $0.key : prefix + "." + $0.key)
    }
  }

  /// A label missing from one file is reported once, even when several files have it.
  private static func unique(_ problems: [ContentProblem]) -> [ContentProblem] {
    var seen = Set<String>()
    return problems.filter { seen.insert($0.file + "\u{0}" + ($0.block ?? "")).inserted }
  }
}
