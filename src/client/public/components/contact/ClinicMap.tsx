import { useEffect, useId, useRef, useState } from "react";
import { fullAddress, type ClinicDetails } from "../../../../shared/clinic";
import { useClinic, useImageSlot, usePageContent } from "../../data";
import { Icon } from "../Icon";
import { SmartImage } from "../SmartImage";
import { D, T, TC } from "../../i18n";

/**
 * The clinic's location. Nothing is requested from a third party until the visitor asks: the page
 * shows our own illustrated map (the staff's contact/map image, else the built-in one), and the
 * interactive OpenStreetMap embed loads only when its button is pressed (the page's CSP allows frames
 * from www.openstreetmap.org only). "Get directions" is a plain link the visitor chooses to follow.
 */
export const STATIC_MAP = "/images/map-millcreek.svg";

/** The OpenStreetMap embed around the clinic's map position (Settings, Clinic details). */
export function osmEmbedUrl({ latitude, longitude }: Pick<ClinicDetails, "latitude" | "longitude">): string {
  const bbox = [longitude - 0.012, latitude - 0.006, longitude + 0.012, latitude + 0.006].map((n) => n.toFixed(4)).join(",");
  return (
    `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}` +
    `&layer=mapnik&marker=${encodeURIComponent(`${latitude},${longitude}`)}`
  );
}
/**
 * How wide an uploaded map picture is drawn (see SmartImage's `sizes`): the aside is 1fr of 1.5fr + 1fr
 * from 1024px, two columns of the container from 640px (pages-contact.css).
 */
const MAP_PICTURE_SIZES =
  "(min-width: 1200px) 440px, (min-width: 1024px) calc((100vw - 100px) / 2.5), (min-width: 768px) calc((100vw " +
  "- 88px) / 2), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 40px)";

/** Google Maps' documented cross-platform directions URL: opens the maps app on phones. */
export const directionsUrl = (clinic: ClinicDetails) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(fullAddress(clinic))}`;

export function ClinicMap() {
  const headingId = useId();
  const noticeId = useId();
  const image = useImageSlot("contactMap");
  const clinic = useClinic();
  const { show } = usePageContent("contactMap", D.CONTACT_MAP);
  const [interactive, setInteractive] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // The button disappears when the map appears: focus goes to the map instead of being lost.
  useEffect(() => {
    if (interactive) frameRef.current?.focus();
  }, [interactive]);

  return (
    <section className="card contact-map" aria-labelledby={headingId} data-testid="clinic-map">
      <div className="contact-map-head">
        {show("h2", "title", { id: headingId })}
        <address className="contact-map-address">{fullAddress(clinic)}</address>
      </div>
      <div className="contact-map-frame">
        {interactive ? (
          <iframe
            ref={frameRef}
            src={osmEmbedUrl(clinic)}
            title={T.contact.map.frameTitle}
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          />
        ) : (
          <>
            <SmartImage
              src={image?.imageUrl || STATIC_MAP}
              upload={image?.imageSize}
              sizes={MAP_PICTURE_SIZES}
              alt={image?.altText || TC.map.fallbackAlt}
              width={image?.width ?? 1200}
              height={image?.height ?? 800}
              loading="lazy"
              decoding="async"
            />
            <div className="contact-map-overlay">
              <button type="button" className="btn btn-light btn-sm" onClick={() => setInteractive(true)} aria-describedby={noticeId}>
                <Icon name="pin" />
                {T.contact.map.showMap}
              </button>
            </div>
          </>
        )}
      </div>
      <div className="contact-map-foot">
        <p className="contact-map-notice" id={noticeId}>
          {T.contact.map.notice}
        </p>
        <a className="link-arrow" href={directionsUrl(clinic)} target="_blank" rel="noopener noreferrer">
          {T.contact.map.directions}
          <span className="visually-hidden">{TC.details.newTab}</span>
          <Icon name="external" />
        </a>
      </div>
    </section>
  );
}
