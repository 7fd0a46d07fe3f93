// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// Finds the templates folder and reads files in it. Every command that reads templates uses
/// this, so they all agree on where the folder is.
///
/// Order: `--templates DIR`, then `$RUA_TEMPLATES`, then an installed copy beside the
/// executable (`BIN/../share/rua-paper/templates`, as `scripts/install` lays it out), then the
/// `templates` folder of the package the executable was built in (walking up from
/// `/proc/self/exe` to a folder holding both `templates/` and `Package.swift`), then
/// `./templates`.
public struct TemplatesLocation: Sendable, Equatable {
  /// The folder as the user would write it; problems and messages are shown under it.
  public let shown: String
  /// The same folder, absolute.
  public let root: String

  public init(shown: String, root: String) {
    self.shown = shown
    self.root = root
  }

  public static func resolve(_ explicit: String?, _ host: HostEnvironment) throws(PaperError)
    -> TemplatesLocation
  {
    let shown = find(
      explicit: explicit, environment: host.environment, executable: Files.executablePath())
    let root = host.absolute(shown)
    guard Files.isDirectory(root) else {
      throw PaperError(
        "the templates folder \(shown) does not exist; pass --templates DIR or set RUA_TEMPLATES",
        kind: .notFound)
    }
    return TemplatesLocation(shown: shown, root: root)
  }

  public static func find(explicit: String?, environment: [String: String], executable: String?)
    -> String
  {
    if let explicit, !explicit.isEmpty { return explicit }
    if let variable = environment["RUA_TEMPLATES"], !variable.isEmpty { return variable }
    if let share = installedShare(executable: executable),
      Files.isDirectory(share + "/templates")
    {
      return share + "/templates"
    }
    if var folder = executable.map(parent) {
      while folder != "/" && !folder.isEmpty {
        if Files.isDirectory(folder + "/templates"), Files.isRegularFile(folder + "/Package.swift")
        {
          return folder + "/templates"
        }
        folder = parent(folder)
      }
    }
    return "templates"
  }

  /// `BIN/../share/rua-paper` for an executable in `BIN`: where `scripts/install` and the
  /// Debian package put the templates and the sample circle. Nil when it does not exist.
  public static func installedShare(executable: String?) -> String? {
    guard let executable else { return nil }
    let share = parent(parent(executable)) + "/share/rua-paper"
    return Files.isDirectory(share) ? share : nil
  }

  /// The bytes of `relative`, or nil when there is no such file.
  public func read(_ relative: String) throws(PaperError) -> [UInt8]? {
    do { return try Files.readIfPresent(root + "/" + relative, limit: ReadLimit.small) } catch {
      throw PaperError("cannot read \(shown)/\(relative): \(error.reason)", kind: .io)
    }
  }

  /// Names of the regular files in `relative` ending in `suffix`, sorted; empty when the
  /// folder does not exist.
  public func files(in relative: String, suffix: String) -> [String] {
    Files.list(root + "/" + relative, suffix: suffix)
  }

  private static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }
}
