import { MONTHLY_PRICE, PRICE_LABEL, TRIAL_THEN_PRICE } from "../../src/shared/pricing";
import type { AccordionItem } from "../components/accordion";
import { FaqSection, FinalCta, Icon, IconCard, icons, PricingCard, Section, SectionHeading } from "../components/marketing";
import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";
import { useSite } from "../site";

export const landingMeta = (productName: string): PageMeta => ({
  title: `${productName}: turn one blog post into a week of LinkedIn posts`,
  description: `Paste a blog post or newsletter and ${productName}'s AI content strategist plans 5-7 LinkedIn posts for your week, each with the best day, time and the reason behind it. 7-day free trial, then ${PRICE_LABEL}.`,
  path: "/",
  scripts: ["public-site"],
  structuredData: true,
});

const problems = [
  {
    title: "You know you should post, but never find the time",
    text: "A good LinkedIn post takes an hour you spend on customers instead. So weeks go by with nothing.",
  },
  { title: "Your best ideas are buried in long articles", text: "You already wrote the thinking. It just never reaches the people who scroll past a link." },
  { title: "Posting at random gets random results", text: "Which idea goes first? Which day? Without a plan, even good posts land to silence." },
  { title: "Ghostwriters cost a fortune", text: "Agencies charge £2,000 a month or more, and you still spend time briefing them on your own ideas." },
];

const steps = [
  { title: "Paste your blog post", text: "Drop in an article, newsletter or essay you have already written. Markdown and formatting are fine." },
  {
    title: "AI creates 5-7 posts in 30 seconds",
    text: "Your content strategist finds the ideas, numbers and stories worth sharing and writes a post for each.",
  },
  { title: "See the strategy", text: "Every post comes with a recommended day and time, and the reasoning for its place in your week." },
  { title: "Copy and post", text: "Edit what you like, save your drafts, schedule them on the calendar and copy each one to LinkedIn." },
];

const benefits = [
  {
    icon: icons.target,
    title: "A strategic weekly plan",
    text: "Not seven random posts: a week with an arc, from a teaser on Monday to a question that starts conversations.",
  },
  { icon: icons.clock, title: "Timing that works", text: "Recommended days and times drawn from LinkedIn engagement research, in your own timezone." },
  { icon: icons.hook, title: "Hooks that stop the scroll", text: "Every post opens with a line that earns the click on ‘see more’." },
  { icon: icons.pencil, title: "Your voice, edited by you", text: "Posts are built from your own sentences. Change anything before you save it as a draft." },
  { icon: icons.calendar, title: "A calendar for your week", text: "See what is scheduled at a glance and move posts to the day that suits you." },
  { icon: icons.library, title: "A library of everything", text: "Drafts, scheduled and posted content in one place, ready to copy or export." },
  {
    icon: icons.document,
    title: "Carousels from any post",
    text: "Turn a post into a PDF document carousel from your own article: edit the slides, pick a design, download it or let it publish.",
  },
];

const audiences = [
  { icon: icons.building, title: "B2B Founders", text: "Turn your product thinking into the posts that bring in your next customers." },
  { icon: icons.rocket, title: "SaaS Founders", text: "Ship a changelog or launch post once, and let it work for you all week." },
  { icon: icons.briefcase, title: "Consultants", text: "Show your expertise every week without giving up billable hours." },
  { icon: icons.document, title: "Writers", text: "Give every newsletter issue a second life in front of a bigger audience." },
];

const testimonials = [
  {
    quote: "I write one long post a month. Now that single post fills my LinkedIn for the whole week, and I spend ten minutes on it instead of an afternoon.",
    who: "Founder of a B2B analytics company",
  },
  {
    quote: "The reasoning under each post is what sold me. It told me why the data post belonged on Wednesday morning, and it was right.",
    who: "Independent strategy consultant",
  },
  {
    quote: "My newsletter readers and my LinkedIn followers are different people. Now both get my best ideas.",
    who: "Newsletter writer in fintech",
  },
];

export function landingFaq(productName: string): AccordionItem[] {
  return [
    {
      question: `How does ${productName} turn my blog post into LinkedIn posts?`,
      answer: (
        <p>
          {`${productName}'s AI content strategist reads the whole piece, picks out its key ideas, claims, numbers and stories, and writes 5 to 7 posts of different kinds: a teaser, practical value, a story, the data, and a question to start a conversation. It then plans them across your week with a recommended day and time for each.`}
        </p>
      ),
    },
    {
      question: "Will the posts sound like me?",
      answer: (
        <p>Yes. Posts are built from your own sentences and arguments rather than generic filler, and you can edit every one before saving it as a draft.</p>
      ),
    },
    {
      question: "How many posts can I create?",
      answer: (
        <p>You can generate as many plans as you like (fair use applies) and save up to 7 posts per week. The weekly allowance resets each billing cycle.</p>
      ),
    },
    {
      question: "Do I need a card for the free trial?",
      answer: <p>Yes, a card is required up front, but nothing is charged until your 7-day trial ends, and we email you before the first charge.</p>,
    },
    {
      question: "Can I cancel anytime?",
      answer: (
        <p>
          Yes. Cancel from Settings in two clicks. If you cancel during the trial you are never charged; if you cancel a paid subscription it stays active until
          the end of the billing period.
        </p>
      ),
    },
  ];
}

export function LandingPage() {
  const { productName } = useSite();
  return (
    <PublicLayout path="/">
      <section className="relative -mt-16 overflow-hidden bg-gradient-to-b from-primary/10 via-base-100 to-base-100 px-4 pb-16 pt-32 sm:px-6 sm:pt-40">
        <div className="mx-auto max-w-4xl text-center">
          <p className="badge badge-outline badge-primary gap-2 px-3 py-3 font-medium">
            <Icon d={icons.sparkles} className="size-4" />
            Your AI content strategist for LinkedIn
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">Never think about LinkedIn again</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-base-content/80 text-pretty sm:text-xl">
            Paste one blog post. Get a week of LinkedIn posts with the best day, time and the strategy behind each one. Set up in 2 minutes, your plan in 30
            seconds.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a href="/signup" className="btn btn-primary btn-lg">
              Start Free 7-Day Trial
            </a>
            <a href="#how-it-works" className="btn btn-ghost btn-lg">
              See how it works
            </a>
          </div>
          <p className="mt-4 text-sm text-base-content/75">{TRIAL_THEN_PRICE}</p>
        </div>
        <PlanPreview />
      </section>

      <Section labelledBy="problems" className="bg-base-200/60">
        <SectionHeading id="problems" eyebrow="Sound familiar?" title="LinkedIn rewards consistency. Your calendar does not." />
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {problems.map((problem) => (
            <li key={problem.title} className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-6">
              <span className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-error/10 text-error">
                <Icon d={icons.x} className="size-4" />
              </span>
              <div>
                <h3 className="font-semibold">{problem.title}</h3>
                <p className="mt-1 text-base-content/80">{problem.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" labelledBy="how-heading">
        <SectionHeading id="how-heading" eyebrow="How it works" title="From one article to a week of posts in four steps" />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="card border border-base-300 bg-base-100">
              <div className="card-body">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-content">{index + 1}</span>
                <h3 className="card-title mt-2 text-lg">{step.title}</h3>
                <p className="text-base-content/80">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="benefits" className="bg-base-200/60">
        <SectionHeading id="benefits" eyebrow="What you get" title="Everything between your article and a week on LinkedIn" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map((benefit) => (
            <IconCard key={benefit.title} {...benefit} />
          ))}
        </ul>
      </Section>

      <Section labelledBy="pricing-heading">
        <SectionHeading
          id="pricing-heading"
          eyebrow="Simple pricing"
          title="One plan. Less than a coffee a week."
          lead={`A ghostwriter costs £2,000 a month. A week of strategic posts here costs ${MONTHLY_PRICE} a month.`}
        />
        <div className="mt-14">
          <PricingCard cta="Start Free 7-Day Trial" />
        </div>
      </Section>

      <Section labelledBy="audiences" className="bg-base-200/60">
        <SectionHeading id="audiences" eyebrow="Perfect for" title="Built for people who already have something to say" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {audiences.map((audience) => (
            <IconCard key={audience.title} {...audience} centered />
          ))}
        </ul>
      </Section>

      <Section labelledBy="testimonials">
        <SectionHeading
          id="testimonials"
          eyebrow={`What a week with ${productName} feels like`}
          title="Less time writing, more time being seen"
          lead="Illustrative stories from the kinds of people we build for."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.who}>
              <figure className="flex h-full flex-col justify-between rounded-box border border-base-300 bg-base-100 p-6">
                <blockquote className="text-base-content/85">“{testimonial.quote}”</blockquote>
                <figcaption className="mt-6 text-sm font-semibold text-base-content/80">{testimonial.who}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <FaqSection title="Questions, answered" accordionId="landing-faq" items={landingFaq(productName)} />

      <FinalCta
        title="Your next week on LinkedIn is one paste away"
        text={`Start your free trial, paste your latest article and see the plan ${productName} makes of it.`}
      />
    </PublicLayout>
  );
}

/** A still of what a plan looks like, so the hero shows the product rather than describes it. */
function PlanPreview() {
  const posts = [
    { day: "Monday", time: "8:00 AM", type: "hook", text: "Most founders write one great article a month. Then it disappears." },
    { day: "Wednesday", time: "9:00 AM", type: "data", text: "We looked at 40 launches. The ones that posted 3 times in launch week got twice the sign-ups." },
    { day: "Friday", time: "10:00 AM", type: "question", text: "What is the one idea from your last article that deserved more readers?" },
  ];
  const badge: Record<string, string> = { hook: "badge-primary", data: "badge-secondary", question: "badge-accent" };
  return (
    <div aria-hidden="true" className="mx-auto mt-16 max-w-3xl rounded-2xl border border-base-300 bg-base-100 p-4 shadow-2xl sm:p-6">
      <div className="flex items-center justify-between gap-3 border-b border-base-300 pb-3 text-left">
        <p className="font-semibold">Your Strategic Content Plan (6 Posts)</p>
        <span className="badge badge-ghost">This week</span>
      </div>
      <ul className="mt-4 space-y-3">
        {posts.map((post, index) => (
          <li key={post.day} className="flex gap-3 rounded-xl bg-base-200/70 p-3 text-left sm:gap-4 sm:p-4">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-content">{index + 1}</span>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className={`badge badge-sm ${badge[post.type]}`}>{post.type}</span>
                <span className="text-base-content/75">
                  {post.day} · {post.time}
                </span>
              </p>
              <p className="mt-1 text-base-content/90">{post.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
