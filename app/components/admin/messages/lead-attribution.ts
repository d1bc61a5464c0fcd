import type { adminCopy as AdminCopy } from "~/content/admin";
import { isAttribution, type Touch } from "~/lib/analytics-attribution";
import type { Json } from "~/lib/database.types";

type Copy = typeof AdminCopy.messages;

/** One touch in a line: "Google · campanha black-friday · entrou por /precos". */
export function touchSummary(touch: Touch, copy: Copy): string {
  const origin = touch.source ?? copy.attribution.channels[touch.channel] ?? touch.channel;
  return [
    origin,
    touch.utm_campaign ? copy.attribution.campaign(touch.utm_campaign) : null,
    copy.attribution.landing(touch.landing_page),
  ]
    .filter((part): part is string => part !== null)
    .join(" · ");
}

/**
 * The lines a lead shows about where it came from: its first touch, and its last when that is
 * another one; none for a lead stored before the analytics.
 */
export function attributionLines(value: Json | null, copy: Copy): [string, string][] {
  if (!isAttribution(value)) return [];
  const first = touchSummary(value.first, copy);
  const last = touchSummary(value.last, copy);
  return [
    [copy.attribution.label, `${first} (${copy.attribution.pages(value.first.pages_before)})`],
    ...(last === first ? [] : [[copy.attribution.last, last] as [string, string]]),
  ];
}
