/** What the procedures answer (dates arrive as Date objects), for the screens' record types. */
export type { RouterOutputs as Outputs } from "../lib/api-types";
