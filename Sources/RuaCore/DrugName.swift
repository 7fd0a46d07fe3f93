// SPDX-License-Identifier: Apache-2.0
/// The words of a drug name that matching looks at.
///
/// A name is lowercased and cut into words at every character that is not a letter or a digit
/// (spaces, hyphens, slashes, commas, dots, brackets). Salt words ("HCl", "sodium", "succinate")
/// and release words ("ER", "XL", "extended") are set aside, because they name a form of the
/// drug, not a different drug. Whole words only: "nowarfarinx" is one word and never "warfarin".
public enum DrugName {
  /// Salt, ester and hydrate words that follow or precede a generic name.
  public static let saltWords: Set<String> = [
    "hcl", "hydrochloride", "dihydrochloride", "hbr", "hydrobromide", "sodium", "disodium",
    "potassium", "dipotassium", "calcium", "magnesium", "succinate", "tartrate", "bitartrate",
    "besylate",
    "besilate", "maleate", "mesylate", "mesilate", "fumarate", "citrate", "sulfate", "sulphate",
    "phosphate", "acetate", "bromide", "chloride", "etexilate", "mofetil", "hyclate",
    "monohydrate", "dihydrate", "trihydrate", "anhydrous",
  ]

  /// Release and dosage-form words ("metoprolol succinate ER", "nifedipine XL").
  public static let releaseWords: Set<String> = [
    "er", "xr", "xl", "sr", "ir", "dr", "cr", "cd", "la", "ec", "odt", "xt", "extended",
    "delayed", "immediate", "controlled", "sustained", "modified", "release", "released",
  ]

  /// The significant words of `name`, in order.
  public static func words(_ name: String) -> [String] {
    allWords(name).filter { !saltWords.contains($0) && !releaseWords.contains($0) }
  }

  /// Every word of `name`, salt and release words included, in order.
  public static func allWords(_ name: String) -> [String] {
    name.utf8.allSatisfy { $0 < 0x80 } ? asciiWords(name) : characterWords(name)
  }

  /// `characterWords` for ASCII text, by bytes: ASCII's only letters are A–Z and a–z and its
  /// only numbers 0–9, and lowercasing maps A–Z to a–z alone (a Character of CR LF is neither,
  /// as each of its bytes is neither). A drug name is nearly always ASCII, and the Character
  /// properties cost about 400 instructions a character.
  static func asciiWords(_ name: String) -> [String] {
    var words: [String] = []
    var current: [UInt8] = []
    for byte in name.utf8 {
      let lower = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
      if (lower >= 0x61 && lower <= 0x7a) || (lower >= 0x30 && lower <= 0x39) {
        current.append(lower)
      } else if !current.isEmpty {
        words.append(String(decoding: current, as: UTF8.self))
        current.removeAll(keepingCapacity: true)
      }
    }
    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
    return words
  }

  static func characterWords(_ name: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in name.lowercased() {
      if character.isLetter || character.isNumber {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// Whether `generic` (already split into words) appears in `name` as a run of whole words.
  public static func contains(_ nameWords: [String], _ generic: [String]) -> Bool {
    guard !generic.isEmpty, generic.count <= nameWords.count else { return false }
    for start in 0...(nameWords.count - generic.count)
    where nameWords[start..<start + generic.count].elementsEqual(generic) {
      return true
    }
    return false
  }
}
