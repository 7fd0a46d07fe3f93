import RuaFiles

/// Files the command line writes for the user, through `AtomicFile` (whole or absent, 0600),
/// with the message and exit code a user should see when that fails.
package enum OutputFile {
  package static func write(_ bytes: [UInt8], to path: String, replace: Bool) throws(PaperError) {
    do { try AtomicFile.write(bytes, to: path, replacing: replace) } catch {
      throw PaperError(writing: error)
    }
  }
}

extension PaperError {
  /// What went wrong writing a file, what is true about it now, and what to do.
  package init(writing error: FileError) {
    let path = error.path
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
        "cannot write \(path): the folder \(Files.parent(path)) does not exist; create it or "
          + "choose another",
        kind: .cannotCreate)
      return
    default: break
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
