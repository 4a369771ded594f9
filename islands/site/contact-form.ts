/**
 * The contact form without React: sends JSON to /api/contact, shows 'Sending...' while busy,
 * resets the form and celebrates with confetti for 3 s on success (not when the user prefers
 * reduced motion), and shows the destructive toast on failure.
 */
import { launchConfetti } from "./confetti";
import { showToast } from "../ui/toast";

const CONFETTI_MS = 3_000;

const form = document.querySelector<HTMLFormElement>("form[data-contact-form]");
if (form) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const idleLabel = button.dataset.idleLabel ?? button.textContent ?? "Send Message";

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    button.disabled = true;
    button.textContent = "Sending...";
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "include",
        body: JSON.stringify(data),
      });
      if (!response.ok) throw new Error(`${response.status}`);
      form.reset(); // back to empty fields and subject "general" (its default option)
      showToast({ title: "Message sent!", description: "We'll get back to you within 24 hours." });
      if (!matchMedia("(prefers-reduced-motion: reduce)").matches) launchConfetti(CONFETTI_MS);
    } catch {
      showToast({ title: "Failed to send message", description: "Please try again later or email us directly.", variant: "destructive" });
    } finally {
      button.disabled = false;
      button.textContent = idleLabel;
    }
  });
}
