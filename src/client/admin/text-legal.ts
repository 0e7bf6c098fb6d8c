/** The Legal Texts screen's words (super admins). */
export const L = {
  subtitle:
    "The Privacy Policy, the Terms and Conditions and the HIPAA authorization the website shows. Publishing " +
    "makes a new version: the site shows it at once, and each new inquiry's consent receipt names the version " +
    "its visitor agreed to. Published versions are never changed.",
  current: (label: string) => `In force: ${label}`,
  publishedBy: (who: string | null, when: string) =>
    who ? `Published by ${who} on ${when}` : `The site's first text, in force since ${when}`,
  page: "Public page",
  effectiveDate: "Effective date",
  effectiveDateRule: "Choose the date this version takes effect.",
  text: "Text",
  textLabel: (title: string) => `The text of the ${title}`,
  textRule: "Please write the text.",
  publish: "Publish new version",
  publishConfirm: "Publish this as a new version? The website shows it at once, and it cannot be changed afterwards.",
  publishOk: "Publish",
  published: (label: string) => ["New version published", `The website now shows ${label}.`] as const,
  publishFailed: "The new version was not published",
  loadFailed: "The legal texts could not be loaded",
  versions: "Versions",
  version: "Version",
  sha256: "SHA-256",
};
