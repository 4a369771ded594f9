import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Queue } from "../jobs/queue";
import type { Logger } from "../logger";
import type { Providers } from "../providers";
import { type AccountsService, createAccountsService } from "./accounts";
import { type ContactService, createContactService } from "./contact";
import { createEmailService, type EmailService } from "./email";
import { createPasswordResetService, type PasswordResetService } from "./password-reset";

/** The domain services the routes call. Each takes its dependencies here, so tests can build one alone. */
export type Services = {
  email: EmailService;
  contact: ContactService;
  accounts: AccountsService;
  passwordReset: PasswordResetService;
};

export type ServiceDeps = { config: Config; database: Database; clock: Clock; logger: Logger; queue: Queue; providers: Providers };

export function createServices(deps: ServiceDeps): Services {
  const email = createEmailService(deps);
  return {
    email,
    contact: createContactService({
      database: deps.database,
      sendSupportEmail: (message, { on }) => email.sendEmail("contact", deps.config.email.supportEmail, message, { on }),
    }),
    accounts: createAccountsService({ database: deps.database, clock: deps.clock, email }),
    passwordReset: createPasswordResetService({ database: deps.database, clock: deps.clock, queue: deps.queue, email }),
  };
}
