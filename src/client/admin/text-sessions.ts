/**
 * The strings of "Confirm it's you", My Account's sessions card, User Management's "End sessions" and
 * the sign-in page's "Keep me signed in on this device" (docs/decisions/0054).
 */
export const SESSION_TEXT = {
  confirm: {
    title: "Confirm it's you",
    intro: "This action needs a recent check. Enter your password again to continue.",
    introTwoFactor:
      "This action needs a recent check. Enter your password and a code from your authenticator app (or a backup code) to continue.",
    introPasskey: "This action needs a recent check. Confirm with your passkey to continue: your account's second factor is a passkey.",
    noPasskeyHere: "This browser cannot use passkeys. Open the portal in a browser that can, or add an authenticator app in My Account.",
    password: "Password",
    code: "Authentication code",
    codeHelp: "The 6-digit code from your authenticator app, or one of your backup codes",
    ok: "Confirm",
    confirmed: "Confirmed",
    failed: "Could not confirm",
    withPasskey: "Confirm with a passkey",
    orPassword: "or with your password",
  },
  keepSignedIn: "Keep me signed in on this device",
  keepSignedInHelp: "For up to 12 hours. Otherwise you are signed out when the browser closes.",
  sessions: {
    title: "Where you're signed in",
    intro: "Your sessions on this and other devices. End any you do not recognise, then change your password.",
    thisDevice: "This device",
    kept: "Kept signed in",
    started: "Started",
    lastActive: "Last active",
    address: "Address",
    end: "End",
    endLabel: (device: string) => `End the session on ${device}`,
    endOthers: "End all other sessions",
    endOthersConfirm: "Sign out every other device?",
    ended: "Session ended",
    endedOthers: (count: number) => (count === 1 ? "1 other session ended" : `${count} other sessions ended`),
    failed: "Could not end the session",
    loadFailed: "Failed to load your sessions",
    none: "No other sessions",
  },
  users: {
    endSessions: "End sessions",
    endSessionsLabel: (username: string) => `End all sessions of ${username}`,
    endSessionsConfirm: (username: string) => `Sign ${username} out on every device?`,
    ended: (count: number) => (count === 1 ? "1 session ended" : `${count} sessions ended`),
    failed: "Could not end the sessions",
  },
} as const;
