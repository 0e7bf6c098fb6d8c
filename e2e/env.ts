/** Where the e2e server listens and how staff sign in to it (fixed per run; E2E_PORT picks another port). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password" };
