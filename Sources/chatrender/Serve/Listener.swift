import Foundation

/// The listening socket, made here so that port 0 can say which port it got; libmicrohttpd
/// takes it over (`MHD_OPTION_LISTEN_SOCKET`).
struct Listener {
  /// A numeric address to bind: an IPv4 or IPv6 address, or `localhost` (127.0.0.1).
  struct Address {
    var text: String
    var isIPv6: Bool
    var bytes: [UInt8]

    init?(parsing given: String) {
      text = given == "localhost" ? "127.0.0.1" : given
      isIPv6 = text.contains(":")
      bytes = [UInt8](repeating: 0, count: isIPv6 ? 16 : 4)
      let family = isIPv6 ? AF_INET6 : AF_INET
      guard inet_pton(family, text, &bytes) == 1 else { return nil }
    }

    /// 127.0.0.0/8 and ::1: reachable from this machine only.
    var isLoopback: Bool { isIPv6 ? bytes == [UInt8](repeating: 0, count: 15) + [1] : bytes[0] == 127 }
  }

  let socket: Int32
  let address: String

  /// Binds `address`:`port` and listens.
  init(_ address: Address, port: Int) throws {
    let descriptor = Foundation.socket(
      address.isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw ServeError("could not make a socket: \(String(cString: strerror(errno)))") }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound: Int32
    if address.isIPv6 {
      var socketAddress = sockaddr_in6()
      socketAddress.sin6_family = sa_family_t(AF_INET6)
      socketAddress.sin6_port = in_port_t(UInt16(port).bigEndian)
      withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { $0.copyBytes(from: address.bytes) }
      bound = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      var socketAddress = sockaddr_in()
      socketAddress.sin_family = sa_family_t(AF_INET)
      socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
      withUnsafeMutableBytes(of: &socketAddress.sin_addr) { $0.copyBytes(from: address.bytes) }
      bound = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard bound == 0, listen(descriptor, 128) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw ServeError("cannot listen on \(address.text) port \(port): \(reason)")
    }
    socket = descriptor
    let host = address.isIPv6 ? "[\(address.text)]" : address.text
    self.address = "http://\(host):\(Self.boundPort(descriptor))/"
  }

  private static func boundPort(_ descriptor: Int32) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    // The port sits at the same place in sockaddr_in and sockaddr_in6.
    let port = withUnsafeBytes(of: &storage) { $0.load(fromByteOffset: 2, as: UInt16.self) }
    return Int(UInt16(bigEndian: port))
  }
}
