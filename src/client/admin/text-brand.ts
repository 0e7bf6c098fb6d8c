/** Settings > Brand (screens/settings/BrandSection.tsx): the clinic's logo, favicon and accent colour. */
export const B = {
  title: "Brand",
  intro:
    "Your clinic's own logo, browser icon and colour on the public website. Until you set them, the website keeps " +
    "its own. Changes show on every page as soon as you save.",
  logo: {
    title: "Logo",
    help: "An SVG or PNG file, at most 2 MB. It shows at the top of every page, 40 pixels high. An SVG is cleaned: scripts and links to other sites are removed.",
    current: "Current logo",
    siteOwn: "The website's own logo",
    upload: "Upload logo",
    remove: "Use the website's own logo",
    saved: "Logo saved: it shows on the website now",
    removed: "The website's own logo is back",
    failed: "Failed to save the logo",
  },
  favicon: {
    title: "Browser icon (favicon)",
    help: "An SVG or PNG file, best square and at least 512 x 512 pixels. The website makes the sizes browsers and phones ask for (32, 180, 192 and 512 pixels).",
    current: "Current icon",
    siteOwn: "The website's own icon",
    upload: "Upload icon",
    remove: "Use the website's own icon",
    saved: "Icon saved: browsers show it on your pages now",
    removed: "The website's own icon is back",
    failed: "Failed to save the icon",
  },
  accent: {
    title: "Accent colour",
    help: "The colour of buttons such as Book Now and of highlights. White text on it must be easy to read (WCAG AA, 4.5:1).",
    label: "Colour (hex)",
    pick: "Pick a colour",
    sample: "Book Now",
    sampleLabel: "How a button looks in this colour",
    save: "Save colour",
    reset: "Use the website's own colour",
    saved: "Colour saved: the website uses it now",
    resetDone: "The website's own colour is back",
    failed: "Failed to save the colour",
    contrast: (white: string) => `White text on it: ${white}`,
  },
} as const;
