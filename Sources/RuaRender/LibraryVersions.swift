internal import CPangoCairo

/// The versions of the layout libraries this process runs with, for `version` and bug reports.
public enum LayoutLibraries {
  public static var cairo: String { String(cString: cairo_version_string()) }
  public static var pango: String { String(cString: pango_version_string()) }
}
