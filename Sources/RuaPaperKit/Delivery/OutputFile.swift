// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCore
package import RuaFiles

/// Files the command line writes for the user, through `AtomicFile` (whole or absent, 0600),
/// with the message and exit code a user should see when that fails.
package enum OutputFile {
  /// The longest file name a Linux file system keeps (`NAME_MAX`, in bytes of UTF-8).
  package static let longestName = 255

  /// A share folder (`share --to`) must be a real folder: said plainly when it is missing, is
  /// a file, FIFO, device or socket, or is a symlink (refused, never followed, so the access
  /// log names the folder the document really went to).
  package static func checkShareFolder(_ folder: String, shown: String) throws(PaperError) {
    // "link/" would resolve the link: its own entry is checked.
    var entry = Substring(folder)
    while entry.count > 1, entry.hasSuffix("/") { entry = entry.dropLast() }
    let status: FileStatus?
    do { status = try Files.status(String(entry)) } catch {
      throw PaperError(
        "the share folder \(shown) cannot be checked (\(error.reason))", kind: .cannotCreate)
    }
    let what: String
    switch status?.kind {
    case .directory?: return
    case nil:
      throw PaperError(
        "the share folder \(shown) does not exist; create it or mount the drive first",
        kind: .cannotCreate)
    case .symlink?:
      throw PaperError(
        "the share folder \(shown) is a symbolic link; a link is never followed, so that the"
          + " access log names the real folder: pass the folder it points to", kind: .cannotCreate)
    case .regular?: what = "a file"
    case .fifo?: what = "a FIFO (named pipe)"
    case .socket?: what = "a socket"
    case .device?: what = "a device"
    case .other?: what = "not a folder"
    }
    throw PaperError(
      "the share folder \(shown) is \(what), not a folder; pass a folder", kind: .cannotCreate)
  }

  /// A file name chosen by the user (`share --name`): one plain name, short enough to make.
  package static func checkName(_ name: String, option: String) throws(PaperError) {
    guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
      throw .invalidRequest("\(option) must be a plain file name without '/', such as er-sheet.pdf")
    }
    let bytes = name.utf8.count
    guard bytes <= longestName else {
      throw .invalidRequest(
        "\(option) is \(bytes) bytes long; a file name may be at most \(longestName) bytes"
          + " (UTF-8), so choose a shorter one")
    }
  }

  package static func write(_ bytes: [UInt8], to path: String, replace: Bool) throws(PaperError) {
    do { try AtomicFile.write(bytes, to: path, replacing: replace) } catch {
      throw PaperError(writing: error)
    }
  }
}

extension PaperError {
  /// What went wrong writing a file, what is true about it now, and what to do.
  package init(writing error: FileError) {
    // The path is the user's text: a line break or an ESC in it is shown escaped.
    let path = VisibleText.escaped(error.path)
    if error.fileIsInPlace {
      self.init(
        "\(path) was written, but its folder could not be synced (\(error.reason)); the file "
          + "may not survive a crash: check it and write it again", kind: .io)
      return
    }
    switch error.operation {
    case .replace:
      self.init(
        "refusing to replace \(path): it is not a regular file (a folder, device, FIFO, socket "
          + "or symlink); choose another name", kind: .cannotCreate)
      return
    case .open where error.isMissingFolder:
      self.init(
        "cannot write \(path): the folder \(VisibleText.escaped(Files.parent(error.path))) does not exist; create it or "
          + "choose another",
        kind: .cannotCreate)
      return
    default: break
    }
    if error.code == ENAMETOOLONG {
      self.init(
        "cannot write \(path): the name is too long (a file name may be at most"
          + " \(OutputFile.longestName) bytes); choose a shorter one", kind: .cannotCreate)
      return
    }
    if error.isExisting {
      self.init(
        "\(path) already exists; choose another name or pass --force to replace it",
        kind: .cannotCreate)
    } else if error.isPermission {
      self.init(
        "cannot write \(path): \(error.reason); choose a folder you can write to",
        kind: .cannotCreate)
    } else if error.isNoSpace {
      self.init(
        "cannot write \(path): \(error.reason); free some space and try again", kind: .io)
    } else {
      self.init("cannot write \(path): \(error.reason)", kind: .io)
    }
  }
}
