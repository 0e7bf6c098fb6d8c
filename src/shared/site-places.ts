/**
 * Where a website content item or a website image appears, in words staff use ("Home page, Hero,
 * Title"), from its page, section and key. Used by the activity log and the admin screens; a value
 * not named here is shown as it is written, made readable ("paragraph4" becomes "Paragraph 4").
 */
const PAGES: Record<string, string> = {
  home: "Home page",
  about: "About page",
  services: "Services page",
  news: "News page",
  contact: "Contact page",
  footer: "Footer",
};

const SECTIONS: Record<string, string> = {
  hero: "Hero",
  welcome: "Welcome",
  mission: "Mission",
  approach: "Approach",
  description: "About text",
  contact: "Contact details",
  map: "Map",
};

const KEYS: Record<string, string> = {
  title: "Title",
  subtitle: "Subtitle",
  text: "Text",
  content: "Text",
  backgroundImage: "Background image",
  background: "Background",
  image: "Picture",
  address: "Address",
  phone: "Phone",
  email: "Email",
};

/** "paragraph2" -> "Paragraph 2", "call_to-action" -> "Call to action". */
export function readable(value: string): string {
  const words = value
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function pageName(page: string): string {
  return PAGES[page] ?? `${readable(page)} page`;
}

/** "Home page, Hero, Title". */
export function contentPlace(item: { page: string; section: string; key: string }): string {
  return `${pageName(item.page)}, ${SECTIONS[item.section] ?? readable(item.section)}, ${KEYS[item.key] ?? readable(item.key)}`;
}

/** "Home page, Hero background". */
export function imagePlace(image: { page: string; section: string; key: string }): string {
  const key = KEYS[image.key] ?? readable(image.key);
  return `${pageName(image.page)}, ${SECTIONS[image.section] ?? readable(image.section)} ${key.toLowerCase()}`;
}
