window.YTD.account.part0 = [
  {
    "account" : {
      "email" : "mira@example.com",
      "createdVia" : "web",
      "username" : "mira_lens",
      "accountId" : "1500000001",
      "createdAt" : "2015-06-01T10:00:00.000Z",
      "accountDisplayName" : "Mira Holt"
    }
  }
]
