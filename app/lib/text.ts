// Joining copy with values an admin types (site settings), which may already end in a period.

/** Ends a sentence with `text`, without doubling a final period: "Omnia Tecnologia Ltda." */
export function endSentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}
