// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo

/// The two fontconfig configurations a renderer can draw with, both from the pinned
/// `fonts.conf` and so with its rules (aliases, fallback order, rejected originals):
///
/// - `full`: every face in its folders (about 300 with Debian's Noto and DejaVu packages), which
///   fontconfig sorts for every font pattern Pango asks for (most of a cold sheet's fontconfig
///   time);
/// - `pinned`: only the unhinted copies scripts/make-fonts made in `fonts/` beside it. For every
///   character those copies draw, the full config picks the same copy (`PinnedFontWorldTests`
///   checks every one of them), so a document they draw is the same bytes with either.
enum FontConfigs {
  /// Every face in the folders `path` names.
  static func full(_ path: String) -> OpaquePointer? {
    guard let config = FcConfigCreate() else { return nil }
    // > FcConfigParseAndLoad: returns FcFalse if some error occurred while loading the file.
    guard FcConfigParseAndLoad(config, path, FcBool(1)) != 0, FcConfigBuildFonts(config) != 0 else {
      FcConfigDestroy(config)
      return nil
    }
    return config
  }

  /// The rules of `path`, and as fonts only the copies in the `fonts` folder beside it.
  static func pinned(_ path: String) -> OpaquePointer? {
    guard let config = FcConfigCreate() else { return nil }
    // The system font set is built while the config names no folder, so it stays empty: a
    // config without one is built in full by `FcConfigSetCurrent`, which would read (or, with
    // no cache, scan) every configured folder.
    guard FcConfigBuildFonts(config) != 0, FcConfigParseAndLoad(config, path, FcBool(1)) != 0
    else {
      FcConfigDestroy(config)
      return nil
    }
    // The copies are the application font set, read from its fontconfig cache (made at setup
    // and install, else written to the first writable cache folder). A missing folder leaves
    // the set empty, which `FontMap` reports as the missing family.
    _ = FcConfigAppFontAddDir(config, pinnedFolder(path))
    return config
  }

  /// The folder of the unhinted copies: `fonts` beside the fontconfig file (its
  /// `<dir prefix="relative">fonts</dir>`).
  static func pinnedFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "fonts" }
    return path[..<slash] + "/fonts"
  }
}
