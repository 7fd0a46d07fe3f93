// SPDX-License-Identifier: Apache-2.0
internal import CPopplerGLib

/// The poppler version `rasterize`, `diff` and `snapshot` render with.
public enum PopplerLibrary {
  public static var version: String { String(cString: poppler_get_version()) }
}
