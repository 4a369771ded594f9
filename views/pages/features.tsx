import { PRICE_LABEL } from "../../src/shared/pricing";
import { FinalCta, Icon, icons, Section, SectionHeading } from "../components/marketing";
import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";
import { useSite } from "../site";

export const featuresMeta = (productName: string): PageMeta => ({
  title: `Features: an AI content strategist for LinkedIn | ${productName}`,
  description: `See what ${productName} does: strategic weekly plans from your own articles, posting times from engagement research, an editor, a content calendar and a library of every post.`,
  path: "/features",
  scripts: ["public-site"],
});

const features = [
  {
    icon: icons.sparkles,
    title: "AI Content Strategist",
    text: "Paste an article and get 5-7 posts of different kinds (a teaser, practical value, a story, the numbers, a question), each written from your own ideas and opening with a hook that earns ‘see more’.",
    points: ["Reads the whole piece, not just the intro", "Different post types for a varied week", "A plan in about 30 seconds"],
  },
  {
    icon: icons.clock,
    title: "Smart Timing",
    text: "Every post comes with a recommended day and time drawn from LinkedIn engagement research, shown in your own timezone, with the reasoning for its place in the week.",
    points: ["Tuesday to Thursday mornings for your strongest posts", "A week with an arc, not a pile of posts", "‘Why post this first’ for every post"],
  },
  {
    icon: icons.calendar,
    title: "Content Calendar",
    text: "See every scheduled post on a month calendar and move posts between days by dragging them, so your week always has a shape.",
    points: ["Month view, starting on Sunday", "Drag and drop to reschedule", "Click a day to see its posts"],
  },
  {
    icon: icons.pencil,
    title: "Editor and Drafts",
    text: "Edit any post before you save it, keep drafts until they are right, then schedule, copy or export each one when you are ready to publish.",
    points: ["Character count against LinkedIn's limit", "Copy to clipboard in one click", "Export as a text file"],
  },
  {
    icon: icons.document,
    title: "Carousels",
    text: "Make a LinkedIn document carousel from any post: 5-10 slides drawn from the post and its article, a cover with your name and handle, one idea per slide, and a closing slide that invites people to follow you.",
    points: [
      "Edit, reorder, add and remove slides",
      "Light, dark or your brand colours, checked for contrast",
      "A real PDF, square or portrait, to download or publish",
    ],
  },
  {
    icon: icons.chart,
    title: "Analytics Dashboard",
    text: "Learn which posts, days and times work for your audience, so each week's plan is smarter than the last.",
    points: ["Engagement per post", "Best-performing post types", "Trends over time"],
    comingSoon: true,
  },
  {
    icon: icons.send,
    title: "One-Click Posting",
    text: "Connect your LinkedIn profile and have scheduled posts published for you at the recommended time. Free for existing subscribers when it ships.",
    points: ["One LinkedIn profile per account", "Publishes at the scheduled time", "No extra cost for subscribers"],
    comingSoon: true,
  },
];

const comparison: { label: string; manual: string; ours: string }[] = [
  { label: "Time to a week of posts", manual: "3-5 hours", ours: "About 10 minutes" },
  { label: "Posts from one article", manual: "1, if you find the time", ours: "5-7, planned as a week" },
  { label: "When to post", manual: "Guesswork", ours: "Day and time from engagement research" },
  { label: "Why each post", manual: "Rarely thought through", ours: "Strategy explained for every post" },
  { label: "Staying consistent", manual: "Falls apart in busy weeks", ours: "A calendar that keeps you on track" },
  { label: "Cost", manual: "Your evenings, or £2,000/month for a ghostwriter", ours: PRICE_LABEL },
];

/** One-Click Posting as it stands on this server: available with a LinkedIn app configured, coming soon otherwise. */
const oneClickPostingAvailable = {
  icon: icons.send,
  title: "One-Click Posting",
  text: "Connect your LinkedIn profile and choose Publish automatically when you schedule: the post goes out on LinkedIn at its time, and you are emailed if it cannot.",
  points: ["One LinkedIn profile per account", "Publishes at the scheduled time", "No extra cost for subscribers"],
  comingSoon: false,
};

export function FeaturesPage() {
  const { productName, autoPosting } = useSite();
  const shown = autoPosting ? features.map((feature) => (feature.title === "One-Click Posting" ? oneClickPostingAvailable : feature)) : features;
  return (
    <PublicLayout path="/features">
      <section className="-mt-16 bg-gradient-to-b from-primary/10 to-base-100 px-4 pb-16 pt-36 text-center sm:px-6 sm:pb-20 sm:pt-40">
        <div className="mx-auto max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Features</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">A content strategist, not just a writing tool</h1>
          <p className="mt-6 text-lg text-base-content/80 text-pretty">
            {`${productName} turns the writing you already do into a planned week on LinkedIn: what to post, in which order, on which day and why.`}
          </p>
          <a href="/signup" className="btn btn-primary btn-lg mt-8">
            Start Free 7-Day Trial
          </a>
        </div>
      </section>

      <Section labelledBy="feature-list">
        <h2 id="feature-list" className="sr-only">
          All features
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {shown.map((feature) => (
            <li key={feature.title} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <div className="flex items-start justify-between gap-3">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
                    <Icon d={feature.icon} />
                  </span>
                  {feature.comingSoon && <span className="badge badge-accent badge-outline font-medium">Coming Soon</span>}
                </div>
                <h3 className="card-title mt-3 text-xl">{feature.title}</h3>
                <p className="text-base-content/80">{feature.text}</p>
                <ul className="mt-3 space-y-2 text-sm">
                  {feature.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <Icon d={icons.check} className="size-4 shrink-0 translate-y-0.5 text-success" />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="comparison" className="bg-base-200/60">
        <SectionHeading id="comparison" eyebrow="Compare" title={`Doing it by hand versus ${productName}`} />
        <div className="mx-auto mt-12 max-w-4xl overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table max-sm:[&_:is(th,td)]:px-2.5">
            <thead>
              <tr>
                <th scope="col" className="text-base-content">
                  <span className="sr-only">What</span>
                </th>
                <th scope="col" className="text-base-content">
                  Manual
                </th>
                <th scope="col" className="text-primary">
                  {productName}
                </th>
              </tr>
            </thead>
            <tbody>
              {comparison.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="font-semibold">
                    {row.label}
                  </th>
                  <td className="text-base-content/75">{row.manual}</td>
                  <td className="font-medium">{row.ours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-10 text-center">
          <a href="/signup" className="btn btn-primary btn-lg">
            Try it free for 7 days
          </a>
        </div>
      </Section>

      <FinalCta title="Stop leaving your best ideas in one article" text="Two minutes to set up. Thirty seconds to your first plan. Cancel anytime." />
    </PublicLayout>
  );
}
