import { AuthHeading } from "../../islands/ui/auth-ui";
import { TRIAL_THEN_PRICE } from "../../src/shared/pricing";
import { AuthLayout } from "../components/auth-layout";
import type { PageMeta } from "../document";
import { Island } from "../island";
import { useSite } from "../site";

/** The account pages of SPEC.md section 2: Login, Signup, Forgot password, Reset password. */

export const loginMeta = (productName: string): PageMeta => ({
  title: `Sign in | ${productName}`,
  description: `Sign in to ${productName} to plan and schedule your LinkedIn posts.`,
  path: "/login",
  noindex: true,
});

export const signupMeta = (productName: string): PageMeta => ({
  title: `Start your free trial | ${productName}`,
  description: `Create your ${productName} account: ${TRIAL_THEN_PRICE}`,
  path: "/signup",
  noindex: true,
});

export const forgotPasswordMeta = (productName: string): PageMeta => ({
  title: `Forgot password | ${productName}`,
  description: `Get a link to reset your ${productName} password.`,
  path: "/forgot-password",
  noindex: true,
});

export const resetPasswordMeta = (productName: string): PageMeta => ({
  title: `Reset password | ${productName}`,
  description: `Choose a new password for your ${productName} account.`,
  path: "/reset-password",
  noindex: true,
});

export function LoginPage() {
  const { productName } = useSite();
  return (
    <AuthLayout below={<SwitchPage question="Don't have an account?" href="/signup" label="Sign up" />}>
      <AuthHeading title="Welcome back" subtitle={`Sign in to your ${productName} account.`} />
      <Island name="LoginForm" props={{}} />
    </AuthLayout>
  );
}

export function SignupPage() {
  return (
    <AuthLayout below={<SwitchPage question="Already have an account?" href="/login" label="Sign in" />}>
      <AuthHeading title="Start Your Free Trial" subtitle={TRIAL_THEN_PRICE} />
      <Island name="SignupForm" props={{}} />
      <p className="text-center text-xs text-base-content/70">
        {"By starting your trial you agree to our "}
        <a href="/terms" className="link">
          Terms of Service
        </a>
        {" and "}
        <a href="/privacy" className="link">
          Privacy Policy
        </a>
        .
      </p>
    </AuthLayout>
  );
}

export function ForgotPasswordPage() {
  return (
    <AuthLayout below={<SwitchPage question="Remembered it?" href="/login" label="Sign in" />}>
      <Island name="ForgotPasswordForm" props={{}} />
    </AuthLayout>
  );
}

export function ResetPasswordPage({ token }: { token: string | null }) {
  return (
    <AuthLayout
      below={
        <a href="/login" className="link link-primary font-medium">
          Back to Login
        </a>
      }
    >
      <Island name="ResetPasswordForm" props={{ token }} />
    </AuthLayout>
  );
}

/** The line under an account form that leads to its sibling page: "Don't have an account? Sign up". */
function SwitchPage({ question, href, label }: { question: string; href: string; label: string }) {
  return (
    <>
      {`${question} `}
      <a href={href} className="link link-primary font-medium">
        {label}
      </a>
    </>
  );
}
