import type { EmailKind } from "./index";

/**
 * The emails /email-preview shows, by the kind its API takes (SPEC.md "Email preview": the
 * endpoint says `trial` for the trial-started email). Order is the page's tab order.
 */
export const emailPreviews = {
  welcome: { template: "welcome", label: "Welcome", description: "Sent right after signup" },
  trial: { template: "trial-started", label: "Trial Started", description: "Sent after a payment method is added" },
  cancellation: { template: "cancellation", label: "Cancellation", description: "Sent when the subscription is cancelled" },
  contact: { template: "contact", label: "Contact Form", description: "Sent to support on submit" },
} as const satisfies Record<string, { template: EmailKind; label: string; description: string }>;

export type EmailPreviewKind = keyof typeof emailPreviews;
