import * as v from "valibot";
import { type Branded, EmailButton, EmailHeading, EmailLayout, EmailText } from "./layout";
import { defineEmail, formatLongDate, instant, personName, timeZone } from "./schema";

/** LinkedIn member tokens last 60 days: 7 days and 1 day before the end, each once per token. */
export const linkedinExpiringProps = v.object({
  name: personName,
  expiresAt: instant,
  timeZone: v.optional(timeZone, "UTC"),
  days: v.picklist([7, 1]),
  /** Posts set to publish automatically after the connection ends. */
  postsAfterExpiry: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type LinkedinExpiringProps = v.InferOutput<typeof linkedinExpiringProps>;

export const sampleProps: v.InferInput<typeof linkedinExpiringProps> = {
  name: "Priya Shah",
  expiresAt: "2026-05-01T09:00:00.000Z",
  timeZone: "Europe/London",
  days: 7,
  postsAfterExpiry: 2,
};

export const subject = ({ expiresAt, timeZone }: Branded<LinkedinExpiringProps>) => `Your LinkedIn connection ends on ${formatLongDate(expiresAt, timeZone)}`;

export function LinkedinExpiringEmail({ brand, name, expiresAt, timeZone, days, postsAfterExpiry }: Branded<LinkedinExpiringProps>) {
  const date = formatLongDate(expiresAt, timeZone);
  return (
    <EmailLayout brand={brand} preview={`Reconnect LinkedIn before ${date} to keep publishing automatically.`}>
      <EmailHeading>{days === 1 ? "Your LinkedIn connection ends tomorrow" : "Your LinkedIn connection ends in 7 days"}</EmailHeading>
      <EmailText>{`Hi ${name}, LinkedIn ends ${brand.productName}'s access to your profile on ${date}, 60 days after you connected. After that, posts cannot be published automatically until you reconnect.`}</EmailText>
      {postsAfterExpiry > 0 ? (
        <EmailText>{`${postsAfterExpiry === 1 ? "1 post is" : `${postsAfterExpiry} posts are`} set to publish automatically after that date.`}</EmailText>
      ) : null}
      <EmailButton href={`${brand.appUrl}/settings`}>Reconnect LinkedIn</EmailButton>
      <EmailText muted>Reconnecting takes a minute and gives another 60 days.</EmailText>
    </EmailLayout>
  );
}

export const linkedinExpiringEmail = defineEmail({ props: linkedinExpiringProps, Component: LinkedinExpiringEmail, subject, sampleProps });
