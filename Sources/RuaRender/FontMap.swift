// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo

/// A Pango font map and context that see only the fonts named by the pinned fontconfig file:
/// all of them, or only the unhinted copies (`FontConfigs`). One per renderer (and so per
/// thread); freed in deinit.
final class FontMap {
  let fontMap: UnsafeMutablePointer<PangoFontMap>
  let context: OpaquePointer
  /// True when the map sees only the unhinted copies in `fonts/`.
  let pinnedFacesOnly: Bool
  private let config: OpaquePointer

  /// `makeCurrent` false leaves fontconfig's current config as it is (a renderer's second map,
  /// made after its first is current).
  init(
    fontsConf path: String, language: String, pinnedFacesOnly: Bool = false,
    makeCurrent: Bool = true
  ) throws(RenderError) {
    guard let config = pinnedFacesOnly ? FontConfigs.pinned(path) : FontConfigs.full(path) else {
      throw .fontConfiguration(file: path)
    }
    self.pinnedFacesOnly = pinnedFacesOnly
    // The pinned faces are unhinted copies made by scripts/make-fonts; without them fontconfig
    // would quietly fall back to another family and every document would change.
    guard Self.has(family: Self.requiredFamily, in: config) else {
      FcConfigDestroy(config)
      throw .fontsMissing(file: path, family: Self.requiredFamily)
    }
    // The pinned config becomes fontconfig's current one before the first font map exists:
    // Pango's font maps start by initialising fontconfig (`FcInit`), which would otherwise
    // load the system's configuration and fonts (29 M instructions on a cold sheet) that no
    // renderer uses. Fontconfig keeps its own reference; the next renderer's replaces it.
    guard !makeCurrent || FcConfigSetCurrent(config) != 0 else {
      FcConfigDestroy(config)
      throw .fontConfiguration(file: path)
    }
    guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
      FcConfigDestroy(config)
      throw .fontConfiguration(file: path)
    }
    // The font map takes its own reference to the config.
    pango_fc_font_map_set_config(
      OpaquePointer(map), config)
    self.config = config
    self.fontMap = map
    guard let context = pango_font_map_create_context(map) else {
      g_object_unref(UnsafeMutableRawPointer(map))
      FcConfigDestroy(config)
      throw .fontConfiguration(file: path)
    }
    self.context = context
    // pango-cairo assumes 96 dpi; PDF user space is 72 units per inch.
    pango_cairo_context_set_resolution(context, 72)
    pango_context_set_round_glyph_positions(context, 0)
    pango_context_set_language(context, pango_language_from_string(language))
    // A strong left-to-right base: the default weak direction lets the first letter of a
    // paragraph decide, so a line starting with an Arabic name would be reversed.
    pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
  }

  /// The configuration files fontconfig's current config was loaded from.
  static var currentConfigFiles: [String] {
    guard let files = FcConfigGetConfigFiles(nil) else { return [] }
    defer { FcStrListDone(files) }
    var result: [String] = []
    while let file = FcStrListNext(files) { result.append(String(cString: file)) }
    return result
  }

  /// The family every template draws with.
  static let requiredFamily = "Noto Sans"

  /// Whether the upright regular and bold faces of `family` are among the config's fonts (the
  /// italics of Noto Sans are not copied, so they do not count).
  private static func has(family: String, in config: OpaquePointer) -> Bool {
    [80, 200].allSatisfy { weight in
      let name = "\(family):weight=\(weight):slant=0"
      let pattern = name.withCString {
        FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
      }
      guard let pattern, let objects = FcObjectSetCreate() else { return false }
      defer {
        FcPatternDestroy(pattern)
        FcObjectSetDestroy(objects)
      }
      _ = FcObjectSetAdd(objects, FC_FILE)
      guard let fonts = FcFontList(config, pattern, objects) else { return false }
      defer { FcFontSetDestroy(fonts) }
      return fonts.pointee.nfont > 0
    }
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(context))
    g_object_unref(UnsafeMutableRawPointer(fontMap))
    FcConfigDestroy(config)
  }
}

@available(*, unavailable) extension FontMap: Sendable {}
