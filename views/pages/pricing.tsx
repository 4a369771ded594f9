import { PRICE_LABEL } from "../../src/shared/pricing";
import type { AccordionItem } from "../components/accordion";
import { FaqSection, FinalCta, Icon, icons, PricingCard } from "../components/marketing";
import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";
import { useSite } from "../site";

export const pricingMeta = (productName: string): PageMeta => ({
  title: `Pricing: ${PRICE_LABEL} with a 7-day free trial | ${productName}`,
  description: `One plan for ${productName}: ${PRICE_LABEL} after a 7-day free trial. AI-generated LinkedIn plans, timing recommendations, 7 posts per week, calendar and post history. Cancel anytime.`,
  path: "/pricing",
  scripts: ["public-site"],
  structuredData: true,
});

export function pricingFaq(productName: string): AccordionItem[] {
  return [
    {
      question: "What happens after my 7-day trial?",
      answer: (
        <p>
          {`Your subscription continues at ${PRICE_LABEL} on the card you added. We email you before the first charge, so there are no surprises. Cancel before the trial ends and you pay nothing.`}
        </p>
      ),
    },
    {
      question: "Can I cancel anytime?",
      answer: (
        <p>
          Yes, from Settings. A trial cancelled is never charged. A paid subscription stays active until the end of the billing period you have paid for, then
          stops.
        </p>
      ),
    },
    {
      question: "What counts toward the 7 posts per week?",
      answer: (
        <p>
          Each post you save, whether as a draft from a plan or otherwise, counts once. Generating plans does not count and is unlimited under fair use. The
          allowance resets each billing cycle, week by week.
        </p>
      ),
    },
    {
      question: "Do you offer refunds?",
      answer: <p>We do not refund partial months. When you cancel, you keep access until the end of the period you have paid for.</p>,
    },
    {
      question: "Is my payment information secure?",
      answer: (
        <p>
          {`Payments are handled by Stripe, a certified PCI Service Provider Level 1. Your card details go straight to Stripe and never touch ${productName}'s servers.`}
        </p>
      ),
    },
  ];
}

const cards = ["Visa", "Mastercard", "American Express", "Apple Pay", "Google Pay"];

export function PricingPage() {
  const { productName } = useSite();
  return (
    <PublicLayout path="/pricing">
      <section className="-mt-16 bg-gradient-to-b from-primary/10 to-base-100 px-4 pb-16 pt-36 sm:px-6 sm:pt-40">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Pricing</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Simple pricing. One plan, everything included.</h1>
          <p className="mt-6 text-lg text-base-content/80">{`Try it free for 7 days. Then ${PRICE_LABEL}, less than a ghostwriter charges for a single post.`}</p>
        </div>
        <div className="mt-14">
          <PricingCard cta="Start 7-Day Trial" headingLevel={2} />
        </div>
        <div className="mx-auto mt-8 flex max-w-lg flex-col items-center gap-3 text-center text-sm text-base-content/75">
          <p>
            {/* Inline, so the lock stays with the first word when the sentence wraps on small screens. */}
            <Icon d={icons.lock} className="mr-1.5 inline size-4 align-[-0.2em]" />
            Secure checkout by Stripe. Your card details never touch our servers.
          </p>
          <ul className="flex flex-wrap justify-center gap-2" aria-label="Accepted payment methods">
            {cards.map((card) => (
              <li key={card} className="rounded-md border border-base-300 bg-base-100 px-2 py-1 text-xs font-semibold">
                {card}
              </li>
            ))}
          </ul>
        </div>
        <p className="mx-auto mt-10 max-w-xl text-center text-sm text-base-content/75">
          {`Need ${productName} for a team, or API access? An enterprise plan is on our roadmap. `}
          <a href="/contact" className="link link-primary">
            Tell us what you need
          </a>
          .
        </p>
      </section>

      <FaqSection title="Pricing questions" accordionId="pricing-faq" items={pricingFaq(productName)} />

      <FinalCta
        title="A week of LinkedIn posts for less than a coffee"
        text={`Start your 7-day free trial and let ${productName} plan your next week.`}
        cta="Start 7-Day Trial"
      />
    </PublicLayout>
  );
}
