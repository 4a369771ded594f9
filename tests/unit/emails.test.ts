import { describe, expect, test } from "bun:test";
import { type EmailKind, emailTemplates, renderEmail } from "../../emails";
import type { EmailBrand } from "../../emails/layout";

// Every brand field differs from the defaults, so anything hard-coded shows up.
const brand: EmailBrand = { productName: "Quillmark", appUrl: "https://quill.example", supportEmail: "help@quill.example" };
const kinds = Object.keys(emailTemplates) as EmailKind[];

describe("email templates", () => {
  for (const kind of kinds) {
    test(`${kind}: renders its sample with the brand from config, as HTML and plain text`, async () => {
      const email = await renderEmail(kind, emailTemplates[kind].sampleProps, brand);
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.subject).not.toMatch(/\n/);
      for (const part of [email.html, email.text]) {
        expect(part).not.toMatch(/cadence|lorem|todo/i);
        expect(part).toContain("https://quill.example");
      }
      expect(email.html).toContain("#4338ca");
      expect(email.html).toContain('lang="en-GB"');
      expect(email.text).not.toMatch(/<[a-z]/i);
    });
  }

  test("welcome points to the trial setup", async () => {
    const email = await renderEmail("welcome", { name: "Priya" }, brand);
    expect(email.subject).toBe("Welcome to Quillmark");
    expect(email.html).toContain('href="https://quill.example/payment-setup"');
    expect(email.replyTo).toBeUndefined();
  });

  test("trial started names the end date and that nothing is charged until then", async () => {
    const email = await renderEmail("trial-started", { name: "Priya", trialEndsAt: "2026-03-09T09:00:00Z", timeZone: "Europe/London" }, brand);
    expect(email.subject).toBe("Your Quillmark free trial has started");
    expect(email.text).toContain("Nothing is charged until Mar 9, 2026.");
    expect(email.text).toContain("£6");
  });

  test("trial ending says the amount and the date, and how to cancel", async () => {
    const email = await renderEmail("trial-ending", { name: "Priya", chargeAt: "2026-03-09T09:00:00Z" }, brand);
    expect(email.subject).toBe("Your Quillmark trial ends on Mar 9, 2026");
    expect(email.text).toContain("You will be charged £6 on Mar 9, 2026.");
    expect(email.text).toContain("open Settings and choose Cancel subscription");
    expect(email.html).toContain('href="https://quill.example/settings"');
  });

  test("cancellation: a trial ends now; a paid subscription at the end of its period", async () => {
    const trial = await renderEmail("cancellation", { cancelledDuring: "trial", name: "Priya" }, brand);
    expect(trial.subject).toBe("Your Quillmark trial has been cancelled");
    expect(trial.text).toContain("Your access has ended and your card will not be charged.");

    const paid = await renderEmail("cancellation", { cancelledDuring: "paid", name: "Priya", accessEndsAt: new Date("2026-04-09T09:00:00Z") }, brand);
    expect(paid.subject).toBe("Your Quillmark subscription has been cancelled");
    expect(paid.text).toContain("You keep full access until Apr 9, 2026.");
    expect(paid.text).not.toContain("Your access has ended");
  });

  test("password reset links to /reset-password with the token, valid 1 hour", async () => {
    const email = await renderEmail("password-reset", { name: "Priya", token: "a+b/c=" }, brand);
    expect(email.subject).toBe("Reset your Quillmark password");
    expect(email.html).toContain('href="https://quill.example/reset-password?token=a%2Bb%2Fc%3D"');
    expect(email.text).toContain("https://quill.example/reset-password?token=a%2Bb%2Fc%3D");
    expect(email.text).toContain("expires in 1 hour");
    expect(email.text).toContain("you can ignore this email");
  });

  test("contact goes to support with the visitor as Reply-To, their text escaped and its line breaks kept", async () => {
    const email = await renderEmail(
      "contact",
      { name: "Tom\nBecker", email: "tom@example.com", subject: "support", message: "Line one\n<script>alert(1)</script>" },
      brand,
    );
    expect(email.replyTo).toBe("tom@example.com");
    expect(email.subject).toBe("[Contact] Support from Tom Becker");
    expect(email.html).not.toContain("<script>alert(1)</script>");
    expect(email.html).toContain("&lt;script&gt;");
    expect(email.text).toContain("Line one\n<script>alert(1)</script>");
  });

  test("props that do not fit the kind are refused before rendering", async () => {
    await expect(renderEmail("contact", { name: "Tom", email: "tom@example.com", subject: "support", message: "x".repeat(5_001) }, brand)).rejects.toThrow();
    // @ts-expect-error a paid cancellation needs accessEndsAt
    await expect(renderEmail("cancellation", { cancelledDuring: "paid", name: "Priya" }, brand)).rejects.toThrow();
  });
});
