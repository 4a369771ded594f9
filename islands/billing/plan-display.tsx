import { MONTHLY_PRICE } from "../../src/shared/pricing";
import { appIcons, Icon } from "../ui/icons";

/** The plan's price and feature list as every billing and pricing card shows them; each card picks its own size. */

/** '£6' large, then '/month'. */
export function MonthlyPrice({ amountClassName, className = "flex items-baseline gap-1" }: { amountClassName: string; className?: string }) {
  return (
    <p className={className}>
      <span className={`${amountClassName} font-extrabold tracking-tight`}>{MONTHLY_PRICE}</span>
      <span className="text-base-content/75">/month</span>
    </p>
  );
}

type FeatureListProps = {
  features: readonly string[];
  className: string;
  itemClassName?: string;
  /** A tick for what the plan includes; the expired page shows a lock for what the user is missing. */
  icon?: "check" | "lock";
  iconClassName?: string;
};

export function PlanFeatureList({
  features,
  className,
  itemClassName = "flex gap-2.5",
  icon = "check",
  iconClassName = "size-5 shrink-0 text-success",
}: FeatureListProps) {
  return (
    <ul className={className}>
      {features.map((feature) => (
        <li key={feature} className={itemClassName}>
          <Icon d={appIcons[icon]} className={iconClassName} />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
