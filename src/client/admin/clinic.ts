import { DEFAULT_CLINIC, type ClinicDetails } from "../../shared/clinic";
import { trpc } from "../lib/trpc";

/**
 * The clinic's details as the portal shows them (its name in the sidebar, the sign-in page and the
 * tab titles): the public read, kept for the visit; the defaults while it loads. The Settings screen
 * refreshes it when the details are saved.
 */
export function useClinic(): ClinicDetails {
  const query = trpc.settings.clinic.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY, retry: false });
  return query.data ?? DEFAULT_CLINIC;
}
