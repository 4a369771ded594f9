import { useQuery } from "@tanstack/react-query";
import { fetchUser, queryKeys } from "../api";
import { QueryProvider } from "../query-client";

/**
 * /subscription-expired loads the current user (SPEC.md "Subscription expired"). We use it to
 * greet a signed-in user and reassure them their work is kept; a signed-out visitor is offered
 * the sign-in page instead. Resubscribe Now stays for both: /payment-setup asks a signed-out
 * visitor to sign in first.
 */
export default function ExpiredGreeting() {
  return (
    <QueryProvider>
      <Greeting />
    </QueryProvider>
  );
}

function Greeting() {
  const user = useQuery({ queryKey: queryKeys.user, queryFn: fetchUser });

  // The same height in every state, so the card does not jump when the answer arrives.
  const line = "min-h-10 text-center text-sm text-base-content/75 text-pretty";
  if (user.isPending) return <p className={line} aria-hidden="true" />;
  if (user.data) {
    return <p className={line}>{`Welcome back, ${user.data.name.trim() || "there"}. Your saved posts and plans are kept, ready for when you return.`}</p>;
  }
  return (
    <p className={line}>
      {"Already resubscribed? "}
      <a href="/login" className="link link-primary font-medium">
        Sign in
      </a>
      {" to pick up where you left off."}
    </p>
  );
}
