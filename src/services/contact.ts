import * as v from "valibot";
import { personNameSchema } from "./person-name";
import type { Database, Tx } from "../../db/client";
import { contactMessages } from "../../db/schema";

/** A contact form message as PRODUCT.md bounds it. */
export const contactMessageSchema = v.object({
  name: personNameSchema,
  email: v.pipe(
    v.string("Email is required."),
    v.trim(),
    v.nonEmpty("Email is required."),
    v.maxLength(254, "Email is too long."),
    v.email("Please enter a valid email address."),
  ),
  subject: v.optional(v.picklist(["general", "support", "sales", "feedback"], "Subject must be general, support, sales or feedback."), "general"),
  message: v.pipe(
    v.string("Message is required."),
    v.trim(),
    v.nonEmpty("Message is required."),
    v.maxLength(5000, "Message must be at most 5,000 characters."),
  ),
});

export type ContactMessage = v.InferOutput<typeof contactMessageSchema>;

/** What the contact service needs from the email service: queue one email inside a transaction. */
export type ContactEmailSender = (message: ContactMessage, options: { on: Tx }) => Promise<unknown>;

/**
 * Stores a contact message and queues the email to support in one transaction: either both
 * happen or neither. Delivery runs later as a job, so a slow mail provider never fails the form.
 */
export function createContactService(deps: { database: Database; sendSupportEmail: ContactEmailSender }) {
  async function submit(message: ContactMessage): Promise<{ id: string }> {
    return deps.database.db.transaction(async (tx) => {
      const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
      await deps.sendSupportEmail(message, { on: tx });
      return { id: row!.id };
    });
  }
  return { submit };
}

export type ContactService = ReturnType<typeof createContactService>;
