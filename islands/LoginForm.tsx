import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { login } from "./api";
import { Field, SubmitButton, useHydrated } from "./auth-ui";
import { failureToast } from "./failure-toast";
import { QueryProvider } from "./query-client";
import { toast, toastAfterNavigation } from "./toast-store";

/** /login's form (SPEC.md "Login"): on success 'Welcome back!' and the dashboard, which the guard may pass on. */
export default function LoginForm() {
  return (
    <QueryProvider>
      <LoginFields />
    </QueryProvider>
  );
}

function LoginFields() {
  const id = useId();
  const hydrated = useHydrated();
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: () => {
      toastAfterNavigation({ title: "Welcome back!" });
      window.location.assign("/dashboard");
    },
    onError: (error) => toast(failureToast(error, "Login failed", "Invalid credentials")),
  });
  // Still busy after success: the browser is on its way to the next page.
  const busy = signIn.isPending || signIn.isSuccess;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
  }

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
