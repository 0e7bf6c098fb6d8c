import { sql } from "drizzle-orm";
import type { SecretBox } from "../src/server/auth/secret-box";
import type { Database } from "../src/server/db/client";
import { insertInquiries } from "../src/server/services/inquiry-identity";
import { currentLegalDocuments } from "../src/server/services/legal-texts";

/**
 * Inserts inquiries up to a total, in batches, a minute apart, a third with health details (encrypted
 * with the server's key). Returns the function that seeds up to `total` and answers the count.
 */
export function makeSeeder(db: Database, secrets: SecretBox) {
  let seeded = 0;
  const statuses = ["new", "contacted", "scheduled", "closed", "spam"] as const;
  const health = "Lower back pain for two years, worse in the morning";
  return async (total: number) => {
    const receipt = { acceptedAt: new Date().toISOString(), documents: await currentLegalDocuments(db) };
    while (seeded < total) {
      const size = Math.min(1000, total - seeded);
      // As the form stores them: identity and health details encrypted, bound to each row, with the blind index.
      await insertInquiries(
        db,
        secrets,
        Array.from({ length: size }, (_, k) => {
          const i = seeded + k;
          return {
            name: `Patient ${i} Example`,
            email: `patient${i}@example.com`,
            phone: `(801) 555-${String(i % 10000).padStart(4, "0")}`,
            servicesInterested: [i % 2 ? "Ozone Therapy" : "Utah Stem Cell Therapy"],
            availabilityDays: ["monday", "wednesday"],
            availabilityTimes: ["morning"],
            healthConditions: i % 3 === 0 ? health : null,
            hasHealthDetails: i % 3 === 0,
            optInTexting: i % 4 === 0,
            privacyPolicy: true,
            hipaaConsent: true,
            termsAndConditions: true,
            consentReceipt: receipt,
            status: statuses[i % statuses.length]!,
            createdAt: new Date(Date.now() - (100_000 - i) * 60_000),
          };
        }),
      );
      seeded += size;
    }
    // The planner's statistics, as the database's own maintenance would have them after such growth.
    await db.execute(sql`analyze contact_submissions`);
    return seeded;
  };
}
