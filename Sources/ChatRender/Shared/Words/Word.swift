/// Every word the renderer writes, by its key in the translation tables
/// (`Sources/ChatRender/Translations/<language>.json`; docs/ARCHITECTURE.md, "Translations").
/// `{name}` in a text is filled in when it is written; a key marked "count" has one text per
/// plural form of its language.
package enum Word: String, Sendable, CaseIterable {
  /// "Chat": the title of a chat that has none.
  case chat
  /// "{count} messages" (count).
  case messages
  /// "Page {page}": a footer while the page count is not known.
  case page
  /// "Page {page} of {total}".
  case pageOf = "page-of"
  /// "{first} – {last}": a range of two dates.
  case dateRange = "date-range"
  /// "edited", before a message's time.
  case edited
  /// "This message was deleted".
  case deleted
  /// "Forwarded", above a forwarded message.
  case forwarded
  /// "Forwarded from {name}".
  case forwardedFrom = "forwarded-from"
  /// "Original message not in this file": a reply to a message the export does not hold.
  case replyMissing = "reply-missing"
  /// "BOT": the badge beside a bot's name.
  case bot
  /// Attachments by kind, as a chip and a quote name them.
  case photo, video, audio, sticker, document, contact, location, attachment
  /// "Photo omitted" and so on: media the export left out.
  case photoOmitted = "photo-omitted"
  case videoOmitted = "video-omitted"
  case audioOmitted = "audio-omitted"
  case stickerOmitted = "sticker-omitted"
  case documentOmitted = "document-omitted"
  case contactOmitted = "contact-omitted"
  case locationOmitted = "location-omitted"
  case attachmentOmitted = "attachment-omitted"
  /// "Photo (redacted)" and so on: a picture `--redact` hid.
  case photoRedacted = "photo-redacted"
  case videoRedacted = "video-redacted"
  case stickerRedacted = "sticker-redacted"
  /// "Not included in the export", under an omitted attachment's name.
  case notInExport = "not-in-export"
  /// A call chip's title: "Voice call", "Video call", "Missed call", "Cancelled call"; "No
  /// answer" under a call nobody answered.
  case voiceCall = "voice-call"
  case videoCall = "video-call"
  case missedCall = "missed-call"
  case cancelledCall = "cancelled-call"
  case callNoAnswer = "call-no-answer"
  /// "{count} bytes" (count); "{size} KB", "{size} MB", "{size} GB".
  case bytes
  case kilobytes, megabytes, gigabytes
  /// "Chat: {facts}": a PDF's subject (its dates and message count).
  case pdfSubject = "pdf-subject"
  /// "no time": the evidence line of a chat without times.
  case noTime = "no-time"
  /// "{dates} · {messages}": the first page's line of facts, and the PDF's subject.
  case facts
  /// "⋯ {count} messages ⋯" (count): where a crop left messages out.
  case leftOut = "left-out"
  /// "You": the author of a quoted message of mine.
  case you
  /// "Part {part} of {parts}, messages {first}–{last}": the first page of one part of a chat
  /// cut into files.
  case partOf = "part-of"
  /// "Previous part" and "Next part": links on a part's first page to its neighbours' files.
  case previousPart = "previous-part"
  case nextPart = "next-part"
  /// "Photo from {name}, {date}": a picture's alternative text in a tagged PDF without a caption.
  case photoFrom = "photo-from"

  // Sentences of our own that importers write (`Phrase`), and the names and masks they
  // and --redact give.
  /// A group was made; {actor} is a name, {title} the group's name.
  case noticeCreatedGroup = "notice-created-group"
  /// A channel was made; {title} is its name.
  case noticeCreatedChannel = "notice-created-channel"
  /// A group or room was made, its name not known.
  case noticeCreated = "notice-created"
  /// A chat's name or topic was changed; {title} is the new one.
  case noticeRenamed = "notice-renamed"
  /// A chat's name was changed, the new one not known.
  case noticeNameChanged = "notice-name-changed"
  /// A chat's name was removed.
  case noticeNameRemoved = "notice-name-removed"
  /// A group's picture was changed.
  case noticePhotoChanged = "notice-photo-changed"
  /// A group's picture was removed.
  case noticePhotoRemoved = "notice-photo-removed"
  /// Someone joined a group.
  case noticeJoined = "notice-joined"
  /// Someone joined a group through an invite link.
  case noticeJoinedByLink = "notice-joined-by-link"
  /// Someone left a group.
  case noticeLeft = "notice-left"
  /// Someone took back a message they had sent (iMessage's unsend); it is gone.
  case noticeUnsent = "notice-unsent"
  /// Someone added people to a group; {names} is a list of names.
  case noticeAdded = "notice-added"
  /// Someone removed people from a group; {names} is a list of names.
  case noticeRemoved = "notice-removed"
  /// Someone added people to a group, who not known.
  case noticeAddedMembers = "notice-added-members"
  /// Someone removed people from a group, who not known.
  case noticeRemovedMembers = "notice-removed-members"
  /// A group's members changed; {names} lists who.
  case noticeMembersChanged = "notice-members-changed"
  /// Someone added the owner of the export to a conversation.
  case noticeAddedYou = "notice-added-you"
  /// The owner of the export joined a conversation.
  case noticeYouJoined = "notice-you-joined"
  /// A Telegram group became a supergroup.
  case noticeConverted = "notice-converted"
  /// A Telegram group became a supergroup (the supergroup's own notice).
  case noticeGroupConverted = "notice-group-converted"
  /// Someone pinned a message.
  case noticePinned = "notice-pinned"
  /// A chat's history was cleared.
  case noticeHistoryCleared = "notice-history-cleared"
  /// Someone started a call (a group call, or one whose caller is not a participant).
  case noticeCallStarted = "notice-call-started"
  /// Someone started a call that lasted {length} ("1:05:00").
  case noticeCallStartedLength = "notice-call-started-length"
  /// A call ended.
  case noticeCallEnded = "notice-call-ended"
  /// Someone invited people ({names}) to a group call.
  case noticeCallInvited = "notice-call-invited"
  /// Someone scheduled a group call.
  case noticeCallScheduled = "notice-call-scheduled"
  /// A call from {actor}.
  case noticeCallFrom = "notice-call-from"
  /// A call from {actor} that lasted {length} ("5:12").
  case noticeCallFromLength = "notice-call-from-length"
  /// A call from {actor} nobody answered.
  case noticeMissedCallFrom = "notice-missed-call-from"
  /// A call from {actor} that was declined.
  case noticeDeclinedCallFrom = "notice-declined-call-from"
  /// Someone took a screenshot of the chat.
  case noticeScreenshot = "notice-screenshot"
  /// Someone joined the app ({app}: "Telegram").
  case noticeJoinedApp = "notice-joined-app"
  /// Someone turned off disappearing messages.
  case noticeAutoDeleteOff = "notice-auto-delete-off"
  /// Someone set disappearing messages; {period} is a length ("1 day", "0:05:00").
  case noticeAutoDelete = "notice-auto-delete"
  /// Someone changed the chat's theme; {emoji} is the theme's emoji.
  case noticeTheme = "notice-theme"
  /// Someone turned off the chat's theme.
  case noticeThemeOff = "notice-theme-off"
  /// Someone made a topic (a thread of a forum group); {title} is its name.
  case noticeTopicCreated = "notice-topic-created"
  /// Someone renamed a topic; {title} is its new name.
  case noticeTopicRenamed = "notice-topic-renamed"
  /// Someone changed a topic.
  case noticeTopicEdited = "notice-topic-edited"
  /// Someone scored in a game; {score} is a number.
  case noticeGameScore = "notice-game-score"
  /// Someone sent a payment.
  case noticePayment = "notice-payment"
  /// Someone allowed a bot to write to them.
  case noticeBotAllowed = "notice-bot-allowed"
  /// Two people came close; {distance} is metres, {other} a name or "you".
  case noticeProximity = "notice-proximity"
  /// Someone asked for a phone number.
  case noticePhoneRequested = "notice-phone-requested"
  /// Someone changed the chat's wallpaper.
  case noticeWallpaper = "notice-wallpaper"
  /// Someone suggested a profile photo.
  case noticePhotoSuggested = "notice-photo-suggested"
  /// Someone boosted a Telegram group.
  case noticeBoosted = "notice-boosted"
  /// Someone sent a gift.
  case noticeGift = "notice-gift"
  /// Any other action of the app; {action} is the app's own name for it ("set_chat_wallpaper").
  case noticeAction = "notice-action"
  /// Someone started a thread (Discord).
  case noticeThreadStarted = "notice-thread-started"
  /// Someone added a person whose name the export does not give.
  case noticeAddedSomeone = "notice-added-someone"
  /// The first notice of a chat from Discord's data package, which holds the owner's messages only.
  case noticeOwnMessagesOnly = "notice-own-messages-only"
  /// A length of whole days (an auto-delete period). One text per plural form.
  case days
  /// The last two names of a list: "Ana, Bo and Cy"; {names} is the names before the last, {last} the last.
  case listAnd = "list-and"
  /// Between names of a list but the last two ("Ana, Bo and Cy").
  case listComma = "list-comma"
  /// The name of someone whose account was deleted (Telegram).
  case deletedAccount = "deleted-account"
  /// The name of someone the export does not name.
  case someone
  /// The name of the owner of a chat written in our own .chat format without names ("> text").
  case me
  /// The name of the other side of a chat written in our own .chat format without names ("< text").
  case them
  /// The name --redact gives each person: "Person A"; {letter} is one or two capital letters.
  case person
  /// What --redact writes in brackets for a link: "[link]".
  case maskLink = "mask-link"
  /// For an e-mail address: "[email]".
  case maskEmail = "mask-email"
  /// For a bank account number: "[IBAN]".
  case maskIban = "mask-iban"
  /// For a payment card number: "[card]".
  case maskCard = "mask-card"
  /// For coordinates or a place: "[location]".
  case maskLocation = "mask-location"
  /// For an IP address: "[IP]".
  case maskIp = "mask-ip"
  /// For a phone number: "[phone]".
  case maskPhone = "mask-phone"
  /// For a postal code: "[postcode]".
  case maskPostcode = "mask-postcode"
  /// For an identity or account number: "[id]".
  case maskId = "mask-id"
  /// For a user handle: "@[user]".
  case maskUser = "mask-user"
  /// A Signal group's settings or members changed (the export does not say how).
  case noticeGroupChanged = "notice-group-changed"
  /// The disappearing-messages timer changed.
  case noticeTimerChanged = "notice-timer-changed"
  /// A contact's safety number (encryption key) changed.
  case noticeSafetyNumberChanged = "notice-safety-number-changed"
  /// A contact's safety number was verified.
  case noticeSafetyNumberVerified = "notice-safety-number-verified"
  /// Someone's profile changed.
  case noticeProfileChanged = "notice-profile-changed"
  /// Someone changed their phone number.
  case noticeNumberChanged = "notice-number-changed"
  /// The encrypted session of a chat was refreshed.
  case noticeSessionRefreshed = "notice-session-refreshed"
  /// A Matrix room was made.
  case noticeCreatedRoom = "notice-created-room"
  /// A Matrix room's picture was changed.
  case noticeRoomPhotoChanged = "notice-room-photo-changed"
  /// Someone turned on a room's end-to-end encryption.
  case noticeEncryptionOn = "notice-encryption-on"
  /// Someone changed a room's pinned messages.
  case noticePinsChanged = "notice-pins-changed"
  /// A room's or channel's topic was changed; {title} is the new one.
  case noticeTopicChanged = "notice-topic-changed"
  /// Someone invited people ({names}) to a room.
  case noticeInvited = "notice-invited"
  /// Someone banned people ({names}) from a room.
  case noticeBanned = "notice-banned"
  /// Someone lifted a ban on people ({names}).
  case noticeUnbanned = "notice-unbanned"
  /// Someone declined an invitation.
  case noticeInviteRejected = "notice-invite-rejected"
  /// Someone asked to join a room.
  case noticeAskedToJoin = "notice-asked-to-join"
  /// Someone ({actor}, the old name) took a new name or nick ({name}).
  case noticeNowKnownAs = "notice-now-known-as"
  /// Someone joined an IRC channel ({channel}).
  case noticeJoinedChannel = "notice-joined-channel"
  /// Someone left an IRC channel ({channel}).
  case noticeLeftChannel = "notice-left-channel"
  /// Someone disconnected from an IRC server.
  case noticeQuit = "notice-quit"
  /// A notice ({notice}, a phrase) and the reason the log gives ({reason}, as written).
  case noticeReason = "notice-reason"
  /// An assistant called tools; {tools} lists the calls.
  case noticeCalledTools = "notice-called-tools"
  /// A call with {actor} of a kind the export does not say.
  case noticeCallWith = "notice-call-with"
  /// In place of a message the export holds encrypted.
  case encryptedMessage = "encrypted-message"
  /// In place of a message the export left out for the reader's region (Messenger).
  case unavailableInRegion = "unavailable-in-region"
  /// The title of Telegram's chat of notes to oneself.
  case savedMessages = "saved-messages"
  /// The name of an assistant the export does not name.
  case assistant
  /// In place of a tool's name the export does not give.
  case aTool = "a-tool"
  /// The name of the person talking to an assistant when the export does not name them.
  case user
  /// A poll as its message's text: {question} and {answers}, one a line.
  case pollMessage = "poll-message"
  /// In place of a poll's question the export does not give.
  case poll
  /// One answer of a poll: {answer} and {votes} ("3 votes").
  case pollAnswer = "poll-answer"
  /// "{count} votes" (count).
  case votes
}
