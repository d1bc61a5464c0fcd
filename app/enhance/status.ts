import { isStatusReport, type StatusReport } from "../lib/status-report";
import { markEnhanced } from "./ready";

// "Verificar novamente" on /status (app/components/site/status/status-board.tsx), in place:
// instead of reloading the whole page it asks /status.json for one new check and updates the
// board, announcing the result in its polite live region. Bounded: one request at a time, with
// a time limit; anything unexpected falls back to the link's own full request.

const TIMEOUT_MS = 10_000;

function apply(board: HTMLElement, report: StatusReport): void {
  for (const element of board.querySelectorAll<HTMLElement>("[data-status]")) {
    element.dataset.ok = String(report.allOk);
  }
  for (const element of board.querySelectorAll<HTMLElement>("[data-status-text]")) {
    const key = element.dataset.statusText as keyof StatusReport["texts"];
    if (key in report.texts) element.textContent = report.texts[key];
  }
  board.querySelector("time")?.setAttribute("datetime", report.checkedAt);
  const live = board.querySelector<HTMLElement>("[data-status-live]");
  if (live) live.textContent = `${report.texts.overall}. ${report.texts.checkedAt}`;
}

function setUp(board: HTMLElement): void {
  const refresh = board.querySelector<HTMLAnchorElement>("a[data-status-refresh]");
  if (!refresh) return;
  let busy = false;
  refresh.addEventListener("click", (event) => {
    // A new tab or window (modifier keys, middle click) keeps the plain link.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    board.setAttribute("aria-busy", "true");
    void fetch("/status.json", {
      cache: "no-store",
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
      .then(async (response) => {
        const body: unknown = response.ok ? await response.json() : null;
        if (!isStatusReport(body)) throw new Error(`Unexpected answer from /status.json (${response.status})`);
        apply(board, body);
      })
      .catch(() => window.location.assign(refresh.href))
      .finally(() => {
        busy = false;
        board.removeAttribute("aria-busy");
      });
  });
}

const board = document.querySelector<HTMLElement>("[data-status-board]");
if (board) setUp(board);

markEnhanced("status");
