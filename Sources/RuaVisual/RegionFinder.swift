// SPDX-License-Identifier: Apache-2.0
/// Clusters differing pixels into regions: connected components over a grid of cells one merge
/// distance wide, so pixels a few points apart (the letters of one word) form one region while
/// separate edits stay apart.
enum RegionFinder {
  /// A cluster: its pixel box and how many differing pixels it holds.
  struct Cluster: Equatable {
    var box: PixelRect
    var count: Int
  }

  /// The clusters of pixels whose class is 1 in `classes` (row by row, `width` × `height`),
  /// ordered top to bottom, then left to right. `cell` is the merge distance in pixels.
  static func clusters(_ classes: [UInt8], width: Int, height: Int, cell: Int) -> [Cluster] {
    let side = max(1, cell)
    let columns = (width + side - 1) / side
    let rows = (height + side - 1) / side
    var boxes = [Cluster?](repeating: nil, count: columns * rows)
    classes.withUnsafeBufferPointer { pixels in
      for y in 0..<height {
        let row = y * width
        for x in 0..<width where pixels[row + x] == 1 {
          let index = (y / side) * columns + x / side
          let dot = PixelRect(x: x, y: y, width: 1, height: 1)
          if let existing = boxes[index] {
            boxes[index] = Cluster(box: existing.box.union(dot), count: existing.count + 1)
          } else {
            boxes[index] = Cluster(box: dot, count: 1)
          }
        }
      }
    }
    var seen = [Bool](repeating: false, count: boxes.count)
    var found: [Cluster] = []
    for start in boxes.indices where !seen[start] {
      guard var cluster = boxes[start] else { continue }
      var stack = [start]
      seen[start] = true
      cluster.count = 0
      while let index = stack.popLast() {
        if let cell = boxes[index] {
          cluster.box = cluster.box.union(cell.box)
          cluster.count += cell.count
        }
        let (cx, cy) = (index % columns, index / columns)
        for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
          for nx in max(0, cx - 1)...min(columns - 1, cx + 1) {
            let next = ny * columns + nx
            if !seen[next] && boxes[next] != nil {
              seen[next] = true
              stack.append(next)
            }
          }
        }
      }
      found.append(cluster)
    }
    return found.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
  }
}
