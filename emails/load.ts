/**
 * The templates, imported on first use: they pull in React Email (about 0.2 s to import), which
 * the app loads only when it first renders or checks an email. Apart from kinds.ts, which
 * index.tsx holds its templates to, so the two do not import each other.
 */
export const loadEmails = () => import("./index");
