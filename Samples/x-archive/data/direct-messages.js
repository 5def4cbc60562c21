window.YTD.direct_messages.part0 = [
  {
    "dmConversation" : {
      "conversationId" : "1500000001-2700000002",
      "messages" : [
        {
          "messageCreate" : {
            "recipientId" : "1500000001",
            "reactions" : [ ],
            "urls" : [
              {
                "url" : "https://t.co/AbC123xyz",
                "expanded" : "https://example.org/ferry",
                "display" : "example.org/ferry"
              }
            ],
            "text" : "Ferry times: https://t.co/AbC123xyz",
            "mediaUrls" : [ ],
            "senderId" : "2700000002",
            "id" : "1760000000000000004",
            "createdAt" : "2024-03-02T09:15:00.000Z",
            "editHistory" : [ ]
          }
        },
        {
          "messageCreate" : {
            "recipientId" : "2700000002",
            "reactions" : [
              {
                "senderId" : "2700000002",
                "reactionKey" : "like",
                "eventId" : "1760000000000000010",
                "createdAt" : "2024-03-02T09:13:00.000Z"
              }
            ],
            "urls" : [
              {
                "url" : "https://t.co/Pic999qqq",
                "expanded" : "https://twitter.com/messages/media/1760000000000000003",
                "display" : "pic.twitter.com/Pic999qqq"
              }
            ],
            "text" : "Took this at the pier https://t.co/Pic999qqq",
            "mediaUrls" : [
              "https://ton.twitter.com/1.1/ton/data/dm/1760000000000000003/1760000000000000099/pier.png"
            ],
            "senderId" : "1500000001",
            "id" : "1760000000000000003",
            "createdAt" : "2024-03-02T09:12:00.000Z",
            "editHistory" : [ ]
          }
        },
        {
          "messageCreate" : {
            "recipientId" : "1500000001",
            "reactions" : [
              {
                "senderId" : "1500000001",
                "reactionKey" : "agree",
                "eventId" : "1760000000000000011",
                "createdAt" : "2024-03-02T09:11:00.000Z"
              }
            ],
            "urls" : [ ],
            "text" : "Morning! Are we still on for Saturday?",
            "mediaUrls" : [ ],
            "senderId" : "2700000002",
            "id" : "1760000000000000002",
            "createdAt" : "2024-03-02T09:10:00.000Z",
            "editHistory" : [ ]
          }
        },
        {
          "messageCreate" : {
            "recipientId" : "2700000002",
            "reactions" : [ ],
            "urls" : [ ],
            "text" : "Hi Jonas &amp; welcome back 👋",
            "mediaUrls" : [ ],
            "senderId" : "1500000001",
            "id" : "1760000000000000001",
            "createdAt" : "2024-03-01T18:00:00.000Z",
            "editHistory" : [ ]
          }
        }
      ]
    }
  }
]
