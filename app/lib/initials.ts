/**
 * Initials for an avatar fallback: the first letters of the first and last capitalised
 * words, so "Dr. Marcelo Tavares" gives "DT" and "Ana de Souza" gives "AS".
 */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word));
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}
