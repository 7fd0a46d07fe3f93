// SPDX-License-Identifier: Apache-2.0
/// The tool's version, printed by `--version`, stamped into PDFs and access-log rows.
public enum ToolVersion {
  public static let current = "0.1.0"
  public static let name = "rua-paper"
  public static var full: String { name + " " + current }
}
