// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import RuaPDF

/// The versions of the layout libraries this process runs with, for `version` and bug reports.
public enum LayoutLibraries {
  public static var cairo: String { String(cString: cairo_version_string()) }
  public static var pango: String { String(cString: pango_version_string()) }
  /// libqpdf: the finisher's fallback and `diff`'s reader, loaded on first use.
  public static var qpdf: String { QPDFVersion.string }
}
