import { describe, expect, it } from "vitest";
import { memberStatus } from "./team";

describe("memberStatus", () => {
  it("says an invitation was accepted only for an account that came from one", () => {
    const invitedAt = "2026-01-01T00:00:00Z";
    expect(memberStatus({ invited_at: invitedAt, accepted: true })).toBe("invite-accepted");
    expect(memberStatus({ invited_at: invitedAt, accepted: false })).toBe("invite-pending");
    // A sign-up is no invitation: confirmed, nothing to say; not confirmed, said so.
    expect(memberStatus({ invited_at: null, accepted: true })).toBeNull();
    expect(memberStatus({ invited_at: null, accepted: false })).toBe("unconfirmed");
  });
});
