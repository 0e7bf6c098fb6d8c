/**
 * The strings of e-mail in the admin portal: the E-mail card of Settings (super admins) and the
 * E-mail notifications card of My Account. Written in the clinic office's words: what goes out, to
 * whom, and what to do when it does not.
 */
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export const M = {
  settings: {
    title: "E-mail",
    intro:
      "The website tells staff by e-mail when an inquiry arrives, thanks the visitor for it, and reminds staff " +
      "of inquiries still waiting for a reply. No e-mail holds any detail of an inquiry: staff open it here.",

    status: {
      title: "Status",
      refresh: "Refresh status",
      server: "Mail server",
      configured: "Set up",
      notConfigured: "Not set up",
      notConfiguredTitle: "No mail server is set up, so no e-mail goes out.",
      notConfiguredText:
        "Set SMTP_URL (and MAIL_FROM, the sender's address) in the server's environment and restart the server. " +
        "The switches below are saved anyway and apply once mail is set up.",
      from: "Sender",
      lastSent: "Last sent",
      neverSent: "Nothing sent yet",
      waiting: "Waiting to be sent",
      waitingCount: (n: number) => (n === 0 ? "Nothing waiting" : plural(n, "message", "messages")),
      failingTitle: (since: string) => `Sending has been failing since ${since}`,
      failingHelp: "Waiting messages are retried by themselves; each goes out once the mail server accepts it.",
      loadFailed: "Failed to load the mail status",
    },

    switchesTitle: "What the website sends",
    enabled: "Send e-mail",
    enabledHelp: "Off: the website sends no e-mail at all. Inquiries are still saved and shown here.",
    acknowledgement: "Acknowledge each inquiry to the visitor",
    acknowledgementHelp:
      "A short note to the address on the form: we received it and reply within 24 hours, with the clinic's " +
      "phone and hours. It repeats nothing the visitor wrote.",
    overdueReminders: "Remind about inquiries still New after 24 hours",
    overdueRemindersHelp: "One reminder per inquiry: to its assignee, or else to everyone below who receives new-inquiry mail.",

    recipients: {
      title: "Who receives new-inquiry mail",
      intro:
        "Each staff member can turn this on or off for themselves in My Account; you can change it for anyone " +
        "here. It reaches only active accounts with an e-mail address.",
      columns: { staff: "Staff member", email: "E-mail", receives: "New-inquiry mail" },
      noEmail: "No e-mail address",
      switchLabel: (username: string) => `New-inquiry mail for ${username}`,
      inactive: "Inactive account: receives no mail.",
      missingEmail: "No e-mail address: add one in User Management.",
      you: "You",
      empty: "No staff accounts",
      loadFailed: "Failed to load the staff list",
      savedOn: (username: string) => `New-inquiry mail turned on for ${username}`,
      savedOff: (username: string) => `New-inquiry mail turned off for ${username}`,
      failed: "Failed to change who receives new-inquiry mail",
    },

    test: {
      title: "Send a test e-mail",
      intro: "Checks that the mail server accepts mail from the website, right now.",
      to: "Send to",
      toHelpOwn: (email: string) => `Leave it empty to send it to your own address, ${email}.`,
      toHelpNone: "Your account has no e-mail address, so enter the address to send it to.",
      send: "Send test e-mail",
      sent: "Test e-mail sent",
      sentText: (to: string) => `The mail server accepted it for ${to}. If it does not arrive, look in the spam folder.`,
      yourAddress: "your address",
      failedTitle: "The test e-mail could not be sent",
      failed: "Failed to send the test e-mail",
    },
  },

  account: {
    title: "E-mail notifications",
    newInquiries: "E-mail me when a new inquiry arrives",
    privacy:
      "The e-mail only says that an inquiry arrived, with a link to open it here. It holds no details of the " +
      "inquiry: no name, contact details or health information.",
    sendsTo: (email: string) => `Sent to ${email}.`,
    noEmailTitle: "Your account has no e-mail address.",
    noEmailAdmin: "You can turn this on now, but nothing arrives until a super administrator adds an address to your account.",
    noEmailSuper: "You can turn this on now, but nothing arrives until an address is added to your account in User Management.",
    savedOn: "New-inquiry e-mail turned on",
    savedOff: "New-inquiry e-mail turned off",
    failed: "Failed to change your e-mail notifications",
    loadFailed: "Failed to load your e-mail notifications",
  },
} as const;
