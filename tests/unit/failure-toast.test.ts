import { expect, test } from "bun:test";
import { ApiError } from "../../islands/api";
import { failureMessage, failureToast, failureToastWithTitle } from "../../islands/ui/failure-toast";

const TRY_AGAIN = "Something went wrong. Please try again.";
const answered = new ApiError(400, "Invalid email or password", null, "Bad Request");
const silent = new ApiError(500, undefined, null, "Internal Server Error");
const offline = new TypeError("Failed to fetch");

test("failureToast: the server's words under the caller's title; no answer gets the generic network toast", () => {
  expect(failureToast(answered, "Login failed", "Invalid credentials")).toEqual({
    title: "Login failed",
    description: "Invalid email or password",
    variant: "destructive",
  });
  expect(failureToast(silent, "Login failed", "Invalid credentials")).toEqual({
    title: "Login failed",
    description: "Invalid credentials",
    variant: "destructive",
  });
  expect(failureToast(offline, "Login failed", "Invalid credentials")).toEqual({ title: "Error", description: TRY_AGAIN, variant: "destructive" });
});

test("failureToastWithTitle keeps its title even with no answer", () => {
  expect(failureToastWithTitle(offline, "Setup failed", "Failed to initialize payment. Please try again.")).toEqual({
    title: "Setup failed",
    description: "Failed to initialize payment. Please try again.",
    variant: "destructive",
  });
});

test("failureMessage: one sentence for an alert in a dialog", () => {
  expect(failureMessage(answered)).toBe("Invalid email or password");
  expect(failureMessage(silent)).toBe(TRY_AGAIN);
  expect(failureMessage(offline, "unused")).toBe(TRY_AGAIN);
});
