import { useSite } from "../site";

/** The mark and the product name, linking home. */
export function Logo({ className = "" }: { className?: string }) {
  const { productName } = useSite();
  return (
    <a href="/" className={`flex items-center gap-2 text-lg font-bold tracking-tight ${className}`}>
      <LogoMark className="size-8" />
      <span>{productName}</span>
    </a>
  );
}

export function LogoMark({ className = "" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 21.5c2.2-7 4.4-11 7-11s2.3 5.5 4.6 5.5c1.3 0 2.3-1 3.4-3"
        fill="none"
        className="stroke-primary-content"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
