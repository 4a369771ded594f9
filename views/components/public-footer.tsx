import { useSite } from "../site";
import { LogoMark } from "./logo";

/** Where the company can be followed. One place, so a change of handle is one edit. */
export const socialLinks = {
  x: "https://x.com/cadencehq",
  linkedin: "https://www.linkedin.com/company/cadencehq",
};

export function PublicFooter() {
  const { productName } = useSite();
  const heading = "mb-3 text-sm font-semibold uppercase tracking-wide text-base-content";
  const link = "text-sm text-base-content/75 hover:text-primary";
  return (
    <footer className="border-t border-base-300 bg-base-200/50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <a href="/" className="flex items-center gap-2 text-lg font-bold">
            <LogoMark className="size-7" />
            {productName}
          </a>
          <p className="mt-3 text-sm text-base-content/75">Turn what you already write into a week of LinkedIn posts.</p>
          <div className="mt-4 flex gap-2">
            {/* biome-ignore lint/a11y/useAnchorContent: aria-label names the link; the icon inside is aria-hidden */}
            <a href={socialLinks.x} className="btn btn-ghost btn-square btn-sm" aria-label={`${productName} on X`} rel="noopener">
              <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.2 4.7H5.4l11.3 14.5Z" />
              </svg>
            </a>
            {/* biome-ignore lint/a11y/useAnchorContent: aria-label names the link; the icon inside is aria-hidden */}
            <a href={socialLinks.linkedin} className="btn btn-ghost btn-square btn-sm" aria-label={`${productName} on LinkedIn`} rel="noopener">
              <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.8v1.5h.06c.53-1 1.83-2.06 3.77-2.06 4.03 0 4.77 2.65 4.77 6.1v5.46h-4v-4.84c0-1.15-.02-2.64-1.61-2.64-1.61 0-1.86 1.26-1.86 2.55v4.93h-4V9.75Z" />
              </svg>
            </a>
          </div>
        </div>
        <nav aria-label="Product">
          <h2 className={heading}>Product</h2>
          <ul className="space-y-2">
            <li>
              <a href="/features" className={link}>
                Features
              </a>
            </li>
            <li>
              <a href="/pricing" className={link}>
                Pricing
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Resources">
          <h2 className={heading}>Resources</h2>
          <ul className="space-y-2">
            <li className="flex items-center gap-2 text-sm text-base-content/75">
              Blog <span className="badge badge-sm badge-outline">Soon</span>
            </li>
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className={heading}>Company</h2>
          <ul className="space-y-2">
            <li>
              <a href="/about" className={link}>
                About Us
              </a>
            </li>
            <li>
              <a href="/contact" className={link}>
                Contact
              </a>
            </li>
            <li>
              <a href="/privacy" className={link}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href="/terms" className={link}>
                Terms of Service
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-base-300">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-base-content/75 sm:flex-row sm:px-6">
          <p>{`© 2025 ${productName}. All rights reserved.`}</p>
          <p className="flex items-center gap-2">
            <span>Payments secured by</span>
            <StripeWordmark />
          </p>
        </div>
      </div>
    </footer>
  );
}

/** The payment provider's name set as a wordmark, in the current text colour. */
function StripeWordmark() {
  return (
    <span role="img" className="inline-flex items-center gap-1 rounded-md border border-base-300 px-2 py-0.5 font-semibold tracking-tight" aria-label="Stripe">
      <svg className="size-3.5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </svg>
      <span aria-hidden="true">stripe</span>
    </span>
  );
}
