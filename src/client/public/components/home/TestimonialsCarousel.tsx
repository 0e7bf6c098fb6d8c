import { useState } from "react";
import { publicQueries, type RouterOutputs } from "../../api";
import { usePublicQuery } from "../../store";
import { Dialog } from "../Dialog";
import { Icon } from "../Icon";
import { CardSkeletons } from "../Skeleton";
import { SmartImage } from "../SmartImage";
import { Stars } from "../Stars";
import { foreignLang, T, TH } from "../../i18n";
import { initials, testimonialExcerpt } from "./testimonial-text";

type Testimonial = RouterOutputs["testimonials"]["list"][number];

/** Testimonials shown per page (public-site.md section 9). */
export const TESTIMONIALS_PER_PAGE = 2;

/**
 * The testimonials carousel: 2 per page, previous/next wrap around in both directions, "n / total"
 * only when there is more than one page. Long texts open in a dialog. The cards' region is announced
 * politely when the page changes; focus stays on the button the visitor pressed.
 */
export function TestimonialsCarousel({ headingId }: { headingId: string }) {
  const query = usePublicQuery(publicQueries.testimonials());
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);

  if (query.isPending) return <CardSkeletons count={2} media={false} className="grid grid--2" label={TH.testimonials.loading} />;
  if (query.isError)
    return (
      <p className="error-text" role="alert">
        {T.testimonials.loadError}
      </p>
    );
  const testimonials = query.data;
  if (testimonials.length === 0) return <p className="notice tm-empty">{T.testimonials.empty}</p>;

  const pageCount = Math.ceil(testimonials.length / TESTIMONIALS_PER_PAGE);
  const current = Math.min(page, pageCount - 1);
  const visible = testimonials.slice(current * TESTIMONIALS_PER_PAGE, (current + 1) * TESTIMONIALS_PER_PAGE);
  const go = (delta: number) => setPage((current + delta + pageCount) % pageCount);
  const open = testimonials.find((t) => t.id === openId) ?? null;

  return (
    // WAI-ARIA's carousel pattern: a group named carousel, not a <fieldset> (that groups form controls)
    // biome-ignore lint/a11y/useSemanticElements: see the lines above
    <div className="tm-carousel" role="group" aria-roledescription="carousel" aria-labelledby={headingId}>
      <ul className="grid grid--2 tm-list" aria-live="polite" data-testid="testimonials-page">
        {visible.map((testimonial) => (
          <li key={testimonial.id}>
            <TestimonialCard testimonial={testimonial} onReadMore={() => setOpenId(testimonial.id)} />
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <div className="tm-controls">
          <button type="button" className="tm-nav" onClick={() => go(-1)} aria-label={T.testimonials.previous}>
            <Icon name="chevronLeft" />
          </button>
          <p className="tm-indicator" data-testid="testimonials-indicator">
            {TH.testimonials.pageIndicator(current + 1, pageCount)}
          </p>
          <button type="button" className="tm-nav" onClick={() => go(1)} aria-label={T.testimonials.next}>
            <Icon name="chevronRight" />
          </button>
        </div>
      ) : null}
      <Dialog
        open={open !== null}
        onClose={() => setOpenId(null)}
        title={open?.name ?? ""}
        closeLabel={T.testimonials.close}
        className="tm-dialog"
        testId="testimonial-dialog"
      >
        {open ? (
          <div className="tm-full">
            <div className="tm-full-meta">
              <Stars rating={open.rating} label={T.testimonials.rating(open.rating)} />
              <span className="tm-service" lang={foreignLang(open.language)}>
                {open.service}
              </span>
            </div>
            <blockquote className="tm-full-text" lang={foreignLang(open.language)}>
              <p>{open.content}</p>
            </blockquote>
            <Translated testimonial={open} />
            <WrittenIn testimonial={open} />
            <Incentive testimonial={open} />
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}

function TestimonialCard({ testimonial, onReadMore }: { testimonial: Testimonial; onReadMore: () => void }) {
  const excerpt = testimonialExcerpt(testimonial.content);
  return (
    <figure className="card tm-card" data-testid="testimonial">
      <div className="tm-card-top">
        <Stars rating={testimonial.rating} label={T.testimonials.rating(testimonial.rating)} />
        <svg className="tm-quote-mark" viewBox="0 0 32 24" aria-hidden="true" focusable="false">
          <path d="M0 24V13.7C0 5.9 4.3 1.3 12.3 0l1.3 3.4C9.4 4.6 7.4 7 7.2 10.6H13V24H0zm19 0V13.7C19 5.9 23.3 1.3 31.3 0l1.3 3.4c-4.2 1.2-6.2 3.6-6.4 7.2H32V24H19z" />
        </svg>
      </div>
      <blockquote className="tm-text">
        <p>
          <span lang={foreignLang(testimonial.language)}>{excerpt.text}</span>
          {excerpt.truncated ? (
            <>
              {" "}
              <button
                type="button"
                className="tm-readmore"
                onClick={onReadMore}
                aria-label={TH.testimonials.readMoreLabel(testimonial.name)}
                aria-haspopup="dialog"
              >
                {T.testimonials.readMore}
              </button>
            </>
          ) : null}
        </p>
      </blockquote>
      <Translated testimonial={testimonial} />
      <WrittenIn testimonial={testimonial} />
      <Incentive testimonial={testimonial} />
      <figcaption className="tm-author">
        {testimonial.imageUrl ? (
          <SmartImage
            src={testimonial.imageUrl}
            upload={testimonial.imageSize}
            sizes="48px"
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            className="tm-avatar"
          />
        ) : (
          <span className="tm-avatar tm-initials" aria-hidden="true">
            {initials(testimonial.name)}
          </span>
        )}
        <span className="tm-who">
          <span className="tm-name">{testimonial.name}</span>
          <span className="tm-service" lang={foreignLang(testimonial.language)}>
            {testimonial.service}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * What the patient was given in return for the testimonial, when anything was (the FTC's 2024 rule on
 * reviews). The sentence is the page's language; what was given keeps the testimonial's, marked where
 * that differs (the catalogue's sentence is split around it).
 */
function Incentive({ testimonial: { incentive, language } }: { testimonial: Testimonial }) {
  if (!incentive) return null;
  const lang = foreignLang(language);
  const [before, after] = lang ? TH.testimonials.incentive("\u0000").split("\u0000") : [TH.testimonials.incentive(incentive), ""];
  return (
    <p className="tm-incentive" data-testid="testimonial-incentive">
      {before}
      {lang ? <span lang={lang}>{incentive}</span> : null}
      {after}
    </p>
  );
}

/** A testimonial in the clinic's translation says so (issue 27: testimonials stay the patient's words). */
function Translated({ testimonial }: { testimonial: Testimonial }) {
  return testimonial.translatedFrom ? (
    <p className="tm-translated" data-testid="testimonial-translated">
      {TH.testimonials.translated}
    </p>
  ) : null;
}

/**
 * A testimonial shown as the patient wrote it, in another language than the page's, says which (issue 36:
 * the seeded English ones on /es/ and /zh/), in the page's language; its words carry their lang.
 */
function WrittenIn({ testimonial: { language } }: { testimonial: Testimonial }) {
  return language && foreignLang(language) ? (
    <p className="tm-translated" data-testid="testimonial-written-in">
      {TH.testimonials.writtenIn[language]}
    </p>
  ) : null;
}
