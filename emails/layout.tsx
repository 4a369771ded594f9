import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";

/** What every email needs to know about the product, taken from config when it is rendered. */
export type EmailBrand = {
  productName: string;
  /** The public origin; every link in an email is absolute (mail clients have no base URL). */
  appUrl: string;
  supportEmail: string;
};

/** Template props as the component receives them: the kind's own props plus the brand. */
export type Branded<P> = P & { brand: EmailBrand };

// The brand indigo (#4338ca, Tailwind's indigo-700) and neutral greys. Mail clients ignore
// stylesheets and CSS variables unevenly, so every style is inline and every colour literal.
export const colors = {
  brand: "#4338ca",
  brandSoft: "#eef2ff",
  text: "#1f2937",
  muted: "#6b7280",
  border: "#e5e7eb",
  page: "#f4f5f9",
  card: "#ffffff",
};

// System fonts only: web fonts would need a <link> many clients strip, and a remote fetch.
const fontFamily = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const styles = {
  body: { backgroundColor: colors.page, margin: 0, padding: "32px 0", fontFamily, color: colors.text },
  container: { maxWidth: "560px", margin: "0 auto", padding: "0 16px" },
  header: { padding: "0 0 20px" },
  // The site's own mark (public/email-logo.png, drawn by scripts/make-email-logo.ts): clients drop SVG.
  mark: {
    display: "inline-block",
    width: "32px",
    height: "32px",
    borderRadius: "8px",
    border: "0",
    verticalAlign: "middle",
  },
  productName: { display: "inline-block", marginLeft: "10px", fontSize: "20px", fontWeight: 700, color: colors.text, verticalAlign: "middle" },
  card: {
    backgroundColor: colors.card,
    border: `1px solid ${colors.border}`,
    borderTop: `4px solid ${colors.brand}`,
    borderRadius: "12px",
    padding: "32px",
  },
  footer: { padding: "20px 8px 0", textAlign: "center" },
  footerText: { margin: "0 0 6px", fontSize: "12px", lineHeight: "18px", color: colors.muted },
  footerLink: { color: colors.muted, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

/**
 * The frame every email shares: the product's mark and name, a white card for the message,
 * and a footer saying who sent it and where to get help.
 */
export function EmailLayout({
  brand,
  preview,
  internalNote,
  children,
}: {
  brand: EmailBrand;
  /** The line inbox lists show after the subject. */
  preview: string;
  /** For emails to our own team (the contact form): where it came from, in place of the customer footer. */
  internalNote?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {/* The plain-text part starts at the message: a text logo would only repeat the name. */}
          <Section style={styles.header} data-skip-in-text="true">
            <Link href={brand.appUrl} style={{ textDecoration: "none" }}>
              <Img src={`${brand.appUrl}/email-logo.png`} width="32" height="32" alt="" style={styles.mark} />
              <span style={styles.productName}>{brand.productName}</span>
            </Link>
          </Section>
          <Section style={styles.card}>{children}</Section>
          <Section style={styles.footer}>
            {internalNote ? (
              <Text style={styles.footerText}>{internalNote}</Text>
            ) : (
              <>
                <Text style={styles.footerText}>{`You are receiving this email because you have a ${brand.productName} account.`}</Text>
                <Text style={styles.footerText}>
                  {"Questions? Write to "}
                  <Link href={`mailto:${brand.supportEmail}`} style={styles.footerLink}>
                    {brand.supportEmail}
                  </Link>
                  {" and we will answer within 24 hours."}
                </Text>
              </>
            )}
            <Text style={styles.footerText}>
              {/* The address itself as the text, so the plain-text part does not print it twice. */}
              <Link href={brand.appUrl} style={styles.footerLink}>
                {brand.appUrl}
              </Link>
              {` · ${brand.productName} turns what you already write into a week of LinkedIn posts.`}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function EmailHeading({ children }: { children: ReactNode }) {
  return <Heading style={{ margin: "0 0 16px", fontSize: "24px", lineHeight: "32px", fontWeight: 700, color: colors.text }}>{children}</Heading>;
}

export function EmailText({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text style={{ margin: "0 0 16px", fontSize: muted ? "14px" : "16px", lineHeight: muted ? "22px" : "26px", color: muted ? colors.muted : colors.text }}>
      {children}
    </Text>
  );
}

/** The one call to action of an email: a solid indigo button with padding clients keep. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.brand,
          borderRadius: "8px",
          color: "#ffffff",
          fontSize: "16px",
          fontWeight: 600,
          padding: "12px 24px",
          textDecoration: "none",
          display: "inline-block",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A tinted box for the one fact the reader must not miss (a date, an amount). */
export function EmailCallout({ children }: { children: ReactNode }) {
  return (
    <Section style={{ backgroundColor: colors.brandSoft, borderRadius: "8px", padding: "16px 20px", margin: "0 0 20px" }}>
      <Text style={{ margin: 0, fontSize: "16px", lineHeight: "24px", color: colors.text }}>{children}</Text>
    </Section>
  );
}

export function EmailDivider() {
  return <Hr style={{ borderColor: colors.border, margin: "8px 0 20px" }} />;
}

export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: colors.brand, textDecoration: "underline" }}>
      {children}
    </Link>
  );
}
