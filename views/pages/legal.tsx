import type { ReactNode } from "react";
import { PRICE_LABEL } from "../../src/shared/pricing";
import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";
import { useSite } from "../site";

/** The privacy policy and the terms of service: static text stating the facts in SPEC.md. */

const LAST_UPDATED = "January 2025";

export const privacyMeta = (productName: string): PageMeta => ({
  title: `Privacy Policy | ${productName}`,
  description: `How ${productName} collects, uses, stores and deletes your personal data, who processes it for us, and the rights you have over it.`,
  path: "/privacy",
  scripts: ["public-site"],
});

export const termsMeta = (productName: string): PageMeta => ({
  title: `Terms of Service | ${productName}`,
  description: `The terms for using ${productName}: eligibility, the ${PRICE_LABEL} subscription and 7-day trial, cancellation, acceptable use, your content and our liability.`,
  path: "/terms",
  scripts: ["public-site"],
});

/** The support address as a mailto link, as both legal pages give it. */
function SupportEmailLink() {
  const { supportEmail } = useSite();
  return (
    <a className="link link-primary" href={`mailto:${supportEmail}`}>
      {supportEmail}
    </a>
  );
}

function LegalPage({ path, title, children }: { path: string; title: string; children: ReactNode }) {
  return (
    <PublicLayout path={path}>
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
        <header className="border-b border-base-300 pb-8">
          <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
          <p className="mt-3 text-base-content/75">Last updated: {LAST_UPDATED}</p>
        </header>
        <div className="mt-10 space-y-10 leading-relaxed text-base-content/85 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-base-content [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:space-y-2">
          {children}
        </div>
      </article>
    </PublicLayout>
  );
}

export function PrivacyPage() {
  const { productName } = useSite();
  return (
    <LegalPage path="/privacy" title="Privacy Policy">
      <section>
        <p>
          {`This policy explains what personal data ${productName} ("we", "us") collects when you use our website and service, why we collect it, who we share it with and the choices you have. We are the data controller for the data described here. If anything is unclear, write to us at `}
          <SupportEmailLink />.
        </p>
      </section>
      <section>
        <h2>Data we collect</h2>
        <ul>
          <li>
            Account data: your name, email address, a hash of your password (never the password itself), your timezone and, if you add it, your LinkedIn handle.
          </li>
          <li>Content you give us: the articles and other text you paste, the optional link to them, and the posts, drafts and schedules you create.</li>
          <li>
            Billing data: your subscription status and dates, and identifiers from our payment provider. Card details are collected and stored by Stripe, not by
            us.
          </li>
          <li>Messages: what you send through the contact form, with your name and email address.</li>
          <li>
            Technical data: a session cookie that keeps you signed in, your theme preference stored in your browser, and server logs (IP address, time, page
            requested) kept for security.
          </li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <ul>
          <li>
            To provide the service: generating your content plans, saving and scheduling your posts, and showing your calendar and dashboard (performance of our
            contract with you).
          </li>
          <li>To take payment and manage your subscription, including emailing you before your trial converts to a paid plan (contract).</li>
          <li>To send service emails: welcome, trial, billing, cancellation and password reset messages (contract and legitimate interest).</li>
          <li>To answer your messages and to keep the service secure, for example by limiting repeated sign-in attempts (legitimate interest).</li>
        </ul>
        <p>We do not sell your data, we do not show you advertising, and we do not use your content to train AI models.</p>
      </section>
      <section>
        <h2>Who processes data for us</h2>
        <ul>
          <li>Stripe, for payments and subscriptions.</li>
          <li>
            An AI provider (OpenAI), which receives the text you submit for generation in order to produce your plan and is not permitted to use it for
            training.
          </li>
          <li>Resend, which delivers our emails.</li>
          <li>Our hosting provider, which stores the database and runs the service.</li>
        </ul>
        <p>
          Some of these providers process data outside the UK; where they do, transfers are covered by appropriate safeguards such as standard contractual
          clauses.
        </p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>
          We keep your data for as long as your account is open. When you delete your account in Settings, your account, content and posts are deleted within 30
          days. Billing records we are required to keep by law are retained for as long as that law requires. Contact messages are kept for up to 12 months. The
          free trial is offered once per person: if you started one, we keep a one-way keyed fingerprint of your email address (not the address itself) for 2
          years, even after you delete your account, so a new account with the same address starts paid.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can access, correct, export or delete your personal data, object to or restrict how we use it, and withdraw consent where we rely on it. You can
          download your data and delete your account yourself in Settings, or ask us at <SupportEmailLink />. You also have the right to complain to the
          Information Commissioner's Office (ico.org.uk) or your local data protection authority.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          We use only what the service needs: a session cookie that keeps you signed in and a cookie that remembers whether the sidebar is collapsed. Your theme
          choice is kept in your browser's local storage. We use no advertising or tracking cookies.
        </p>
      </section>
      <section>
        <h2>Children</h2>
        <p>
          {`${productName} is not intended for children. We do not knowingly collect data from anyone under 13, and if we learn that we have, we delete it. You must be at least 18 to hold an account (see our `}
          <a className="link link-primary" href="/terms">
            Terms of Service
          </a>
          ).
        </p>
      </section>
      <section>
        <h2>Security</h2>
        <p>
          Passwords are stored only as salted hashes, connections are encrypted, password reset links expire after 1 hour and can be used once, and access to
          production data is limited to the people who need it.
        </p>
      </section>
      <section>
        <h2>Changes to this policy</h2>
        <p>If we change this policy in a way that matters, we will tell you by email or in the app before the change takes effect.</p>
      </section>
    </LegalPage>
  );
}

export function TermsPage() {
  const { productName } = useSite();
  return (
    <LegalPage path="/terms" title="Terms of Service">
      <section>
        <p>
          {`These terms are an agreement between you and ${productName} ("we", "us") for the use of our website and subscription service. By creating an account you accept them. If you do not agree, please do not use the service.`}
        </p>
      </section>
      <section>
        <h2>Who can use the service</h2>
        <p>
          You must be at least 18 years old and able to form a binding contract. Accounts are for individual subscribers; keep your password secret and tell us
          at once if you think someone else has used your account.
        </p>
      </section>
      <section>
        <h2>The service</h2>
        <p>
          {`${productName} turns content you provide into a suggested plan of LinkedIn posts with recommended days, times and reasoning, and lets you edit, schedule, copy, export and track those posts. Suggestions are generated automatically: you are responsible for reviewing what you publish. We are not affiliated with LinkedIn, and features described as coming soon are not part of the current service.`}
        </p>
      </section>
      <section>
        <h2>Subscription, trial and payment</h2>
        <ul>
          <li>{`The subscription costs ${PRICE_LABEL}, billed monthly in advance through our payment provider, Stripe.`}</li>
          <li>
            New subscribers get a 7-day free trial. A payment card is required to start it; nothing is charged until the trial ends, and we email you before the
            first charge.
          </li>
          <li>
            Your subscription includes saving up to 7 posts per week; the allowance resets each billing cycle. Generating plans is unlimited, subject to fair
            use.
          </li>
          <li>If a payment fails, we may pause access until it succeeds.</li>
          <li>We may change the price with at least 30 days' notice by email; the change applies from your next billing period.</li>
        </ul>
      </section>
      <section>
        <h2>Cancellation and refunds</h2>
        <p>
          You can cancel anytime in Settings. If you cancel during the free trial, your access ends immediately and you are not charged. If you cancel a paid
          subscription, it stays active until the end of the current billing period and is not renewed. We do not give refunds for partial months.
        </p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You keep all rights to the content you paste and the posts you create. You give us permission to store and process that content only to provide the
          service to you. You must have the right to use the content you submit, and you must not submit anything unlawful, defamatory or infringing.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <ul>
          <li>Do not use the service to create spam, misleading content or content that breaks LinkedIn's own terms.</li>
          <li>Do not try to break, overload or get around the limits or security of the service, or access other users' data.</li>
          <li>Do not resell or share your account.</li>
        </ul>
        <p>We may suspend or close accounts that break these rules.</p>
      </section>
      <section>
        <h2>Availability and liability</h2>
        <p>
          We work to keep the service available and your data safe, but we provide it "as is" and cannot promise it will be uninterrupted or error-free. To the
          extent the law allows, our total liability to you is limited to the amount you paid us in the 12 months before the claim, and we are not liable for
          indirect losses such as lost profits or engagement. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </section>
      <section>
        <h2>Ending your account</h2>
        <p>
          You can delete your account at any time in Settings; your data is deleted within 30 days as described in our{" "}
          <a className="link link-primary" href="/privacy">
            Privacy Policy
          </a>
          .
        </p>
      </section>
      <section>
        <h2>Changes and law</h2>
        <p>
          We may update these terms; if a change matters, we will tell you in advance by email or in the app. These terms are governed by the laws of England
          and Wales. Questions? Write to us at <SupportEmailLink />.
        </p>
      </section>
    </LegalPage>
  );
}
