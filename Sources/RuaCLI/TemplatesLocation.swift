import RuaFiles

/// Finds the templates folder and reads files in it. Every command that reads templates uses
/// this, so they all agree on where the folder is.
///
/// Order: `--templates DIR`, then `$RUA_TEMPLATES`, then the `templates` folder of the package
/// the executable was built in (walking up from `/proc/self/exe` to a folder holding both
/// `templates/` and `Package.swift`), then `./templates`.
struct TemplatesLocation {
  /// The folder as the user would write it; problems and messages are shown under it.
  let shown: String
  /// The same folder, absolute.
  let root: String

  static func resolve(_ explicit: String?, _ context: Context) throws(CLIError) -> TemplatesLocation
  {
    let shown = find(
      explicit: explicit, environment: context.environment, executable: Files.executablePath())
    let root = context.absolute(shown)
    guard Files.isDirectory(root) else {
      throw CLIError(
        "the templates folder \(shown) does not exist; pass --templates DIR or set RUA_TEMPLATES",
        code: .noInput)
    }
    return TemplatesLocation(shown: shown, root: root)
  }

  static func find(explicit: String?, environment: [String: String], executable: String?) -> String
  {
    if let explicit, !explicit.isEmpty { return explicit }
    if let variable = environment["RUA_TEMPLATES"], !variable.isEmpty { return variable }
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

  /// The bytes of `relative`, or nil when there is no such file.
  func read(_ relative: String) throws(CLIError) -> [UInt8]? {
    do { return try Files.readIfPresent(root + "/" + relative) } catch {
      throw CLIError("cannot read \(shown)/\(relative): \(error.reason)", code: .ioError)
    }
  }

  /// Names of the regular files in `relative` ending in `suffix`, sorted; empty when the
  /// folder does not exist.
  func files(in relative: String, suffix: String) -> [String] {
    Files.list(root + "/" + relative, suffix: suffix)
  }

  private static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }
}
