// Whether a change to the blog's search SQL keeps its answers (issue #36): two PGlite databases
// with the editorial bench's 10,000 posts, one migrated only up to a cut-off migration and one
// with every migration, asked the same few hundred searches of the posts' words (one to three
// words, with and without accents, quoted phrases, exclusions, "or", a second page) as a visitor.
// Prints each column that differs and how many searches differ; exits 1 if any does. Then the
// database CPU time per fresh search of each, alternated.
//
//   node --liftoff-only scripts/bench/search-sameness.ts [cut-off, default 20260101003300]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  applyMigrations,
  openPglite,
  readInternalMigrations,
  readMigrationsDir,
} from "../../server/backend/db/index.ts";
import type { PgliteDatabase } from "../../server/backend/db/index.ts";
import { seedEditorial } from "./editorial.ts";

const CUT_OFF = process.argv[2] ?? "20260101003300";

const WORDS = (
  "atendimento atendimentos cliente clientes gestão equipe equipes venda vendas mensagem mensagens canal " +
  "canais integração integrações automação inteligência artificial relatório relatórios métrica métricas " +
  "conversão satisfação suporte fila filas resposta respostas rápida contato contatos campanha campanhas " +
  "marketing estratégia estratégias omnichannel whatsapp instagram telefone email chatbot robô robôs " +
  "operação operações serviço serviços agenda agendamento produtividade qualidade treinamento negócio " +
  "negócios empresa empresas crescimento experiência jornada funil oportunidade oportunidades pesquisa " +
  "indicador indicadores tempo médio espera histórico dados segurança privacidade lei proteção gerente " +
  "supervisor supervisores atendente atendentes feedback avaliação avaliações comunicação eficiência"
).split(" ");

async function seeded(before: string | null): Promise<{ db: PgliteDatabase; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "omnia-search-sameness-"));
  const db = await openPglite(dir);
  const project = readMigrationsDir().filter((m) => before === null || m.name < before);
  await applyMigrations(db, [...readInternalMigrations(), ...project]);
  await db.query("insert into auth.users (id, email) values (gen_random_uuid(), 'bench@example.com')");
  await seedEditorial(db);
  return { db, dir };
}

type Row = Record<string, unknown>;

const show = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(", ");

/** A page of results as a visitor gets it, without the ids (each database made its own). */
async function search(db: PgliteDatabase, q: string, offset = 0): Promise<Row[]> {
  const { rows } = await db.asRole("anon", { role: "anon" }, (tx) =>
    tx.queryPrepared<Row>("select * from public.search_posts(q => $1, page_limit => $2, page_offset => $3)", [
      q,
      12,
      offset,
    ]),
  );
  return rows.map(({ id: _id, ...rest }) => rest);
}

function queries(): [string, number][] {
  let state = 7;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const word = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const cases: [string, number][] = [];
  for (let i = 0; i < 300; i++) {
    let q = Array.from({ length: 1 + (i % 3) }, word).join(" ");
    if (i % 2) q = q.normalize("NFD").replace(/\p{M}/gu, "");
    if (i % 17 === 0) q = `"${q}"`;
    if (i % 23 === 0) q = `${q} -${word()}`;
    if (i % 29 === 0) q = `${word()} or ${word()}`;
    cases.push([q, 0]);
    if (i % 10 === 0) cases.push([q, 12]);
  }
  cases.push(["de o que", 0], ["ornitorrinco", 0], ["-atendimento", 0]);
  return cases;
}

const before = await seeded(CUT_OFF);
const after = await seeded(null);
try {
  let differing = 0;
  let rows = 0;
  const columns: Record<string, number> = {};
  const cases = queries();
  for (const [q, offset] of cases) {
    const [a, b] = [await search(before.db, q, offset), await search(after.db, q, offset)];
    rows += a.length;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    differing++;
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      for (const key of new Set([...Object.keys(a[i] ?? {}), ...Object.keys(b[i] ?? {})])) {
        const [x, y] = [JSON.stringify(a[i]?.[key]), JSON.stringify(b[i]?.[key])];
        if (x === y) continue;
        columns[key] = (columns[key] ?? 0) + 1;
        if (columns[key] <= 3) console.log(`${JSON.stringify(q)} row ${i} ${key}:\n  before ${x}\n  after  ${y}`);
      }
    }
  }
  console.log(`${cases.length} searches, ${rows} rows: ${differing} searches differ`, columns);
  process.exitCode = differing === 0 ? 0 : 1;

  // The editorial bench's fresh queries: three of the words in an order not asked before.
  let n = 0;
  const fresh = () => {
    const i = n++;
    return [0, 1, 2].map((k) => WORDS[Math.floor(i / WORDS.length ** k) % WORDS.length]!).join(" ");
  };
  for (let i = 0; i < 20; i++) await Promise.all([search(before.db, fresh()), search(after.db, fresh())]);
  const cpu: Record<"before" | "after", number[]> = { before: [], after: [] };
  for (let round = 0; round < 4; round++) {
    const spent = { before: 0, after: 0 };
    for (let i = 0; i < 100; i++) {
      const q = fresh();
      const order = (i + round) % 2 ? (["after", "before"] as const) : (["before", "after"] as const);
      for (const side of order) {
        const start = process.cpuUsage();
        await search(side === "before" ? before.db : after.db, q);
        const used = process.cpuUsage(start);
        spent[side] += (used.user + used.system) / 1000;
      }
    }
    cpu.before.push(spent.before / 100);
    cpu.after.push(spent.after / 100);
  }
  console.log(`CPU ms per fresh search, 4 rounds of 100: before ${show(cpu.before)}; after ${show(cpu.after)}`);
} finally {
  for (const { db, dir } of [before, after]) {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
