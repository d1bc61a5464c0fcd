// Every enhancement module ends by calling markEnhanced(name): <html data-enhanced="…"> lists
// the modules that have set themselves up, so end-to-end tests (tests/e2e/support/hydration.ts)
// wait for exactly the behaviour they use instead of guessing with timeouts.
export function markEnhanced(name: string): void {
  const root = document.documentElement;
  const done = new Set((root.dataset.enhanced ?? "").split(" ").filter(Boolean));
  done.add(name);
  root.dataset.enhanced = [...done].join(" ");
}
