import type { ReactNode } from "react";
import { PRICE_LABEL } from "../../src/shared/pricing";
import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";
import { useSite } from "../site";

export const aboutMeta = (productName: string): PageMeta => ({
  title: `About ${productName}`,
  description: `Why we built ${productName}: an AI content strategist that turns the long-form writing you already do into a week of LinkedIn posts, so showing up consistently stops costing your best hours.`,
  path: "/about",
  scripts: ["public-site"],
});

const values: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: "Mission-Driven",
    text: "Good ideas deserve an audience. We exist so that founders and experts who do the thinking also get the reach, without hiring a ghostwriter or giving up their evenings.",
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M12 3v3m0 12v3m9-9h-3M6 12H3m15.4-6.4-2.1 2.1M7.7 16.3l-2.1 2.1m0-12.8 2.1 2.1m8.6 8.6 2.1 2.1M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z"
      />
    ),
  },
  {
    title: "Creator-First",
    text: "Your voice stays yours. Every post is built from your own sentences and arguments, you edit before anything is saved, and you decide what goes out and when.",
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M16.9 4.6a2 2 0 0 1 2.8 2.8L8.5 18.6 4 20l1.4-4.5L16.9 4.6Z" />,
  },
  {
    title: "Innovation",
    text: "We treat AI as a strategist, not a slot machine: a plan has an arc across the week, each post has a reason for its day and time, and we keep improving both.",
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M9.5 18h5M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8V16h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3Z"
      />
    ),
  },
  {
    title: "Community",
    text: "We build with the people who use it. Feature requests come from subscribers, and the things we promise, such as one-click posting, are free for existing subscribers when they ship.",
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M17 20v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1m18 0v-1a4 4 0 0 0-3-3.9M14 4.1a4 4 0 0 1 0 7.8M14 7.5a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z"
      />
    ),
  },
];

export function AboutPage() {
  const { productName } = useSite();
  return (
    <PublicLayout path="/about">
      <section className="-mt-16 bg-gradient-to-b from-primary/10 to-base-100 pt-16">
        <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">About us</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Consistency on LinkedIn shouldn't cost you your best hours</h1>
          <p className="mt-6 text-lg text-base-content/80 text-pretty">
            {`${productName} is an AI content strategist for people who already write: founders, consultants and creators with blog posts and newsletters full of ideas that deserve a wider audience.`}
          </p>
        </div>
      </section>

      <section aria-labelledby="story" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="story" className="text-3xl font-bold tracking-tight">
          Our story
        </h2>
        <div className="mt-6 space-y-5 text-lg leading-relaxed text-base-content/85">
          <p>
            It started with a familiar problem. We wrote long articles every month, and every month the same thing happened: the article went out, got a little
            attention, and disappeared. LinkedIn was where our customers were, but turning one article into a week of good posts took an afternoon we never had.
          </p>
          <p>
            Generic AI tools did not help much. They produced posts that sounded like everyone else's and had no idea which point should come first, which
            belonged on a Tuesday morning, or why. What we wanted was a content strategist: someone who reads the whole piece, finds the five to seven ideas
            worth sharing, and plans the week around them.
          </p>
          <p>
            {`So we built ${productName}. Paste an article and you get a weekly plan: each post with its hook, the reasoning behind it, and a recommended day and time. You edit what you like, save up to 7 posts a week, schedule them on a calendar and keep a history of everything you have published.`}
          </p>
        </div>
      </section>

      <section aria-labelledby="values" className="bg-base-200/60">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="values" className="text-center text-3xl font-bold tracking-tight">
            What we value
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map((value) => (
              <li key={value.title} className="card border border-base-300 bg-base-100 shadow-sm">
                <div className="card-body">
                  <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                    <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                      {value.icon}
                    </svg>
                  </span>
                  <h3 className="card-title mt-2 text-lg">{value.title}</h3>
                  <p className="text-base-content/80">{value.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="join" className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
        <h2 id="join" className="text-3xl font-bold tracking-tight">
          Write once, show up all week
        </h2>
        <p className="mt-4 text-lg text-base-content/80">
          {`Try ${productName} free for 7 days, then ${PRICE_LABEL}. Cancel anytime. Questions first? We answer within 24 hours.`}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a href="/signup" className="btn btn-primary btn-lg">
            Start Free 7-Day Trial
          </a>
          <a href="/contact" className="btn btn-outline btn-lg">
            Contact Us
          </a>
        </div>
      </section>
    </PublicLayout>
  );
}
