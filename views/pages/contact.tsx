import { Accordion, type AccordionItem } from "../components/accordion";
import { Icon, icons } from "../components/marketing";
import { socialLinks } from "../components/public-footer";
import { PublicLayout } from "../components/public-layout";
import type { PageMeta } from "../document";
import { useSite } from "../site";

export const contactMeta = (productName: string): PageMeta => ({
  title: `Contact us | ${productName}`,
  description: `Questions about ${productName}, your subscription or a feature you need? Send us a message and we respond within 24 hours.`,
  path: "/contact",
  scripts: ["public-site", "contact-form"],
});

export const contactSubjects = [
  { value: "general", label: "General Inquiry" },
  { value: "support", label: "Technical Support" },
  { value: "sales", label: "Sales" },
  { value: "feedback", label: "Feedback" },
] as const;

function quickAnswers(productName: string): AccordionItem[] {
  return [
    {
      question: "How quickly will I hear back?",
      answer: <p>We respond to every message within 24 hours, usually much sooner on weekdays.</p>,
    },
    {
      question: "How do I cancel my subscription?",
      answer: (
        <p>
          Open Settings and choose Cancel Subscription. During the trial you are never charged; a paid subscription stays active until the end of the billing
          period.
        </p>
      ),
    },
    {
      question: `Does ${productName} post to LinkedIn for me?`,
      answer: (
        <p>
          Not yet: for now you copy or export each post and publish it yourself. One-click posting is coming soon and will be free for existing subscribers.
        </p>
      ),
    },
  ];
}

const field = "w-full";

export function ContactPage() {
  const { productName, supportEmail } = useSite();
  return (
    <PublicLayout path="/contact">
      <section className="-mt-16 bg-gradient-to-b from-primary/10 to-base-100 px-4 pb-10 pt-36 text-center sm:px-6 sm:pt-40">
        <div className="mx-auto max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Contact</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">Get in touch</h1>
          <p className="mt-5 text-lg text-base-content/80">{`A question about ${productName}, your subscription or a feature you need? We read every message.`}</p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-2">
          <form id="contact-form" data-contact-form className="card-body gap-5" method="post" action="/api/contact" noValidate={false}>
            <h2 id="contact-form-heading" className="card-title text-2xl">
              Send us a message
            </h2>
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <label htmlFor="contact-name" className="font-medium">
                  Name
                </label>
                <input
                  id="contact-name"
                  name="name"
                  type="text"
                  required
                  maxLength={100}
                  autoComplete="name"
                  className={`input ${field}`}
                  placeholder="Your name"
                />
              </div>
              <div className="flex flex-col gap-2">
                <label htmlFor="contact-email" className="font-medium">
                  Email
                </label>
                <input id="contact-email" name="email" type="email" required autoComplete="email" className={`input ${field}`} placeholder="you@company.com" />
              </div>
            </div>
            <div className="flex flex-col gap-2">
              <label htmlFor="contact-subject" className="font-medium">
                Subject
              </label>
              <select id="contact-subject" name="subject" defaultValue="general" className={`select ${field}`}>
                {contactSubjects.map((subject) => (
                  <option key={subject.value} value={subject.value}>
                    {subject.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-2">
              <label htmlFor="contact-message" className="font-medium">
                Message
              </label>
              <textarea id="contact-message" name="message" required maxLength={5000} rows={6} className={`textarea ${field}`} placeholder="How can we help?" />
            </div>
            <div>
              <button type="submit" className="btn btn-primary" data-idle-label="Send Message">
                Send Message
              </button>
            </div>
            <noscript>
              <p className="text-sm text-base-content/75">
                {"The form needs JavaScript. You can also email us at "}
                <a className="link" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
                .
              </p>
            </noscript>
          </form>
        </section>

        <aside aria-labelledby="contact-details" className="space-y-6">
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-4">
              <h2 id="contact-details" className="card-title">
                Other ways to reach us
              </h2>
              <p className="flex items-start gap-3">
                <Icon d={["M4 6h16v12H4z", "m4 7 8 6 8-6"]} className="size-5 shrink-0 translate-y-0.5 text-primary" />
                <span>
                  <span className="block text-sm text-base-content/75">Email</span>
                  <a className="link link-hover font-medium" href={`mailto:${supportEmail}`}>
                    {supportEmail}
                  </a>
                </span>
              </p>
              <p className="flex items-start gap-3">
                <Icon d={icons.clock} className="size-5 shrink-0 translate-y-0.5 text-primary" />
                <span>We respond within 24 hours</span>
              </p>
              <div>
                <p className="text-sm text-base-content/75">Follow us</p>
                <div className="mt-2 flex gap-2">
                  <a className="btn btn-sm btn-outline" href={socialLinks.x} rel="noopener">
                    X
                  </a>
                  <a className="btn btn-sm btn-outline" href={socialLinks.linkedin} rel="noopener">
                    LinkedIn
                  </a>
                </div>
              </div>
              <p className="flex items-center gap-2 text-sm text-base-content/75">
                Help Center <span className="badge badge-sm badge-outline">Soon</span>
              </p>
            </div>
          </div>
        </aside>
      </div>

      <section aria-labelledby="quick-answers" className="bg-base-200/60 px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-3xl">
          <h2 id="quick-answers" className="text-center text-3xl font-bold tracking-tight">
            Quick Answers
          </h2>
          <div className="mt-10">
            <Accordion id="contact-faq" items={quickAnswers(productName)} />
          </div>
        </div>
      </section>
      <div data-toast-region aria-live="polite" className="toast toast-end toast-bottom z-50" />
    </PublicLayout>
  );
}
