/// What a WhatsApp message body means once the export's markers are read (docs/FORMATS.md,
/// "WhatsApp"): the text to show, attachments, and the deleted and edited flags.
struct WhatsAppBody: Sendable, Hashable {
  var text: String
  var attachments: [Attachment] = []
  var isDeleted = false
  var isEdited = false
  /// "You deleted this message": only the exporting phone's owner writes this.
  var isOwnDeletion = false
  /// The body was a marker or placeholder the app wrote, not text the sender typed.
  var isMarker = false

  /// Reads the body lines of one message (the header's remainder, then continuation lines).
  init(lines: [Substring]) {
    var lines = lines.map { InvisibleMarks.trimmingLeading($0) }
    text = ""
    if let last = lines.indices.last, let stripped = WhatsAppBody.removingEditedMarker(lines[last]) {
      lines[last] = stripped
      isEdited = true
    }
    let joined = lines.joined(separator: "\n")
    // Markers are short; long bodies skip the lookups.
    let plain = joined.utf8.count <= 120 ? InvisibleMarks.trimmingMarksAndSpaces(joined) : ""
    if let deletion = WhatsAppBody.deletion(plain) {
      text = plain
      isDeleted = true
      isOwnDeletion = deletion
      isMarker = true
    } else if WhatsAppBody.isMediaOmitted(plain) {
      attachments = [Attachment(kind: .other, isOmitted: true)]
      isMarker = true
    } else if let kind = WhatsAppBody.omittedKind(plain) {
      attachments = [Attachment(kind: kind, isOmitted: true)]
      isMarker = true
    } else if let name = WhatsAppBody.omittedDocumentName(plain) {
      attachments = [
        Attachment(kind: .file, fileName: name, mimeType: FileTypes.mimeType(ofFile: name), isOmitted: true)
      ]
      isMarker = true
    } else if lines.count == 1, plain == "null" {
      // Calls in old exports.
      isMarker = true
    } else if let (name, caption) = WhatsAppBody.fileAttached(lines) {
      attachments = [WhatsAppBody.attachment(named: name)]
      text = caption
      isMarker = true
    } else if let (names, rest) = WhatsAppBody.attachedTags(lines) {
      attachments = names.map(WhatsAppBody.attachment(named:))
      text = rest
      isMarker = true
    } else {
      text = joined
      if lines.first.map(WhatsAppBody.isLocation) == true {
        attachments = [Attachment(kind: .location)]
        isMarker = true
      }
    }
  }

  // MARK: - Edited and deleted

  static let editedMarkers = [
    "<This message was edited>", "<Diese Nachricht wurde bearbeitet>",
    "<Este mensaje fue editado>", "<Se editó este mensaje.>", "<Ce message a été modifié>",
    "<Questo messaggio è stato modificato>", "<Esta mensagem foi editada>",
    "<Dit bericht is bewerkt>", "<Сообщение изменено>", "<Bu mesaj düzenlendi>",
  ]

  /// The line without a trailing "<This message was edited>", or nil when it has none.
  static func removingEditedMarker(_ line: Substring) -> Substring? {
    let trimmed = InvisibleMarks.trimmingMarksAndSpaces(line)
    guard let marker = editedMarkers.first(where: { trimmed.hasSuffix($0) }) else { return nil }
    var scalars = Substring(trimmed).unicodeScalars.dropLast(marker.unicodeScalars.count)
    while let last = scalars.last, InvisibleMarks.contains(last) || InvisibleMarks.isSpace(last) {
      scalars = scalars.dropLast()
    }
    return Substring(scalars)
  }

  /// Deleted-message markers: the value says whether only the owner writes it.
  static let deletionMarkers: [String: Bool] = [
    "This message was deleted": false, "You deleted this message": true,
    "Diese Nachricht wurde gelöscht": false, "Du hast diese Nachricht gelöscht": true,
    "Se eliminó este mensaje": false, "Eliminaste este mensaje": true,
    "Este mensaje fue eliminado": false,
    "Ce message a été supprimé": false, "Vous avez supprimé ce message": true,
    "Questo messaggio è stato eliminato": false, "Hai eliminato questo messaggio": true,
    "Esta mensagem foi apagada": false, "Você apagou esta mensagem": true,
    "Apagou esta mensagem": true,
    "Dit bericht is verwijderd": false, "Je hebt dit bericht verwijderd": true,
    "Это сообщение удалено": false, "Вы удалили это сообщение": true,
    "Bu mesaj silindi": false, "Bu mesajı sildiniz": true,
    // From here on: WhatsApp's own strings (iOS `Localizable.strings` keys `qBly]`, `S?EA5`,
    // `GHe7G`; Android `revoked_msg_incoming`, `revoked_msg_outgoing`; docs/FORMATS.md).
    // Portuguese (Brazil: both sides), Dutch, Russian: the wordings the rows above lack
    "Mensagem apagada": false, "U hebt dit bericht verwijderd": true,
    "Данное сообщение удалено": false, "Вы удалили данное сообщение": true,
    // Japanese
    "このメッセージは削除されました": false, "このメッセージを削除しました": true,
    // Korean
    "이 메시지는 삭제되었습니다": false, "이 메시지를 삭제했습니다": true, "삭제한 메시지입니다": true,
    // Chinese (Simplified)
    "这条消息已被删除": false, "信息已删除": false, "您已删除这条消息": true, "您删除这个信息": true,
    // Chinese (Traditional)
    "此訊息已刪除": false, "您已刪除此訊息": true,
    // Arabic
    "تم حذف هذه الرسالة": false, "لقد حذَفت هذه الرسالة": true, "أنت حذفت هذه الرسالة": true,
    // Indonesian
    "Pesan ini dihapus": false, "Pesan ini telah dihapus": false, "Anda menghapus pesan ini": true,
    "Anda telah menghapus pesan ini": true,
    // Polish
    "Ta wiadomość została usunięta": false, "Usunąłeś(-ęłaś) tę wiadomość": true, "Usunąłeś(aś) tę wiadomość": true,
    // Hindi
    "यह मैसेज डिलीट कर दिया गया है": false, "यह संदेश मिटाया गया": false, "आपने यह मैसेज डिलीट किया": true, "आपने यह संदेश मिटाया": true,
    // Urdu
    "یہ میسج حذف کر دیا گیا ہے": false, "یہ پیغام حذف کیا گیا": false, "آپ نے یہ میسج حذف کر دیا ہے": true,
    "آپ نے اس پیغام کو حذف کیا": true,
    // Persian
    "این پیام حذف شده است": false, "این پیام حذف شد": false, "شما این پیام را حذف کردید": true,
    // Vietnamese
    "Tin nhắn này đã bị xóa": false, "Tin nhắn này đã bị xoá": false, "Bạn đã xoá tin nhắn này": true,
    "Bạn đã xóa tin nhắn này": true,
    // Thai
    "ข้อความนี้ถูกลบแล้ว": false, "ข้อความนี้ได้ถูกลบ": false, "คุณได้ลบข้อความนี้": true, "คุณลบข้อความนี้": true,
    // Ukrainian
    "Це повідомлення було видалено": false, "Ви видалили це повідомлення": true,
    // Czech
    "Tato zpráva byla smazána": false, "Tato zpráva byla odstraněna": false,
    "Tuto zprávu jste smazal/a": true, "Tuto zprávu jste odstranil/a": true,
    // Hebrew
    "הודעה זו נמחקה": false, "מחקת את ההודעה הזו": true, "מחקת הודעה זו": true,
  ]

  /// The full stops a marker may end with: Latin, CJK (`。`) and Urdu (`۔`).
  private static let sentenceEnds = [".", "。", "۔"]

  /// Whether `plain` is a deletion marker, and if so whether it is the owner's own.
  static func deletion(_ plain: String) -> Bool? {
    let text = sentenceEnds.contains(where: plain.hasSuffix) ? String(plain.dropLast()) : plain
    if let own = deletionMarkers[text] { return own }
    if text.hasPrefix("This message was deleted by admin") { return false }
    return nil
  }

  // MARK: - Media

  /// Android's one placeholder for every kind of media, by language (docs/FORMATS.md,
  /// "Languages"). Matched without regard to case; a translator adds a line here.
  static let mediaOmitted: Set<String> = [
    "<Media omitted>",
    "<Medien ausgeschlossen>", "<Medien weggelassen>",  // German
    "<Multimedia omitido>", "<Archivo omitido>",  // Spanish
    "<Médias omis>", "<Fichier omis>",  // French
    "<Media omessi>", "<Media omesso>",  // Italian
    "<Mídia omitida>", "<Arquivo de mídia oculto>", "<ficheiro não revelado>",  // Portuguese
    "<Media weggelaten>",  // Dutch
    "<Без медиафайлов>", "<Файл пропущен>",  // Russian
    "<Medya dahil edilmedi>", "<Medya atlanmış>",  // Turkish
    "<メディアなし>", "<メディアは含まれていません>",  // Japanese
    "<미디어 파일 제외됨>", "<미디어 파일을 생략한 대화내용>",  // Korean
    "<省略多媒体文件>", "<已忽略多媒體檔>", "<忽略多媒體檔>",  // Chinese
    "<تم استبعاد الوسائط>",  // Arabic
    "<Media tidak disertakan>",  // Indonesian
    "<Pominięto multimedia>", "<pliki pominięto>",  // Polish
    "<मीडिया के बिना>",  // Hindi
    "<میڈیا چھوڑ دیا گیا>", "<میڈیا ہٹا دیا گیا>",  // Urdu
    "<رسانه حذف شد>", "< پيوست نما/آهنگ حذف شد >",  // Persian
    "<bỏ qua tệp phương tiện>", "<Bỏ qua Media>",  // Vietnamese
    "<ไฟล์สื่อถูกลบ>", "<สื่อถูกลบ>",  // Thai
    "<המדיה לא נכללה>", "<מדיה הושמטה>",  // Hebrew
    "<Média vynechána>", "<Media utelämnat>", "<Medier udeladt>",  // Czech, Swedish, Danish
    "<медіа пропущено>",  // Ukrainian
  ]

  /// The placeholder, however its letters are cased (`<media omitted>` in some exports).
  static func isMediaOmitted(_ plain: String) -> Bool {
    guard plain.hasPrefix("<"), plain.hasSuffix(">") else { return false }
    return mediaOmitted.contains(plain) || mediaOmittedLowercased.contains(plain.lowercased())
  }

  private static let mediaOmittedLowercased = Set(mediaOmitted.map { $0.lowercased() })

  /// How the encryption notice starts, in the languages of `mediaOmitted`'s most common few;
  /// some exports write it under the chat's name (`Group: Messages and calls are…`).
  private static let encryptionNotices = [
    "Messages and calls are end-to-end encrypted", "Messages you send to this group are now secured",
    "Messages you send to this chat and calls are now secured",
    "Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt",
    "Los mensajes y las llamadas están cifrados de extremo a extremo",
    "Les messages et les appels sont chiffrés de bout en bout",
    "I messaggi e le chiamate sono crittografati end-to-end",
    "As mensagens e as chamadas são protegidas com a criptografia de ponta a ponta",
  ]

  static func isEncryptionNotice(_ text: Substring) -> Bool {
    let start = InvisibleMarks.trimmingLeading(text)
    return encryptionNotices.contains { start.hasPrefix($0) }
  }

  /// iOS placeholders, one per kind ("image omitted").
  static let omittedKinds: [String: Attachment.Kind] = [
    "image omitted": .image, "video omitted": .video, "audio omitted": .audio,
    "sticker omitted": .sticker, "GIF omitted": .video, "document omitted": .file,
    "Contact card omitted": .contact,
    "Bild weggelassen": .image, "Video weggelassen": .video, "Audio weggelassen": .audio,
    "Sticker weggelassen": .sticker, "GIF weggelassen": .video,
    "Dokument weggelassen": .file, "Kontaktkarte ausgelassen": .contact,
    "imagen omitida": .image, "video omitido": .video, "audio omitido": .audio,
    "sticker omitido": .sticker, "GIF omitido": .video, "documento omitido": .file,
    "image absente": .image, "vidéo absente": .video, "audio omis": .audio,
    "immagine omessa": .image, "video omesso": .video, "audio omesso": .audio,
    "imagem ocultada": .image, "vídeo ocultado": .video, "áudio ocultado": .audio,
    "görüntü dahil edilmedi": .image, "video dahil edilmedi": .video, "ses dahil edilmedi": .audio,
    "GIF dahil edilmedi": .video, "Çıkartma dahil edilmedi": .sticker,
    // From here on: WhatsApp's own iOS strings (keys `n*sq0`, `I4|vp`, `a86Wu`, `2K_mB`, `~.KLq`,
    // `Sk+0p`, `StaLC`; docs/FORMATS.md).
    // Spanish, French, Italian, Portuguese (Brazil, Portugal), Turkish: the kinds the rows above lack
    "Video omitido": .video, "Tarjeta de contacto omitida": .contact,
    "sticker omis": .sticker, "GIF retiré": .video, "Fiche contact manquante": .contact, "document manquant": .file,
    "sticker non incluso": .sticker, "GIF esclusa": .video, "Scheda contatto omessa": .contact,
    "documento omesso": .file,
    "vídeo omitido": .video, "figurinha omitida": .sticker, "Cartão do contato omitido": .contact,
    "imagem não revelada": .image, "vídeo não revelado": .video, "ficheiro de áudio não revelado": .audio,
    "sticker não revelado": .sticker, "GIF não revelada": .video, "Contacto não revelado": .contact,
    "documento não revelado": .file,
    "Kişi kartı dahil edilmedi": .contact, "belge dahil edilmedi": .file,
    // Dutch
    "afbeelding weggelaten": .image, "video weggelaten": .video, "audio weggelaten": .audio,
    "sticker weggelaten": .sticker, "GIF weggelaten": .video, "Visitekaartje weggelaten": .contact,
    "document weggelaten": .file,
    // Russian
    "изображение отсутствует": .image, "видео отсутствует": .video, "аудиофайл отсутствует": .audio,
    "стикер не добавлен": .sticker, "GIF отсутствует": .video, "Карточка контакта отсутствует": .contact,
    "документ отсутствует": .file,
    // Japanese
    "画像は含まれていません": .image, "ビデオは含まれていません": .video, "音声は含まれていません": .audio, "スタンプは含まれていません": .sticker,
    "GIFは含まれていません": .video, "連絡先カードを省略": .contact, "ドキュメントは含まれていません": .file,
    // Korean
    "이미지 생략됨": .image, "비디오 생략됨": .video, "오디오 생략됨": .audio, "스티커 제외됨": .sticker, "GIF 생략됨": .video,
    "연락처 카드 생략됨": .contact, "문서 생략됨": .file,
    // Chinese (Simplified)
    "照片已忽略": .image, "视频已忽略": .video, "音频已忽略": .audio, "贴图已省略": .sticker, "GIF 动态图已被忽略": .video, "联系人卡片已忽略": .contact,
    "文档已省略": .file,
    // Chinese (Traditional)
    "圖像已省略": .image, "影片已省略": .video, "音訊已省略": .audio, "貼圖已忽略": .sticker, "GIF 圖片已被省略": .video, "聯絡人卡片已省略": .contact,
    "文件已忽略": .file,
    // Chinese (Hong Kong)
    "圖片已略去": .image, "影片已略去": .video, "音訊已略去": .audio, "貼圖已略去": .sticker, "GIF 已略去": .video, "聯絡人卡片已略去": .contact,
    "文件已略去": .file,
    // Arabic
    "لم يتم إدراج الصورة": .image, "لم يتم إدراج الفيديوهات": .video, "لم يتم إدراج المقاطع الصوتية": .audio,
    "تم حذف الملصقات": .sticker, "لم يتم إدراج صورة GIF": .video, "لم يتم إدراج بطاقة جهة اتصال": .contact,
    "لم يتم إدراج المستند": .file,
    // Indonesian
    "gambar tidak disertakan": .image, "video tidak disertakan": .video, "audio tidak disertakan": .audio,
    "stiker tidak disertakan": .sticker, "GIF tidak disertakan": .video, "Kartu kontak tidak disertakan": .contact,
    "dokumen tidak disertakan": .file,
    // Polish
    "obraz pominięty": .image, "wideo pominięte": .video, "audio pominięte": .audio, "pominięto naklejkę": .sticker,
    "Plik GIF pominięty": .video, "Pominięta wizytówka kontaktu": .contact, "dokument pominięty": .file,
    // Hindi
    "फ़ोटो हटाई गई": .image, "वीडियो छोड़ा गया": .video, "ऑडियो हटाई गयी": .audio, "स्टिकर छोड़ा गया": .sticker, "GIF छोड़ा गया": .video,
    "कॉन्टैक्ट कार्ड छोड़ा गया": .contact, "डॉक्यूमेंट छोड़ा गया": .file,
    // Urdu
    "تصویر نکال دی گئی ہے": .image, "ویڈیو نظرانداز": .video, "آڈیو نظرانداز": .audio, "اسٹیکر نظرانداز": .sticker,
    "GIF  نظرانداز": .video, "رابطہ کارڈ نظر انداز": .contact, "دستاویز نظرانداز": .file,
    // Persian
    "تصویر حذف شد": .image, "ویدیو حذف شد": .video, "صدا حذف شد": .audio, "استیکر حذف شد": .sticker,
    "GIF حذف شد": .video, "برگ مخاطب حذف شد.": .contact, "سند حذف شد": .file,
    // Vietnamese
    "đã bỏ qua hình ảnh": .image, "đã bỏ video": .video, "bỏ qua tệp âm thanh": .audio, "đã bỏ sticker": .sticker,
    "Đã bỏ qua ảnh GIF": .video, "Bỏ qua thẻ liên lạc": .contact, "đã bỏ qua tài liệu": .file,
    // Thai
    "ไม่มีรูปภาพ": .image, "วิดีโอถูกลบ": .video, "ไม่มีไฟล์เสียง": .audio, "ไม่มีสติกเกอร์": .sticker, "ละเว้น GIF": .video,
    "บัตรรายชื่อที่ละเว้น": .contact, "ละเว้นเอกสาร": .file,
    // Ukrainian
    "зображення відсутнє": .image, "відео відсутнє": .video, "аудіо відсутнє": .audio,
    "Наклейку не додано": .sticker, "GIF-анімацію пропущено": .video, "Картка контакту відсутня": .contact,
    "документ пропущено": .file,
    // Czech
    "obrázek vynechán": .image, "video vynecháno": .video, "zvukový soubor vynechán": .audio,
    "nálepka vynechána": .sticker, "GIF vynechán": .video, "Vizitka vynechána": .contact, "dokument vynechán": .file,
    // Hebrew
    "התמונה הושמטה": .image, "סרטון הווידאו הושמט": .video, "קטע קול הושמט": .audio, "סטיקר הושמט": .sticker,
    "GIF הושמט": .video, "כרטיס איש קשר הושמט": .contact, "מסמך הושמט": .file,
  ]

  static func omittedKind(_ plain: String) -> Attachment.Kind? { omittedKinds[plain] }

  private static let omittedDocuments = omittedKinds.filter { $0.value == .file }.map(\.key)

  /// iOS names a left-out document before its placeholder, after a direction mark:
  /// `Trail_Map.pdf • ‎2 pages ‎document omitted`. Returns the file's name.
  static func omittedDocumentName(_ plain: String) -> String? {
    guard plain.unicodeScalars.contains(where: InvisibleMarks.contains),
      let placeholder = omittedDocuments.first(where: { plain.hasSuffix($0) })
    else { return nil }
    let before = plain.unicodeScalars.dropLast(placeholder.unicodeScalars.count)
    guard let mark = before.last, InvisibleMarks.contains(mark) else { return nil }
    var name = InvisibleMarks.trimmingMarksAndSpaces(String(String.UnicodeScalarView(before)))
    if let bullet = name.range(of: " • ", options: .backwards) {
      name = InvisibleMarks.trimmingMarksAndSpaces(name[..<bullet.lowerBound])
    }
    return name.contains(".") && !name.contains("\n") ? name : nil
  }

  /// Android's "(file attached)" in several languages.
  private static let fileAttachedTags = [
    "(file attached)", "(Datei angehängt)", "(archivo adjunto)", "(fichier joint)",
    "(file allegato)", "(arquivo anexado)", "(bestand bijgevoegd)", "(файл прикреплён)",
    "(dosya ekli)", "(file terlampir)", "(plik załączony)",
  ]

  /// `IMG-20240314-WA0007.jpg (file attached)` on the first line; the rest is the caption.
  private static func fileAttached(_ lines: [Substring]) -> (String, String)? {
    guard let first = lines.first else { return nil }
    let line = InvisibleMarks.trimmingMarksAndSpaces(first)
    for tag in fileAttachedTags where line.hasSuffix(" " + tag) {
      let name = InvisibleMarks.trimmingMarksAndSpaces(line.dropLast(tag.count + 1))
      guard !name.isEmpty else { return nil }
      return (name, lines.dropFirst().joined(separator: "\n"))
    }
    return nil
  }

  /// iOS `<attached: 00000012-PHOTO-….jpg>` tags (any language's tag word) anywhere in the
  /// body, and old iOS `NAME <attached>`. Returns the file names and the remaining text:
  /// the caption, without a document's "title • 1 page" line.
  private static func attachedTags(_ lines: [Substring]) -> ([String], String)? {
    guard lines.contains(where: { $0.utf8.contains(UInt8(ascii: "<")) }) else { return nil }
    var names: [String] = []
    var kept: [String] = []
    for line in lines {
      let scalars = Array(line.unicodeScalars)
      var out = String.UnicodeScalarView()
      var index = 0
      var found = false
      while index < scalars.count {
        if scalars[index] == "<", let (name, end) = attachedTag(scalars, at: index) {
          if !name.isEmpty { names.append(name) }
          index = end
          found = true
          continue
        }
        out.append(scalars[index])
        index += 1
      }
      var rest = InvisibleMarks.trimmingMarksAndSpaces(String(out))
      if found {
        if let oldName = oldStyleName(rest) {
          names.append(oldName)
          rest = ""
        } else if isDocumentInfo(rest) {
          rest = ""
        }
        if !rest.isEmpty { kept.append(rest) }
      } else {
        kept.append(String(line))
      }
    }
    guard !names.isEmpty else { return nil }
    return (names, kept.joined(separator: "\n"))
  }

  /// `<attached: NAME>` or `<‎attached>` at `start`: the name (empty for the old style) and
  /// the index after `>`.
  private static func attachedTag(_ scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
    var index = start + 1
    var word = String.UnicodeScalarView()
    while index < scalars.count, scalars[index] != ":", scalars[index] != ">" {
      guard index - start <= 24 else { return nil }
      if !InvisibleMarks.contains(scalars[index]) { word.append(scalars[index]) }
      index += 1
    }
    guard index < scalars.count, !word.isEmpty,
      word.allSatisfy({ $0.properties.isAlphabetic || $0 == " " })
    else { return nil }
    if scalars[index] == ">" {
      // Old iOS: the tag alone, after the name.
      guard String(word).lowercased() == "attached" else { return nil }
      return ("", index + 1)
    }
    index += 1
    guard let close = scalars[index...].firstIndex(of: ">") else { return nil }
    let name = InvisibleMarks.trimmingMarksAndSpaces(
      String(String.UnicodeScalarView(scalars[index..<close])))
    guard !name.isEmpty, name.contains(".") else { return nil }
    return (name, close + 1)
  }

  /// What an old-style `NAME <attached>` leaves before the tag: the file name.
  private static func oldStyleName(_ rest: String) -> String? {
    guard !rest.isEmpty, !rest.contains(" "), rest.contains(".") else { return nil }
    return rest
  }

  /// `Trail_Map.pdf • 1 page`: the title and size iOS writes before a document's tag.
  private static func isDocumentInfo(_ text: String) -> Bool {
    let plain = InvisibleMarks.removingAll(from: text)
    guard let bullet = plain.range(of: " • ", options: .backwards) else { return false }
    let size = plain[bullet.upperBound...].split(separator: " ")
    return size.count == 2 && size[0].allSatisfy(\.isNumber)
  }

  /// An attachment for a file the export names, its kind judged from the name.
  static func attachment(named name: String) -> Attachment {
    let upper = name.uppercased()
    let mime = FileTypes.mimeType(ofFile: name)
    let kind: Attachment.Kind
    if upper.hasPrefix("STK-") || upper.contains("-STICKER-") {
      kind = .sticker
    } else if upper.hasPrefix("IMG-") || upper.contains("-PHOTO-") {
      kind = .image
    } else if upper.hasPrefix("VID-") || upper.contains("-VIDEO-") || upper.contains("-GIF-") {
      kind = .video
    } else if upper.hasPrefix("AUD-") || upper.hasPrefix("PTT-") || upper.contains("-AUDIO-") {
      kind = .audio
    } else {
      kind = FileTypes.kind(ofFile: name)
    }
    return Attachment(kind: kind, fileName: name, mimeType: mime)
  }

  // MARK: - Location

  /// `location: https://maps.google.com/?q=…` (Android), `Location: https://…` (iOS) and
  /// translations: a word or three (`Vị trí`), a colon, a maps link.
  static func isLocation(_ line: Substring) -> Bool {
    let label = line.prefix(24).prefix { $0.isLetter || $0 == " " }
    let rest = line.dropFirst(label.count)
    guard label.first?.isLetter == true, label.last?.isLetter == true,
      label.split(separator: " ", omittingEmptySubsequences: false).count <= 3, rest.hasPrefix(": ")
    else { return false }
    let link = InvisibleMarks.trimmingMarksAndSpaces(rest.dropFirst(2))
    return !link.contains(" ")
      && ["https://maps.", "http://maps.", "https://www.google.com/maps", "https://goo.gl/maps"]
        .contains(where: link.hasPrefix)
  }
}
