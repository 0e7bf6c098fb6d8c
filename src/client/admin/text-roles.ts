import { EMERGENCY_ACCESS_MINUTES } from "../../shared/permissions";

/**
 * The strings of roles and permissions (issue 24): the Roles & permissions screen, the one-line
 * summary of what a role allows (User Management), what a screen refused by the role says, and the
 * inquiry's health details behind a reason and emergency access. The permissions' own words are the
 * contract's (PERMISSION_LABELS, HEALTH_ACCESS_REASON_LABELS in src/shared/permissions.ts).
 */
export const R = {
  /** A screen the role does not allow, opened by its address. */
  denied: {
    text: (role: string, needs: string) =>
      `Your role (${role}) does not include this page: it needs "${needs}". Ask a Super Administrator if your work needs it.`,
  },

  /** What a role allows, in one short line (User Management's role column). */
  summary: {
    everything: "Everything, including staff, settings and backups",
    nothing: "Nothing yet: only their own account",
    inquiriesHealth: "inquiries with health details",
    inquiriesContact: "inquiries without health details",
    healthOnly: "health details",
    notes: "notes",
    export: "export",
    delete: "delete",
    content: "all website content",
    contentPublish: "website content, publishing",
    contentAreas: {
      "services.edit": "services",
      "news.edit": "news",
      "team.edit": "team",
      "testimonials.edit": "testimonials",
      "content.edit": "website texts",
      "social.edit": "social links",
    },
    publishing: "publishing",
    media: "pictures",
    staff: "staff accounts",
    settings: "settings",
    legal: "legal texts",
    activity: "activity log",
    backups: "backups",
  },

  screen: {
    subtitle: "What each role may do. Built-in roles are fixed; a Super Administrator can add custom roles and change them.",
    loadFailed: "Failed to load the roles",
    permission: "Permission",
    allowed: "Allowed",
    notAllowed: "Not allowed",
    builtIn: "Built-in",
    custom: "Custom",
    users: (n: number) => (n === 1 ? "1 user" : `${n} users`),
    add: "Add Custom Role",
    edit: "Edit",
    editLabel: (name: string) => `Edit the role ${name}`,
    delete: "Delete",
    deleteLabel: (name: string) => `Delete the role ${name}`,
    deleteTitle: "Delete this role?",
    deleteText: (name: string) => `Are you sure you want to delete the role "${name}"? This action cannot be undone.`,
    deleteInUse: (name: string, n: number) =>
      `The role "${name}" is held by ${n === 1 ? "1 user" : `${n} users`}. Give them another role first.`,
    deleted: (name: string) => `The role "${name}" was deleted`,
    deleteFailed: "Failed to delete the role",
    onlySuperAdmins: "Only a Super Administrator can add or change roles.",
    legend: "A check means the role may do it; a dash means it may not.",
    scopeTitle: "Which inquiries each role sees",
    scopeText:
      "Turn this on for a role whose holders should see only the inquiries assigned to them or not yet assigned " +
      "(for example the front desk of a clinic with several desks).",
    scopeLabel: (name: string) => `${name}: only inquiries assigned to them or unassigned`,
    scopeOn: (name: string) => `${name} now sees only inquiries assigned to them or unassigned`,
    scopeOff: (name: string) => `${name} now sees every inquiry`,
    scopeFailed: "Failed to change which inquiries the role sees",
  },

  form: {
    createTitle: "Add Custom Role",
    editTitle: (name: string) => `Edit the role ${name}`,
    name: "Role name",
    namePlaceholder: "e.g. Billing",
    nameRequired: "Role name is required",
    nameTooLong: "Role name must be 60 characters or less",
    copyFrom: "Start from",
    copyFromHelp: "Copies that role's permissions into the boxes below; change them as you need.",
    copyNone: "Nothing (empty)",
    permissions: "What this role may do",
    healthNote: "Opening health details always asks for a reason, which is kept in the inquiry's access history.",
    create: "Add Role",
    save: "Save Role",
    created: (name: string) => `The role "${name}" was added`,
    saved: (name: string) => `The role "${name}" was saved`,
    createFailed: "Failed to add the role",
    saveFailed: "Failed to save the role",
  },

  /** The inquiry's health details (the drawer). */
  health: {
    hidden: "Hidden until you give a reason",
    show: "Show health details",
    showLabel: "Show the health details of this inquiry",
    askTitle: "Why do you need the health details?",
    askText: "Your reason goes into this inquiry's access history. You are asked once per inquiry while you stay signed in.",
    reason: "Reason",
    reasonRequired: "Choose a reason",
    otherText: "Your reason",
    otherRequired: "Please say why",
    open: "Show Details",
    openFailed: "Failed to open the health details",
    opening: "Opening the health details...",
    shownBecause: (reason: string) => `Shown for: ${reason}`,
    notAllowed: "Your role does not include health details.",
    emergency: "Emergency access",
    emergencyLabel: "Open the health details through emergency access",
    emergencyTitle: "Emergency access to health details",
    emergencyWarning: `The Super Administrators are told at once, and the access is highlighted in the activity log. It lasts ${EMERGENCY_ACCESS_MINUTES} minutes.`,
    emergencyReason: "Why do you need them now?",
    emergencyReasonRequired: "Say why you need emergency access (at least 10 characters)",
    emergencyOpen: "Open in an Emergency",
    emergencyActive: (until: string) => `Emergency access until ${until}`,
    emergencyFailed: "Failed to start emergency access",
  },

  /** The access history's lines about health details. */
  history: {
    actions: { health: "Opened the health details" } as Record<string, string>,
    emergency: "Opened the health details in an emergency",
    reason: (reason: string) => `Reason: ${reason}`,
  },
} as const;
