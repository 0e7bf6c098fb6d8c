/**
 * The `sizes` of each place that shows an uploaded picture: how wide it is drawn at each screen width,
 * from the CSS that lays it out (base.css: .container is at most 1200px with a 20px gutter, 32px from
 * 768px; .grid gaps are 24px). The browser picks the file from the image's srcset by it before any CSS
 * has loaded, so it must follow the layout: a card in a 3-column grid takes a third of the row, not
 * the screen.
 */

/** Widest first: from `minWidth` on, the box is the content width less `gaps` px, divided by `columns`. */
type Step = [minWidth: number, columns: number, gaps: number];

const GUTTER_STEP = 768;
const gutterAt = (width: number) => (width >= GUTTER_STEP ? 32 : 20);

/**
 * The sizes of a box in a grid of the container's content (at most `contentMax` px wide: 1136 in a
 * .container), one entry per width where the grid, the gutter or the cap changes.
 */
function gridSizes(steps: Step[], contentMax = 1136): string {
  const capped = contentMax + 2 * gutterAt(contentMax + 64);
  const breakpoints = [...new Set([capped, GUTTER_STEP, ...steps.map(([min]) => min)])].filter((bp) => bp <= capped).sort((a, b) => b - a);
  const entries = breakpoints.map((bp) => {
    const [, columns, gaps] = steps.find(([min]) => min <= bp)!;
    const size =
      bp === capped
        ? `${Math.ceil((contentMax - gaps) / columns)}px`
        : columns === 1
          ? `calc(100vw - ${2 * gutterAt(bp) + gaps}px)`
          : `calc((100vw - ${2 * gutterAt(bp) + gaps}px) / ${columns})`;
    return bp > 0 ? `(min-width: ${bp}px) ${size}` : size;
  });
  if (breakpoints.at(-1) !== 0) entries.push(`calc(100vw - ${2 * gutterAt(0)}px)`);
  return entries.join(", ");
}

/** .grid--3: one column, two from 640px, three from 1024px. */
const THREE_COLUMNS = gridSizes([[1024, 3, 48], [640, 2, 24], [0, 1, 0]]);
/** .grid--2: one column, two from 640px. */
const TWO_COLUMNS = gridSizes([[640, 2, 24], [0, 1, 0]]);

export const IMAGE_SIZES = {
  /** The home and services heroes: the whole width behind the text. */
  hero: "100vw",
  /** Service cards: the grid ServicesGrid picks for the count (pages-home.css .svc-grid--4: four from 1100px). */
  serviceCards: {
    three: THREE_COLUMNS,
    four: gridSizes([[1100, 4, 72], [640, 2, 24], [0, 1, 0]]),
    two: TWO_COLUMNS,
  },
  /** A service's page: half the container from 900px (pages-home.css .svc-detail-grid, 56px gap). */
  serviceDetail: gridSizes([[900, 2, 56], [0, 1, 0]]),
  /** About's mission picture: half the container from 900px (.hp-mission-grid, 64px gap). */
  mission: gridSizes([[900, 2, 64], [0, 1, 0]]),
  /** The News page's cards (.grid--3). */
  newsCards: THREE_COLUMNS,
  /** Related articles under an article: .grid--2 in a container of at most 980px (pages-news.css .related-container). */
  relatedCards: gridSizes([[640, 2, 24], [0, 1, 0]], 980),
  /** An article's picture: the reading column, 70ch (about 700px in the body font). */
  article: gridSizes([[0, 1, 0]], 700),
  /** The contact map picture in the aside: 1fr of 1.5fr + 1fr from 1024px (36px gap), half the container from 640px. */
  contactMap: gridSizes([[1024, 2.5, 36], [640, 2, 24], [0, 1, 0]]),
  /** Team photos: 160px circles (.team-photo). */
  teamPhoto: "160px",
  /** Testimonial avatars: 48px circles (.tm-avatar). */
  avatar: "48px",
} as const;
