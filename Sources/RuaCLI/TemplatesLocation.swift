import CLinux
import Glibc

/// Finds the templates folder and reads files in it. Every command that reads templates uses
/// this, so they all agree on where the folder is.
///
/// Order: `--templates DIR`, then `$RUA_TEMPLATES`, then an installed copy beside the
/// executable (`BIN/../share/rua-paper/templates`, as `scripts/install` lays it out), then the
/// `templates` folder of the package the executable was built in (walking up from
/// `/proc/self/exe` to a folder holding both `templates/` and `Package.swift`), then
/// `./templates`.
struct TemplatesLocation {
  /// The folder as the user would write it; problems and messages are shown under it.
  let shown: String
  /// The same folder, absolute.
  let root: String

  static func resolve(_ explicit: String?, _ context: Context) throws(CLIError) -> TemplatesLocation
  {
    let shown = find(
      explicit: explicit, environment: context.environment, executable: executablePath())
    let root = context.absolute(shown)
    guard isDirectory(root) else {
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
    if let share = installedShare(executable: executable),
      isDirectory(share + "/templates")
    {
      return share + "/templates"
    }
    if var folder = executable.map(parent) {
      while folder != "/" && !folder.isEmpty {
        if isDirectory(folder + "/templates"), isRegularFile(folder + "/Package.swift") {
          return folder + "/templates"
        }
        folder = parent(folder)
      }
    }
    return "templates"
  }

  /// `BIN/../share/rua-paper` for an executable in `BIN`: where `scripts/install` and the
  /// Debian package put the templates and the sample circle. Nil when it does not exist.
  static func installedShare(executable: String?) -> String? {
    guard let executable else { return nil }
    let share = parent(parent(executable)) + "/share/rua-paper"
    return isDirectory(share) ? share : nil
  }

  /// The bytes of `relative`, or nil when there is no such file.
  func read(_ relative: String) throws(CLIError) -> [UInt8]? {
    let path = root + "/" + relative
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw CLIError(
        "cannot read \(shown)/\(relative): \(TemplatesLocation.describe(errno))", code: .ioError)
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw CLIError(
          "cannot read \(shown)/\(relative): \(TemplatesLocation.describe(errno))", code: .ioError)
      }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
    }
  }

  /// Names of the regular files in `relative` ending in `suffix`, sorted; empty when the
  /// folder does not exist.
  func files(in relative: String, suffix: String) -> [String] {
    guard let directory = opendir(root + "/" + relative) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name.hasSuffix(suffix), !name.hasPrefix("."),
        TemplatesLocation.isRegularFile(root + "/" + relative + "/" + name)
      {
        names.append(name)
      }
    }
    return names.sorted()
  }

  static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let length = strlen(text)
    return String(
      decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
  }

  private static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }
}
