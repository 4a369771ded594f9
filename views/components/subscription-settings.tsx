import type { CurrentUser } from "../../islands/api";
import { Island } from "../island";
import { SettingsCard } from "../pages/settings";
import { useSite } from "../site";
import { planFeatures } from "../../src/shared/pricing";

/** Settings' Subscription card (SPEC.md "Settings"): the frame here, the live part in islands/billing/SubscriptionCard.tsx. */
export function SubscriptionSettings({ user, renewsAt }: { user: CurrentUser; renewsAt: string | null }) {
  const { productName } = useSite();
  return (
    <SettingsCard id="subscription-heading" title="Subscription" lead="Your plan, its next date, and cancelling.">
      <Island name="SubscriptionCard" props={{ user, renewsAt, features: planFeatures, productName }} />
    </SettingsCard>
  );
}
