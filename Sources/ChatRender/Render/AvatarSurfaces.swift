/// The avatars of a render as cairo surfaces, each decoded once at the size it is drawn and
/// painted wherever its person speaks (a PDF then holds each once, as `ColorGlyphPainter`
/// does its emoji). One that cannot be decoded is remembered too, so it warns once.
final class AvatarSurfaces {
  private struct Key: Hashable {
    /// The picture's source (Render names no transcript type: docs/ARCHITECTURE.md,
    /// "Dependency order").
    var source: AnyHashable
    var size: PixelSize
  }
  private var surfaces: [Key: PictureSurface?] = [:]
  /// Past this many, the cache starts again: a server of thousands of faces keeps no more
  /// than this many decoded at once.
  static let capacity = 128

  /// The surface of the avatar `picture` decoded to cover `needed` pixels, or nil (warned
  /// about, once) when its file cannot be drawn.
  func surface(for picture: PictureItem, needing needed: PixelSize, from pictures: PictureCatalog) -> PictureSurface? {
    let key = Key(source: AnyHashable(picture.source), size: needed)
    if let known = surfaces[key] { return known }
    if surfaces.count >= Self.capacity { surfaces.removeAll() }
    var made: PictureSurface?
    do {
      made = try PictureSurface(try pictures.avatarPixels(of: picture.source, covering: needed))
    } catch {
      if let problem = error as? PictureError { pictures.warn(avatar: picture.name ?? "an avatar", problem) }
    }
    surfaces[key] = made
    return made
  }
}
