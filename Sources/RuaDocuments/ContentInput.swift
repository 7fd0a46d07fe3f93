// SPDX-License-Identifier: Apache-2.0
/// One file the gate reads, as bytes, with its path relative to the templates folder.
public struct ContentInput: Sendable {
  public enum Role: Sendable {
    /// `content/<document>.<language>.json`
    case guide
    /// A clinical table such as `drug-classes.json`.
    case table
    /// `locales/<language>.json`: fixed labels, checked for parity only.
    case locale
  }

  public let path: String
  public let role: Role
  public let bytes: [UInt8]

  public init(path: String, role: Role, bytes: [UInt8]) {
    self.path = path
    self.role = role
    self.bytes = bytes
  }
}

/// The inputs parsed: guide files and tables as reviewed units, and every schema problem.
struct ContentLoader {
  var guides: [ContentFile] = []
  var units: [ContentUnit] = []
  var locales: [ContentInput] = []
  var problems: [ContentProblem] = []
  /// Paths that could not be read; the lock is not compared for them.
  var unreadable: Set<String> = []

  static func load(_ inputs: [ContentInput]) -> ContentLoader {
    var loaded = ContentLoader()
    for input in inputs {
      do throws(ContentFileError) {
        switch input.role {
        case .guide:
          let file = try ContentFile.parse(path: input.path, bytes: input.bytes)
          loaded.guides.append(file)
          loaded.units.append(ContentUnit(file))
        case .table:
          loaded.units.append(
            ContentUnit(try ContentTable.parse(path: input.path, bytes: input.bytes)))
        case .locale:
          loaded.locales.append(input)
        }
      } catch {
        loaded.problems += error.problems
        loaded.unreadable.insert(input.path)
      }
    }
    return loaded
  }
}
