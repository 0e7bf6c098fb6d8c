import { createContext, useContext, type ReactNode } from "react";

/**
 * Facts the server hands the page: the public origin (canonical and share URLs), the current year, and
 * on the contact page the inquiry form's token (signed by the server when it sent the page).
 */
export interface SiteInfo {
  origin: string;
  year: number;
  /** Where each part of the page language's words loads from (i18n.ts, loadWords): the server's build knows. */
  words?: Record<string, string>;
  formToken?: string;
  /** On the contact page, the slug of the service "Book This Service" chose (/contact?service=<slug>). */
  bookService?: string;
  /** On the search page, the words and the page its address asks for (/search?q=&page=; never kept). */
  search?: { q: string; page: number };
  /** The inquiry form as a plain post (without JavaScript) left it: what the server answers with. */
  contactForm?: PostedContactForm;
  /** The Book page's form as a plain post (without JavaScript) left it. */
  bookingForm?: PostedBookingForm;
}

/** The answer to the Book page's form posted without JavaScript (docs/public-site.md#booking-a-time). */
export interface PostedBookingForm {
  outcome: "requested" | "confirmed" | "invalid" | "taken" | "failed" | "throttled";
  values: Omit<PostedContactForm["values"], "servicesInterested" | "availabilityDays" | "availabilityTimes">;
  errors: Record<string, string>;
  message?: string;
  /** A booked time's conversion token: the page counts it as the funnel's conversion (analytics.ts, countInquirySent). */
  conversionToken?: string;
}

/**
 * The answer to the inquiry form posted without JavaScript (POST /contact): "invalid" with the spec's
 * messages at their fields and the values kept, "sent", "failed" (values kept), or "throttled" with the
 * server's message.
 */
export interface PostedContactForm {
  outcome: "invalid" | "sent" | "failed" | "throttled";
  values: {
    name: string;
    email: string;
    phone: string;
    servicesInterested: string[];
    availabilityDays: string[];
    availabilityTimes: string[];
    healthConditions: string;
    optInTexting: boolean;
    privacyPolicy: boolean;
    hipaaConsent: boolean;
    termsAndConditions: boolean;
  };
  errors: Record<string, string>;
  message?: string;
  /** A booked time's conversion token: the page counts it as the funnel's conversion (analytics.ts, countInquirySent). */
  conversionToken?: string;
}

const SiteContext = createContext<SiteInfo>({ origin: "", year: 2026 });

export function SiteProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
