import { describe, expect, it } from "vitest";
import { postInput, slugify } from "../posts";
import { clearDraft, draftKey, loadDraft, sameInput, saveDraft, type DraftStorage } from "./post-draft";

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

describe("the slug derived from the title", () => {
  it("folds accents and joins words with hyphens", () => {
    expect(slugify("Atenção ao Cliente: São Paulo!")).toBe("atencao-ao-cliente-sao-paulo");
  });
});
