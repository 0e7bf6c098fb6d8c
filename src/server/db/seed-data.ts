import type { ContentType } from "../../shared/schemas/content";
import type { ServiceSection } from "../../shared/schemas/services";
import { cityStateZip, DEFAULT_CLINIC } from "../../shared/clinic";
import { EN, type Catalogue } from "../../client/public/catalogue/en";

// The pages' English defaults of the texts staff edit (the English catalogue's D).
const { CONTACT_DETAILS, CONTACT_FORM, CONTACT_HERO, CONTACT_MAP, ABOUT_APPROACH, ABOUT_MISSION, HOME_HERO, HOME_WELCOME } = EN.D;
const {
  ABOUT_HEAD,
  ABOUT_INSIGHTS,
  ABOUT_TEAM,
  HOME_CTA,
  HOME_SERVICES,
  HOME_TESTIMONIALS,
  SERVICE_DETAIL,
  NEWS_ARTICLE,
  NEWS_ARTICLE_CTA,
  NEWS_HERO,
  NEWS_LIST,
} = EN.D;

/**
 * What a first start puts in an empty database so the public site looks complete. The wording is
 * the clinic's to change in the admin portal; seeding never runs again once it has run (src/server/db/seed.ts).
 * Medical copy stays careful: it describes, it does not promise.
 */

/**
 * The stem cell page's sections: the educational texts its page has always shown (public-site.md
 * section 2: what stem cells are, benefits, conditions treated, the four-step process, Book a
 * Consultation). drizzle/0012 gives them to an existing database's seeded stem cell service too.
 */
export const STEM_CELL_SECTIONS: ServiceSection[] = [
  {
    kind: "overview",
    eyebrow: "Understanding stem cell therapy",
    title: "What Are Stem Cells?",
    text: "Stem cells are the body's repair cells. They can develop into many kinds of tissue and release signals that calm inflammation and encourage healing. Regenerative therapy places these cells where the body needs support, helping it repair itself.",
  },
  {
    kind: "benefits",
    title: "Benefits",
    items: [
      { title: "Anti-Aging", text: "Supports healthy tissue renewal as we age." },
      { title: "Pain Relief", text: "May ease chronic joint and soft-tissue pain." },
      { title: "Tissue Regeneration", text: "Encourages repair of cartilage, tendons and ligaments." },
      { title: "Non-Surgical Option", text: "A minimally invasive alternative to many surgeries." },
    ],
  },
  {
    kind: "conditions",
    title: "Common Conditions Treated",
    items: ["Joint pain", "Sports injuries", "Back and neck pain", "Chronic inflammation"],
  },
  {
    kind: "steps",
    title: "The Treatment Process",
    items: [
      { title: "Consultation", text: "We review your history, imaging and goals, and answer every question." },
      { title: "Treatment", text: "The procedure takes 1-2 hours in our clinic." },
      { title: "Recovery", text: "Most patients return to normal activities within 24-48 hours." },
      { title: "Results", text: "Improvements build gradually over 2-3 months as tissue heals." },
    ],
  },
  { kind: "cta", text: "Not sure whether stem cell therapy is right for you? Start with a conversation.", button: "Book a Consultation" },
];

/**
 * The services; the first two are the inquiry form's choices the spec names (with General Consultation).
 * The other two say they are not offered (a service staff add is, by default): a new site's form keeps
 * the spec's three choices, and their Book This Service adds them for that visit.
 */
export const SEED_SERVICES = [
  {
    slug: "stem-cell-therapy",
    title: "Utah Stem Cell Therapy",
    shortDescription:
      "Regenerative stem cell treatments that support your body's own repair processes for joints, soft tissue and chronic pain.",
    description: [
      "Stem cell therapy uses the body's own repair messengers to support healing where it has stalled. At our Millcreek clinic, each treatment begins with a thorough consultation, a review of your history and imaging, and an honest conversation about what regenerative care can and cannot do for you.",
      "Treatments are performed in our clinic under sterile conditions and usually take one to two hours. Most patients return to light activity within a day or two and notice changes gradually over the following months as tissue responds.",
      "We combine treatment with practical guidance on movement, nutrition and recovery, and we follow up with you at each stage so you always know what to expect next.",
    ].join("\n\n"),
    imageUrl: "/images/services/stem-cell-therapy.svg",
    imageAlt: "Illustration of stem cells dividing",
    offeredOnContactForm: true,
    sections: STEM_CELL_SECTIONS,
  },
  {
    slug: "ozone-therapy",
    title: "Ozone Therapy",
    shortDescription: "Medical ozone treatments that may support circulation, oxygen use and the body's response to inflammation.",
    description: [
      "Medical ozone is a carefully measured mixture of oxygen and ozone. In controlled doses it is used to support circulation, oxygen delivery and the body's own response to inflammation and infection.",
      "Depending on your needs, ozone may be given by injection into a joint or soft tissue, or through other clinic-based methods. Every treatment plan is set by our medical team after a consultation and reviewed as you progress.",
      "Sessions are short and most people return to their day straight afterwards. We will explain each step, what you may feel, and how many sessions are typically recommended for your goals.",
    ].join("\n\n"),
    imageUrl: "/images/services/ozone-therapy.svg",
    imageAlt: "Illustration of an ozone molecule with rising bubbles",
    offeredOnContactForm: true,
  },
  {
    slug: "prp-therapy",
    title: "Platelet-Rich Plasma (PRP) Therapy",
    shortDescription: "Concentrated platelets from your own blood, used to support the repair of tendons, ligaments and joints.",
    description: [
      "Platelet-rich plasma is prepared from a small sample of your own blood. Spinning the sample concentrates the platelets, which carry growth factors involved in the body's natural repair of tissue.",
      "PRP is often used for tendon and ligament injuries, joint discomfort and slow-healing sports injuries, on its own or alongside other regenerative treatments. The whole visit usually takes about an hour.",
    ].join("\n\n"),
    imageUrl: "/images/services/prp-therapy.svg",
    imageAlt: "Illustration of a vial with separated plasma layers",
    offeredOnContactForm: false,
  },
  {
    slug: "iv-nutrient-therapy",
    title: "IV Nutrient Therapy",
    shortDescription: "Vitamins, minerals and fluids delivered directly to the bloodstream to support hydration, energy and recovery.",
    description: [
      "IV nutrient therapy delivers fluids, vitamins and minerals directly into the bloodstream, so they are available to the body without passing through digestion.",
      "Our clinicians review your health history before recommending a formula, and you relax in a comfortable chair during the 30 to 60 minute infusion. IV therapy is often paired with regenerative treatments to support recovery.",
    ].join("\n\n"),
    imageUrl: "/images/services/iv-nutrient-therapy.svg",
    imageAlt: "Illustration of an IV drip bag with droplets",
    offeredOnContactForm: false,
  },
] as const;

export const SEED_TESTIMONIALS = [
  {
    name: "Karen M.",
    service: "Utah Stem Cell Therapy",
    rating: 5,
    content:
      "After years of knee pain that kept me off the trails, I wanted an option that didn't involve surgery. The team explained every step, never rushed me, and checked in after each visit. Six months on I'm hiking with my grandkids again.",
  },
  {
    name: "David R.",
    service: "Ozone Therapy",
    rating: 5,
    content:
      "Professional, warm and honest about what to expect. My shoulder feels better than it has in a long time, and I always felt I was in good hands.",
  },
  {
    name: "Linda S.",
    service: "Utah Stem Cell Therapy",
    rating: 4,
    content: "A calm, clean clinic and a staff who genuinely listen. The results have been gradual but real.",
  },
  {
    name: "Michael T.",
    service: "Platelet-Rich Plasma (PRP) Therapy",
    rating: 5,
    content:
      "As a runner I was skeptical, but the care plan was thorough and sensible. My tendon issue has settled and I'm back to training with a plan to stay healthy.",
  },
  {
    name: "Angela P.",
    service: "IV Nutrient Therapy",
    rating: 5,
    content: "Booking was easy, the staff were kind, and I left feeling looked after. I recommend them to my friends.",
  },
] as const;

export const SEED_TEAM = [
  {
    name: "Dr. Elena Marsh, MD",
    role: "Medical Director",
    bio: "Dr. Marsh has practised sports and regenerative medicine in the Salt Lake Valley for over fifteen years. She leads every treatment plan at the clinic and believes in careful assessment, clear explanations and realistic goals.",
    imageUrl: "/images/team/dr-elena-marsh.svg",
  },
  {
    name: "James Okafor, FNP-C",
    role: "Family Nurse Practitioner",
    bio: "James brings a background in orthopaedic and emergency care. He guides patients through ozone and IV therapies and makes sure every question is answered before treatment begins.",
    imageUrl: "/images/team/james-okafor.svg",
  },
  {
    name: "Sofia Tran",
    role: "Patient Care Coordinator",
    bio: "Sofia is the friendly voice you hear when you call. She coordinates consultations, follow-ups and paperwork so that your visits are simple and stress-free.",
    imageUrl: "/images/team/sofia-tran.svg",
  },
] as const;

/**
 * The page texts that were constants of the pages until staff could edit them (issue 22: the calls
 * to action, the news page's and the contact page's texts), seeded with the pages' own words, which
 * stay the pages' fallback (the `D` words of src/client/public/catalogue/en/home.ts and the others beside their pages' words). drizzle/0011_page_texts.sql adds the same items to
 * a database seeded before them (tests/content-texts.test.ts checks they agree).
 */
export const PAGE_TEXTS: SeedContent[] = [
  ...texts("home", "cta", HOME_CTA, ["title", "text"]),
  ...texts("news", "hero", NEWS_HERO),
  ...texts("news", "articleCta", NEWS_ARTICLE_CTA, ["title", "text"]),
  ...texts("contact", "hero", CONTACT_HERO),
  ...texts("contact", "form", CONTACT_FORM),
  ...texts("contact", "details", CONTACT_DETAILS, ["title", "intro"]),
];

/**
 * The rest of the pages' texts that were constants (issue 22: the buttons, the home page's services and
 * testimonials intros, the small words above headings, the About page's heading and intro and its
 * sections' headings), seeded with the pages' own words, which stay the pages' fallback.
 * drizzle/0014_more_page_texts.sql adds the same items to a database seeded before them
 * (tests/content-texts.test.ts checks they agree).
 */
export const MORE_PAGE_TEXTS: SeedContent[] = [
  ...texts("home", "hero", HOME_HERO, ["eyebrow", "bookButton", "browseButton"]),
  ...texts("home", "welcome", HOME_WELCOME, ["eyebrow", "link"]),
  ...texts("home", "services", HOME_SERVICES),
  ...texts("home", "testimonials", HOME_TESTIMONIALS),
  ...texts("home", "cta", HOME_CTA, ["bookButton", "contactButton"]),
  ...texts("about", "heading", ABOUT_HEAD),
  ...texts("about", "mission", ABOUT_MISSION, ["eyebrow"]),
  ...texts("about", "insights", ABOUT_INSIGHTS),
  ...texts("about", "team", ABOUT_TEAM),
  ...texts("about", "approach", ABOUT_APPROACH, ["eyebrow", "button"]),
  ...texts("services", "detail", SERVICE_DETAIL),
  ...texts("news", "list", NEWS_LIST),
  ...texts("news", "article", NEWS_ARTICLE),
  ...texts("news", "articleCta", NEWS_ARTICLE_CTA, ["contactButton", "bookButton"]),
  ...texts("contact", "details", CONTACT_DETAILS, ["followTitle"]),
  ...texts("contact", "map", CONTACT_MAP),
];

/**
 * Each page's share texts in a language (issue 27): its title and description in search results, the
 * browser's tab and shared links, as website content staff edit (section "share"; the slots in
 * src/shared/content-slots.ts), from that language's catalogue, whose words the pages also fall back
 * to. The contact page's description is not one: it names the clinic and its town from Clinic details.
 * Written, with their Spanish and Chinese, by seedShareTextsOnce (seed.ts) on every database once.
 */
export function shareTexts(words: Catalogue["TS"]): SeedContent[] {
  return [
    ...texts("home", "share", { title: words.homeTitle, description: words.homeDescription }),
    ...texts("about", "share", { title: words.aboutTitle, description: words.aboutDescription }),
    ...texts("services", "share", { title: words.servicesTitle, description: words.servicesDescription }),
    ...texts("news", "share", { title: words.newsTitle, description: words.newsDescription }),
    ...texts("contact", "share", { title: words.contactTitle }),
  ];
}

/** A section's texts as content items: all of its fields, or the named ones. */
function texts<F extends Record<string, string>>(
  page: string,
  section: string,
  fields: F,
  keys: (keyof F & string)[] = Object.keys(fields),
): SeedContent[] {
  return keys.map((key) => ({ page, section, key, content: fields[key]! }));
}

type SeedContent = { page: string; section: string; key: string; content: string; contentType?: ContentType; sortOrder?: number };

/** Every page/section pair the public pages read (public-site.md section 3). */
export const SEED_CONTENT: SeedContent[] = [
  { page: "home", section: "hero", key: "title", content: "Regenerative Care in the Heart of Millcreek" },
  {
    page: "home",
    section: "hero",
    key: "subtitle",
    content: "Stem cell and ozone therapies guided by experienced clinicians, helping your body do what it does best: heal.",
  },
  { page: "home", section: "welcome", key: "title", content: `Welcome to ${DEFAULT_CLINIC.name}` },
  {
    page: "home",
    section: "welcome",
    key: "paragraph1",
    content:
      "We are a regenerative wellness clinic in Millcreek, Utah, focused on helping people move, recover and feel better with treatments that work with the body's own healing processes.",
  },
  {
    page: "home",
    section: "welcome",
    key: "paragraph2",
    content:
      "Every plan starts with listening. We take time to understand your history and your goals, explain your options plainly, and walk with you from the first consultation to your final follow-up.",
  },
  { page: "about", section: "mission", key: "title", content: "Our Mission" },
  {
    page: "about",
    section: "mission",
    key: "paragraph1",
    content:
      "Our mission is to offer thoughtful, evidence-informed regenerative care in a setting where patients feel heard, informed and respected.",
  },
  {
    page: "about",
    section: "mission",
    key: "paragraph2",
    content:
      "We believe good care is personal. That means time for real conversations, clear explanations of what each treatment involves, and honest expectations about results.",
  },
  {
    page: "about",
    section: "mission",
    key: "paragraph3",
    content: "Rooted in the Millcreek community, we are proud to serve neighbours from across the Salt Lake Valley and beyond.",
  },
  { page: "about", section: "approach", key: "title", content: "Our Approach" },
  {
    page: "about",
    section: "approach",
    key: "content",
    content:
      "We look at the whole person: body, mind and daily life. A full consultation comes first, then a plan that may combine regenerative treatments with guidance on movement, nutrition and rest. We measure progress together and adjust the plan as you heal.",
  },
  { page: "services", section: "hero", key: "title", content: "Our Services" },
  {
    page: "services",
    section: "hero",
    key: "subtitle",
    content: "Regenerative treatments tailored to you, delivered with care in our Millcreek clinic.",
  },
  {
    page: "footer",
    section: "description",
    key: "text",
    content: `<p>At ${DEFAULT_CLINIC.name}, we believe in a fully regenerative approach to health and wellness, addressing the needs of body, mind, and spirit.</p>`,
    contentType: "html",
  },
  ...PAGE_TEXTS,
  ...MORE_PAGE_TEXTS,
];

export const SEED_IMAGES = [
  {
    page: "home",
    section: "hero",
    key: "background",
    imageUrl: "/images/hero-home.svg",
    altText: "The Wasatch mountains at dawn above the Salt Lake Valley",
    seoFilename: "millcreek-wasatch-mountains-dawn",
    width: 1600,
    height: 900,
  },
  {
    page: "about",
    section: "mission",
    key: "image",
    imageUrl: "/images/about-mission.svg",
    altText: "A bright treatment room with a view of the mountains",
    seoFilename: "millcreek-clinic-treatment-room",
    width: 1200,
    height: 800,
  },
  {
    page: "services",
    section: "hero",
    key: "background",
    imageUrl: "/images/hero-services.svg",
    altText: "Soft abstract waves in teal and sage",
    seoFilename: "regenerative-services-banner",
    width: 1600,
    height: 600,
  },
  {
    page: "contact",
    section: "map",
    key: "image",
    imageUrl: "/images/map-millcreek.svg",
    altText: `Map showing the clinic on Highland Drive, ${cityStateZip(DEFAULT_CLINIC)}`,
    seoFilename: "millcreek-clinic-location-map",
    width: 1200,
    height: 800,
  },
] as const;

export const SEED_SOCIAL_LINKS = [
  { platform: "facebook", displayName: "Facebook", url: DEFAULT_CLINIC.social.facebook, iconClass: "facebook", sortOrder: 1 },
  { platform: "instagram", displayName: "Instagram", url: DEFAULT_CLINIC.social.instagram, iconClass: "instagram", sortOrder: 2 },
  { platform: "youtube", displayName: "YouTube", url: DEFAULT_CLINIC.social.youtube, iconClass: "youtube", sortOrder: 3 },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Published a few days before the first start, newest first. */
export function seedNewsArticles(now: Date) {
  return [
    {
      title: "What Regenerative Medicine Can (and Cannot) Do",
      slug: "what-regenerative-medicine-can-and-cannot-do",
      summary:
        "A plain-language guide to how stem cell, PRP and ozone treatments work, who they may help, and the questions worth asking before you begin.",
      content: [
        "<p>Regenerative medicine is a family of treatments that aim to support the body's own repair processes rather than replace or mask them. It is an exciting field, and also one where clear, honest information matters.</p>",
        "<h2>How the treatments work</h2>",
        "<p>Stem cell and platelet-rich plasma (PRP) treatments deliver signalling cells and growth factors to an area where healing has slowed. Medical ozone is used to support circulation and the body's response to inflammation.</p>",
        "<h2>Who may benefit</h2>",
        "<ul><li>People with joint discomfort who want to explore non-surgical options</li><li>Active adults with tendon or ligament injuries</li><li>Patients whose recovery has plateaued</li></ul>",
        "<h2>Questions to ask</h2>",
        "<p>Ask what results are realistic for your condition, how progress will be measured, and what the plan is if you do not improve. A good clinic welcomes those questions.</p>",
      ].join(""),
      thumbnailUrl: "/images/news/regenerative-medicine-basics.svg",
      thumbnailAlt: "An open book with a cell illustration",
      metaTitle: "What Regenerative Medicine Can and Cannot Do",
      metaDescription:
        "A plain-language guide to stem cell, PRP and ozone treatments: how they work, who they may help, and what to ask before you begin.",
      tags: "regenerative medicine, stem cells, PRP, ozone",
      isPublished: true,
      publishedAt: new Date(now.getTime() - 3 * DAY_MS),
    },
    {
      title: "New Research on Ozone Therapy and Chronic Pain",
      slug: "ozone-therapy-chronic-pain-research",
      summary:
        "Researchers continue to study medical ozone injections for back and joint pain. Here is a link to the current body of published studies.",
      content: null,
      externalUrl: "https://pubmed.ncbi.nlm.nih.gov/?term=ozone+therapy+chronic+pain",
      thumbnailUrl: "/images/news/ozone-research-update.svg",
      thumbnailAlt: "A microscope beside an ozone molecule",
      metaTitle: "Ozone Therapy and Chronic Pain: Current Research",
      metaDescription: "A pointer to published research on medical ozone injections for back and joint pain.",
      tags: "ozone therapy, research",
      isPublished: true,
      publishedAt: new Date(now.getTime() - 10 * DAY_MS),
    },
    {
      title: "Preparing for Your First Consultation",
      slug: "preparing-for-your-first-consultation",
      summary: "What to bring, what we will ask, and how to get the most from your first visit to our Millcreek clinic.",
      content: [
        "<p>Your first consultation is a conversation. We want to understand your history, your goals and what you have already tried.</p>",
        "<h2>What to bring</h2>",
        "<ul><li>A list of your current medications and supplements</li><li>Any recent imaging reports (X-ray, MRI) or the name of the facility that holds them</li><li>Your questions: write them down so nothing is forgotten</li></ul>",
        "<h2>What happens next</h2>",
        "<p>If a regenerative treatment is a good fit, we will explain the plan, the expected timeline and the cost before anything is scheduled. If it is not, we will tell you and suggest other options.</p>",
      ].join(""),
      thumbnailUrl: "/images/news/recovery-tips.svg",
      thumbnailAlt: "A person stretching on a mountain trail at sunrise",
      metaTitle: "Preparing for Your First Regenerative Medicine Consultation",
      metaDescription: "What to bring, what we will ask, and how to get the most from your first visit to our clinic.",
      tags: "consultation, patient guide",
      isPublished: true,
      publishedAt: new Date(now.getTime() - 20 * DAY_MS),
    },
  ];
}

/** Booking out of the box (issue 38; seed.ts, seedBooking): who is bookable, the chair, which services and how. */
export const SEED_BOOKING = {
  clinicians: ["Dr. Elena Marsh, MD", "James Okafor, FNP-C"],
  resource: { name: "Ozone chair", kind: "device" as const },
  services: [
    {
      slug: "ozone-therapy",
      withResource: true,
      bookable: true,
      durationMinutes: 60,
      intervalMinutes: 30,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
      minNoticeMinutes: 24 * 60,
      daysAhead: 30,
      requiresConfirmation: true,
      lateCancelHours: 24,
    },
    {
      slug: "iv-nutrient-therapy",
      withResource: false,
      bookable: true,
      durationMinutes: 60,
      intervalMinutes: 30,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minNoticeMinutes: 24 * 60,
      daysAhead: 30,
      requiresConfirmation: true,
      lateCancelHours: 24,
    },
  ],
};
