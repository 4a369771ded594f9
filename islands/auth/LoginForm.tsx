import { login } from "../api";
import { Field, SubmitButton } from "../ui/auth-ui";
import { QueryProvider } from "../query-client";
import { fieldText, useAuthForm } from "./use-auth-form";

/** /login's form (SPEC.md "Login"): on success 'Welcome back!' and the dashboard, which the guard may pass on. */
export default function LoginForm() {
  return (
    <QueryProvider>
      <LoginFields />
    </QueryProvider>
  );
}

function LoginFields() {
  const { id, hydrated, busy, submitWith } = useAuthForm({
    send: login,
    failureTitle: "Login failed",
    failureFallback: "Invalid credentials",
    next: { path: "/dashboard", toast: "Welcome back!" },
  });
  const submit = submitWith((form) => ({ email: fieldText(form, "email"), password: fieldText(form, "password") }));

  return (
    <form method="post" className="flex flex-col gap-4" onSubmit={submit}>
      <Field id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" required placeholder="you@company.com" />
      <Field
        id={`${id}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        labelAside={
          <a href="/forgot-password" className="link link-hover link-primary text-sm">
            Forgot password?
          </a>
        }
      />
      <SubmitButton busy={busy} hydrated={hydrated} label="Sign In" busyLabel="Signing in..." />
    </form>
  );
}
