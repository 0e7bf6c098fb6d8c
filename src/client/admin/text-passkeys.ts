/**
 * The strings of passkeys in the admin portal: the Passkeys card of My Account and the passkey sign-in
 * of the sign-in page. A passkey is explained in the office's words: the phone's or computer's own
 * lock (fingerprint, face or PIN) stands for the password and the code.
 */
export const P = {
  card: {
    title: "Passkeys",
    intro:
      "Sign in with your fingerprint, face or device PIN instead of a password and code. A passkey stays on " +
      "your phone, computer or security key and works only on this website.",
    empty: "No passkeys yet.",
    loadFailed: "Failed to load your passkeys",
    name: "Name",
    created: "Added",
    lastUsed: "Last used",
    never: "Never",
    actions: "Actions",
    add: "Add a passkey",
    rename: "Rename",
    remove: "Remove",
    unsupported: "This browser cannot create passkeys. Use a current version of Chrome, Edge, Safari or Firefox.",
  },
  addDialog: {
    title: "Add a passkey",
    text:
      "Name it after the device that keeps it, so you can tell your passkeys apart. Your browser then asks " +
      "you to confirm with your fingerprint, face or device PIN.",
    name: "Passkey name",
    placeholder: "e.g. Work laptop",
    ok: "Continue",
    success: "Passkey added",
    successText: (name: string) => `You can now sign in with "${name}".`,
    failed: "The passkey was not added",
    cancelled: "The browser did not create a passkey (cancelled, timed out, or one already exists on this device).",
  },
  renameDialog: {
    title: "Rename passkey",
    ok: "Save",
    success: "Passkey renamed",
    failed: "Failed to rename the passkey",
  },
  removeDialog: {
    title: "Remove this passkey?",
    text: (name: string) => `"${name}" will no longer sign you in. The passkey itself stays on the device until you delete it there.`,
    ok: "Remove",
    success: "Passkey removed",
    failed: "Failed to remove the passkey",
  },
  login: {
    or: "or",
    signIn: "Sign in with a passkey",
    failedTitle: "Passkey sign-in failed",
    cancelled: "The browser did not return a passkey (cancelled or timed out).",
    unsupported: "This browser cannot use passkeys. Sign in with your password.",
    /** The second step of a password sign-in, for an account with a passkey (issue 34). */
    secondStepText: "Your account's second factor is a passkey. Use it to finish signing in.",
    secondStepButton: "Use my passkey",
    secondStepUnsupported: "This browser cannot use passkeys. Sign in on a device that can, or use an authenticator code if you have one.",
    orCode: "or with an authenticator code",
  },
} as const;
