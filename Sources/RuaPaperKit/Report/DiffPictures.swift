// SPDX-License-Identifier: Apache-2.0
package import RuaVisual

/// The three pictures of one differing page in a report folder: A, B and the diff.
package struct DiffPictures {
  /// File names relative to the report page.
  package let a: String
  package let b: String
  package let diff: String
  package let width: Int
  package let height: Int

  /// Writes `<prefix>page-NNN-a.png`, `-b.png` and `-diff.png` into `folder`.
  package static func write(_ artifacts: PageArtifacts, to folder: String, prefix: String)
    throws(VisualError) -> DiffPictures
  {
    let stem = prefix + VisualFiles.pageName(artifacts.page, suffix: "")
    let files = [("-a.png", artifacts.a), ("-b.png", artifacts.b), ("-diff.png", artifacts.diff)]
    for (suffix, raster) in files {
      if let problem = VisualFiles.writeFile(
        try raster.pngBytes(), to: folder + "/" + stem + suffix)
      {
        throw VisualError(.image, problem)
      }
    }
    return DiffPictures(
      a: stem + "-a.png", b: stem + "-b.png", diff: stem + "-diff.png",
      width: artifacts.diff.width, height: artifacts.diff.height)
  }
}
