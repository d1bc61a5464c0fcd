import { describe, expect, it } from "vitest";
import { postInput, slugify } from "../posts";
import {
  clearDraft,
  draftKey,
  forgetDraft,
  KEPT_DRAFTS,
  offeredDrafts,
  sameInput,
  saveDraft,
  setAsideDraft,
  standingRefusals,
  valuesAfterSave,
  type DraftStorage,
} from "./post-draft";

/** A Storage with the browser's semantics for the calls the drafts use. */
class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const empty = postInput(null, { authorId: "user-1" });
const titles = (drafts: { values: { title: string } }[]) => drafts.map((draft) => draft.values.title);

describe("sameInput (the editor's dirty check)", () => {
  it("is true for equal forms, tags compared in order", () => {
    expect(sameInput(empty, { ...empty, tags: [] })).toBe(true);
    expect(sameInput({ ...empty, tags: ["a", "b"] }, { ...empty, tags: ["a", "b"] })).toBe(true);
  });

  it("is false when any field differs, tags' order included", () => {
    expect(sameInput(empty, { ...empty, title: "Olá" })).toBe(false);
    expect(sameInput(empty, { ...empty, published: true })).toBe(false);
    expect(sameInput({ ...empty, tags: ["a", "b"] }, { ...empty, tags: ["b", "a"] })).toBe(false);
  });
});

describe("drafts in storage, one slot per editor session", () => {
  const old = { ...empty, title: "Cópia antiga" };
  const fresh = { ...empty, title: "Trabalho novo" };
  const none = new Set<string>();

  it("keys each session's copy under its post, 'new' for a post not saved yet", () => {
    expect(draftKey(null, "s1")).toBe("omnia:post-draft:new:session:s1");
    expect(draftKey("abc", "s1")).toBe("omnia:post-draft:abc:session:s1");
  });

  it("offers a gone session's copy of the same post, until it is cleared", () => {
    const storage = new MemoryStorage();
    const work = { ...empty, title: "Rascunho", content: "Texto" };
    saveDraft(storage, null, "gone", work, new Date("2026-11-27T12:00:00Z"));
    expect(offeredDrafts(storage, null, empty, none)).toEqual([
      { savedAt: "2026-11-27T12:00:00.000Z", values: work, session: "gone" },
    ]);
    expect(offeredDrafts(storage, "other-post", empty, none)).toEqual([]);
    clearDraft(storage, null, "gone");
    expect(offeredDrafts(storage, null, empty, none)).toEqual([]);
  });

  it("never offers, moves or deletes the copy of a session still open in another tab", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, null, "tab-a", old, new Date("2026-11-27T12:00:00Z"));
    const before = new Map(storage.items);
    // Tab B opens "Novo Post" while tab A writes on: nothing of A's is offered or touched.
    expect(offeredDrafts(storage, null, empty, new Set(["tab-a", "tab-b"]))).toEqual([]);
    expect(storage.items).toEqual(before);
    // Both write, each in its own slot.
    saveDraft(storage, null, "tab-b", fresh, new Date("2026-11-27T12:05:00Z"));
    expect(storage.items.get(draftKey(null, "tab-a"))).toContain("Cópia antiga");
    expect(storage.items.get(draftKey(null, "tab-b"))).toContain("Trabalho novo");
    // Once both tabs are gone, both copies are offered, newest first.
    expect(titles(offeredDrafts(storage, null, empty, none))).toEqual(["Trabalho novo", "Cópia antiga"]);
  });

  it("forgets only the copy recovered or dismissed, and offers the work a recovery replaced", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, "p1", "gone", old, new Date("2026-11-27T12:00:00Z"));
    const [offer] = offeredDrafts(storage, "p1", empty, new Set(["me"]));
    setAsideDraft(storage, "p1", fresh, new Date("2026-11-27T12:10:00Z"));
    forgetDraft(storage, "p1", offer!);
    saveDraft(storage, "p1", "me", old);
    expect(titles(offeredDrafts(storage, "p1", empty, new Set(["me"])))).toEqual(["Trabalho novo"]);
  });

  it("drops what recovers nothing and the oldest beyond the bound; ignores malformed copies", () => {
    const storage = new MemoryStorage();
    for (let index = 0; index < KEPT_DRAFTS + 2; index++) {
      saveDraft(storage, null, `s${index}`, { ...empty, title: `${index}` }, new Date(`2026-11-27T12:0${index}:00Z`));
    }
    saveDraft(storage, null, "same", empty);
    storage.setItem(draftKey(null, "broken"), "{not json");
    storage.setItem(draftKey(null, "older-editor"), JSON.stringify({ savedAt: "x", values: { title: 1 } }));
    expect(titles(offeredDrafts(storage, null, empty, none))).toEqual(["4", "3", "2"]);
    expect([...storage.items.keys()].toSorted()).toEqual(
      ["s2", "s3", "s4", "broken", "older-editor"].map((session) => draftKey(null, session)).toSorted(),
    );
  });

  it("offers copies stored before sessions had slots, once, as gone sessions' copies", () => {
    const storage = new MemoryStorage();
    storage.setItem("omnia:post-draft:p1", JSON.stringify({ savedAt: "2026-11-27T12:00:00.000Z", values: fresh }));
    storage.setItem("omnia:post-draft:p1:kept", JSON.stringify([{ savedAt: "2026-11-27T11:00:00.000Z", values: old }]));
    expect(titles(offeredDrafts(storage, "p1", empty, none))).toEqual(["Trabalho novo", "Cópia antiga"]);
    expect(storage.items.has("omnia:post-draft:p1")).toBe(false);
    expect(storage.items.has("omnia:post-draft:p1:kept")).toBe(false);
    expect(titles(offeredDrafts(storage, "p1", empty, none))).toHaveLength(2);
  });

  it("survives a storage that refuses everything", () => {
    const refused: DraftStorage = {
      length: 1,
      key: () => {
        throw new DOMException("denied", "SecurityError");
      },
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(() => saveDraft(refused, null, "s", empty)).not.toThrow();
    expect(offeredDrafts(refused, null, empty, none)).toEqual([]);
  });
});

describe("a save the admin typed through", () => {
  const submitted = { ...empty, title: " Título ", slug: "titulo", content: "Antes", published: true };
  // As the editor opens the saved post: trimmed title, the date the database filled in.
  const saved = { ...submitted, title: "Título", published_at: "2026-11-27T09:00" };

  it("takes the saved values of the untouched fields and keeps what was typed meanwhile", () => {
    const live = { ...submitted, content: "Antes e depois" };
    expect(valuesAfterSave(submitted, saved, live)).toEqual({ ...saved, content: "Antes e depois" });
  });

  it("is the saved post when nothing changed meanwhile", () => {
    expect(sameInput(valuesAfterSave(submitted, saved, submitted), saved)).toBe(true);
  });
});

describe("a save's refusals under their fields", () => {
  const refused = { slug: { message: "Já existe um post com este slug.", value: "ocupado" } };

  it("stand while the field holds the refused value", () => {
    expect(standingRefusals(refused, { ...empty, slug: "ocupado" })).toEqual({
      slug: "Já existe um post com este slug.",
    });
  });

  it("go once the field changes, and a later failed check cannot bring them back on the new value", () => {
    expect(standingRefusals(refused, { ...empty, slug: "livre" })).toEqual({});
    expect(standingRefusals(refused, { ...empty, slug: "livre", content: "" })).toEqual({});
  });
});

describe("the slug derived from the title", () => {
  it("folds accents and joins words with hyphens", () => {
    expect(slugify("Atenção ao Cliente: São Paulo!")).toBe("atencao-ao-cliente-sao-paulo");
  });
});
