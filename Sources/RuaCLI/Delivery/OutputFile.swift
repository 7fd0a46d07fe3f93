import RuaFiles

/// Files the command line writes for the user, through `AtomicFile` (whole or absent, 0600),
/// with the message and exit code a user should see when that fails.
enum OutputFile {
  static func write(_ bytes: [UInt8], to path: String, replace: Bool) throws(CLIError) {
    do { try AtomicFile.write(bytes, to: path, replacing: replace) } catch {
      throw CLIError(writing: error)
    }
  }
}

extension CLIError {
  /// What went wrong writing a file, what is true about it now, and what to do.
  init(writing error: FileError) {
    let path = error.path
    if error.fileIsInPlace {
      self.init(
        "\(path) was written, but its folder could not be synced (\(error.reason)); the file "
          + "may not survive a crash: check it and write it again", code: .ioError)
      return
    }
    switch error.operation {
    case .replace:
      self.init(
        "refusing to replace \(path): it is not a regular file (a folder, device, FIFO, socket "
          + "or symlink); choose another name", code: .cannotCreate)
      return
    case .open where error.isMissingFolder:
      self.init(
        "cannot write \(path): the folder \(Files.parent(path)) does not exist; create it or "
          + "choose another",
        code: .cannotCreate)
      return
    default: break
    }
    if error.isExisting {
      self.init(
        "\(path) already exists; choose another name or pass --force to replace it",
        code: .cannotCreate)
    } else if error.isPermission {
      self.init(
        "cannot write \(path): \(error.reason); choose a folder you can write to",
        code: .cannotCreate)
    } else if error.isNoSpace {
      self.init(
        "cannot write \(path): \(error.reason); free some space and try again", code: .ioError)
    } else {
      self.init("cannot write \(path): \(error.reason)", code: .ioError)
    }
  }
}
