import type { ReactNode } from "react";
import { MonthlyPrice, PlanFeatureList } from "../../islands/billing/plan-display";
import { planFeatures, TRIAL_THEN_PRICE } from "../../src/shared/pricing";
import { useSite } from "../site";
import { Accordion, type AccordionItem } from "./accordion";

/** Building blocks shared by the marketing pages, so they look like one product. */

export function Section({ id, labelledBy, className = "", children }: { id?: string; labelledBy?: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={`px-4 py-16 sm:px-6 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}

export function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow?: string; title: string; lead?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg text-base-content/80 text-pretty">{lead}</p>}
    </div>
  );
}

/** A 24px outline icon; `d` is one or more path definitions. */
export function Icon({ d, className = "size-6" }: { d: string | string[]; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      {(Array.isArray(d) ? d : [d]).map((path) => (
        <path key={path} strokeLinecap="round" strokeLinejoin="round" d={path} />
      ))}
    </svg>
  );
}

export const icons = {
  check: "m5 12.5 4.5 4.5L19 7.5",
  sparkles: ["M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3Z", "M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z"],
  clock: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z", "M12 7v5l3 2"],
  calendar: ["M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5v-11Z", "M4 9.5h16M8.5 2.5v3m7-3v3"],
  pencil: "M16.9 4.6a2 2 0 0 1 2.8 2.8L8.5 18.6 4 20l1.4-4.5L16.9 4.6Z",
  chart: ["M4 20V10m6 10V4m6 16v-7m4 7H3"],
  send: ["M21 3 10 14", "m21 3-7 18-4-7-7-4 18-7Z"],
  document: ["M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z", "M14 3v5h5M9 13h6M9 17h6"],
  target: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z", "M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z", "M12 12h.01"],
  library: ["M4 19V5m5 14V5m4 14 3.5-14L20 19"],
  hook: ["M13 3 4 14h7l-1 7 9-11h-7l1-7Z"],
  copy: ["M8 8h11v11H8z", "M5 16V5h11"],
  lock: ["M6 11h12v9H6z", "M8.5 11V8a3.5 3.5 0 0 1 7 0v3"],
  x: "M6 6l12 12M18 6 6 18",
  rocket: ["M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2", "M9 13l2 2", "M14.5 4.5C17 2 21 3 21 3s1 4-1.5 6.5L13 16l-5-5 6.5-6.5Z"],
  users: ["M17 20v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1", "M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z", "M21 20v-1a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8"],
  briefcase: ["M4 8h16v11H4z", "M9 8V5h6v3", "M4 13h16"],
  megaphone: ["M4 10v4h3l6 4V6L7 10H4Z", "M17 9a4 4 0 0 1 0 6"],
  building: ["M5 21V4h10v17M15 9h4v12M8 8h4M8 12h4M8 16h4"],
};

/** The pricing card: one tier, its monthly price, 7-day trial. */
export function PricingCard({ cta, headingLevel = 3 }: { cta: string; headingLevel?: 2 | 3 }) {
  const { productName } = useSite();
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <div className="card relative mx-auto w-full max-w-md border-2 border-primary bg-base-100 shadow-xl">
      <span className="badge badge-primary absolute -top-3 left-1/2 -translate-x-1/2 px-4 font-semibold">Best Value</span>
      <div className="card-body gap-5 p-8">
        <div>
          <Heading className="text-xl font-bold">{`${productName} Pro`}</Heading>
          <p className="mt-1 text-base-content/75">Everything you need to show up on LinkedIn every week.</p>
        </div>
        <MonthlyPrice amountClassName="text-5xl" />
        <p className="text-sm text-base-content/75">7-day free trial. Card required, nothing charged until the trial ends. Cancel anytime.</p>
        <PlanFeatureList features={planFeatures} className="space-y-3" itemClassName="flex gap-3" />
        <a href="/signup" className="btn btn-primary btn-lg btn-block">
          {cta}
        </a>
      </div>
    </div>
  );
}

/** A grid card: an icon in a tinted badge, a title and a sentence; `centered` for the round-badge audience cards. */
export function IconCard({ icon, title, text, centered = false }: { icon: string | string[]; title: string; text: string; centered?: boolean }) {
  return (
    <li className={`rounded-box border border-base-300 bg-base-100 p-6${centered ? " text-center" : ""}`}>
      <span
        className={
          centered
            ? "mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary"
            : "flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary"
        }
      >
        <Icon d={icon} />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-base-content/80">{text}</p>
    </li>
  );
}

/** The FAQ band of a marketing page: its heading over an accordion of questions. */
export function FaqSection({ title, accordionId, items }: { title: string; accordionId: string; items: AccordionItem[] }) {
  return (
    <Section labelledBy="faq" className="bg-base-200/60">
      <SectionHeading id="faq" eyebrow="FAQ" title={title} />
      <div className="mx-auto mt-12 max-w-3xl">
        <Accordion id={accordionId} items={items} />
      </div>
    </Section>
  );
}

/** The closing call to action every marketing page ends with. */
export function FinalCta({ title, text, cta = "Start Free 7-Day Trial" }: { title: string; text: string; cta?: string }) {
  return (
    <section aria-labelledby="final-cta" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-4xl rounded-3xl bg-primary px-6 py-14 text-center text-primary-content shadow-xl sm:px-12">
        <h2 id="final-cta" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg opacity-90">{text}</p>
        <a href="/signup" className="btn btn-lg mt-8 border-0 bg-base-100 text-base-content hover:bg-base-200">
          {cta}
        </a>
        <p className="mt-4 text-sm opacity-85">{TRIAL_THEN_PRICE}</p>
      </div>
    </section>
  );
}
