/**
 * The one plan as users read it: price and features (SPEC.md section 9, PRODUCT.md "Name and
 * voice": GBP, written '£6/month' in UI copy). Plain data with no imports, so server views,
 * islands and emails all read the same figures.
 */

export const MONTHLY_PRICE = "£6";
export const PRICE_LABEL = `${MONTHLY_PRICE}/month`;
/** The amount with pence, as the checkout summary and receipts write it. */
export const MONTHLY_PRICE_WITH_PENCE = "£6.00";
export const TRIAL_DAYS = 7;
/** The short promise under sign-up buttons and headings. */
export const TRIAL_THEN_PRICE = `${TRIAL_DAYS} days free, then ${PRICE_LABEL}. Cancel anytime.`;

/** The plan's features, as SPEC.md lists them (7 posts per week everywhere: PRODUCT.md). */
export const planFeatures: readonly string[] = [
  "AI-generated content from your own writing",
  "Posting schedule and timing recommendations",
  "7 posts per week (allowance resets each billing cycle)",
  "Unlimited plan generation (fair use)",
  "Content editing before you save",
  "Calendar view of everything scheduled",
  "Post history and content library",
];
