import { describe, expect, it } from "vitest";
import { clearUnsavedWork, hasUnsavedWork, readUnsaved, writeUnsaved } from "./unsaved-work";
import { memoryStorage } from "./unsaved-work.testing";

const isText = (value: unknown): value is { text: string } =>
  typeof value === "object" && value !== null && typeof (value as { text?: unknown }).text === "string";

describe("unsaved work kept in the tab", () => {
  it("is kept per user: another account signing in on the tab is offered nothing", () => {
    const storage = memoryStorage();
    writeUnsaved(storage, "ana", "settings", { text: "Rua Nova" });
    expect(readUnsaved(storage, "ana", "settings", isText)).toEqual({ text: "Rua Nova" });
    expect(readUnsaved(storage, "bruno", "settings", isText)).toBeNull();
    expect(hasUnsavedWork(storage, "ana")).toBe(true);
    expect(hasUnsavedWork(storage, "bruno")).toBe(false);
  });

  it("is forgotten when the form holds nothing unsaved, or when its user signs out without saving", () => {
    const storage = memoryStorage();
    writeUnsaved(storage, "ana", "settings", { text: "Rua Nova" });
    writeUnsaved(storage, "ana", "note:1", { text: "Ligar" });
    writeUnsaved(storage, "bruno", "note:1", { text: "Dele" });
    writeUnsaved(storage, "ana", "settings", null);
    expect(readUnsaved(storage, "ana", "settings", isText)).toBeNull();
    clearUnsavedWork(storage, "ana");
    expect(hasUnsavedWork(storage, "ana")).toBe(false);
    expect(readUnsaved(storage, "bruno", "note:1", isText)).toEqual({ text: "Dele" });
  });

  it("reads a malformed copy, or none at all, as nothing, and survives a refusing storage", () => {
    const storage = memoryStorage();
    storage.setItem("omnia:admin-unsaved:ana:settings", "{not json");
    expect(readUnsaved(storage, "ana", "settings", isText)).toBeNull();
    writeUnsaved(storage, "ana", "settings", { other: 1 });
    expect(readUnsaved(storage, "ana", "settings", isText)).toBeNull();
    expect(readUnsaved(null, "ana", "settings", isText)).toBeNull();
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => writeUnsaved(full, "ana", "settings", { text: "x" })).not.toThrow();
  });
});
