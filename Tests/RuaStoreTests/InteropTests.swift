import Foundation
import Testing

@testable import RuaStore

@Suite("Interop with Debian's sqlcipher shell")
struct InteropTests {
  @Test func shellOpensOurStoreWithTheRawKey() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location)
    _ = try store.save(Fixture.circle(), now: Fixture.now)
    let key = Fixture.keyHex(folder.location)
    let (output, status) = try Fixture.sqlcipherShell(
      folder.location.database,
      "PRAGMA key = \"x'\(key)'\";\nSELECT external_id FROM patients ORDER BY position;\n")
    #expect(status == 0)
    #expect(output.contains("p-robert\np-maria"), "\(output)")
    let (wrong, _) = try Fixture.sqlcipherShell(
      folder.location.database,
      "PRAGMA key = \"x'\(String(repeating: "00", count: 32))'\";\nSELECT count(*) FROM patients;\n"
    )
    #expect(!wrong.contains("p-robert"))
  }

  @Test func weOpenADatabaseTheShellCreated() throws {
    let folder = TemporaryFolder()
    _ = try Store.create(folder.location)
    let key = Fixture.keyHex(folder.location)
    var location = folder.location
    location.database = folder.file("from-shell.db")
    let (_, status) = try Fixture.sqlcipherShell(
      location.database,
      "PRAGMA key = \"x'\(key)'\";\nCREATE TABLE note(text);\nINSERT INTO note VALUES ('hello');\n")
    #expect(status == 0)
    // It opens (the key and format agree), and is then refused as another application's file.
    var caught: StoreError?
    do { _ = try Store.open(location) } catch { caught = error }
    #expect(caught?.kind == .notAStore, "\(String(describing: caught))")
    // A rua-paper-shaped database made by the shell opens as a store.
    location.database = folder.file("shell-store.db")
    let (_, created) = try Fixture.sqlcipherShell(
      location.database,
      "PRAGMA key = \"x'\(key)'\";\nPRAGMA user_version = 0;\nCREATE TABLE t(x);\nDROP TABLE t;\n")
    #expect(created == 0)
    let store = try Store.open(location)
    #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.latestVersion))
    #expect(try store.listPatients().isEmpty)
  }
}
