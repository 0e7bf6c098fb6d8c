import { settingsUpdateInput } from "../../shared/schemas/settings";
import { getSettings, updateSettings } from "../services/settings";
import { router, superAdminOnly } from "../trpc";

const settingsProcedure = superAdminOnly("Access Denied - Only super admins can change the settings");

/** The Settings screen (super admins): settings stored in the database. */
export const settingsRouter = router({
  get: settingsProcedure.query(({ ctx }) => getSettings(ctx.deps.db)),
  update: settingsProcedure
    .input(settingsUpdateInput)
    .mutation(({ ctx, input }) => updateSettings(ctx.deps.db, { auth: ctx.auth, ip: ctx.ip }, input)),
});
