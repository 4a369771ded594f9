import * as v from "valibot";
import { type Branded, EmailButton, EmailDivider, EmailHeading, EmailLayout, EmailLink, EmailText } from "./layout";
import { defineEmail, personName } from "./schema";

/**
 * Sent on a forgot-password request for an existing account. The token is the only copy of
 * the secret (the database keeps its hash), valid 1 hour and once (PRODUCT.md "Accounts").
 */
export const passwordResetProps = v.object({
  name: personName,
  // 32 random bytes, URL-safe encoded by the account service.
  token: v.pipe(v.string(), v.nonEmpty("must not be blank"), v.maxLength(200, "must be at most 200 characters")),
});
export type PasswordResetProps = v.InferOutput<typeof passwordResetProps>;

export const sampleProps: PasswordResetProps = { name: "Priya Shah", token: "sample-token-for-preview-only" };

export const subject = ({ brand }: Branded<PasswordResetProps>) => `Reset your ${brand.productName} password`;

export function resetUrl(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function PasswordResetEmail({ brand, name, token }: Branded<PasswordResetProps>) {
  const url = resetUrl(brand.appUrl, token);
  return (
    <EmailLayout brand={brand} preview="Use this link within 1 hour to choose a new password.">
      <EmailHeading>Reset your password</EmailHeading>
      <EmailText>{`Hi ${name}, we received a request to reset the password of your ${brand.productName} account. Choose a new one with the button below.`}</EmailText>
      <EmailButton href={url}>Choose a new password</EmailButton>
      <EmailText>This link expires in 1 hour and works once. Resetting signs you out on every device.</EmailText>
      <EmailText muted>
        {"If the button does not work, copy this address into your browser: "}
        <EmailLink href={url}>{url}</EmailLink>
      </EmailText>
      <EmailDivider />
      <EmailText muted>
        {`If you did not ask for a new password, you can ignore this email: your password stays as it is. If these emails keep coming, let us know at ${brand.supportEmail}.`}
      </EmailText>
    </EmailLayout>
  );
}

export const passwordResetEmail = defineEmail({ props: passwordResetProps, Component: PasswordResetEmail, subject, sampleProps });
