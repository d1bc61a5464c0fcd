// Sample published posts for the first start of an empty embedded database, so a fresh
// install shows a working blog. Copy is pt-BR (the site's language); editors replace or
// delete them in /admin.

export interface SeedPost {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  /** Days before the seed time, so the list has a plausible order. */
  daysAgo: number;
  /** Slugs of SEED_TAGS, the first being the primary tag. */
  tags: readonly string[];
}

/** The sample posts' tags, so a fresh install shows tag pages and the filter row. */
export const SEED_TAGS: readonly { slug: string; name: string; description: string }[] = [
  {
    slug: "atendimento",
    name: "Atendimento",
    description: "Como equipes de atendimento trabalham melhor, em qualquer canal.",
  },
  { slug: "omnichannel", name: "Omnichannel", description: "Uma conversa só com o cliente, em todos os canais." },
  { slug: "whatsapp", name: "WhatsApp", description: "O canal preferido do consumidor brasileiro, na prática." },
  {
    slug: "inteligencia-artificial",
    name: "Inteligência artificial",
    description: "Onde a IA ajuda quem atende, e os cuidados que ela exige.",
  },
];

/** The first admin's author profile: the sample posts' byline. */
export const SEED_AUTHOR = {
  slug: "equipe-omnia",
  name: "Equipe Omnia",
  bio: "Quem constrói a Omnia escreve aqui sobre atendimento omnichannel, WhatsApp e inteligência artificial.",
} as const;

export const SEED_POSTS: readonly SeedPost[] = [
  {
    title: "O que é atendimento omnichannel (e por que ele não é só estar em vários canais)",
    slug: "o-que-e-atendimento-omnichannel",
    excerpt:
      "Estar no WhatsApp, no e-mail e no chat não basta. Omnichannel é o cliente contar a história uma vez só — e a sua equipe enxergar a conversa inteira.",
    daysAgo: 21,
    tags: ["omnichannel", "atendimento"],
    content: `Muitas empresas dizem que fazem atendimento omnichannel porque respondem clientes no WhatsApp, no e-mail, no Instagram e pelo telefone. Isso é **multicanal**. O omnichannel começa quando esses canais deixam de ser ilhas.

## Multicanal x omnichannel

- **Multicanal:** cada canal tem sua fila, seu histórico e, muitas vezes, sua própria equipe. O cliente que começou no chat e ligou depois precisa repetir tudo.
- **Omnichannel:** existe uma conversa só, com o histórico completo, não importa por onde o cliente chegou. Quem atende vê o que já foi dito, prometido e resolvido.

## Três sinais de que sua operação ainda é multicanal

1. O cliente ouve "pode me passar o número do protocolo?" em todo contato.
2. Os relatórios de cada canal são montados à mão, em planilhas separadas.
3. Uma troca de turno faz a conversa recomeçar do zero.

## Por onde começar

Comece pelo canal em que seus clientes mais falam com você — no Brasil, quase sempre o WhatsApp — e conecte a ele o histórico dos demais. Depois, unifique as filas e defina **um** indicador de sucesso para toda a operação, como o tempo até a resolução.

Quer ver como isso funciona na prática? Conheça a [plataforma da Omnia](/recursos) ou [fale com a nossa equipe](/contato).`,
  },
  {
    title: "WhatsApp no atendimento: 7 boas práticas para escalar sem perder o tom",
    slug: "whatsapp-no-atendimento-boas-praticas",
    excerpt:
      "O WhatsApp é o canal preferido do consumidor brasileiro. Veja como organizar filas, mensagens automáticas e horários sem parecer um robô.",
    daysAgo: 12,
    tags: ["whatsapp", "atendimento"],
    content: `O WhatsApp virou a porta de entrada do atendimento no Brasil. Com volume alto, porém, o canal que era próximo pode ficar lento e impessoal. Estas práticas ajudam a crescer mantendo a conversa humana.

## 1. Diga quando você responde

Configure uma mensagem de boas-vindas com o horário de atendimento e o tempo médio de resposta. Expectativa clara reduz mensagens repetidas.

## 2. Use menus curtos

Um menu com **no máximo quatro opções** resolve a triagem sem cansar o cliente. Sempre inclua "falar com uma pessoa".

## 3. Respostas rápidas, não respostas prontas

Modelos economizam tempo, mas personalize o início e o fim. Chame o cliente pelo nome e confirme o que ele pediu.

## 4. Uma conversa, um responsável

Evite que várias pessoas respondam a mesma conversa. Distribua por fila e transfira com contexto, nunca "a frio".

## 5. Respeite as regras da plataforma

Mensagens iniciadas pela empresa fora da janela de 24 horas exigem modelos aprovados e consentimento. Isso protege sua marca e o seu número.

## 6. Meça o que importa

- Tempo da primeira resposta
- Tempo até a resolução
- Satisfação ao fim da conversa (CSAT)

## 7. Integre com o resto da operação

O WhatsApp rende mais quando o histórico aparece junto ao do e-mail e do chat. Veja as [integrações disponíveis](/integracoes).`,
  },
  {
    title: "IA no atendimento ao cliente: onde ela ajuda de verdade",
    slug: "ia-no-atendimento-ao-cliente",
    excerpt:
      "Resumos de conversa, sugestões de resposta e triagem automática: os usos de IA que já economizam tempo das equipes — e os cuidados que eles exigem.",
    daysAgo: 4,
    tags: ["inteligencia-artificial", "atendimento"],
    content: `A inteligência artificial chegou ao atendimento, mas nem todo uso traz resultado. Os ganhos mais consistentes aparecem quando a IA **apoia** quem atende, em vez de tentar substituí-lo de uma vez.

## Usos que já funcionam

### Triagem e classificação

A IA lê a primeira mensagem, identifica o assunto e a urgência e encaminha para a fila certa. Menos transferências, resposta mais rápida.

### Sugestão de respostas

Com base na base de conhecimento e no histórico, a IA propõe uma resposta que o atendente revisa e envia. O tom continua humano; o tempo cai.

### Resumo de conversas

Ao transferir ou retomar um caso, um resumo automático evita que alguém leia dezenas de mensagens — e que o cliente repita tudo.

## Cuidados indispensáveis

- **Privacidade:** trate dados pessoais conforme a LGPD e deixe claro ao cliente quando ele fala com um assistente automático.
- **Revisão humana:** em temas sensíveis (cobrança, cancelamento, saúde), a palavra final é de uma pessoa.
- **Medição:** compare indicadores antes e depois. IA que não melhora a resolução é só custo.

## Próximo passo

Escolha **um** processo repetitivo, aplique a IA nele e meça por quatro semanas. Se quiser ajuda para escolher, [solicite uma demonstração](#demo).`,
  },
];
