/**
 * The Analytics screen's words (issue 25): written in the clinic office's words; none is in the spec.
 */
const count = (n: number) => n.toLocaleString("en-US");
export const percent = (rate: number) => `${(rate * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

export const AN = {
  subtitle: "Visitors and inquiries, counted on the clinic's own server: no cookies, no outside service, and nothing that names anyone.",
  loading: "Loading the figures...",
  loadFailed: "The figures could not be loaded.",
  period: "Period",
  periods: { week: "Last 7 days", month: "Last 30 days", quarter: "Last 90 days", year: "Last 365 days" },
  range: "Days",
  downloadCsv: "Download CSV",
  totals: {
    visitors: "Visitors",
    views: "Page views",
    starts: "Forms started",
    conversions: "Inquiries sent",
    rate: "Visitors who sent an inquiry",
  },
  chart: {
    title: "Visitors and page views per day",
    label: (from: string, to: string, visitors: number, views: number) =>
      `Chart of visitors and page views per day from ${from} to ${to}: ${count(visitors)} visitors, ${count(views)} page views in all.`,
    visitors: "Visitors",
    views: "Page views",
  },
  sections: {
    funnel: "From a service page to an inquiry",
    funnelHelp:
      "Per service: visitors of its page, how many went on to the contact page, started the form and sent an " +
      "inquiry, and the share of its visitors who sent one.",
    pages: "Top pages",
    entries: "Entry pages",
    entriesHelp: "The page a visit began on, and the inquiries those visits sent.",
    referrers: "Referrers",
    campaigns: "Campaigns",
    campaignsHelp: "From the utm_campaign of the address a visit began on.",
    sources: "Campaign sources",
    devices: "Devices",
    languages: "Languages",
    languagesHelp:
      "The language of the pages visited: an /es/ page counts as Spanish, a /zh/ page as Chinese, whatever the browser prefers.",
  },
  columns: {
    service: "Service",
    visitors: "Visitors",
    contacts: "Contact page",
    starts: "Form started",
    conversions: "Inquiries sent",
    rate: "Conversion",
    page: "Page",
    views: "Views",
    entries: "Visits begun",
    domain: "Site",
    campaign: "Campaign",
    source: "Source",
    device: "Device",
    language: "Language",
  },
  devices: { phone: "Phone", tablet: "Tablet", desktop: "Desktop" } as Record<string, string>,
  none: "Nothing counted in this period.",
  privacy:
    "Not counted: browsers that ask not to be followed (Do Not Track, Global Privacy Control) and robots. " +
    "A visitor is counted once a day; the hashes that tell visitors apart are deleted within 24 hours.",
  csvName: (from: string, to: string) => `analytics-${from}-to-${to}.csv`,
} as const;
