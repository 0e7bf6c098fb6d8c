/**
 * The static site settings of public-site.md section 3. The spec does not show the clinic's phone,
 * email or street; the values below are reserved fictional ones (555-01xx numbers, the .example
 * domain) for the clinic to replace with its own before launch (README, "Clinic details").
 */
export const SITE = {
  clinicName: "Millcreek Regenerative Wellness",
  shortName: "Millcreek Wellness",
  streetAddress: "3300 S Highland Dr, Suite 200",
  city: "Millcreek",
  state: "UT",
  zip: "84124",
  cityStateZip: "Millcreek, UT 84124",
  phone: "(801) 555-0147",
  phoneHref: "tel:+18015550147",
  email: "care@millcreekwellness.example",
  privacyOfficerPhone: "(801) 555-0199",
  hours: [
    { days: "Monday - Friday", time: "9:00 AM - 5:00 PM" },
    { days: "Saturday", time: "Closed" },
    { days: "Sunday", time: "Closed" },
  ],
  /** schema.org openingHoursSpecification for the JSON-LD of Home and Contact. */
  openingHours: { dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
  geo: { latitude: 40.6989, longitude: -111.8404 },
  social: {
    facebook: "https://www.facebook.com/millcreekregenerative",
    instagram: "https://www.instagram.com/millcreekregenerative",
    youtube: "https://www.youtube.com/@millcreekregenerative",
  },
  logoPath: "/images/logo.svg",
} as const;
