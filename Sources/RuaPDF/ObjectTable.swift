// SPDX-License-Identifier: Apache-2.0
/// Object number → handle, answering as a dictionary would: an array by number below
/// `denseLimit` (cairo numbers its objects from 1 up, a few hundred a sheet), a dictionary
/// above it, so a hostile xref naming object 3,999,999 costs one entry, not an array that long.
/// Every reference resolved or written asks it; hashing the `Int` was most of a lookup.
struct ObjectTable {
  static let denseLimit = 1 << 16

  /// By number; -1 where there is no object (a handle is never negative; 0, null, is one).
  private var dense: [NativePDF.Handle] = []
  private var sparse: [Int: NativePDF.Handle] = [:]

  subscript(number: Int) -> NativePDF.Handle? {
    get {
      if number >= 0, number < dense.count {
        let handle = dense[number]
        return handle < 0 ? nil : handle
      }
      return number >= 0 && number < Self.denseLimit ? nil : sparse[number]
    }
    set {
      guard number >= 0, number < Self.denseLimit else {
        sparse[number] = newValue
        return
      }
      if number >= dense.count {
        guard newValue != nil else { return }
        dense.append(contentsOf: repeatElement(-1, count: number + 1 - dense.count))
      }
      dense[number] = newValue ?? -1
    }
  }

  mutating func reserveCapacity(_ count: Int) {
    dense.reserveCapacity(min(count, Self.denseLimit))
  }
}
