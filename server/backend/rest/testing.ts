// Helpers for the REST stages' unit tests.
import { RestError } from "./errors.ts";

/** The RestError that `fn` throws; fails the test when it returns or throws something else. */
export function restError(fn: () => unknown): RestError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError) return err;
    throw err;
  }
  throw new Error("expected a RestError");
}
