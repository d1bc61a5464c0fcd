import { describe, expect, it } from "vitest";
import { postInput, slugify } from "../posts";
import {
  clearDraft,
  draftKey,
  forgetKeptDraft,
  keepDraft,
  keptDrafts,
  keptKey,
  KEPT_DRAFTS,
  loadDraft,
  sameInput,
  saveDraft,
  setAsideDrafts,
  standingRefusals,
  valuesAfterSave,
  type DraftStorage,
} from "./post-draft";

/** A Storage with the browser's semantics for the three calls the drafts use. */
class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
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

describe("drafts in storage", () => {
  it("keeps one draft per post, 'new' for a post not saved yet", () => {
    expect(draftKey(null)).toBe("omnia:post-draft:new");
    expect(draftKey("abc")).toBe("omnia:post-draft:abc");
  });

  it("gives back a stored draft that differs from the opening form, until it is cleared", () => {
    const storage = new MemoryStorage();
    const work = { ...empty, title: "Rascunho", content: "Texto" };
    saveDraft(storage, null, work, new Date("2026-11-27T12:00:00Z"));
    expect(loadDraft(storage, null, empty)).toEqual({ savedAt: "2026-11-27T12:00:00.000Z", values: work });
    expect(loadDraft(storage, "other-post", empty)).toBeNull();
    clearDraft(storage, null);
    expect(loadDraft(storage, null, empty)).toBeNull();
  });

  it("offers nothing when the draft equals the opening form or is malformed", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, "p1", empty);
    expect(loadDraft(storage, "p1", empty)).toBeNull();
    storage.setItem(draftKey("p2"), "{not json");
    expect(loadDraft(storage, "p2", empty)).toBeNull();
    storage.setItem(draftKey("p3"), JSON.stringify({ savedAt: "x", values: { title: 1 } }));
    expect(loadDraft(storage, "p3", empty)).toBeNull();
  });

  it("survives a storage that refuses writes", () => {
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(() => saveDraft(full, null, empty)).not.toThrow();
  });
});

describe("copies set aside at an opening (an offer the admin ignores)", () => {
  const old = { ...empty, title: "Cópia antiga" };
  const fresh = { ...empty, title: "Trabalho novo" };

  it("keeps the offered copy apart, so the new session's copy does not overwrite it", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, null, old, new Date("2026-11-27T12:00:00Z"));
    const offered = setAsideDrafts(storage, null, empty);
    expect(offered.map((draft) => draft.values.title)).toEqual(["Cópia antiga"]);
    // The admin ignores the offer and writes: that work is stored, the old copy is still there.
    saveDraft(storage, null, fresh, new Date("2026-11-27T12:05:00Z"));
    expect(loadDraft(storage, null, empty)?.values.title).toBe("Trabalho novo");
    expect(keptDrafts(storage, null, empty).map((draft) => draft.values.title)).toEqual(["Cópia antiga"]);
    // After a crash, the next opening offers both, newest first; opening again changes nothing.
    expect(setAsideDrafts(storage, null, empty).map((draft) => draft.values.title)).toEqual([
      "Trabalho novo",
      "Cópia antiga",
    ]);
    expect(setAsideDrafts(storage, null, empty)).toHaveLength(2);
    expect(storage.items.has(draftKey(null))).toBe(false);
  });

  it("forgets only the copy recovered or dismissed, and keeps the work a recovery replaces", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, "p1", old, new Date("2026-11-27T12:00:00Z"));
    const [offer] = setAsideDrafts(storage, "p1", empty);
    keepDraft(storage, "p1", { savedAt: "2026-11-27T12:10:00.000Z", values: fresh }, empty);
    forgetKeptDraft(storage, "p1", offer!, empty);
    expect(keptDrafts(storage, "p1", empty).map((draft) => draft.values.title)).toEqual(["Trabalho novo"]);
    forgetKeptDraft(storage, "p1", keptDrafts(storage, "p1", empty)[0]!, empty);
    expect(storage.items.has(keptKey("p1"))).toBe(false);
  });

  it("keeps a bounded number, dropping the oldest, and ignores what recovers nothing", () => {
    const storage = new MemoryStorage();
    for (let index = 0; index < KEPT_DRAFTS + 2; index++) {
      keepDraft(
        storage,
        null,
        { savedAt: `2026-11-27T12:0${index}:00.000Z`, values: { ...empty, title: `${index}` } },
        empty,
      );
    }
    keepDraft(storage, null, { savedAt: "2026-11-27T13:00:00.000Z", values: empty }, empty);
    expect(keptDrafts(storage, null, empty).map((draft) => draft.values.title)).toEqual(["4", "3", "2"]);
    storage.setItem(keptKey("p2"), "{not json");
    expect(keptDrafts(storage, "p2", empty)).toEqual([]);
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
