import { describe, expect, it } from "vitest";
import { PLACEHOLDER_SETTINGS, settingsInput, type SettingsInput } from "~/lib/site-settings";
import {
  adoptStored,
  afterSave,
  changedFields,
  changedRow,
  discardEdits,
  draftOf,
  openEdit,
  type SettingsEdit,
} from "./settings-edit";

const stored = settingsInput(PLACEHOLDER_SETTINGS);
const ADDRESS = "Rua Nova, 10, São Paulo, SP";

function typed(edit: SettingsEdit, changes: Partial<SettingsInput>): SettingsEdit {
  return { ...edit, values: { ...edit.values, ...changes } };
}

describe("newer stored settings (another admin saved, a refetch on focus)", () => {
  it("keep the admin's unsaved edit and update only the fields they did not touch", () => {
    const editing = typed(openEdit(stored, "v1", null), { address: ADDRESS });
    const newer = { ...stored, tiktok_url: "https://www.tiktok.com/@outra" };
    const after = adoptStored(editing, newer, "v2");
    expect(after.values.address).toBe(ADDRESS);
    expect(after.values.tiktok_url).toBe("https://www.tiktok.com/@outra");
    expect(changedFields(after)).toEqual(["address"]);
    expect(after.overlapping).toEqual([]);
  });

  it("mark a field someone else saved while the admin held an unsaved value in it", () => {
    const editing = typed(openEdit(stored, "v1", null), { address: ADDRESS });
    const after = adoptStored(editing, { ...stored, address: "Av. Brasil, 1" }, "v2");
    expect(after.values.address).toBe(ADDRESS);
    expect(after.overlapping).toEqual(["address"]);
    // Saving sends the admin's value (last writer wins), and the mark goes with the save.
    expect(changedRow(after).row).toEqual({ address: ADDRESS });
    expect(afterSave(after, changedRow(after).sent).overlapping).toEqual([]);
  });

  it("change nothing when the same version arrives again, and an edit equal to the new value is no longer unsaved", () => {
    const editing = typed(openEdit(stored, "v1", null), { address: ADDRESS });
    expect(adoptStored(editing, { ...stored, address: "x" }, "v1")).toBe(editing);
    const after = adoptStored(editing, { ...stored, address: ADDRESS }, "v2");
    expect(changedFields(after)).toEqual([]);
    expect(draftOf(after)).toBeNull();
  });
});

describe("saving", () => {
  it("sends only the changed fields, as the row stores them, so others' newer values stay", () => {
    const editing = typed(openEdit(stored, "v1", null), { cnpj: "11.222.333/0001-81", phone: "+55 11 3456-7890" });
    expect(changedRow(editing)).toEqual({
      sent: { cnpj: "11.222.333/0001-81", phone: "+55 11 3456-7890" },
      row: { cnpj: "11222333000181", phone: "+551134567890" },
    });
    expect(changedRow(openEdit(stored, "v1", null)).row).toEqual({});
  });

  it("shows what was stored afterwards, whether the refetch came before or after, keeping text typed meanwhile", () => {
    const editing = typed(openEdit(stored, "v1", null), { cnpj: "11.222.333/0001-81", address: ADDRESS });
    const { sent } = changedRow(editing);
    // Typed while the save ran: not part of it, still unsaved afterwards.
    const meanwhile = typed(editing, { address: `${ADDRESS}, sala 2` });
    const refetched = { ...stored, cnpj: "11222333000181", address: ADDRESS };
    const saveFirst = adoptStored(afterSave(meanwhile, sent), refetched, "v2");
    const refetchFirst = afterSave(adoptStored(meanwhile, refetched, "v2"), sent);
    for (const after of [saveFirst, refetchFirst]) {
      expect(after.values.cnpj).toBe("11222333000181");
      expect(after.values.address).toBe(`${ADDRESS}, sala 2`);
      expect(changedFields(after)).toEqual(["address"]);
      expect(after.overlapping).toEqual([]);
    }
  });
});

describe("the tab's copy of unsaved edits", () => {
  it("keeps each changed field with the stored value it replaced, and nothing when unchanged", () => {
    const editing = typed(openEdit(stored, "v1", null), { address: ADDRESS });
    expect(draftOf(editing)).toEqual({ fields: { address: { base: stored.address, value: ADDRESS } } });
    expect(draftOf(discardEdits(editing))).toBeNull();
  });

  it("puts the edits back when the form opens again, marking those someone else changed since", () => {
    const draft = {
      fields: {
        address: { base: stored.address, value: ADDRESS },
        youtube_url: { base: stored.youtube_url, value: "https://www.youtube.com/@nova" },
        // Already what is stored: nothing to recover.
        phone: { base: "+5511", value: stored.phone },
      },
    };
    const now = { ...stored, youtube_url: "https://www.youtube.com/@outra" };
    const opened = openEdit(now, "v3", draft);
    expect(opened.values.address).toBe(ADDRESS);
    expect(opened.values.youtube_url).toBe("https://www.youtube.com/@nova");
    expect(opened.restored).toEqual(["address", "youtube_url"]);
    expect(opened.overlapping).toEqual(["youtube_url"]);
    const discarded = discardEdits(opened);
    expect(discarded.values).toEqual(now);
    expect(discarded.restored).toEqual([]);
  });
});
