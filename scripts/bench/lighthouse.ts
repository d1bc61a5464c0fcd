// Lighthouse, mobile preset (its default: simulated throttling), median of N runs per URL.
// The CPU slowdown is Lighthouse's default (4x) unless the caller passes another: its throttling
// guide suggests a lower one on a slower host, judged by the host's benchmarkIndex
// (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md#cpu-throttling),
// which is returned here so the report can say what machine it was measured on.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, chromiumExecutable } from "../chromium.ts";
import { mainThreadTime } from "./main-thread.ts";
import { median } from "./median.ts";

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The lowest and highest TBT of the runs: one page's blocking time varies a lot between runs. */
  tbtRangeMs: [number, number];
  /** Lighthouse's measure of the host's CPU ("CPU/Memory Power"), median of the runs. */
  benchmarkIndex: number;
  /** Bytes of images transferred (the resource summary), on the mobile viewport. */
  imageBytes: number;
  /**
   * The page's long main-thread tasks up to its load event (main-thread.ts), medians of the runs:
   * their wall-clock length, which the simulation slows down, and the thread's CPU time in them.
   */
  mainThread?: { wallMs: number; cpuMs: number };
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export async function lighthouseMedian(
  url: string,
  runs: number,
  cpuSlowdownMultiplier?: number,
): Promise<LighthouseScores> {
  const results: LighthouseScores[] = [];
  for (let i = 0; i < runs; i++) {
    // CHROMIUM_ARGS, not the tests' list: with Chromium's omnibox-popup pages switched off, the
    // trace starts with a one-millisecond layout of the blank page on the same main thread, and
    // Lighthouse's simulation takes it for the page's first layout. Its simulated first paint then
    // leaves out the page's own layout and counts that layout as blocking time (measured on
    // /privacidade and /blog, 5 runs: the page's layout was missing from the first-paint graph in
    // each).
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumExecutable(),
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
        cpuSlowdownMultiplier === undefined
          ? undefined
          : { extends: "lighthouse:default", settings: { throttling: { cpuSlowdownMultiplier } } },
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? 0);
      const tbtMs = metric("total-blocking-time");
      const mainThread = mainThreadTime(result?.artifacts.Trace.traceEvents ?? [], url);
      results.push({
        url,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: metric("largest-contentful-paint"),
        cls: metric("cumulative-layout-shift"),
        tbtMs,
        tbtRangeMs: [tbtMs, tbtMs],
        benchmarkIndex: lhr.environment.benchmarkIndex,
        imageBytes: Number(
          (
            lhr.audits["resource-summary"]?.details as
              { items?: { resourceType: string; transferSize: number }[] } | undefined
          )?.items?.find((item) => item.resourceType === "image")?.transferSize ?? 0,
        ),
        ...(mainThread ? { mainThread: { wallMs: mainThread.wallMs, cpuMs: mainThread.cpuMs } } : {}),
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key: Exclude<keyof LighthouseScores, "url" | "tbtRangeMs" | "mainThread">) =>
    median(results.map((r) => r[key]));
  const traced = results.flatMap((r) => (r.mainThread ? [r.mainThread] : []));
  const tbts = results.map((r) => r.tbtMs);
  return {
    url,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    cls: pick("cls"),
    tbtMs: pick("tbtMs"),
    tbtRangeMs: [Math.min(...tbts), Math.max(...tbts)],
    benchmarkIndex: pick("benchmarkIndex"),
    imageBytes: pick("imageBytes"),
    ...(traced.length > 0
      ? {
          mainThread: {
            wallMs: median(traced.map((t) => t.wallMs)),
            cpuMs: median(traced.map((t) => t.cpuMs)),
          },
        }
      : {}),
  };
}
