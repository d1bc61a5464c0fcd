// What a person types or pastes as an authenticator code: "123456", "123 456", "123-456".
// The service takes exactly six digits; anything else is said to the person before it is sent.

/** The digits of what was typed, with spaces and dashes (as apps show the code) removed. */
export function normalizeTotpCode(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** Why `value` is not a six-digit code, or null when it is one. */
export function totpCodeProblem(value: string): "missing" | "invalid" | null {
  const code = normalizeTotpCode(value);
  if (code === "") return "missing";
  return /^\d{6}$/.test(code) ? null : "invalid";
}
