import { expect, test } from "bun:test";
import { MONTHLY_PRICE_WITH_PENCE, PRICE_LABEL, planFeatures, TRIAL_THEN_PRICE } from "../../src/shared/pricing";

// SPEC.md section 9 and PRODUCT.md: the copy users read, built from one price.
test("the price reads as the copy has always written it", () => {
  expect(PRICE_LABEL).toBe("£6/month");
  expect(MONTHLY_PRICE_WITH_PENCE).toBe("£6.00");
  expect(TRIAL_THEN_PRICE).toBe("7 days free, then £6/month. Cancel anytime.");
  expect(planFeatures).toContain("7 posts per week (allowance resets each billing cycle)");
});
