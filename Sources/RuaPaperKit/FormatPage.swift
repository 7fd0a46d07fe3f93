// SPDX-License-Identifier: Apache-2.0
public import RuaFiles

/// The care-circle format page (`docs/care-circle-format.md`), which `import --help` and the man
/// page point to: installed as `PREFIX/share/doc/rua-paper/care-circle-format.md` by
/// `scripts/install` and the `.deb`, or read from the package checkout a development build
/// runs from.
public enum FormatPage {
  public static let name = "care-circle-format.md"

  /// Where the page is for the binary at `executable`, or nil when neither place holds it.
  public static func find(executable: String?) -> String? {
    guard let executable else { return nil }
    let bin = Files.parent(executable)
    let installed = Files.parent(bin) + "/share/doc/rua-paper/" + name
    if Files.isRegularFile(installed) { return installed }
    var folder = bin
    while folder != "/" && !folder.isEmpty {
      if Files.isRegularFile(folder + "/Package.swift"),
        Files.isRegularFile(folder + "/docs/" + name)
      {
        return folder + "/docs/" + name
      }
      folder = Files.parent(folder)
    }
    return nil
  }

  /// The page's text, or a refusal saying where it was looked for.
  public static func text(executable: String? = Files.executablePath()) throws(PaperError)
    -> [UInt8]
  {
    guard let path = find(executable: executable) else {
      throw PaperError(
        "the format page \(name) is not installed next to this rua-paper"
          + " (PREFIX/share/doc/rua-paper/); it is docs/\(name) in the source", kind: .notFound)
    }
    do { return try Files.read(path, limit: ReadLimit.small) } catch {
      throw PaperError("cannot read \(path): \(error)", kind: .io)
    }
  }
}
