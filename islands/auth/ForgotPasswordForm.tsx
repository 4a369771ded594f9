import { useEffect, useRef, useState } from "react";
import { forgotPassword } from "../api";
import { AuthHeading, Field, PanelIcon, SubmitButton } from "../ui/auth-ui";
import { appIcons, Icon } from "../ui/icons";
import { QueryProvider } from "../query-client";
import { useAuthForm } from "./use-auth-form";

/**
 * /forgot-password (SPEC.md "Forgot password"): the email form, then a confirmation naming the
 * address. The server answers alike for any address, so the confirmation does not claim the
 * account exists.
 */
export default function ForgotPasswordForm() {
  return (
    <QueryProvider>
      <ForgotPassword />
    </QueryProvider>
  );
}

function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { id, hydrated, busy, request, submitWith } = useAuthForm({
    send: forgotPassword,
    failureTitle: "Error",
    onSuccess: (_answer, address: string) => setSentTo(address),
  });

  // Moving focus to the new heading tells keyboard and screen-reader users the panel changed
  // (not on first load, where focus belongs to the browser).
  const switched = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sentTo is the trigger: focus moves each time the panel switches
  useEffect(() => {
    if (switched.current) document.getElementById(`${id}-heading`)?.focus();
    switched.current = true;
  }, [sentTo, id]);

  if (sentTo !== null) {
    return (
      <div className="flex flex-col gap-6 text-center">
        <PanelIcon tone="primary">
          <Icon d={appIcons.mail} className="size-6" />
        </PanelIcon>
        <AuthHeading
          id={`${id}-heading`}
          title="Check your email"
          subtitle={
            <>
              {"If an account exists for "}
              <strong className="font-semibold text-base-content break-all">{sentTo}</strong>
              {", we've sent a link to reset your password."}
            </>
          }
        />
        <p className="flex items-center justify-center gap-2 rounded-box bg-base-200 px-4 py-3 text-sm text-base-content/80">
          <Icon d={appIcons.clock} className="size-4 shrink-0" />
          The link expires in 1 hour.
        </p>
        <div className="flex flex-col gap-2">
          <button
            type="button"
            className="btn btn-outline w-full"
            onClick={() => {
              request.reset();
              setSentTo(null);
            }}
          >
            Send Another Email
          </button>
          <a href="/login" className="btn btn-ghost w-full">
            Back to Login
          </a>
        </div>
      </div>
    );
  }

  const submit = submitWith(() => email.trim());

  return (
    <div className="flex flex-col gap-6">
      <AuthHeading id={`${id}-heading`} title="Forgot your password?" subtitle="Enter your email and we'll send you a link to reset it." />
      <form method="post" className="flex flex-col gap-4" onSubmit={submit}>
        <Field
          id={`${id}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton busy={busy} hydrated={hydrated} label="Send Reset Link" busyLabel="Sending..." />
      </form>
    </div>
  );
}
