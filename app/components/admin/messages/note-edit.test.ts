import { describe, expect, it } from "vitest";
import { adoptNote, noteDraftOf, openNote, type NoteEdit } from "./note-edit";

const typing = (edit: NoteEdit, value: string): NoteEdit => ({ ...edit, value });

describe("a lead's note", () => {
  it("follows a note saved elsewhere while unchanged here, and never replaces unsaved text", () => {
    const clean = openNote("Ligar amanhã", null);
    expect(adoptNote(clean, "Ligou, quer proposta").value).toBe("Ligou, quer proposta");
    const writing = typing(clean, "Ligar amanhã às 10h");
    const after = adoptNote(writing, "Ligou, quer proposta");
    expect(after.value).toBe("Ligar amanhã às 10h");
    expect(after.overlapping).toBe(true);
    expect(noteDraftOf(after)).toEqual({ base: "Ligou, quer proposta", value: "Ligar amanhã às 10h" });
  });

  it("is saved once the stored note is what was sent; text typed since stays unsaved, not a conflict", () => {
    const sent = { ...typing(openNote("", null), "Proposta enviada"), sent: "Proposta enviada" };
    expect(noteDraftOf(adoptNote(sent, "Proposta enviada"))).toBeNull();
    const more = adoptNote(typing(sent, "Proposta enviada; retorno sexta"), "Proposta enviada");
    expect(more.value).toBe("Proposta enviada; retorno sexta");
    expect(more.overlapping).toBe(false);
  });

  it("comes back from the tab's copy, unless the copy is what is stored already", () => {
    const restored = openNote("", { base: "", value: "Cliente pediu desconto" });
    expect(restored).toMatchObject({ value: "Cliente pediu desconto", restored: true, overlapping: false });
    expect(openNote("Outra", { base: "", value: "Minha" })).toMatchObject({ value: "Minha", overlapping: true });
    expect(openNote("Igual", { base: "", value: "Igual" })).toMatchObject({ value: "Igual", restored: false });
  });
});
