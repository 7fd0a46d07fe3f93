import RuaVisual

/// The three pictures of one differing page in a report folder: A, B and the diff.
struct DiffPictures {
  /// File names relative to the report page.
  let a: String
  let b: String
  let diff: String
  let width: Int
  let height: Int

  /// Writes `<prefix>page-NNN-a.png`, `-b.png` and `-diff.png` into `folder`.
  static func write(_ artifacts: PageArtifacts, to folder: String, prefix: String)
    throws(VisualError) -> DiffPictures
  {
    let stem = prefix + VisualSupport.pageName(artifacts.page, suffix: "")
    let files = [("-a.png", artifacts.a), ("-b.png", artifacts.b), ("-diff.png", artifacts.diff)]
    for (suffix, raster) in files {
      if let problem = VisualSupport.writeFile(
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
