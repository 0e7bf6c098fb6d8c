import { DEFAULT_CLINIC, fullAddress, type ClinicDetails } from "../../shared/clinic";
import type { LegalKind } from "../../shared/legal";

/**
 * Version 1 of each legal text: the texts the site started with, written into legal_text_versions
 * once (src/server/services/legal-texts.ts, seedLegalTexts) with the clinic's details of that moment.
 * Later versions are written by super admins in the portal; nothing reads this module after that.
 *
 * The spec gave two readings of the privacy notice and the terms (footer and contact form: dates of
 * May 22 and May 21, 2025; Utah and Oregon law). The site shows one text everywhere now (issue 22):
 * the privacy notice as last updated, May 22, 2025; the terms as effective May 21, 2025, under Utah
 * law (the clinic is in Utah). The date line is not part of the HTML: each version's effective date
 * is its own column, shown above the text (src/shared/legal.ts, legalDateLine), so a text has one date.
 */

export type Block = string | { list: Array<string | { term: string; text: string }> };
export interface LegalSection {
  heading: string;
  blocks: Block[];
}

const PRIVACY_INTRO =
  "This notice describes how health information about you may be used and disclosed, and how you can get access to this information. Please review it carefully.";

/** The clinic's name, address and phones are its details in Settings. */
function privacySections(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "Our Commitment to Your Privacy",
      blocks: [
        `Information about your health is personal, and ${CLINIC} is committed to protecting it. We create a record of the care and services you receive from us, and we keep the details you send us when you ask about an appointment.`,
        "The law requires us to keep your protected health information private, to give you this notice of our legal duties and privacy practices, to follow the notice that is currently in effect, and to tell you if a breach ever affects your unsecured health information.",
      ],
    },
    {
      heading: "How We May Use and Disclose Your Health Information",
      blocks: [
        "We use and share your health information only as needed for the purposes below, and we share no more than is necessary:",
        {
          list: [
            {
              term: "Treatment.",
              text: "To provide, coordinate and manage your care, including with other clinicians involved in your treatment.",
            },
            {
              term: "Payment.",
              text: "To bill and collect payment for the services you receive, from you or from an insurer or other payer.",
            },
            {
              term: "Health care operations.",
              text: "To run our clinic well: reviewing the quality of our care, training our staff, and meeting licensing and accreditation requirements.",
            },
            {
              term: "Appointment reminders.",
              text: "To remind you of an appointment by phone or email, or by text message if you have agreed to receive texts.",
            },
            { term: "Treatment options.", text: "To tell you about treatment options or alternatives that may be of interest to you." },
            {
              term: "Health-related benefits and services.",
              text: "To tell you about health-related benefits or services that may be of interest to you.",
            },
          ],
        },
        "We never sell your health information, and we do not use it for marketing without your written authorization. Any other use or disclosure requires your written authorization, which you may revoke in writing at any time.",
      ],
    },
    {
      heading: "Special Circumstances",
      blocks: [
        "In limited situations the law permits or requires us to share health information without your authorization, for example:",
        {
          list: [
            "when a federal, state or local law requires it;",
            "for public health activities, such as preventing disease or reporting reactions to medications;",
            "to health oversight agencies for audits, inspections and licensure;",
            "in response to a court order, subpoena or other lawful process;",
            "to law enforcement officials, as the law allows;",
            "to prevent a serious threat to the health or safety of you or others;",
            "for workers' compensation and similar programs.",
          ],
        },
      ],
    },
    {
      heading: "Your Rights",
      blocks: [
        "You have the right to:",
        {
          list: [
            "see and get a copy of your health record, on paper or electronically;",
            "ask us to correct health information you believe is wrong or incomplete;",
            "ask us to limit what we use or share, and to keep information about a service you paid for in full yourself from your health plan;",
            "ask us to contact you in a particular way or at a particular address, to keep your communications confidential;",
            "receive a list of certain disclosures we have made;",
            "receive a paper copy of this notice at any time;",
            "choose someone to act for you, such as a legal guardian or a person with medical power of attorney.",
          ],
        },
        "If you believe your privacy rights have been violated, you may file a complaint with us or with the U.S. Department of Health and Human Services, Office for Civil Rights. We will never retaliate against you for filing a complaint.",
      ],
    },
    {
      heading: "How We Protect Your Information",
      blocks: [
        "We use administrative, physical and technical safeguards to protect your health information, including:",
        {
          list: [
            { term: "Encryption", text: "of information sent through our website and of the health details stored with it." },
            { term: "Access controls", text: "so that only staff who need your information to do their work can see it." },
            { term: "Audit trails", text: "that record who viewed or exported health information, and when." },
            { term: "Regular risk assessments", text: "of our systems and practices, with prompt fixes for what they find." },
            { term: "Mandatory staff training", text: "on privacy and security for every member of our team." },
          ],
        },
      ],
    },
    {
      heading: "Changes to This Notice",
      blocks: [
        "We may change the terms of this notice, and the changes will apply to all information we hold about you. The current notice, with its date, is always available on our website and at our clinic, and we will give you a copy on request.",
      ],
    },
    {
      heading: "Contact Our Privacy Officer",
      blocks: [
        `If you have questions about this notice, want to exercise any of your rights or wish to file a complaint, please contact our Privacy Officer by phone at ${clinic.privacyOfficerPhone} or by mail at ${CLINIC}, Attn: Privacy Officer, ${ADDRESS}.`,
      ],
    },
  ];
}

function termsSections(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "1. Introduction",
      blocks: [
        `These Terms and Conditions govern your use of the ${CLINIC} website and the inquiry form on it. By using the website or sending an inquiry, you agree to these terms. If you do not agree, please do not use the website.`,
      ],
    },
    {
      heading: "2. Health Privacy (HIPAA) Compliance",
      blocks: [
        "We handle the health information you share with us in line with the Health Insurance Portability and Accountability Act (HIPAA) and our Privacy Policy. Information you send through our website is encrypted in transit, stored securely, and seen only by the staff who need it to respond to you.",
      ],
    },
    {
      heading: "3. Communications",
      blocks: [
        "When you send an inquiry, you agree that we may contact you by phone or email about it. We send text messages only if you have agreed to receive them; message and data rates may apply, and you can reply STOP at any time to opt out.",
        "Email and text messages are not always secure, so please do not send urgent or highly sensitive information that way. Our website is not for emergencies: if you have a medical emergency, call 911.",
      ],
    },
    {
      heading: "4. Appointments and Services",
      blocks: [
        "Sending an inquiry does not book an appointment or create a patient relationship; we will contact you to confirm a time. Treatment is offered only after a consultation in which a provider decides whether it is suitable for you.",
        "If you need to cancel or reschedule, please give us at least 24 hours' notice to avoid potential fees.",
      ],
    },
    {
      heading: "5. Website Content",
      blocks: [
        `The content of this website is for general information and education only. It is not medical advice and does not replace a consultation with a qualified provider. The text, images and design belong to ${CLINIC} or its licensors and may not be copied or reused without our written permission.`,
      ],
    },
    {
      heading: "6. Prohibited Uses",
      blocks: [
        "You agree not to:",
        {
          list: [
            "use the website for any unlawful purpose;",
            "submit false information, or another person's information without their permission;",
            "attempt to gain unauthorized access to, or interfere with, the website or its systems;",
            "send malicious code, spam or automated requests, or copy content by automated means.",
          ],
        },
      ],
    },
    {
      heading: "7. Indemnification",
      blocks: [
        `You agree to indemnify and hold harmless ${CLINIC}, its providers, staff and affiliates from any claims, losses or expenses, including reasonable legal fees, that arise from your breach of these terms or your misuse of the website.`,
      ],
    },
    {
      heading: "8. Limitation of Liability",
      blocks: [
        `The website is provided "as is". To the fullest extent the law allows, ${CLINIC} is not liable for indirect, incidental or consequential damages arising from your use of the website or your reliance on its content. Nothing in these terms limits any liability that cannot be limited by law, or our professional duties to our patients.`,
      ],
    },
    {
      heading: "9. Health Disclaimers",
      blocks: [
        "Regenerative medicine is an evolving field. Some uses of stem cell and ozone therapy have not been approved by the U.S. Food and Drug Administration, no particular result is guaranteed, and individual results vary. Patient stories on this website describe individual experiences. Always talk with a qualified provider before starting or changing a treatment.",
      ],
    },
    {
      heading: "10. Governing Law",
      blocks: [
        "These terms are governed by the laws of the State of Utah, without regard to its conflict-of-law rules. Any dispute arising from them or from your use of our website will be resolved in the state or federal courts located in Utah.",
      ],
    },
    {
      heading: "11. Changes to These Terms",
      blocks: [
        "We may update these terms from time to time. The updated terms take effect when they are posted here with a new effective date; continuing to use the website after that means you accept them.",
      ],
    },
    {
      heading: "12. Contact Us",
      blocks: [`Questions about these terms? Call us at ${clinic.phone}, email ${clinic.email}, or write to ${CLINIC}, ${ADDRESS}.`],
    },
  ];
}

/** The authorization the inquiry form's HIPAA checkbox gives (its label: "I consent to the HIPAA Authorization ..."). */
function hipaaSections(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "What You Authorize",
      blocks: [
        `By ticking the HIPAA Authorization box of our inquiry form, you authorize ${CLINIC} to use and disclose the health information you send with your inquiry in order to respond to your inquiry, as described below.`,
      ],
    },
    {
      heading: "The Information Covered",
      blocks: [
        "The details you write in the inquiry form: your name and contact details, the services you are interested in, when you are available, and any health conditions you choose to describe.",
      ],
    },
    {
      heading: "Who May Use It, and Why",
      blocks: [
        {
          list: [
            { term: "Who.", text: `The ${CLINIC} staff who answer inquiries and the providers they consult about your question.` },
            {
              term: "Why.",
              text: "To answer your inquiry: to contact you, to tell you whether and how our services may suit you, and to arrange a consultation if you want one.",
            },
          ],
        },
        "We do not sell this information and do not use it for marketing. We do not disclose it to anyone outside our clinic except as our Privacy Policy (Notice of Privacy Practices) describes or as the law requires.",
      ],
    },
    {
      heading: "How Long It Lasts",
      blocks: ["This authorization ends one year after you send your inquiry, or earlier if you revoke it."],
    },
    {
      heading: "Your Right to Revoke",
      blocks: [
        `You may revoke this authorization at any time by writing to our Privacy Officer at ${CLINIC}, Attn: Privacy Officer, ${ADDRESS}, or by calling ${clinic.privacyOfficerPhone}. A revocation does not undo what we did in reliance on the authorization before we received it.`,
      ],
    },
    {
      heading: "Your Choice",
      blocks: [
        "You do not have to sign this authorization. Your treatment, payment, enrollment or eligibility for benefits does not depend on it; without it, please call us instead of using the inquiry form.",
        "Information disclosed under this authorization could be re-disclosed by its recipient and might then no longer be protected by federal privacy law.",
        "You may ask us for a copy of this authorization.",
      ],
    },
  ];
}

/** A text as HTML: each section an <h2> (under the page's <h1>, and the dialog's own <h2> title), paragraphs, lists (a term in bold). Every text is escaped. */
export function toHtml(intro: string | undefined, sections: LegalSection[]): string {
  // Text only (no attributes), escaped as the staff-HTML cleaner writes it, so that cleaning the text on
  // its way out (legal-texts.ts) gives the same bytes and the same SHA-256.
  const esc = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const parts: string[] = [];
  if (intro) parts.push(`<p>${esc(intro)}</p>`);
  for (const section of sections) {
    parts.push(`<h2>${esc(section.heading)}</h2>`);
    for (const block of section.blocks) {
      if (typeof block === "string") parts.push(`<p>${esc(block)}</p>`);
      else
        parts.push(
          `<ul>${block.list.map((item) => `<li>${typeof item === "string" ? esc(item) : `<strong>${esc(item.term)}</strong> ${esc(item.text)}`}</li>`).join("")}</ul>`,
        );
    }
  }
  return parts.join("\n");
}

/** Each text's version 1: the date it took effect and its HTML, written with the clinic's details. */
export function seedLegalTextsFor(clinic: ClinicDetails = DEFAULT_CLINIC): Record<LegalKind, { effectiveDate: string; html: string }> {
  return {
    privacy: { effectiveDate: "2025-05-22", html: toHtml(PRIVACY_INTRO, privacySections(clinic)) },
    terms: { effectiveDate: "2025-05-21", html: toHtml(undefined, termsSections(clinic)) },
    hipaa: { effectiveDate: "2025-05-21", html: toHtml(undefined, hipaaSections(clinic)) },
  };
}
