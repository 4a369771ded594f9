import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config";

describe("loadConfig", () => {
  test("runs on embedded defaults with nothing set", () => {
    expect(loadConfig({})).toEqual({
      env: "development",
      port: 3000,
      dataDir: "./data",
      databaseUrl: undefined,
      appUrl: "http://localhost:3000",
      logLevel: "info",
      productName: "Cadence",
      jobRetentionDays: 14,
      trustProxy: undefined,
      sessionSecret: undefined,
      email: {
        provider: "outbox",
        resendApiKey: undefined,
        resendBaseUrl: undefined,
        from: "Cadence <hello@cadence.app>",
        supportEmail: "support@cadence.app",
      },
      billing: {
        provider: "demo",
        stripeSecretKey: undefined,
        stripePublishableKey: undefined,
        stripePriceId: undefined,
        stripeWebhookSecret: undefined,
        stripeApiUrl: undefined,
      },
      strategist: { provider: "local", openaiApiKey: undefined, openaiBaseUrl: undefined, openaiModel: "gpt-4o-mini" },
      linkedin: {
        configured: false,
        clientId: undefined,
        clientSecret: undefined,
        apiUrl: "https://api.linkedin.com",
        oauthUrl: "https://www.linkedin.com",
        version: "202603",
        tokenKey: undefined,
      },
    });
  });

  test("LinkedIn is configured only with both the client id and secret; its version is YYYYMM", () => {
    const config = loadConfig({
      LINKEDIN_CLIENT_ID: "86abc",
      LINKEDIN_CLIENT_SECRET: "s3cret",
      LINKEDIN_API_URL: "http://127.0.0.1:4010/",
      LINKEDIN_OAUTH_URL: "http://127.0.0.1:4010",
      LINKEDIN_VERSION: "202607",
    });
    expect(config.linkedin).toEqual({
      configured: true,
      clientId: "86abc",
      clientSecret: "s3cret",
      apiUrl: "http://127.0.0.1:4010",
      oauthUrl: "http://127.0.0.1:4010",
      version: "202607",
      tokenKey: undefined,
    });
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ LINKEDIN_TOKEN_KEY: key }).linkedin.tokenKey).toBe(key);
    expect(() => loadConfig({ LINKEDIN_TOKEN_KEY: "c2hvcnQ=" })).toThrow("LINKEDIN_TOKEN_KEY must be 32 random bytes in base64");
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: "86abc" })).toThrow("LINKEDIN_CLIENT_SECRET is required when LINKEDIN_CLIENT_ID is set");
    expect(() => loadConfig({ LINKEDIN_CLIENT_SECRET: "s3cret" })).toThrow("LINKEDIN_CLIENT_ID is required when LINKEDIN_CLIENT_SECRET is set");
    expect(loadConfig({ LINKEDIN_VERSION: "202506.01" }).linkedin.version).toBe("202506.01");
    expect(() => loadConfig({ LINKEDIN_VERSION: "2026-03" })).toThrow("LINKEDIN_VERSION must be a LinkedIn API version like 202603 (YYYYMM)");
    expect(() => loadConfig({ LINKEDIN_VERSION: "202613" })).toThrow("LINKEDIN_VERSION must be a LinkedIn API version");
    expect(() => loadConfig({ LINKEDIN_API_URL: "api.linkedin.com" })).toThrow("LINKEDIN_API_URL must be an absolute URL");
  });

  test("TRUST_PROXY is a number of proxies or a list of networks", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, fd00::/8" }).trustProxy).toEqual({ networks: ["10.0.0.0/8", "fd00::/8"] });
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow("TRUST_PROXY must be a number of proxies");
  });

  test("JOB_RETENTION_DAYS is a whole number of days, at least 1", () => {
    expect(loadConfig({ JOB_RETENTION_DAYS: "30" }).jobRetentionDays).toBe(30);
    expect(() => loadConfig({ JOB_RETENTION_DAYS: "0" })).toThrow("JOB_RETENTION_DAYS must be at least 1");
    expect(() => loadConfig({ JOB_RETENTION_DAYS: "a week" })).toThrow("JOB_RETENTION_DAYS must be a whole number of days");
  });

  test("Stripe needs its price and webhook secret with the key", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      "STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set; STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set",
    );
    const config = loadConfig({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PRICE_ID: "price_1", STRIPE_WEBHOOK_SECRET: "whsec_1" });
    expect(config.billing.provider).toBe("stripe");
  });

  test("a vendor key switches that service to its real provider", () => {
    const config = loadConfig({ RESEND_API_KEY: "re_123", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" });
    expect(config.email.provider).toBe("resend");
    expect(config.strategist).toMatchObject({ provider: "openai", openaiBaseUrl: "http://127.0.0.1:11434/v1" });
  });

  test("reads every variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      DATA_DIR: "/var/lib/cadence",
      DATABASE_URL: "postgres://app@db:5432/cadence",
      APP_URL: "https://cadence.example/",
      LOG_LEVEL: "warn",
      PRODUCT_NAME: "Cadence",
    });
    expect(config).toMatchObject({
      env: "production",
      port: 8080,
      dataDir: "/var/lib/cadence",
      databaseUrl: "postgres://app@db:5432/cadence",
      appUrl: "https://cadence.example", // trailing slash dropped: links are APP_URL + path
      logLevel: "warn",
    });
  });

  test("an empty variable counts as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  test.each([
    ["PORT", "abc", /PORT must be a whole number \(got "abc"\)/],
    ["PORT", "70000", /PORT must be from 0 to 65535/],
    ["DATABASE_URL", "mysql://root@localhost/db", /DATABASE_URL must start with postgres:\/\//],
    ["DATABASE_URL", "not a url", /DATABASE_URL must be a URL/],
    ["APP_URL", "ftp://cadence.example", /APP_URL must start with http:\/\/ or https:\/\//],
    ["NODE_ENV", "staging", /NODE_ENV must be development, production or test/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL must be debug, info, warn, error or silent/],
    ["DATA_DIR", "   ", /DATA_DIR must not be blank/],
    ["SUPPORT_EMAIL", "support at cadence", /SUPPORT_EMAIL must be an email address/],
    ["SESSION_SECRET", "short", /SESSION_SECRET must be at least 32 characters/],
    ["OPENAI_BASE_URL", "localhost:11434", /OPENAI_BASE_URL must start with http:\/\/ or https:\/\//],
  ])("refuses a bad %s (%p) with a message naming it", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  test("names every bad variable in one line", () => {
    try {
      loadConfig({ PORT: "x", LOG_LEVEL: "loud" });
      throw new Error("expected a ConfigError");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).not.toContain("\n");
      expect(message).toStartWith("Invalid configuration: ");
      expect(message).toContain("PORT");
      expect(message).toContain("LOG_LEVEL");
    }
  });
});
