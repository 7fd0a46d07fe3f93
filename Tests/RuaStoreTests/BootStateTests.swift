// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("Store boot states and refusals")
struct BootStateTests {
  /// Opens and expects a refusal of `kind`, with the store's bytes unchanged.
  func expectRefusal(
    _ location: StoreLocation, _ kind: StoreError.Kind, mentioning word: String? = nil
  ) throws {
    let before = Fixture.fileHash(location.database)
    let journalBefore = Fixture.fileHash(location.database + "-journal")
    var caught: StoreError?
    do { _ = try Store.open(location, actor: .tester) } catch { caught = error }
    let error = try #require(caught)
    #expect(error.kind == kind, "\(error)")
    if let word { #expect(error.description.contains(word), "\(error)") }
    #expect(Fixture.fileHash(location.database) == before)
    #expect(Fixture.fileHash(location.database + "-journal") == journalBefore)
    let report = Store.inspect(location)
    guard case .refused(let diagnosed) = report.state else {
      Issue.record("inspect did not refuse")
      return
    }
    #expect(diagnosed.kind == kind)
    #expect(Fixture.fileHash(location.database) == before)
  }

  func makeStore(_ folder: TemporaryFolder) throws -> StoreLocation {
    let location = folder.location
    let store = try Store.create(location, actor: .tester)
    _ = try store.save(Fixture.circle(), now: Fixture.now)
    return location
  }

  @Test func createMakesPrivateFilesAndOpens() throws {
    let folder = TemporaryFolder()
    let location = try makeStore(folder)
    for path in [location.database, location.keyFile] {
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(mode == 0o600, "\(path)")
    }
    let dirMode =
      try FileManager.default.attributesOfItem(atPath: folder.path + "/data")[.posixPermissions]
      as? Int
    #expect(dirMode == 0o700)
    let head = try #require(FileManager.default.contents(atPath: location.database)).prefix(16)
    #expect(Array(head) != Array("SQLite format 3".utf8) + [0])
    let store = try Store.open(location, actor: .tester)
    #expect(try store.listPatients().map(\.id) == ["p-robert", "p-maria"])
    let report = Store.inspect(location)
    #expect(report.isReady)
    #expect(report.schemaVersion == Schema.latestVersion)
  }

  @Test func initRefusesToOverwrite() throws {
    let folder = TemporaryFolder()
    let location = try makeStore(folder)
    let before = Fixture.fileHash(location.database)
    let keyBefore = Fixture.fileHash(location.keyFile)
    #expect(throws: StoreError.self) { _ = try Store.create(location, actor: .tester) }
    var other = location
    other.database = folder.file("other.db")
    #expect(throws: StoreError.self) { _ = try Store.create(other, actor: .tester) }
    #expect(!FileManager.default.fileExists(atPath: other.database))
    #expect(Fixture.fileHash(location.database) == before)
    #expect(Fixture.fileHash(location.keyFile) == keyBefore)
  }

  @Test func missingFiles() throws {
    let folder = TemporaryFolder()
    try expectRefusal(folder.location, .noDatabase)
    let location = try makeStore(folder)
    var noKey = location
    noKey.keyFile = folder.file("absent-key")
    try expectRefusal(noKey, .databaseWithoutKey, mentioning: "absent-key")
    var noDatabase = location
    noDatabase.database = folder.file("absent.db")
    try expectRefusal(noDatabase, .keyWithoutDatabase, mentioning: "absent.db")
    #expect(!FileManager.default.fileExists(atPath: noDatabase.database))
  }

  @Test func wrongKey() throws {
    let folder = TemporaryFolder()
    var location = try makeStore(folder)
    location.keyFile = folder.file("wrong-key")
    Fixture.write(location.keyFile, String(repeating: "ab", count: 32) + "\n")
    try expectRefusal(location, .wrongKeyOrNotEncrypted, mentioning: "either the key is wrong")
  }

  @Test func plainSQLiteFile() throws {
    let folder = TemporaryFolder()
    var location = try makeStore(folder)
    location.database = folder.file("plain.db")
    let (_, status) = try Fixture.sqlcipherShell(
      location.database, "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
    #expect(status == 0)
    try expectRefusal(location, .plainSQLite, mentioning: "plain, unencrypted SQLite file")
  }

  @Test func sqlcipher3File() throws {
    let folder = TemporaryFolder()
    var location = try makeStore(folder)
    location.database = folder.file("v3.db")
    let key = Fixture.keyHex(location)
    let (_, status) = try Fixture.sqlcipherShell(
      location.database,
      "PRAGMA key = \"x'\(key)'\";\nPRAGMA cipher_compatibility = 3;\nCREATE TABLE t(x);\n")
    #expect(status == 0)
    try expectRefusal(location, .sqlcipher3, mentioning: "SQLCipher 3")
  }

  @Test func randomTruncatedAndEmptyFiles() throws {
    let folder = TemporaryFolder()
    var location = try makeStore(folder)
    let original = try #require(FileManager.default.contents(atPath: location.database))

    location.database = folder.file("random.db")
    var random = [UInt8](repeating: 0, count: 8192)
    for index in random.indices { random[index] = UInt8.random(in: 0...255) }
    _ = FileManager.default.createFile(atPath: location.database, contents: Data(random))
    try expectRefusal(location, .wrongKeyOrNotEncrypted)

    location.database = folder.file("empty.db")
    _ = FileManager.default.createFile(atPath: location.database, contents: Data())
    try expectRefusal(location, .notAStore, mentioning: "empty")

    location.database = folder.file("short.db")
    _ = FileManager.default.createFile(atPath: location.database, contents: original.prefix(100))
    try expectRefusal(location, .wrongKeyOrNotEncrypted)

    location.database = folder.file("truncated.db")
    _ = FileManager.default.createFile(
      atPath: location.database, contents: original.prefix(original.count - 4096 - 7))
    var caught: StoreError?
    let before = Fixture.fileHash(location.database)
    do { _ = try Store.open(location, actor: .tester) } catch { caught = error }
    #expect(caught?.kind == .corrupt, "\(String(describing: caught))")
    #expect(Fixture.fileHash(location.database) == before)
  }

  @Test func damagedPageIsCorrupt() throws {
    let folder = TemporaryFolder()
    let location = try makeStore(folder)
    var bytes = try #require(FileManager.default.contents(atPath: location.database))
    #expect(bytes.count >= 3 * 4096)
    bytes[4096 + 2000] ^= 0x01
    _ = FileManager.default.createFile(atPath: location.database, contents: bytes)
    try expectRefusal(location, .corrupt)
  }

  @Test func keyFileRefusals() throws {
    let folder = TemporaryFolder()
    let location = try makeStore(folder)
    let hex = Fixture.keyHex(location)

    var open = location
    open.keyFile = folder.file("key-0644")
    Fixture.write(open.keyFile, hex, mode: 0o644)
    try expectRefusal(open, .keyFileRefused, mentioning: "chmod 600")

    var link = location
    link.keyFile = folder.file("key-link")
    try FileManager.default.createSymbolicLink(
      atPath: link.keyFile, withDestinationPath: location.keyFile)
    try expectRefusal(link, .keyFileRefused, mentioning: "symbolic link")

    var directory = location
    directory.keyFile = folder.file("key-dir")
    try FileManager.default.createDirectory(
      atPath: directory.keyFile, withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o700])
    try expectRefusal(directory, .keyFileRefused, mentioning: "folder")

    var short = location
    short.keyFile = folder.file("key-short")
    Fixture.write(short.keyFile, String(hex.prefix(62)))
    try expectRefusal(short, .keyFileRefused, mentioning: "64 hexadecimal")

    var fifo = location
    fifo.keyFile = folder.file("key-fifo")
    #expect(mkfifo(fifo.keyFile, 0o600) == 0)
    try expectRefusal(fifo, .keyFileRefused, mentioning: "not a regular file")

    var foreign = location
    foreign.keyFile = folder.file("key-foreign")
    Fixture.write(foreign.keyFile, hex)
    #expect(chown(foreign.keyFile, 65534, 65534) == 0 || geteuid() != 0)
    if geteuid() == 0 {
      try expectRefusal(foreign, .keyFileRefused, mentioning: "belongs to user id")
    }

    var withNewline = location
    withNewline.keyFile = folder.file("key-newline")
    Fixture.write(withNewline.keyFile, hex.uppercased() + "\n")
    #expect(try Store.open(withNewline, actor: .tester).listPatients().count == 2)
  }

  @Test func keyNeverInMessages() throws {
    let folder = TemporaryFolder()
    let location = try makeStore(folder)
    let hex = Fixture.keyHex(location)
    var open = location
    open.keyFile = folder.file("key-0644")
    Fixture.write(open.keyFile, hex, mode: 0o644)
    do { _ = try Store.open(open, actor: .tester) } catch {
      #expect(!error.description.contains(hex))
      #expect(!error.description.lowercased().contains(String(hex.prefix(16))))
    }
  }

  @Test func everyConnectionIsHardened() throws {
    let folder = TemporaryFolder()
    _ = try Store.create(folder.location, actor: .tester)
    let store = try Store.open(folder.location, actor: .tester)
    let c = store.connection
    #expect(try c.scalarInt("PRAGMA temp_store") == 2)
    #expect(try c.scalarInt("PRAGMA foreign_keys") == 1)
    #expect(try c.scalarInt("PRAGMA recursive_triggers") == 1)
    #expect(try c.scalarInt("PRAGMA secure_delete") == 1)
    #expect(try c.scalarInt("PRAGMA synchronous") == 2)
    #expect(try c.scalarText("PRAGMA journal_mode") == "delete")
    #expect(try c.scalarText("PRAGMA cipher_version")?.hasPrefix("4.") == true)
    let versions = Store.libraryVersions()
    #expect(versions.sqlcipher?.hasPrefix("4.") == true)
    #expect(!versions.sqlite.isEmpty)
  }
}
