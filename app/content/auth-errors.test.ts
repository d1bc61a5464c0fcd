import { AuthApiError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { authErrors } from "../../server/backend/auth/errors";
import { errorNotice, screenErrorTexts, toDataError } from "~/lib/data-result";
import { authCopy, authErrorMessages } from "./auth";

// Every error the embedded auth service can answer reaches the sign-in or account screens as
// its code; each must have a pt-BR text there, so a code added to server/backend/auth/errors.ts
// without one fails here.
const serviceErrors = Object.entries(authErrors).map(([name, make]) => ({
  name,
  code: make.code,
  status: make.status,
}));

describe("the auth service's error codes in pt-BR", () => {
  it("has a text for every code the embedded service answers", () => {
    const missing = serviceErrors
      .filter(({ code }) => !authErrorMessages[code])
      .map(({ name, code }) => `${name}: ${code}`);
    expect(missing).toEqual([]);
  });

  it("says each in Portuguese, never the service's English", () => {
    for (const { code, status } of serviceErrors) {
      const english = new AuthApiError("English text from the service", status, code);
      for (const texts of [screenErrorTexts.auth(authCopy, "login"), screenErrorTexts.account(authCopy)]) {
        const notice = errorNotice(toDataError(english), texts);
        expect(notice?.title).toBe("Erro");
        expect(notice?.description).not.toBe("English text from the service");
      }
    }
  });

  it("tells a wrong password as the spec's toast does, titled Erro", () => {
    const refused = toDataError(new AuthApiError("Invalid login credentials", 400, "invalid_credentials"));
    expect(errorNotice(refused, screenErrorTexts.auth(authCopy, "login"))).toEqual({
      title: "Erro",
      description: "E-mail ou senha incorretos.",
    });
    expect(errorNotice(refused, screenErrorTexts.account(authCopy))?.description).toBe("E-mail ou senha incorretos.");
  });

  it("keeps the account screens' own words for a refusal they know", () => {
    const wrongCurrent = toDataError(
      new AuthApiError("Current password required when setting new password.", 400, "current_password_invalid"),
    );
    expect(errorNotice(wrongCurrent, screenErrorTexts.account(authCopy))?.description).toBe(
      "A senha atual está incorreta.",
    );
  });
});
