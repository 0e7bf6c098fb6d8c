import { Fragment } from "react";
import { DEFAULT_CLINIC, fullAddress, type ClinicDetails } from "../../../shared/clinic";

/**
 * The texts of the Privacy Policy and Terms and Conditions dialogs. This module is loaded lazily (only
 * when a dialog opens), so the long texts stay out of every page's JavaScript; the texts are kept here,
 * as data, rather than in text.ts for the same reason.
 *
 * The spec gives two readings of each (public-site.md section 2): the footer's copy of the privacy
 * notice was last updated May 22, 2025, the contact form's copy states an effective date of May 21,
 * 2025; the terms (effective May 21, 2025) name the State of Utah as governing law in the footer's copy
 * and Oregon in the contact form's copy. `reading` picks the copy.
 */
export type LegalReading = "footer" | "contactForm";

type Block = string | { list: Array<string | { term: string; text: string }> };
interface LegalSection {
  heading: string;
  blocks: Block[];
}


const PRIVACY_DATE: Record<LegalReading, string> = {
  footer: "Last updated: May 22, 2025",
  contactForm: "Effective date: May 21, 2025",
};

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
            { term: "Treatment.", text: "To provide, coordinate and manage your care, including with other clinicians involved in your treatment." },
            { term: "Payment.", text: "To bill and collect payment for the services you receive, from you or from an insurer or other payer." },
            { term: "Health care operations.", text: "To run our clinic well: reviewing the quality of our care, training our staff, and meeting licensing and accreditation requirements." },
            { term: "Appointment reminders.", text: "To remind you of an appointment by phone or email, or by text message if you have agreed to receive texts." },
            { term: "Treatment options.", text: "To tell you about treatment options or alternatives that may be of interest to you." },
            { term: "Health-related benefits and services.", text: "To tell you about health-related benefits or services that may be of interest to you." },
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

const TERMS_DATE = "Effective date: May 21, 2025";

const GOVERNING_LAW: Record<LegalReading, string> = {
  footer:
    "These terms are governed by the laws of the State of Utah, without regard to its conflict-of-law rules. Any dispute arising from them or from your use of our website will be resolved in the state or federal courts located in Utah.",
  contactForm:
    "These terms are governed by the laws of the State of Oregon, without regard to its conflict-of-law rules. Any dispute arising from them or from your use of our website will be resolved in the state or federal courts located in Oregon.",
};

function termsSections(reading: LegalReading, clinic: ClinicDetails): LegalSection[] {
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
    { heading: "10. Governing Law", blocks: [GOVERNING_LAW[reading]] },
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

/**
 * A legal text as plain text, exactly the words its dialog shows (date line, introduction, headings,
 * paragraphs, list items), one block a line. Inquiries record the SHA-256 of the contact form's copy
 * in their consent receipt (src/server/services/consent.ts): any change to the words changes it.
 */
export function legalPlainText(document: "privacyPolicy" | "termsAndConditions", reading: LegalReading, clinic: ClinicDetails = DEFAULT_CLINIC): string {
  const [date, intro, sections] =
    document === "privacyPolicy" ? [PRIVACY_DATE[reading], PRIVACY_INTRO, privacySections(clinic)] : [TERMS_DATE, undefined, termsSections(reading, clinic)];
  const lines = [date, ...(intro ? [intro] : [])];
  for (const section of sections) {
    lines.push(section.heading);
    for (const block of section.blocks) {
      if (typeof block === "string") lines.push(block);
      else for (const item of block.list) lines.push(typeof item === "string" ? item : `${item.term} ${item.text}`);
    }
  }
  return lines.join("\n");
}

/** The date each legal text took effect (its version label starts with it). */
export const LEGAL_EFFECTIVE_DATES = { privacyPolicy: "2025-05-21", termsAndConditions: "2025-05-21" } as const;

/** The dialogs' texts take the clinic's details from their caller (LegalDialogs reads them), so this module reads no data: the server imports it too. */
export function PrivacyPolicyContent({ reading, clinic }: { reading: LegalReading; clinic: ClinicDetails }) {
  return (
    <LegalText
      reading={reading}
      date={PRIVACY_DATE[reading]}
      intro={PRIVACY_INTRO}
      sections={privacySections(clinic)}
      testId="privacy-content"
    />
  );
}

export function TermsContent({ reading, clinic }: { reading: LegalReading; clinic: ClinicDetails }) {
  return <LegalText reading={reading} date={TERMS_DATE} sections={termsSections(reading, clinic)} testId="terms-content" />;
}

function LegalText({
  reading,
  date,
  intro,
  sections,
  testId,
}: {
  reading: LegalReading;
  date: string;
  intro?: string;
  sections: LegalSection[];
  testId: string;
}) {
  return (
    <div className="legal-text" data-reading={reading} data-testid={testId}>
      <p>
        <strong>{date}</strong>
      </p>
      {intro ? <p>{intro}</p> : null}
      {sections.map((section) => (
        <Fragment key={section.heading}>
          <h3>{section.heading}</h3>
          {section.blocks.map((block, index) =>
            typeof block === "string" ? (
              <p key={index}>{block}</p>
            ) : (
              <ul key={index}>
                {block.list.map((item, itemIndex) =>
                  typeof item === "string" ? (
                    <li key={itemIndex}>{item}</li>
                  ) : (
                    <li key={itemIndex}>
                      <strong>{item.term}</strong> {item.text}
                    </li>
                  ),
                )}
              </ul>
            ),
          )}
        </Fragment>
      ))}
    </div>
  );
}
