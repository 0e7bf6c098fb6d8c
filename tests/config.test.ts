import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, loadConfig } from "../src/server/env";

function errorLines(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration warnings", () => {
  it("production on an http:// origin warns; https, or development, does not", () => {
    expect(configWarnings(loadConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "http://clinic.example.com" }))).toEqual([
      "INSECURE: NODE_ENV=production with PUBLIC_ORIGIN http://clinic.example.com (http): session cookies are sent without Secure and there is no HSTS. Serve the site over TLS and set PUBLIC_ORIGIN to its https:// address.",
    ]);
    expect(configWarnings(loadConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://clinic.example.com" }))).toEqual([]);
    expect(configWarnings(loadConfig({ PUBLIC_ORIGIN: "http://clinic.example.com" }))).toEqual([]);
  });
});

describe("configuration from the environment", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      publicOrigin: "http://localhost:3000",
      adminUsername: "admin",
      adminPassword: undefined,
      secretKey: undefined,
      trustProxy: false,
      trustProxyHops: 1,
    });
    expect(loadConfig({ TRUST_PROXY_HOPS: "2" }).trustProxyHops).toBe(2);
    expect(loadConfig({ PORT: "8080" }).publicOrigin).toBe("http://localhost:8080");
  });

  it("names each bad variable on one line", () => {
    expect(errorLines({ PORT: "eighty" })).toEqual([
      'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "eighty")',
    ]);
    expect(errorLines({ PORT: "70000" })[0]).toMatch(/^Invalid configuration: PORT /);
    expect(errorLines({ PUBLIC_ORIGIN: "https://clinic.example/path" })[0]).toMatch(
      /^Invalid configuration: PUBLIC_ORIGIN must be an origin/,
    );
    expect(errorLines({ DATABASE_URL: "mysql://x" })[0]).toMatch(
      /^Invalid configuration: DATABASE_URL must be a PostgreSQL connection string/,
    );
    expect(errorLines({ ADMIN_USERNAME: "a b" })[0]).toMatch(/^Invalid configuration: ADMIN_USERNAME /);
    expect(errorLines({ TRUST_PROXY: "sometimes" })[0]).toMatch(/^Invalid configuration: TRUST_PROXY must be true or false/);
    expect(errorLines({ TRUST_PROXY_HOPS: "0" })).toEqual([
      'Invalid configuration: TRUST_PROXY_HOPS must be a whole number from 1 to 10 (got "0")',
    ]);
    const lines = errorLines({ PORT: "x", SECRET_KEY: "short" });
    expect(lines).toHaveLength(2);
  });

  it("never echoes a secret in its error line", () => {
    const [line] = errorLines({ ADMIN_PASSWORD: "short" });
    expect(line).toBe("Invalid configuration: ADMIN_PASSWORD Password must be at least 8 characters");
    expect(errorLines({ SECRET_KEY: "tiny-secret" })[0]).not.toContain("tiny-secret");
  });

  it("mail: SMTP_URL and MAIL_FROM, checked, with the password in SMTP_URL never echoed", () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: '"Millcreek Regenerative Wellness" <no-reply@localhost>',
      contactLimitPerHour: 8,
    });
    expect(
      loadConfig({
        SMTP_URL: "smtps://clinic:pw@mail.example.com:465",
        MAIL_FROM: "Clinic <care@clinic.example>",
        CONTACT_LIMIT_PER_HOUR: "20",
      }),
    ).toMatchObject({
      smtpUrl: "smtps://clinic:pw@mail.example.com:465",
      mailFrom: "Clinic <care@clinic.example>",
      contactLimitPerHour: 20,
    });
    const [smtp] = errorLines({ SMTP_URL: "http://user:hunter2@mail.example.com" });
    expect(smtp).toMatch(/^Invalid configuration: SMTP_URL must be a mail server address such as smtp:\/\//);
    expect(smtp).not.toContain("hunter2");
    expect(errorLines({ MAIL_FROM: "not an address" })[0]).toMatch(/^Invalid configuration: MAIL_FROM must be an address/);
    expect(errorLines({ CONTACT_LIMIT_PER_HOUR: "0" })[0]).toMatch(/^Invalid configuration: CONTACT_LIMIT_PER_HOUR must be a whole number/);
  });

  it("takes an https origin without a trailing slash and treats empty values as unset", () => {
    expect(loadConfig({ PUBLIC_ORIGIN: "https://clinic.example.com/" }).publicOrigin).toBe("https://clinic.example.com");
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
