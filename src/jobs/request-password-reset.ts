import * as v from "valibot";
import type { PasswordResetService } from "../services/password-reset";
import { REQUEST_PASSWORD_RESET } from "./kinds";
import type { JobDefinition } from "./queue";

/** Looks the address up and, if it has an account, issues a reset token and queues the email. */
export function requestPasswordResetJob(passwordReset: PasswordResetService): JobDefinition<{ email: string }> {
  return {
    kind: REQUEST_PASSWORD_RESET,
    payload: v.object({ email: v.pipe(v.string(), v.maxLength(254)) }),
    run: (payload) => passwordReset.issueToken(payload.email),
  };
}
