import { vi } from "vitest";
import { writeUnsaved, type WorkStorage } from "./unsaved-work";

// For tests: a tab's sessionStorage in memory (Node has none), holding the unsaved work given.

export function memoryStorage(): WorkStorage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** Makes `sessionStorage` a tab holding these copies (undo with vi.unstubAllGlobals()). */
export function stubTabStorage(entries: [userId: string, name: string, value: unknown][]): void {
  const storage = memoryStorage();
  for (const [userId, name, value] of entries) writeUnsaved(storage, userId, name, value);
  vi.stubGlobal("sessionStorage", storage);
}
