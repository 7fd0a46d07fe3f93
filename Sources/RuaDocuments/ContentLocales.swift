// SPDX-License-Identifier: Apache-2.0
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
    var keysByFile: [(path: String, labels: [(key: String, value: JSON)])] = []
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
      let labels = flatten(json, prefix: "")
      problems += forms(labels, path: input.path)
      keysByFile.append((input.path, labels))
    }
    for file in keysByFile {
      let own = Dictionary(file.labels, uniquingKeysWith: { first, _ in first })
      for other in keysByFile where other.path != file.path {
        for label in other.labels {
          guard let value = own[label.key] else {
            problems.append(
              ContentProblem(
                file: file.path, block: label.key,
                reason: "label missing; \(other.path) has it; add it in this language"))
            continue
          }
          // A translation keeps the placeholders ({page}, {date}); reported once per pair.
          if file.path > other.path, let mine = text(value), let theirs = text(label.value),
            Set(ContentPlaceholders.names(in: mine)) != Set(ContentPlaceholders.names(in: theirs))
          {
            problems.append(
              ContentProblem(
                file: file.path, block: label.key,
                reason: "uses different placeholders from \(other.path); keep the placeholders"))
          }
        }
      }
    }
    return unique(problems)
  }

  /// A label's text for the placeholder check: the string, or its `other` plural form.
  private static func text(_ value: JSON) -> String? {
    value.stringValue ?? value["other"]?.stringValue
  }

  /// The problems of every label given as plural forms (`LabelForms.problems`), and of one
  /// that must give every form but is a plain string (`LabelKey.givesEveryForm`), each naming
  /// the label and the category: `labels.meds.daysLeft.few: plural form missing; …`.
  private static func forms(_ labels: [(key: String, value: JSON)], path: String)
    -> [ContentProblem]
  {
    let language = language(of: path)
    return labels.flatMap { label -> [ContentProblem] in
      guard label.key.hasPrefix("labels.") else { return [] }
      let key = LabelKey(rawValue: String(label.key.dropFirst("labels.".count)))
      let everyForm = key.map(LabelKey.givesEveryForm.contains) ?? false
      guard let members = LabelForms.members(label.value, everyForm: everyForm) else { return [] }
      return LabelForms.problems(members, language: language).map {
        ContentProblem(file: path, block: label.key + "." + $0.category, reason: $0.reason)
      }
    }
  }

  /// Labels with their keys as dotted paths (`{"er": {"title": ...}}` gives `er.title`). A
  /// label under `labels` is a leaf even when it is an object: its plural forms.
  private static func flatten(_ json: JSON, prefix: String) -> [(key: String, value: JSON)] {
    guard case .object(let members) = json, !prefix.hasPrefix("labels.") else {
      return [(prefix, json)]
    }
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
