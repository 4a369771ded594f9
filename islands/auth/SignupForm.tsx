import { signup } from "../api";
import { Field, SubmitButton } from "../ui/auth-ui";
import { QueryProvider } from "../query-client";
import { fieldText, useAuthForm } from "./use-auth-form";

// SPEC.md section 5: the signup password's minimum is checked by the browser.
const MIN_PASSWORD = 6;

/** /signup's form (SPEC.md "Signup"): on success 'Account created!' and on to payment setup. */
export default function SignupForm() {
  return (
    <QueryProvider>
      <SignupFields />
    </QueryProvider>
  );
}

function SignupFields() {
  const { id, hydrated, busy, submitWith } = useAuthForm({
    send: signup,
    failureTitle: "Sign up failed",
    failureFallback: "Could not create account",
    next: { path: "/payment-setup", toast: "Account created!" },
  });
  const submit = submitWith((form) => ({
    name: fieldText(form, "name"),
    email: fieldText(form, "email"),
    password: fieldText(form, "password"),
    // The browser's own zone: the server keeps it if it is a real IANA zone.
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  }));

  return (
    <form method="post" className="flex flex-col gap-4" onSubmit={submit}>
      <Field id={`${id}-name`} name="name" label="Full name" type="text" autoComplete="name" required maxLength={100} placeholder="Ada Lovelace" />
      <Field id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" required placeholder="you@company.com" />
      <Field
        id={`${id}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD}
        maxLength={200}
        hint={`At least ${MIN_PASSWORD} characters.`}
      />
      <SubmitButton busy={busy} hydrated={hydrated} label="Start Free Trial" busyLabel="Creating account..." />
    </form>
  );
}
