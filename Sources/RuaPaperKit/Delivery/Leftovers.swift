// SPDX-License-Identifier: Apache-2.0
import RuaFiles
import RuaStore

/// Removes the named temporaries (`.rua-paper-<pid>-…`, a complete PDF or manifest) that a
/// process killed between writing and renaming left in a destination folder, and logs each
/// removal: an access-log row (action `remove`, document `leftover`) and a line on stderr.
/// Files of a process that still runs are left alone.
enum Leftovers {
  static func sweep(_ folder: String, store: Store, host: HostEnvironment) {
    for leftover in AtomicFile.leftovers(in: folder)
    where AtomicFile.processIsGone(leftover.processID) {
      let bytes = try? Files.read(leftover.path, limit: ReadLimit.pdf)
      Files.remove(leftover.path)
      guard !Files.exists(leftover.path) else { continue }
      let entry = AccessEntry(
        patientID: nil, document: "leftover", action: "remove", destination: leftover.path,
        sha256: bytes.map { SHA256.hex($0) }, toolVersion: ToolVersion.full,
        outcome: AccessOutcome.completed)
      _ = try? store.appendAccess(entry)
      host.notice(
        "removed \(leftover.path), a temporary file left by process \(leftover.processID), "
          + "which stopped before renaming it")
    }
  }

  /// Sweeps the folders of the file deliveries whose process died with their intent open.
  static func sweepAbandoned(_ intents: [AccessRecord], store: Store, host: HostEnvironment) {
    var folders = Set<String>()
    for intent in intents where [AccessAction.export, .share].contains(intent.entry.action) {
      guard let pid = intent.entry.processID, AtomicFile.processIsGone(pid),
        let destination = intent.entry.destination, destination.hasPrefix("/")
      else { continue }
      folders.insert(Files.parent(destination))
    }
    for folder in folders.sorted() { sweep(folder, store: store, host: host) }
  }
}
