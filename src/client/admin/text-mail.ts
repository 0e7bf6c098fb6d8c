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
        "Enter the mail server under Mail server above and save it. The switches below are saved anyway and apply once mail is set up.",
      from: "Sender",
      lastSent: "Last sent",
      neverSent: "Nothing sent yet",
      waiting: "Waiting to be sent",
      waitingCount: (n: number) => (n === 0 ? "Nothing waiting" : plural(n, "message", "messages")),
      failingTitle: (since: string) => `Sending has been failing since ${since}`,
      failingHelp: "Waiting messages are retried by themselves; each goes out once the mail server accepts it.",
      loadFailed: "Failed to load the mail status",
    },

    server: {
      title: "Mail server",
      intro:
        "The mail server the website sends through (your e-mail provider's SMTP settings) and the sender's address. " +
        "A change is used from the next message on.",
      fromEnvironment:
        "The server's environment sets the mail server (SMTP_URL), and it wins: these settings are shown as they " +
        "are and cannot be changed here. Change them where the server is configured.",
      fromEnvironmentTitle: "Set by the server's environment",
      senderFromEnvironment: "The server's environment sets the sender (MAIL_FROM), and it wins.",
      host: "Host",
      hostHelp: "Your provider's SMTP server, like smtp.example.com.",
      port: "Port",
      security: "Security",
      securityOptions: { none: "None", starttls: "STARTTLS", tls: "TLS" },
      securityHelp: {
        none: "No encryption: only for a mail server on the clinic's own network that takes mail without a password.",
        starttls: "The connection is encrypted before anything is sent (usually port 587).",
        tls: "Encrypted from the first byte (usually port 465).",
      },
      user: "User name",
      password: "Password",
      passwordSet: "Set",
      passwordNotSet: "Not set",
      replacePassword: "Replace password",
      keepPassword: "Keep the saved password",
      passwordHelp: "Stored encrypted; it is never shown again.",
      from: "Sender's address",
      fromHelp: "The address the website's e-mail comes from. Your provider may require one of your own addresses.",
      save: "Save mail server",
      saved: "Mail server saved: the next e-mail goes through it",
      saveFailed: "Failed to save the mail server",
      loadFailed: "Failed to load the mail server",
    },

    switchesTitle: "What the website sends",
    enabled: "Send e-mail",
    enabledHelp: "Off: the website sends no e-mail at all. Inquiries are still saved and shown here.",
    enabledOnHelp: "On: the website sends the e-mail chosen below, through the mail server above.",
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
      title: "Send a test message",
      intro: "Checks that the mail server accepts mail from the website, right now (through the saved settings).",
      to: "Send to",
      toHelpOwn: (email: string) => `Leave it empty to send it to your own address, ${email}.`,
      toHelpNone: "Your account has no e-mail address, so enter the address to send it to.",
      send: "Send a test message",
      sent: "Test e-mail sent",
      sentText: (to: string) => `The mail server accepted it for ${to}. If it does not arrive, look in the spam folder.`,
      yourAddress: "your address",
      failedTitle: "The test e-mail could not be sent",
      failed: "Failed to send the test e-mail",
    },
  },

  dashboard: {
    prompt: {
      title: "Where should we e-mail you about new inquiries?",
      text:
        "Your account has no e-mail address, so nobody is told when a visitor sends an inquiry unless the portal " +
        "is open. Add your address to get an e-mail for each new inquiry (it holds no details of the inquiry).",
      email: "Your e-mail address",
      notify: "E-mail me when a new inquiry arrives",
      save: "Save my e-mail",
      skip: "Not now",
      saved: "Your e-mail address is saved",
      confirmSent: (email: string) => `We sent a link to ${email}: open it to confirm your address.`,
      failed: "Failed to save your e-mail address",
      later: "You can add it later in My Account.",
    },
    warning: {
      title: "New inquiries are not e-mailed to anyone: ",
      link: "set up e-mail",
      reasons: {
        no_server: "No mail server is set up.",
        mail_off: "Sending e-mail is switched off in Settings.",
        no_recipient: "No active staff member with an e-mail address receives new-inquiry mail.",
      },
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
