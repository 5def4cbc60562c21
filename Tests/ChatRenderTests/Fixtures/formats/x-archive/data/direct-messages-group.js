window.YTD.direct_messages_group.part0 = [
  {
    "dmConversation" : {
      "conversationId" : "1760000000000000500",
      "messages" : [
        {
          "messageCreate" : {
            "reactions" : [ ],
            "urls" : [ ],
            "text" : "Count me in 🚲",
            "mediaUrls" : [ ],
            "senderId" : "3100000003",
            "id" : "1760000000000000505",
            "createdAt" : "2024-03-03T08:05:00.000Z"
          }
        },
        {
          "conversationNameUpdate" : {
            "initiatingUserId" : "1500000001",
            "name" : "Saturday Ride",
            "createdAt" : "2024-03-03T08:03:00.000Z"
          }
        },
        {
          "messageCreate" : {
            "reactions" : [ ],
            "urls" : [ ],
            "text" : "Ride on Saturday?",
            "mediaUrls" : [ ],
            "senderId" : "1500000001",
            "id" : "1760000000000000503",
            "createdAt" : "2024-03-03T08:02:00.000Z"
          }
        },
        {
          "participantsJoin" : {
            "initiatingUserId" : "1500000001",
            "userIds" : [ "3100000003" ],
            "createdAt" : "2024-03-03T08:01:00.000Z"
          }
        },
        {
          "joinConversation" : {
            "initiatingUserId" : "2700000002",
            "participantsSnapshot" : [ "1500000001", "2700000002" ],
            "createdAt" : "2024-03-03T08:00:00.000Z"
          }
        }
      ]
    }
  }
]
