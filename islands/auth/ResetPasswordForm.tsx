import { useEffect, useRef, useState } from "react";
import { resetPassword } from "../api";
import { AuthHeading, Field, PanelIcon, SubmitButton } from "../ui/auth-ui";
import { appIcons, Icon } from "../ui/icons";
import { QueryProvider } from "../query-client";
import { currentToast, dismissToast, toast } from "../ui/toast-store";
import { useAuthForm } from "./use-auth-form";

// SPEC.md sections 5 and 9: reset passwords need 8 characters; the invalid-link and success
// panels move on after 2 and 3 seconds.
const MIN_PASSWORD = 8;
const INVALID_LINK_REDIRECT_MS = 2_000;
const SUCCESS_REDIRECT_MS = 3_000;

/** /reset-password?token=... (SPEC.md "Reset password"). `token` is null when the link has none. */
export default function ResetPasswordForm({ token }: { token: string | null }) {
  return <QueryProvider>{token ? <ResetPassword token={token} /> : <InvalidLink />}</QueryProvider>;
}

function InvalidLink() {
  useEffect(() => {
    toast({ title: "Invalid token", description: "This reset link is invalid. Please request a new one.", variant: "destructive" });
    const timer = setTimeout(() => window.location.assign("/forgot-password"), INVALID_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex flex-col gap-6 text-center">
      <PanelIcon tone="error">
        <Icon d={appIcons.alert} className="size-6" />
      </PanelIcon>
      <AuthHeading title="Invalid link" subtitle="This reset link is invalid. Please request a new one." />
      <p className="text-sm text-base-content/70" aria-live="polite">
        Taking you to the page where you can request a new link...
      </p>
      <a href="/forgot-password" className="btn btn-primary w-full">
        Request a new link
      </a>
    </div>
  );
}

type PasswordField = "password" | "confirm";

function ResetPassword({ token }: { token: string }) {
  const [invalidField, setInvalidField] = useState<PasswordField | null>(null);
  const { id, hydrated, busy, request: reset, submitWith } = useAuthForm({ send: resetPassword, failureTitle: "Reset failed" });

  useEffect(() => {
    if (!reset.isSuccess) return;
    // An earlier complaint ("Password too short") no longer applies once the reset has worked.
    const stale = currentToast();
    if (stale) dismissToast(stale.id);
    document.getElementById(`${id}-done`)?.focus();
    const timer = setTimeout(() => window.location.assign("/login"), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, id]);

  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-6 text-center">
        <PanelIcon tone="success">
          <Icon d={appIcons.check} className="size-6" />
        </PanelIcon>
        <AuthHeading id={`${id}-done`} title="Password reset" subtitle={reset.data.message} />
        <p className="text-sm text-base-content/70">Redirecting you to sign in...</p>
        <a href="/login" className="btn btn-primary w-full">
          Sign in now
        </a>
      </div>
    );
  }

  // The field a failed check moved focus to, marked for screen readers and by colour.
  const invalidMark = (field: PasswordField) => ({
    "aria-invalid": invalidField === field || undefined,
    className: invalidField === field ? "input-error" : "",
  });

  const submit = submitWith(() => {
    const password = passwordRef.current?.value ?? "";
    const confirm = confirmRef.current?.value ?? "";
    if (password !== confirm) {
      setInvalidField("confirm");
      confirmRef.current?.focus();
      toast({ title: "Passwords don't match", description: "Please make sure both passwords are the same.", variant: "destructive" });
      return null;
    }
    if (password.length < MIN_PASSWORD) {
      setInvalidField("password");
      passwordRef.current?.focus();
      toast({ title: "Password too short", description: `Password must be at least ${MIN_PASSWORD} characters long.`, variant: "destructive" });
      return null;
    }
    setInvalidField(null);
    return { token, password };
  });

  return (
    <div className="flex flex-col gap-6">
      <AuthHeading title="Set a new password" subtitle="Choose a new password for your account. You'll be signed out everywhere else." />
      <form method="post" className="flex flex-col gap-4" onSubmit={submit}>
        <Field
          ref={passwordRef}
          id={`${id}-password`}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={200}
          hint={`At least ${MIN_PASSWORD} characters.`}
          {...invalidMark("password")}
        />
        <Field
          ref={confirmRef}
          id={`${id}-confirm`}
          name="confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={200}
          {...invalidMark("confirm")}
        />
        <SubmitButton busy={busy} hydrated={hydrated} label="Reset Password" busyLabel="Resetting..." />
      </form>
    </div>
  );
}
