// SPDX-License-Identifier: Apache-2.0
import CPangoCairo
import Foundation
import RuaTestSupport
import Synchronization
import Testing

@testable import RuaRender

/// The calls the executable defines in place of its libraries' (docs/architecture.md,
/// "Threads"): they must be the ones the libraries reach, and they must be used.
@Suite struct InterposedCallsTests {
  @Test func pangosMatchingRunsOnTheRenderingThreadAndCairoIsHandedItsFaces() throws {
    #expect(KeptFontFaces.isInstalled, "cairo would open and close Pango's faces itself")
    let before = InlinePangoMatching.ranInline
    // A fresh renderer has a fresh font map, so its patterns are matched again.
    let patient = try DocumentFixture.sample()[0]
    _ = try DocumentFixture.render(try RenderFixture.sheet(patient, language: "ar"))
    #expect(InlinePangoMatching.ranInline > before, "no font match ran on the calling thread")
    #expect(KeptFontFaces.count >= 2, "the sheet was drawn with \(KeptFontFaces.count) kept faces")
  }

  /// The font cairo makes for a pattern draws with the face kept here, not with one cairo
  /// opened from the file itself (which it may close under another thread: the CI crash).
  @Test func cairosFontForAPatternIsMadeFromTheKeptFace() throws {
    let file = PackageRoot.templates + "/fonts/NotoSans-Regular.ttf"
    let pattern = try #require(FcPatternCreate())
    defer { FcPatternDestroy(pattern) }
    #expect(FcPatternAddString(pattern, FC_FILE, file) != 0)
    #expect(FcPatternAddInteger(pattern, FC_INDEX, 0) != 0)
    let fontFace = try #require(ruaCairoFontFaceForPattern(pattern))
    defer { cairo_font_face_destroy(fontFace) }
    var size = cairo_matrix_t()
    var identity = cairo_matrix_t()
    cairo_matrix_init_scale(&size, 12, 12)
    cairo_matrix_init_identity(&identity)
    let options = cairo_font_options_create()
    defer { cairo_font_options_destroy(options) }
    let scaled = try #require(cairo_scaled_font_create(fontFace, &size, &identity, options))
    defer { cairo_scaled_font_destroy(scaled) }
    #expect(cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS)
    let drawnWith = cairo_ft_scaled_font_lock_face(scaled)
    defer { cairo_ft_scaled_font_unlock_face(scaled) }
    let key = KeptFontFaces.FaceKey(file: Array(file.utf8), index: 0)
    let kept = KeptFontFaces.lock.withLock { KeptFontFaces.faces[key] }
    #expect(kept != nil, "no face was kept for \(file)")
    #expect(drawnWith == kept, "cairo draws with a face it opened itself, which it may close")
  }

  /// Two threads asking cairo for the font of one pattern at the same moment get one font face.
  /// cairo 1.16 looks for an equal face in the unscaled font's list and adds a new one at its
  /// head without a lock (`_cairo_ft_font_face_create`), so without `KeptFontFaces.creating`
  /// both threads could add one; a PDF embeds a subset per font face, so a `--jobs 2` batch
  /// embedded Noto Sans Bold as two subsets (docs/performance.md, "det14"). The face list is
  /// made long first (the other thread's add can land while a lookup walks it) and each round
  /// asks for a new face (its own variations string); the font file is a copy of its own, so
  /// no other test walks or changes that list.
  @Test func twoThreadsAskingForOnePatternsFontAtOnceGetOneFontFace() throws {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
      "det14-\(getpid())-NotoSans-Bold.ttf")
    try? FileManager.default.removeItem(at: copy)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: PackageRoot.templates + "/fonts/NotoSans-Bold.ttf"), to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }
    func pattern(_ variations: String) -> OpaquePointer? {
      guard let pattern = FcPatternCreate() else { return nil }
      _ = FcPatternAddString(pattern, FC_FILE, copy.path)
      _ = FcPatternAddString(pattern, FC_FONT_VARIATIONS, variations)
      return pattern
    }
    var made: [OpaquePointer] = []
    defer { for face in made { cairo_font_face_destroy(face) } }
    for filler in 0..<2_000 {
      let filling = try #require(pattern("fill=\(filler)"))
      defer { FcPatternDestroy(filling) }
      made.append(try #require(ruaCairoFontFaceForPattern(filling)))
    }
    // Rounds for two seconds at most: on a loaded machine the two threads only sometimes run
    // at once (without the lock 37, 43 and 8,384 of 50,000 rounds split, in three runs).
    let race = RaceFaces(copy.path, seconds: 2, rounds: 50_000)
    let threads = (0..<2).map { side in Thread { race.run(side) } }
    for thread in threads { thread.start() }
    while race.done.load(ordering: .sequentiallyConsistent) < 2 { usleep(1_000) }
    let (rounds, split) = race.result()
    #expect(rounds > 100, "only \(rounds) rounds ran")
    #expect(split == 0, "\(split) of \(rounds) patterns got two font faces, one per thread")
  }

  /// cairo's table reads of a kept face are served from the table read once, and every read,
  /// inside the table or not, answers as FreeType's own does: the same bytes, length and error.
  @Test func tableReadsOfAKeptFaceAnswerAsFreeTypeDoes() throws {
    #expect(
      dlsym(nil, "FT_Load_Sfnt_Table") != FreeTypeFaceLock.lookup("FT_Load_Sfnt_Table"),
      "cairo would reach FreeType's own FT_Load_Sfnt_Table")
    let patient = try DocumentFixture.sample()[0]
    _ = try DocumentFixture.render(try RenderFixture.sheet(patient))
    #expect(KeptFontTables.count >= 1, "no table was read through the kept tables")
    let file = PackageRoot.templates + "/fonts/NotoSans-Regular.ttf"
    let pattern = try #require(FcPatternCreate())
    defer { FcPatternDestroy(pattern) }
    #expect(FcPatternAddString(pattern, FC_FILE, file) != 0)
    let face = try #require(KeptFontFaces.face(for: pattern))
    var cmapSize: FT_ULong = 0
    #expect(KeptFontTables.freetype(face, KeptFontTables.cmapTag, 0, nil, &cmapSize) == 0)
    #expect(cmapSize > 4)
    // cmap, head, glyf, a table the face lacks (CFF ), and the whole file (tag 0)
    for tag in [KeptFontTables.cmapTag, 0x6865_6164, 0x676c_7966, 0x4346_4620, 0] {
      var size: FT_ULong = 0
      let sized = KeptFontTables.freetype(face, FT_ULong(tag), 0, nil, &size) == 0
      let whole = sized ? Int(size) : 16
      let reads: [(offset: Int, length: Int)] = [
        (0, 4), (0, whole), (4, whole - 4), (whole - 1, 1), (whole, 1), (whole - 2, 4),
        (0, whole + 1), (-1, 4), (whole + 8, 2), (0, 0),
      ]
      for read in reads {
        var mine = [FT_Byte](repeating: 0xaa, count: max(read.length, 0) + 8)
        var theirs = mine
        var mineLength = FT_ULong(read.length)
        var theirLength = mineLength
        let mineError = ruaFTLoadSfntTable(
          UnsafeMutableRawPointer(face), UInt(tag), read.offset, &mine, &mineLength)
        let theirError = KeptFontTables.freetype(
          face, FT_ULong(tag), read.offset, &theirs, &theirLength)
        #expect(mineError == theirError, "tag \(tag) read \(read)")
        #expect(mineLength == theirLength, "tag \(tag) read \(read)")
        if theirError == 0 { #expect(mine == theirs, "tag \(tag) read \(read)") }
      }
    }
    #expect(KeptFontTables.table(face, KeptFontTables.cmapTag) != nil, "the cmap is not held")
  }
}

/// Two threads that ask cairo for the font face of a new pattern at the same moment, round
/// after round, each with its own copy of the pattern; after each round the first thread
/// counts whether they got two faces and lets them go (the list stays as long as it was).
final class RaceFaces: @unchecked Sendable {
  let done = Atomic<Int>(0)
  private let arrived = Atomic<Int>(0)
  private let stop = Atomic<Bool>(false)
  private let file: String
  private let deadline: Date
  private let most: Int
  private let lock = NSLock()
  private var faces: [OpaquePointer?] = [nil, nil]
  private var rounds = 0
  private var split = 0

  init(_ file: String, seconds: Double, rounds: Int) {
    self.file = file
    deadline = Date().addingTimeInterval(seconds)
    most = rounds
  }

  func run(_ side: Int) {
    var meetings = 0
    func meet() {
      meetings += 1
      arrived.add(1, ordering: .sequentiallyConsistent)
      while arrived.load(ordering: .sequentiallyConsistent) < 2 * meetings { sched_yield() }
    }
    while true {
      meet()
      if stop.load(ordering: .sequentiallyConsistent) { break }
      let round = lock.withLock { rounds }
      let pattern = FcPatternCreate()
      _ = FcPatternAddString(pattern, FC_FILE, file)
      _ = FcPatternAddString(pattern, FC_FONT_VARIATIONS, "round=\(round)")
      let face = ruaCairoFontFaceForPattern(pattern)
      FcPatternDestroy(pattern)
      lock.withLock { faces[side] = face }
      meet()
      if side == 0 { finishRound() }
    }
    done.add(1, ordering: .sequentiallyConsistent)
  }

  private func finishRound() {
    lock.withLock {
      if faces[0] == nil || faces[0] != faces[1] { split += 1 }
      for face in faces { cairo_font_face_destroy(face) }
      faces = [nil, nil]
      rounds += 1
      if rounds >= most || Date() > deadline { stop.store(true, ordering: .sequentiallyConsistent) }
    }
  }

  func result() -> (rounds: Int, split: Int) { lock.withLock { (rounds, split) } }
}
