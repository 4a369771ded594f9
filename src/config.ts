import * as v from "valibot";
import type { TrustProxy } from "./services/rate-limits";

/**
 * The whole environment the app reads, parsed once at start.
 * With nothing set, everything runs on embedded defaults (PRODUCT.md "Configuration"):
 * PGlite in DATA_DIR, port 3000, the outbox for email, the local strategist.
 */

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, "must be a whole number"),
  v.transform(Number),
  v.integer(),
  v.minValue(0, "must be from 0 to 65535"),
  v.maxValue(65535, "must be from 0 to 65535"),
);

const postgresUrl = v.pipe(
  v.string(),
  v.url("must be a URL like postgres://user@host:5432/db"),
  v.regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://"),
);

const httpUrl = v.pipe(
  v.string(),
  v.url("must be an absolute URL like https://cadence.example"),
  v.regex(/^https?:\/\//, "must start with http:// or https://"),
  // Links in emails are built as APP_URL + path, so a trailing slash would double up.
  v.transform((url) => url.replace(/\/+$/, "")),
);

const nonBlank = v.pipe(v.string(), v.trim(), v.nonEmpty("must not be blank"));

const envSchema = v.object({
  NODE_ENV: v.optional(v.picklist(["development", "production", "test"], "must be development, production or test"), "development"),
  PORT: v.optional(port, "3000"),
  DATA_DIR: v.optional(nonBlank, "./data"),
  DATABASE_URL: v.optional(postgresUrl),
  APP_URL: v.optional(httpUrl),
  LOG_LEVEL: v.optional(v.picklist(["debug", "info", "warn", "error", "silent"], "must be debug, info, warn, error or silent"), "info"),
  PRODUCT_NAME: v.optional(nonBlank, "Cadence"),
  // Signs session cookies. Unset: a random key generated once and kept in the database.
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  // Email: Resend when a key is set, otherwise the built-in outbox (stored and logged).
  RESEND_API_KEY: v.optional(nonBlank),
  RESEND_BASE_URL: v.optional(httpUrl),
  EMAIL_FROM: v.optional(nonBlank, "Cadence <hello@cadence.app>"),
  SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email("must be an email address")), "support@cadence.app"),
  // Billing: Stripe when a secret key is set, otherwise the built-in demo provider (no card charged).
  STRIPE_SECRET_KEY: v.optional(nonBlank),
  STRIPE_PUBLISHABLE_KEY: v.optional(nonBlank),
  STRIPE_PRICE_ID: v.optional(nonBlank),
  STRIPE_WEBHOOK_SECRET: v.optional(nonBlank),
  STRIPE_API_URL: v.optional(httpUrl),
  // Strategist: OpenAI (or any compatible server) when a key is set, otherwise the local strategist.
  OPENAI_API_KEY: v.optional(nonBlank),
  OPENAI_BASE_URL: v.optional(httpUrl),
  OPENAI_MODEL: v.optional(nonBlank, "gpt-4o-mini"),
  // LinkedIn auto-posting: on only with both the client id and secret of a LinkedIn app.
  LINKEDIN_CLIENT_ID: v.optional(nonBlank),
  LINKEDIN_CLIENT_SECRET: v.optional(nonBlank),
  LINKEDIN_API_URL: v.optional(httpUrl, "https://api.linkedin.com"),
  LINKEDIN_OAUTH_URL: v.optional(httpUrl, "https://www.linkedin.com"),
  // The LinkedIn-Version header (YYYYMM, or YYYYMM.NN for a patch). LinkedIn supports a version for
  // at least a year, then answers 426; 202603 is supported until 16 March 2027 (WIRE.md).
  LINKEDIN_VERSION: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^20\d\d(0[1-9]|1[0-2])(\.\d{2})?$/, "must be a LinkedIn API version like 202603 (YYYYMM)")),
    "202603",
  ),
  // Encrypts members' LinkedIn tokens at rest (AES-256-GCM): 32 bytes, base64. Unset: a key generated
  // once and kept in the database, like the session secret.
  LINKEDIN_TOKEN_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (text) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) && Buffer.from(text, "base64").length === 32,
        "must be 32 random bytes in base64 (openssl rand -base64 32)",
      ),
    ),
  ),
  // Which proxies' X-Forwarded-For to believe: a number of proxies in front, or a comma-separated list of networks.
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (text) => /^\d+$/.test(text) || text.split(",").every((entry) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry.trim())),
        "must be a number of proxies (e.g. 1) or a comma-separated list of networks (e.g. 10.0.0.0/8,fd00::/8)",
      ),
    ),
  ),
  // Finished background jobs (sent emails, made plans, reminders) are deleted after this many days.
  JOB_RETENTION_DAYS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, "must be a whole number of days"), v.transform(Number), v.minValue(1, "must be at least 1")),
    "14",
  ),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  /** Set: a PostgreSQL server through the `postgres` driver. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** Public origin used for absolute links (emails, canonical URLs). */
  appUrl: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  productName: string;
  /** Whose X-Forwarded-For the rate limits believe (none by default: the socket's peer). */
  trustProxy: TrustProxy;
  /** How long finished jobs are kept before the prune-jobs job deletes them. */
  jobRetentionDays: number;
  /** Key that signs session JWTs; undefined means "generate one and keep it in the database". */
  sessionSecret: string | undefined;
  email: {
    provider: "resend" | "outbox";
    resendApiKey: string | undefined;
    /** Override of Resend's API address (tests point it at a local fake). */
    resendBaseUrl: string | undefined;
    from: string;
    /** Where contact messages go; shown on the contact page. */
    supportEmail: string;
  };
  billing: {
    provider: "stripe" | "demo";
    stripeSecretKey: string | undefined;
    stripePublishableKey: string | undefined;
    stripePriceId: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Another address for Stripe's API (tests point the real SDK at a local fake). */
    stripeApiUrl: string | undefined;
  };
  strategist: {
    provider: "openai" | "local";
    openaiApiKey: string | undefined;
    openaiBaseUrl: string | undefined;
    openaiModel: string;
  };
  linkedin: {
    /** True only with both the client id and the client secret: otherwise no auto-posting. */
    configured: boolean;
    clientId: string | undefined;
    clientSecret: string | undefined;
    /** The REST API's origin (tests point it at a local fake). */
    apiUrl: string;
    /** Where members sign in and tokens are exchanged (www.linkedin.com). */
    oauthUrl: string;
    /** Sent as LinkedIn-Version on every /rest call. */
    version: string;
    /** Base64 AES-256 key for tokens at rest; undefined: generated and kept in the database. */
    tokenKey: string | undefined;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** Parses the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  // An empty variable (FOO=) means "not set": shells and .env files produce them easily.
  const present = Object.fromEntries(
    Object.keys(envSchema.entries).flatMap((key) => {
      const value = env[key];
      return value === undefined || value === "" ? [] : [[key, value]];
    }),
  );
  const result = v.safeParse(envSchema, present);
  if (!result.success) {
    throw new ConfigError(
      result.issues.map((issue) => {
        const key = v.getDotPath(issue) ?? "environment";
        const got = present[key as keyof typeof present];
        return `${key} ${issue.message}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`;
      }),
    );
  }
  const parsed = result.output;
  // Stripe needs all three together: without a price nothing can be sold, without the webhook
  // secret no event can be trusted.
  if (parsed.STRIPE_SECRET_KEY) {
    const missing = (["STRIPE_PRICE_ID", "STRIPE_WEBHOOK_SECRET"] as const).filter((key) => !parsed[key]);
    if (missing.length > 0) throw new ConfigError(missing.map((key) => `${key} is required when STRIPE_SECRET_KEY is set`));
  }
  // A LinkedIn app is its id and secret together; one without the other is a typo, not "off".
  const linkedinHalf = (["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"] as const).filter((key) => !parsed[key]);
  if (linkedinHalf.length === 1) {
    const other = linkedinHalf[0] === "LINKEDIN_CLIENT_ID" ? "LINKEDIN_CLIENT_SECRET" : "LINKEDIN_CLIENT_ID";
    throw new ConfigError([`${linkedinHalf[0]} is required when ${other} is set`]);
  }
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    appUrl: parsed.APP_URL ?? `http://localhost:${parsed.PORT}`,
    logLevel: parsed.LOG_LEVEL,
    productName: parsed.PRODUCT_NAME,
    jobRetentionDays: parsed.JOB_RETENTION_DAYS,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    sessionSecret: parsed.SESSION_SECRET,
    email: {
      provider: parsed.RESEND_API_KEY ? "resend" : "outbox",
      resendApiKey: parsed.RESEND_API_KEY,
      resendBaseUrl: parsed.RESEND_BASE_URL,
      from: parsed.EMAIL_FROM,
      supportEmail: parsed.SUPPORT_EMAIL,
    },
    billing: {
      provider: parsed.STRIPE_SECRET_KEY ? "stripe" : "demo",
      stripeSecretKey: parsed.STRIPE_SECRET_KEY,
      stripePublishableKey: parsed.STRIPE_PUBLISHABLE_KEY,
      stripePriceId: parsed.STRIPE_PRICE_ID,
      stripeWebhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: parsed.STRIPE_API_URL,
    },
    strategist: {
      provider: parsed.OPENAI_API_KEY ? "openai" : "local",
      openaiApiKey: parsed.OPENAI_API_KEY,
      openaiBaseUrl: parsed.OPENAI_BASE_URL,
      openaiModel: parsed.OPENAI_MODEL,
    },
    linkedin: {
      configured: Boolean(parsed.LINKEDIN_CLIENT_ID && parsed.LINKEDIN_CLIENT_SECRET),
      clientId: parsed.LINKEDIN_CLIENT_ID,
      clientSecret: parsed.LINKEDIN_CLIENT_SECRET,
      apiUrl: parsed.LINKEDIN_API_URL,
      oauthUrl: parsed.LINKEDIN_OAUTH_URL,
      version: parsed.LINKEDIN_VERSION,
      tokenKey: parsed.LINKEDIN_TOKEN_KEY,
    },
  };
}

function parseTrustProxy(text: string | undefined): TrustProxy {
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) > 0 ? { hops: Number(text) } : undefined;
  return { networks: text.split(",").map((entry) => entry.trim()) };
}
