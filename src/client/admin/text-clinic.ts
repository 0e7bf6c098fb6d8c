/** The strings of Settings' Clinic details card (super admins). */
export const TCL = {
  title: "Clinic details",
  intro:
    "The clinic's name, address, phone, e-mail, opening hours, map position and social addresses. The website " +
    "shows them in the header, the footer, the Get in Touch panel, the map, the search engines' structured " +
    "data, the share previews and the legal texts, and the acknowledgement e-mail to visitors repeats them. " +
    "Changes show on the site as soon as they are saved.",
  identity: "Name",
  name: "Clinic name",
  shortName: "Short name",
  shortNameHelp: "Used where space is short: the mobile menu, the admin portal.",
  address: "Address",
  street: "Street address",
  city: "City",
  state: "State",
  zip: "ZIP code",
  contact: "Phone and e-mail",
  phone: "Phone",
  phoneHelp: "A 10-digit US number; it is shown as (801) 555-0147 and dials when tapped.",
  email: "E-mail",
  privacyOfficerPhone: "Privacy officer's phone",
  privacyOfficerPhoneHelp: "Named in the Privacy Policy (Notice of Privacy Practices).",
  hours: "Opening hours",
  hoursHelp: "Days with the same hours are shown together on the site, e.g. Monday - Friday 9:00 AM - 5:00 PM.",
  closed: "Closed",
  opens: "Opens",
  closes: "Closes",
  map: "Map position",
  mapHelp: "Where the map and the directions point, and what search engines are told.",
  latitude: "Latitude",
  longitude: "Longitude",
  social: "Social addresses",
  socialHelp: "The Get in Touch panel's icons, and the footer's when Social Media has no visible links. Leave one empty to hide its icon.",
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
} as const;
