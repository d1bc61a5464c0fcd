// Featured images for the sample posts, drawn here as SVG (no text, so no font is needed),
// rendered to PNG by sharp and stored through the storage API like an editor's upload, so a
// new install shows a complete blog and exercises the same path (bucket, row-level security
// bypassed by the service role only, renditions). Runs right after the first-start seed.
import type { Database } from "./db/types.ts";

const WIDTH = 1600;
const HEIGHT = 840;

const frame = (
  from: string,
  to: string,
  body: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="1450" cy="120" r="260" fill="#ffffff" opacity="0.06"/>
  <circle cx="140" cy="760" r="220" fill="#ffffff" opacity="0.05"/>
  ${body}
</svg>`;

const bubble = (x: number, y: number, w: number, h: number, fill: string, opacity = 1) =>
  `<g opacity="${opacity}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="${fill}"/>` +
  `<rect x="${x + 36}" y="${y + 34}" width="${w * 0.55}" height="16" rx="8" fill="#0f172a" opacity="0.18"/>` +
  `<rect x="${x + 36}" y="${y + 66}" width="${w * 0.35}" height="16" rx="8" fill="#0f172a" opacity="0.12"/></g>`;

/** One conversation at the centre, every channel around it. */
function omnichannel(): string {
  const channels = [
    [420, 220, "#22c55e"],
    [1180, 220, "#f59e0b"],
    [420, 620, "#38bdf8"],
    [1180, 620, "#f472b6"],
  ] as const;
  const links = channels
    .map(([x, y]) => `<line x1="800" y1="420" x2="${x}" y2="${y}" stroke="#ffffff" stroke-width="10" opacity="0.35"/>`)
    .join("");
  const nodes = channels
    .map(
      ([x, y, color]) =>
        `<circle cx="${x}" cy="${y}" r="86" fill="${color}"/><circle cx="${x}" cy="${y}" r="34" fill="#ffffff" opacity="0.9"/>`,
    )
    .join("");
  return frame(
    "#4338ca",
    "#0ea5e9",
    `${links}${nodes}<circle cx="800" cy="420" r="150" fill="#ffffff"/>${bubble(690, 370, 220, 110, "#e0e7ff")}`,
  );
}

/** A conversation: customer on the left, the team on the right. */
function messaging(): string {
  return frame(
    "#047857",
    "#14b8a6",
    [
      bubble(330, 170, 560, 120, "#ffffff"),
      bubble(710, 330, 560, 120, "#dcfce7"),
      bubble(330, 490, 480, 120, "#ffffff"),
      bubble(790, 650, 480, 120, "#dcfce7", 0.9),
    ].join(""),
  );
}

/** A small network of nodes around a spark: the assistant. */
function assistant(): string {
  const nodes = [
    [360, 260],
    [560, 600],
    [1040, 620],
    [1240, 280],
    [800, 170],
  ] as const;
  const links = nodes
    .map(([x, y]) => `<line x1="800" y1="420" x2="${x}" y2="${y}" stroke="#ffffff" stroke-width="8" opacity="0.3"/>`)
    .join("");
  const dots = nodes.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="54" fill="#ffffff" opacity="0.85"/>`).join("");
  const spark = `<path d="M800 250 L845 375 L970 420 L845 465 L800 590 L755 465 L630 420 L755 375 Z" fill="#fde68a"/>`;
  return frame("#7c3aed", "#db2777", `${links}${dots}${spark}`);
}

const DRAWINGS: Record<string, () => string> = {
  "o-que-e-atendimento-omnichannel": omnichannel,
  "whatsapp-no-atendimento-boas-praticas": messaging,
  "ia-no-atendimento-ao-cliente": assistant,
};

export interface SeedImagesOptions {
  db: Database;
  /** The backend's own routes: images go in through the storage API. */
  fetch: (request: Request) => Promise<Response>;
  serviceRoleKey: string;
  siteUrl: string;
  log: (line: string) => void;
}

/** Draws, stores and attaches each sample post's image; a failure only costs the picture. */
export async function seedImages(options: SeedImagesOptions): Promise<void> {
  try {
    const { default: sharp } = await import("sharp");
    for (const [slug, draw] of Object.entries(DRAWINGS)) {
      const png = await sharp(Buffer.from(draw())).png({ palette: true, compressionLevel: 9 }).toBuffer();
      const name = `amostras/${slug}-${WIDTH}x${HEIGHT}.png`;
      const response = await options.fetch(
        new Request(`${options.siteUrl}/storage/v1/object/blog-images/${name}`, {
          method: "POST",
          headers: {
            apikey: options.serviceRoleKey,
            authorization: `Bearer ${options.serviceRoleKey}`,
            "content-type": "image/png",
            "cache-control": "max-age=31536000",
            "x-upsert": "true",
          },
          body: new Uint8Array(png),
        }),
      );
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      await options.db.query(
        "update public.blog_posts set featured_image = $2 where slug = $1 and coalesce(featured_image, '') = ''",
        [slug, `/storage/v1/object/public/blog-images/${name}`],
      );
    }
    options.log(`Drew ${Object.keys(DRAWINGS).length} sample images.`);
  } catch (error) {
    options.log(`Sample images were not created: ${error instanceof Error ? error.message : String(error)}`);
  }
}
