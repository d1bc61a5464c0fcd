// Every figure the marketing pages state about the company, in one place, so that a number
// changes everywhere at once and stays within the claims docs/product.md allows (§1, §9).
// The home page and /sobre share "A Omnia em números"; /seguranca shows availability.
import type { Stat } from "./types";

export interface StatBlock {
  /** The band's heading, for assistive technology (StatList hides it visually). */
  title: string;
  items: Stat[];
}

const uptime = "99,9%";
const interactions: Stat = { value: "10M+", label: "interações por mês" };

export const homeStats: StatBlock = {
  title: "A Omnia em números",
  items: [
    { value: uptime, label: "de uptime garantido" },
    interactions,
    { value: "40%", label: "de redução de custos" },
    { value: "95%", label: "de satisfação dos clientes" },
  ],
};

export const aboutNumbers: StatBlock = {
  title: "A Omnia em números",
  items: [
    { value: "500+", label: "clientes ativos" },
    interactions,
    { value: "100+", label: "endpoints de API" },
    { value: uptime, label: "de uptime" },
  ],
};

export const securityMetrics: StatBlock = {
  title: "Disponibilidade",
  items: [
    { value: "99,99%", label: "de SLA no plano enterprise" },
    { value: "< 1 min", label: "para recuperação em caso de falha" },
    { value: "24/7", label: "de monitoramento da infraestrutura" },
  ],
};
