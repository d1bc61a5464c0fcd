// Putting an uploaded image into Markdown that went on changing while it uploaded (docs/admin.md,
// "Conteúdo"): the place the image was pasted at follows the edits made meanwhile, and the image
// goes into the text as it is when the upload lands, never into a copy taken before.

/**
 * Where `position` lands once the text changed from `before` to `after`: an edit wholly before it
 * shifts it, one after it leaves it, one around it puts it at the edit's end. Text typed right at
 * the position goes after it, as if the image were already there.
 */
export function followPosition(position: number, before: string, after: string): number {
  if (before === after) return position;
  const shortest = Math.min(before.length, after.length);
  let start = 0;
  while (start < shortest && before[start] === after[start]) start++;
  let end = 0;
  while (end < shortest - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  // The edit replaced before[start, before.length - end) with after[start, after.length - end).
  if (position <= start) return position;
  if (position >= before.length - end) return position + after.length - before.length;
  return after.length - end;
}

/**
 * `markdown` inserted into `text` at `at`, on a line of its own so it renders as a picture and
 * not inside a paragraph's text; `length` is how much longer the text got.
 */
export function insertBlock(text: string, at: number, markdown: string): { text: string; length: number } {
  const place = Math.max(0, Math.min(at, text.length));
  const before = text.slice(0, place);
  const block = `${before && !before.endsWith("\n") ? "\n\n" : ""}${markdown}\n\n`;
  return { text: `${before}${block}${text.slice(place)}`, length: block.length };
}
