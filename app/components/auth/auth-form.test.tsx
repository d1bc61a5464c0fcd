import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { authCopy } from "~/content/auth";
import { SESSION_ENDED_SIGN_IN_PATH, signInPath } from "~/lib/session-ended";
import { AuthForm } from "./auth-form";

function render(path: string) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <AuthForm client={null} copy={authCopy} />
    </MemoryRouter>,
  );
}

describe("AuthForm after the admin lost its session", () => {
  it("says the session ended when the admin sent the person here, and nothing otherwise", () => {
    expect(render(SESSION_ENDED_SIGN_IN_PATH)).toMatch(
      /<output[^>]*>Sua sessão terminou. Entre novamente para continuar de onde parou.<\/output>/,
    );
    for (const path of ["/auth", "/auth?next=/admin", "/auth?next=/admin&motivo=outro"]) {
      expect(render(path)).not.toContain("<output");
    }
  });

  it("says why for each other reason the admin sends someone here", () => {
    expect(render(signInPath("signed-out-everywhere"))).toContain(
      ">Você saiu de todos os dispositivos. Entre novamente para continuar.</output>",
    );
    // Said on the way to / instead (a toast), as a signed-in visitor of /auth goes there.
    expect(render(signInPath("no-access"))).not.toContain("<output");
  });
});
