// PUT /user and PUT /admin/users/:id share users.ts's updateUser: the same e-mail rules
// (email_exists, user_metadata.email mirrored), metadata merged key by key as GoTrue does; a
// user's own change of address waits for two links, an admin's is made at once. Also the admin
// list's e-mail filter, a fixed statement.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createMailer } from "../../mail/mailer.ts";
import { until } from "../../mail/smtp-sink.testing.ts";
import { describeEachDatabase } from "../testing/describe-each-database.ts";
import { TEST_URL, call, startTestBackend } from "./test-support.ts";
import type { TestBackend } from "./test-support.ts";

describeEachDatabase("updating users", (kind) => {
  let backend: TestBackend;
  let n = 0;
  const email = (name: string) => `${name}-${++n}@example.com`;
  const service = () => backend.client({ key: backend.auth.keys.serviceRoleKey }).auth.admin;

  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("PUT /user: a new e-mail waits for its links (the user keeps the old one); a taken one is refused", async () => {
    const taken = email("taken");
    await service().createUser({ email: taken, password: "secret123", email_confirm: true });
    // The development outbox: the real mailer, writing .eml files.
    const outbox = join(backend.dataDir, "outbox");
    const withMail = await backend.makeAuth({
      mail: {
        mailer: createMailer({ from: "Omnia <no-reply@omnia.example>", outboxDir: outbox, log: () => {} }),
        site: { name: "Omnia", url: TEST_URL },
      },
    });
    const supabase = backend.client({ auth: withMail });
    const mover = email("mover");
    const signUp = await supabase.auth.signUp({ email: mover, password: "secret123", options: { data: { a: 1 } } });
    expect(signUp.error).toBeNull();

    const refused = await supabase.auth.updateUser({ email: taken.toUpperCase() });
    expect(refused.error).toMatchObject({ status: 422, code: "email_exists" });

    backend.clock.offset += 60_000;
    const moved = email("moved");
    const changed = await supabase.auth.updateUser({ email: moved, data: { b: 2 } });
    expect(changed.error).toBeNull();
    const user = changed.data.user!;
    expect(user.email).toBe(mover);
    expect(user.new_email).toBe(moved);
    expect(user.email_change_sent_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({ a: 1, b: 2, email: mover });
    // Two messages, one to each address (the links themselves: account-emails.test.ts).
    await until(
      "both e-mails",
      () => existsSync(outbox) && readdirSync(outbox).filter((name) => name.endsWith(".eml")).length === 2,
    );
    // GoTrue's SMTP_MAX_FREQUENCY: another request within a minute is refused.
    const soon = await supabase.auth.updateUser({ email: email("again") });
    expect(soon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });

    // Nothing to change: the same user back, not written.
    const token = (await supabase.auth.getSession()).data.session!.access_token;
    const same = await call(withMail, "PUT", "/user", { token, body: { email: mover } });
    expect(same.status).toBe(200);
    expect(same.body["updated_at"]).toBe(user.updated_at);
  });

  it("PUT /admin/users/:id: e-mail, email_confirm, both metadata, password; a taken e-mail is refused", async () => {
    const taken = email("admin-taken");
    await service().createUser({ email: taken, password: "secret123" });
    const created = await service().createUser({
      email: email("admin-target"),
      password: "secret123",
      user_metadata: { keep: true, over: "old" },
      app_metadata: { roles: ["x"] },
    });
    const id = created.data.user!.id;
    expect(created.data.user!.email_confirmed_at).toBeNull();

    expect((await service().updateUserById(id, { email: taken })).error).toMatchObject({
      status: 422,
      code: "email_exists",
    });

    const moved = email("admin-moved");
    const moving = await service().updateUserById(id, { email: moved });
    expect(moving.error).toBeNull();
    // Unlike PUT /user, an admin's change of address does not confirm it.
    expect(moving.data.user!.email_confirmed_at).toBeNull();
    expect(moving.data.user!.user_metadata).toMatchObject({ email: moved, keep: true });

    const updated = await service().updateUserById(id, {
      email_confirm: true,
      password: "another-secret",
      user_metadata: { over: "new" },
      app_metadata: { plan: "pro" },
    });
    expect(updated.error).toBeNull();
    const user = updated.data.user!;
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({ keep: true, over: "new", email: moved });
    expect(user.app_metadata).toMatchObject({ provider: "email", roles: ["x"], plan: "pro" });
    const signIn = await backend.client().auth.signInWithPassword({ email: moved, password: "another-secret" });
    expect(signIn.error).toBeNull();

    // email_confirm on a confirmed user keeps the first confirmation time.
    const again = await service().updateUserById(id, { email_confirm: true });
    expect(again.data.user!.email_confirmed_at).toBe(user.email_confirmed_at);

    const bad = await call(backend.auth, "PUT", `/admin/users/${id}`, {
      token: backend.auth.keys.serviceRoleKey,
      body: { app_metadata: [1] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body["message"]).toBe("app_metadata must be an object");
  });

  it("GET /admin/users?filter matches a substring of the e-mail, wildcards taken literally", async () => {
    const tag = `filter_${kind}`;
    await service().createUser({ email: `${tag}.one@example.com`, password: "secret123" });
    await service().createUser({ email: `${tag}.two@example.com`, password: "secret123" });
    await service().createUser({ email: `filterx${kind}.three@example.com`, password: "secret123" });
    const token = backend.auth.keys.serviceRoleKey;
    const found = await call(
      backend.auth,
      "GET",
      `/admin/users?filter=${encodeURIComponent(tag.toUpperCase())}&per_page=1`,
      {
        token,
      },
    );
    expect(found.status).toBe(200);
    expect(found.headers.get("x-total-count")).toBe("2");
    expect((found.body["users"] as unknown[]).length).toBe(1);
    const all = await call(backend.auth, "GET", "/admin/users?per_page=1", { token });
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThan(2);
  });
});
