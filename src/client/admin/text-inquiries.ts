/**
 * The strings of the inquiry desk (Contact Form Submissions, admin-portal.md section 2) and of the
 * Settings screen. The spec's texts for the contact screen are quoted word for word (checked by
 * ../shared/tools/spec-messages); the rest is written in the clinic office's words.
 */
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export const I = {
  /** The portal's live presence (issue 25): the menu's count, the tab's title, the desk's banner, the desktop notice. */
  live: {
    menuCount: (n: number) => `${plural(n, "new inquiry", "new inquiries")}`,
    arrived: (n: number) => `${plural(n, "new inquiry", "new inquiries")} since this list was loaded`,
    refresh: "Refresh",
    // The desktop notice names no one and says nothing of the inquiry (it shows on a screen others may see).
    noticeTitle: "New inquiry",
    noticeBody: "A new appointment inquiry is waiting in Contact Inquiries.",
    desktop: {
      title: "Desktop notifications",
      label: "Tell me on this computer when an inquiry arrives",
      help:
        "A notice from your browser while the portal is open in another tab or window. It names no one and says " +
        "nothing about the inquiry. This choice is kept in this browser only.",
      on: "Desktop notifications are on in this browser.",
      off: "Desktop notifications are off in this browser.",
      blocked: "Your browser blocks notifications from this site. Allow them in the browser's site settings, then switch this on again.",
      unsupported: "This browser cannot show notifications.",
    },
  },
  desk: {
    // admin-portal.md section 2, word for word.
    subtitle: "Manage and export contact form submissions",
    export: "Export CSV",
    loading: "Loading contact forms...",
    empty: "No contact submissions yet",
    emptyText: "Contact form submissions will appear here when customers reach out.",
    // Ours.
    refresh: "Refresh",
    loadFailed: "Failed to load contact submissions. Please try again.",
    search: "Search submissions",
    searchPlaceholder: "Search by name, email or phone",
    filters: {
      status: "Status",
      allStatuses: "All statuses",
      service: "Service",
      allServices: "All services",
      language: "Language",
      allLanguages: "All languages",
      assignee: "Assignee",
      anyone: "Anyone",
      unassigned: "Unassigned",
      from: "Received from",
      to: "Received to",
      sort: "Order",
      newest: "Newest first",
      oldest: "Oldest first",
      clear: "Clear filters",
    },
    noMatch: "No inquiries match these filters.",
    noMatchHint: "Try another search, or clear the filters to see every inquiry.",
    count: (total: number, filtered: boolean) =>
      filtered ? `${plural(total, "inquiry matches", "inquiries match")}` : plural(total, "inquiry", "inquiries"),
    range: (from: number, to: number, total: number) => `${from}-${to} of ${total.toLocaleString("en-US")}`,
    privacyNote: "These inquiries contain health information. Every view, opening and export is recorded in the activity log.",
    exportHint: "Exports every inquiry that matches the filters, health details included.",
    columns: {
      received: "Received",
      name: "Name",
      contact: "Email and phone",
      services: "Services",
      status: "Status",
      assignee: "Assignee",
      notes: "Notes",
      language: "Language",
      actions: "Actions",
    },
    /** The notes' count in a row: "No notes", "1 note", "3 notes". */
    noteCount: (n: number) => (n === 0 ? "No notes" : plural(n, "note", "notes")),
    open: "Open",
    openLabel: (name: string) => `Open the inquiry from ${name}`,
    unassigned: "Unassigned",
    noPhone: "No phone",
    healthTag: "Health details",
    healthTip: "Health details were given on the form. Open the inquiry to read them; each opening is recorded.",
    textingTag: "Texts OK",
    textingTip: "Agreed to receive text messages.",
    overdue: "Overdue",
    overdueWhy: "No reply yet after 24 hours",
  },

  /** The opened inquiry (a drawer over the desk). */
  inquiry: {
    /** The drawer's title until the inquiry (and the person's name) has arrived. */
    title: "Inquiry",
    loading: "Opening the inquiry...",
    loadFailed: "Failed to open this inquiry. Please try again.",
    notFound: "This inquiry no longer exists. It may have been deleted.",
    close: "Close",
    received: (date: string) => `Received ${date}`,
    workflow: "Follow-up",
    status: "Status",
    statusSince: (user: string | null, date: string) => (user ? `Set to this by ${user} on ${date}` : `Set on ${date}`),
    statusUntouched: "Unchanged since the inquiry arrived.",
    assignee: "Assignee",
    unassigned: "Unassigned",
    statusSaved: (status: string) => `Status changed to ${status}`,
    statusFailed: "Failed to change the status",
    assigneeSaved: (name: string | null) => (name ? `Assigned to ${name}` : "The inquiry is now unassigned"),
    assigneeFailed: "Failed to change the assignee",
    details: "Details",
    fields: {
      received: "Received",
      language: "Language",
      email: "Email",
      phone: "Phone",
      services: "Services interested in",
      days: "Preferred days",
      times: "Preferred times",
      texting: "Texting",
      health: "Health conditions",
    },
    none: "None given",
    optedIn: "Opted in to text messages",
    consent: "Consent",
    consentNames: { privacyPolicy: "Privacy Policy", hipaaConsent: "HIPAA Authorization", termsAndConditions: "Terms and Conditions" },
    agreed: "agreed",
    notAgreed: "not agreed",
    receiptAccepted: (date: string) => `Accepted ${date}, with these versions of the texts:`,
    receiptVersion: "Version",
    /** The language of the text shown (an English one on a Spanish form while its translation was being updated). */
    receiptLanguage: "Language",
    receiptHash: "SHA-256",
    receiptHashTip: (hash: string) => `Full SHA-256 of the exact text: ${hash}`,
    noReceipt: "No consent receipt was recorded for this inquiry.",
    notes: "Notes",
    noNotes: "No notes yet.",
    noteLabel: "Add a note",
    notePlaceholder: "What was said or agreed, the next step... Notes are stored encrypted and visible to all staff.",
    addNote: "Add Note",
    noteAdded: "Note added",
    noteFailed: "Failed to add the note",
    history: "Access history",
    historyHint: "Everyone who opened, exported, changed or annotated this inquiry, newest first. Kept after the inquiry is deleted.",
    historyEmpty: "No access recorded yet.",
    historyFailed: "Failed to load the access history",
    historyColumns: { at: "When", who: "Who", what: "What", ip: "IP address" },
    historyActions: {
      open: "Opened",
      export: "Exported",
      status: "Changed the status",
      assign: "Changed the assignee",
      note: "Added a note",
      delete: "Deleted the inquiry",
      purge: "Deleted by the retention rule",
    } as Record<string, string>,
    historyStatus: (from: string, to: string) => `${from} to ${to}`,
    historyAssign: (to: string | null) => (to ? `Assigned to ${to}` : "Unassigned"),
    historyExport: (format: string) => (format === "csv" ? "CSV file" : "Full list"),
    /** Why the contact form judged an inquiry spam on arrival (the server's spamReason). */
    spamReasons: {
      honeypot: "Marked as spam automatically: a hidden field that people never see was filled in, as automated programs do",
      too_fast: "Marked as spam automatically: the form was sent faster than a person can fill it in",
      no_token: "Marked as spam automatically: it was not sent from the website's form",
      bad_token: "Marked as spam automatically: it carried a form token this website did not issue",
      expired_token: "Marked as spam automatically: its form was opened more than 30 days before it was sent",
      reused_token:
        "Marked as spam automatically: its form token had already carried an inquiry (the same form sent again, " +
        "as a copy or a script would)",
      unknown: "Marked as spam automatically when it arrived",
    } as Record<string, string>,
    spamHint: "No e-mail was sent about it. If a real person wrote it, change its status.",
    deleteButton: "Delete inquiry",
    deleteTitle: "Delete inquiry",
    deleteText: (name: string) =>
      `Are you sure you want to delete the inquiry from "${name}"? Its notes are deleted with it; its access ` +
      `history is kept. This action cannot be undone.`,
    deleted: (name: string) => `The inquiry from "${name}" was deleted`,
    deleteFailed: "Failed to delete the inquiry",
  },

  settings: {
    subtitle: "The clinic's details, and how the website and the back office work for it.",
    /** The line of links at the top of Settings, one a section (its name for screen readers). */
    sectionsLabel: "Settings sections",
    loadFailed: "Failed to load the settings",
    save: "Save",
    saved: "Settings saved",
    saveFailed: "Failed to save the settings",
    retention: {
      title: "Retention",
      intro: "Keep finished inquiries, and the health information in them, no longer than the clinic needs them.",
      enabled: "Delete closed and spam inquiries automatically",
      days: "Days to keep",
      daysUnit: "days",
      explanation: (days: number | string) =>
        `Closed and Spam inquiries are deleted, with their notes, ${days} days after their last change (their ` +
        `access history is kept). The server checks daily.`,
      off: "Automatic deletion is off: inquiries are kept until someone deletes them.",
    },
    backup: {
      title: "Backup",
      intro:
        "Download one file holding everything the site stores: pages, services, news, team, images, staff accounts, " +
        "inquiries with their notes, settings and the activity log.",
      safety:
        "The file holds patients' health information. It is encrypted with a passphrase you choose at each download: " +
        "keep the passphrase apart from the file, since without it the backup can be neither read nor restored, " +
        "and nobody can recover it. The secret key is not included either: a restore also needs the site's SECRET_KEY " +
        "(or its secret.key), kept safe separately.",
      restore:
        "Restoring it, into an empty database or to move the site to PostgreSQL, is done on the server with npm " +
        "run restore and the passphrase.",
      button: "Download backup",
      dialogTitle: "Download an encrypted backup",
      dialogIntro: "Confirm it is you, then choose the passphrase the file is encrypted with.",
      password: "Your password",
      code: "2FA code",
      codeHelp: "From your authenticator app, or one of your backup codes.",
      passphrase: "Passphrase",
      passphraseHelp: "At least 12 characters. A few unrelated words are easy to remember and hard to guess.",
      passphraseAgain: "Passphrase again",
      passphraseMismatch: "The two passphrases are not the same",
      download: "Download",
      downloaded: "Backup downloaded",
      downloadedText: "Keep the passphrase apart from the file: a restore needs both.",
      failed: "The backup could not be downloaded",
    },
  },
} as const;
