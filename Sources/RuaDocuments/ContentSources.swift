// SPDX-License-Identifier: Apache-2.0
/// The reference IDs content may cite: the source key of the project's clinical-content
/// reference (section 1). A block citing anything else fails the gate, so a typo cannot pass as
/// a source. NHS-999, CDC-STROKE and NIDDK-HYPO (the fall guide's emergency signs) are cited
/// in `docs/content.md` until the reference lists them.
public enum ContentSources {
  public static let known: Set<String> = [
    "VOL", "FOL", "MIB", "EIF", "AMI", "POLST", "IPS", "GOBAG", "ACEP-ER", "KW", "EMS", "WB",
    "PILL", "FDA-MM", "FDA-QG", "NPSG", "USP17", "ISMP", "HEALTHIFY", "SHPNC", "CFS", "WYCD",
    "MLF", "STEADI", "STOPPFall", "BEERS", "WFG", "NIA-FALL", "UK-FALL", "LONGLIE", "NICE-HI",
    "NHSSCOT", "JAMDA", "BUDNITZ", "NHS-999", "CDC-STROKE", "NIDDK-HYPO",
  ]
}

/// The placeholders a content text may contain. The document fills them with plain text; an
/// unknown placeholder fails the gate, so a misspelt one never reaches paper as `{nmae}`.
public enum ContentPlaceholders {
  /// `{name}`: the name the person answers to. `{bloodThinners}`: the person's blood thinners,
  /// by generic name, joined by the document ("apixaban" or "warfarin and aspirin").
  /// `{antiplatelets}`: the person's antiplatelets as the record names them, with the brand
  /// ("clopidogrel (Plavix)").
  public static let known: Set<String> = ["name", "bloodThinners", "antiplatelets"]

  /// The placeholder names in `text`, in order of appearance (`{name}` gives `name`).
  public static func names(in text: String) -> [String] {
    var names: [String] = []
    var current: String?
    for character in text {
      if character == "{" {
        current = ""
      } else if character == "}", let name = current {
        names.append(name)
        current = nil
      } else if current != nil {
        current?.append(character)
      }
    }
    return names
  }

  /// `text` with every `{placeholder}` replaced by its value, as plain text (never markup).
  /// Returns nil when `values` lacks a placeholder the text uses.
  public static func fill(_ text: String, values: [String: String]) -> String? {
    var result = ""
    var current: String?
    for character in text {
      if character == "{" {
        if let open = current { result += "{" + open }
        current = ""
      } else if character == "}", let name = current {
        guard let value = values[name] else { return nil }
        result += value
        current = nil
      } else if current != nil {
        current?.append(character)
      } else {
        result.append(character)
      }
    }
    if let open = current { result += "{" + open }
    return result
  }
}
