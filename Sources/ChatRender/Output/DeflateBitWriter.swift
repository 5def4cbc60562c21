/// Packs deflate's least-significant-bit-first bit stream into bytes.
///
/// A plain value over storage owned elsewhere: hot loops copy it into a local variable, so
/// Swift needs no exclusivity checks per write. The owner frees `bytes`.
struct DeflateBitWriter {
  /// Where finished bytes go.
  private(set) var bytes: UnsafeMutablePointer<UInt8>
  /// Size of `bytes`.
  private(set) var capacity: Int
  /// Finished bytes in `bytes`.
  private(set) var count = 0
  private var pending: UInt64 = 0
  private var pendingBits = 0

  init(capacity: Int) {
    self.capacity = capacity
    bytes = .allocate(capacity: capacity)
  }

  /// Appends the low `bitCount` bits of `value` (at most 32; higher bits must be zero).
  @inline(__always)
  mutating func write(_ value: UInt32, bitCount: Int) {
    pending |= UInt64(value) << UInt64(pendingBits)
    pendingBits &+= bitCount
    if pendingBits >= 32 {
      UnsafeMutableRawPointer(bytes + count).storeBytes(
        of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
      count &+= 4
      pending >>= 32
      pendingBits &-= 32
    }
  }

  /// Pads with zero bits to a byte boundary and moves all pending bits into `bytes`.
  mutating func alignToByte() {
    while pendingBits > 0 {
      bytes[count] = UInt8(truncatingIfNeeded: pending)
      count += 1
      pending >>= 8
      pendingBits = max(0, pendingBits - 8)
    }
  }

  /// Makes room for `extra` more bytes (plus 8 for a partial word), keeping what is written.
  mutating func reserve(_ extra: Int) {
    let needed = count + extra + 8
    guard needed > capacity else { return }
    let newCapacity = max(needed, capacity * 2)
    let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBytes.update(from: bytes, count: count)
    bytes.deallocate()
    bytes = newBytes
    capacity = newCapacity
  }

  /// Forgets the finished bytes (after they were written out); pending bits stay.
  mutating func removeFinishedBytes() {
    count = 0
  }
}
