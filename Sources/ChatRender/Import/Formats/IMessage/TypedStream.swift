/// A decoded typedstream: the archive format of NeXTSTEP's `NSArchiver`, in which Messages
/// stores a message's `attributedBody` (an `NSAttributedString`). `TypedStreamDecoder` makes
/// it; `AttributedBody` reads the string, links and mentions out of it.
///
/// Objects may refer to one another (and to themselves), so they live in one table and values
/// name them by index.
struct TypedStream: Equatable {
  /// One value of the stream.
  indirect enum Value: Equatable {
    case integer(Int64)
    case float(Double)
    /// An unshared string (`+`), a C string (`*`), a selector or a byte array: raw bytes.
    case bytes([UInt8])
    /// The object at this index of `objects`.
    case object(Int)
    /// A class, by name.
    case classNamed(String)
    case array([Value])
    case structure([Value])
    case null
  }

  /// An object: its class and superclasses, most derived first, and its contents, one group
  /// of values per type encoding.
  struct Object: Equatable {
    var classNames: [String]
    var contents: [[Value]]
  }

  /// The top-level value groups.
  var values: [[Value]]
  /// Every object and class the stream defines, in the order it numbers them.
  var objects: [Object]

  /// The object a value names, when it names one.
  func object(_ value: Value) -> Object? {
    guard case .object(let index) = value, objects.indices.contains(index) else { return nil }
    return objects[index]
  }
}
